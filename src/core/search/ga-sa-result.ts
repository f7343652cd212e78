import type { Prepared, RunResult } from './ga-sa-loop';
import { GA_SA_DEFAULTS } from './ga-sa-options';
import type { SearchSubgraph } from './search-types';
import { unionOfParts } from './subgraph-union';

// ------------------------------------------------------------------------------------------------
// The result: the best chromosome as a SearchSubgraph, and several targets' results merged.

export function finish(p: Prepared, run: RunResult, t0: number): SearchSubgraph {
  const { region: r, engine } = p;
  const best = run.best;
  const b = engine.breakdown(best);
  const inBest = new Set(best.nodes);
  const kept: SearchSubgraph['kept'] = {};
  const edges: string[] = [];
  best.nodes.forEach((v, i) => {
    const d = best.depth[i]!;
    // Score: the target's is the subgraph's fitness; another node's is the weight of its strongest edge
    // into a member one step closer to the target (the edge that puts it on a shortest path).
    let score = v === 0 ? b.fitness : 0;
    const inV = r.in(v);
    for (let j = 0; j < inV.src.length; j++) if (inBest.has(inV.src[j]!)) edges.push(inV.edge[j]!);
    if (v !== 0) {
      best.nodes.forEach((x, xi) => {
        if (best.depth[xi] !== d - 1) return;
        const inX = r.in(x);
        for (let j = 0; j < inX.src.length; j++) if (inX.src[j] === v) score = Math.max(score, inX.w[j]!);
      });
    }
    kept[r.ids[v]!] = { depth: d, score };
  });
  const order = best.nodes
    .map((v, i) => ({ id: r.ids[v]!, d: best.depth[i]! }))
    .sort((x, y) => x.d - y.d || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return {
    method: 'ga-sa',
    targets: [r.ids[0]!],
    nodes: order.map((x) => x.id),
    edges: edges.sort(),
    kept,
    pruned: r.pruned(),
    stats: {
      fitness: b.fitness,
      bestFitness: run.bestFitness,
      iterations: run.temperatures.length,
      finalTemperature: run.finalTemperature,
      temperatures: run.temperatures,
      mutationIntensity: run.thetas,
      accepted: run.accepted,
      rejected: run.rejected,
      evaluations: engine.evaluations,
      regionSize: r.size,
      termCompactness: b.compactness,
      termParamDensity: b.paramDensity,
      termDepthPenalty: b.depthPenalty,
      termWeight: b.weight,
      termSimplicity: b.simplicity,
      ...(b.inputCoverage !== null ? { termInputCoverage: b.inputCoverage } : {}),
      meanDepth: b.meanDepth,
      prunedInactive: r.counts.inactive,
      prunedExcluded: r.counts.excluded,
      regionTruncated: r.counts.truncated,
    },
    elapsedMs: performance.now() - t0,
  };
}

/**
 * Union of per-target GA+SA subgraphs: nodes and edges united; a node kept by several parts keeps its
 * smallest depth (from the nearest target) and, at that depth, its highest score; a node kept by one part
 * is not reported as pruned by another. Stats: per-target lists (`fitness`, `iterations`,
 * `finalTemperature`, `elapsedMs`, `regionSize` in target order) and `bestFitness.<i>` per part.
 */
export function mergeGaSaSubgraphs(
  parts: readonly SearchSubgraph[],
  maxPruned: number = GA_SA_DEFAULTS.maxPruned,
  t0: number = performance.now(),
): SearchSubgraph {
  const { targets, kept, edges, pruned } = unionOfParts(parts, maxPruned);
  const stats: Record<string, number | number[]> = {
    fitness: [],
    iterations: [],
    finalTemperature: [],
    elapsedMs: [],
    regionSize: [],
  };
  const num = (v: number | number[] | undefined): number => (typeof v === 'number' ? v : 0);
  parts.forEach((p, i) => {
    (stats.fitness as number[]).push(num(p.stats.fitness));
    (stats.iterations as number[]).push(num(p.stats.iterations));
    (stats.finalTemperature as number[]).push(num(p.stats.finalTemperature));
    (stats.elapsedMs as number[]).push(p.elapsedMs);
    (stats.regionSize as number[]).push(num(p.stats.regionSize));
    const bf = p.stats.bestFitness;
    stats[`bestFitness.${i}`] = Array.isArray(bf) ? bf : [];
  });
  const nodes = [...kept.entries()]
    .sort((a, b) => a[1].depth - b[1].depth || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([id]) => id);
  return {
    method: 'ga-sa',
    targets,
    nodes,
    edges,
    kept: Object.fromEntries(kept),
    pruned,
    stats,
    elapsedMs: performance.now() - t0,
  };
}
