import type { TraceRecord } from '../trace/trace';
import type { GraphEdge, GraphNode, NodeKind } from './graph-types';
import type { DeltaRecorder, ToolGraph } from './tool-graph';
import { edgeWeight, invocations } from './weights';

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export interface PruneOptions {
  /** λ of eq. 11: weight of the failure term against the rarity term. */
  lambda: number;
  /** Nodes scoring at or above this are proposed for pruning. */
  threshold: number;
  /** Nodes added less than this long ago are never proposed: a new tool has not had its chance yet. */
  graceMs: number;
  kinds: NodeKind[];
}

export const DEFAULT_PRUNE: PruneOptions = {
  lambda: 0.5,
  threshold: 0.8,
  graceMs: 7 * 86_400_000,
  kinds: ['api'],
};

/**
 * Prune(v) ∝ λ·σ(f_fail(v)) + (1−λ)·σ(f_freq(v)^−1)   (NaviAgent eq. 11)
 * f_fail = n_fail / (n_succ + n_fail); f_freq = the node's invocations relative to the mean over
 * nodes of its kind (a raw count would make σ(1/f) ≈ 0.5 for every used tool). Never invoked: 1/f = ∞.
 */
export function pruneScore(node: GraphNode, meanInvocations: number, lambda: number): number {
  const n = invocations(node);
  const fFail = n === 0 ? 0 : node.nFail / n;
  const fFreq = meanInvocations === 0 ? 0 : n / meanInvocations;
  const rarity = fFreq === 0 ? 1 : sigmoid(1 / fFreq);
  return lambda * sigmoid(fFail) + (1 - lambda) * rarity;
}

export interface PruneProposal {
  nodeId: string;
  score: number;
}

/** Proposes nodes to prune, highest score first. Returns a plan; `applyPrune` carries it out. */
export function planPrune(
  graph: ToolGraph,
  now: number,
  options: Partial<PruneOptions> = {},
): PruneProposal[] {
  const o = { ...DEFAULT_PRUNE, ...options };
  const out: PruneProposal[] = [];
  for (const kind of o.kinds) {
    const nodes = [...graph.nodes()].filter((n) => n.kind === kind);
    const mean = nodes.reduce((s, n) => s + invocations(n), 0) / Math.max(1, nodes.length);
    for (const n of nodes) {
      if (!n.active || now - n.addedAt < o.graceMs) continue;
      const score = pruneScore(n, mean, o.lambda);
      if (score >= o.threshold) out.push({ nodeId: n.id, score });
    }
  }
  // Ties by id: the graph iterates in insertion order when built and in key order when loaded, and the
  // same world must prune the same nodes either way.
  return out.sort((a, b) => b.score - a.score || (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
}

/** Marks nodes inactive. Nothing is deleted: `restoreNodes` undoes it. */
export function applyPrune(graph: ToolGraph, plan: PruneProposal[], now: number, rec: DeltaRecorder): void {
  for (const p of plan) {
    const n = graph.node(p.nodeId);
    if (!n) continue;
    n.active = false;
    n.prunedAt = now;
    n.pruneScore = p.score;
    rec.node(n);
  }
}

export function restoreNodes(graph: ToolGraph, ids: string[], rec: DeltaRecorder): void {
  for (const id of ids) {
    const n = graph.node(id);
    if (!n || n.active) continue;
    n.active = true;
    n.prunedAt = null;
    rec.node(n);
  }
}

/** τ of eq. 12, in days or in number of most recent traces. */
export type EvolutionWindow = { unit: 'days'; size: number } | { unit: 'traces'; size: number };

/** The traces inside the window: by the time of their last call, or the last N ingested. */
export function selectWindow(traces: TraceRecord[], window: EvolutionWindow, now: number): TraceRecord[] {
  if (window.unit === 'traces') return [...traces].sort((a, b) => a.seq - b.seq).slice(-window.size);
  const since = now - window.size * 86_400_000;
  return traces.filter((t) => {
    const last = t.calls.length > 0 ? Math.max(...t.calls.map((c) => c.startedAt)) : t.ingestedAt;
    return last >= since;
  });
}

/**
 * w̃(t) = η·w̃(t−1) + (1−η)·N_succ^recent(u→v) / N_succ^recent(v)   (NaviAgent eq. 12)
 * `recent` is a graph holding only the window's counts, built with the same rules as the main graph.
 * Where v had no recent success the ratio is undefined and the edge keeps its weight.
 */
export function propagateEdgeWeights(
  graph: ToolGraph,
  recent: ToolGraph,
  eta: number,
  rec: DeltaRecorder,
): GraphEdge[] {
  const changed: GraphEdge[] = [];
  for (const e of graph.edges()) {
    const recentTargetSucc = recent.node(e.target)?.nSucc ?? 0;
    if (recentTargetSucc === 0) continue;
    const recentEdgeSucc = recent.edge(e.id)?.nSucc ?? 0;
    const previous = edgeWeight(graph, e);
    e.wEvolved = eta * previous + (1 - eta) * Math.min(1, recentEdgeSucc / recentTargetSucc);
    rec.edge(e);
    changed.push(e);
  }
  return changed;
}
