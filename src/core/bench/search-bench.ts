import { mulberry32, sample } from '../util/prng';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { ExecutionResult } from '../execute/step-runner';
import { paramNodeId } from '../graph/graph-types';
import type { ToolGraph } from '../graph/tool-graph';
import { dependenciesOf } from '../plan/dag';
import type { PlanStep } from '../plan/plan-step';
import { referencesIn } from '../plan/references';
import { requiredInputs } from '../search/plan-builder';
import type { KnownValues } from '../search/search-types';
import { outputNames, WHOLE_RESULT_FIELD } from '../tools/tool';
import { ToolWorld } from '../world/world';
import {
  SYNTHETIC_TRACE_COUNT,
  syntheticCatalogue,
  syntheticTraces,
  type SyntheticCatalogue,
  type SyntheticConfig,
} from './synthetic-catalogue';

// Pieces of the search benchmark (`npm run bench:search`) that do not need Node: the synthetic world and
// the target sample (so the browser-worker timing can reuse them), and the pure bookkeeping of the
// dataset evaluation (known values, chain scores, infeasibility reasons). Simulated outages are
// src/core/execute/failure-injection.ts around the synthetic outputs of synthetic-runtime.ts.

/** Fixed clock of the benchmarks: timestamps in the synthetic world do not change between runs. */
export const BENCH_CLOCK = Date.UTC(2026, 0, 1);

export interface SyntheticWorld {
  world: ToolWorld;
  catalogue: SyntheticCatalogue;
  /** Traces ingested, and those that threw (skipped, as in bench-graph). */
  traces: number;
  ingestErrors: number;
}

/**
 * The ToolBench-scale synthetic world exactly as `npm run bench:graph` builds it: `syntheticCatalogue(seed)`,
 * `SYNTHETIC_TRACE_COUNT` traces from `syntheticTraces(catalogue, seed, …)`, an empty world with the lexical
 * embedder and a fixed clock, `importTools`, then every trace ingested one at a time (a trace that throws
 * is counted and skipped). About 8k nodes (5,500 APIs) and 24k edges with the defaults; `options` scale it
 * down for tests (e.g. `scaledSyntheticConfig`).
 */
export async function buildSyntheticWorld(
  seed: number,
  options: { catalogue?: Partial<SyntheticConfig>; traces?: number } = {},
): Promise<SyntheticWorld> {
  const catalogue = syntheticCatalogue(seed, options.catalogue);
  const traces = syntheticTraces(catalogue, seed, options.traces ?? SYNTHETIC_TRACE_COUNT);
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => BENCH_CLOCK });
  await world.importTools(catalogue.tools);
  let ingestErrors = 0;
  for (const t of traces) {
    try {
      await world.ingestTrace(t);
    } catch {
      ingestErrors++;
    }
  }
  return { world, catalogue, traces: traces.length - ingestErrors, ingestErrors };
}

/**
 * `count` distinct active API node ids (fewer if the graph has fewer), drawn by a mulberry32 generator
 * seeded with `seed` from the API nodes sorted by id, so the sample does not depend on insertion order.
 */
export function sampleTargets(graph: ToolGraph, count: number, seed: number): string[] {
  const apis = [...graph.nodes()]
    .filter((n) => n.kind === 'api' && n.active)
    .map((n) => n.id)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sample(mulberry32(seed), apis, count);
}

/**
 * Known values for synthetic targets: each active param node is known with probability `share` (seeded,
 * param nodes in id order), its value a placeholder string. With nothing known no producer chain can
 * resolve (every synthetic tool requires an input), and plan extraction would only time failing searches.
 */
export function sampleKnown(graph: ToolGraph, share: number, seed: number): KnownValues {
  const rand = mulberry32(seed);
  const params = [...graph.nodes()]
    .filter((n) => n.kind === 'param' && n.active)
    .map((n) => n.id)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const known: KnownValues = {};
  for (const id of params) if (rand() < share) known[id] = `known:${id}`;
  return known;
}

/**
 * Known values for a gold plan, the values a user states in the query: every LITERAL argument (one with no
 * `$k` reference anywhere inside) of step s, argument a, goes to known[param node of the standardized
 * cluster of (tool_s, 'in', a)]. Arguments no cluster holds are skipped; when two literals land on the
 * same param node the first (in plan order) wins. Referenced arguments are left for the plan to produce.
 */
export function knownFromPlan(world: ToolWorld, plan: readonly PlanStep[]): KnownValues {
  const known: KnownValues = {};
  for (const s of plan) {
    for (const [arg, value] of Object.entries(s.args)) {
      if (referencesIn(value).length > 0) continue;
      const c = world.standardizer.clusterOf({ tool: s.tool, direction: 'in', field: arg });
      if (!c) continue;
      const id = paramNodeId(c.id);
      if (!Object.hasOwn(known, id)) known[id] = value;
    }
  }
  return known;
}

export interface ChainScore {
  /** Share of the gold plan's distinct tools that the returned plan uses. */
  recall: number;
  /** The returned plan's set of distinct tools equals the gold plan's (multiplicity ignored). */
  exactSet: boolean;
}

/** Chain recall and exact-set match of a returned plan against a gold plan (both by distinct tool). */
export function chainScore(gold: readonly { tool: string }[], got: readonly { tool: string }[]): ChainScore {
  const want = new Set(gold.map((s) => s.tool));
  const have = new Set(got.map((s) => s.tool));
  if (want.size === 0) throw new Error('chain score of an empty gold plan');
  let hit = 0;
  for (const t of want) if (have.has(t)) hit++;
  return { recall: hit / want.size, exactSet: hit === want.size && have.size === want.size };
}

/**
 * The best chain recall a plan FOR THE FINAL STEP'S TOOL can reach: the share of the gold plan's distinct
 * tools that are the final step's tool or an ancestor of it (through `deps` and `$k` references). Steps
 * that feed nothing towards the final one (parallel sub-tasks) can never be found from its target.
 */
export function upstreamCeiling(plan: readonly PlanStep[]): number {
  if (plan.length === 0) throw new Error('ceiling of an empty plan');
  const byStep = new Map(plan.map((s) => [s.step, s]));
  const last = plan[plan.length - 1]!;
  const seen = new Set<number>([last.step]);
  const stack = [last];
  while (stack.length > 0) {
    for (const d of dependenciesOf(stack.pop()!)) {
      const s = byStep.get(d);
      if (s && !seen.has(d)) {
        seen.add(d);
        stack.push(s);
      }
    }
  }
  const all = new Set(plan.map((s) => s.tool));
  const up = new Set([...seen].map((k) => byStep.get(k)!.tool));
  return up.size / all.size;
}

/**
 * An API node id → the param node ids of its tool's required inputs (standardized clusters of the
 * `required` fields of its catalogue schema; fields no cluster holds are skipped). For the GA + SA
 * input-coverage term. Not cached: a world that ingests traces may learn new tools.
 */
export function requiredInputParams(world: ToolWorld): (apiNode: string) => string[] {
  return (apiNode) => {
    const node = world.graph.node(apiNode);
    const tool = node?.kind === 'api' ? world.catalogue.get(node.tool ?? node.label) : undefined;
    if (!tool) return [];
    const out: string[] = [];
    for (const field of requiredInputs(tool)) {
      const c = world.standardizer.clusterOf({ tool: tool.name, direction: 'in', field });
      if (c) out.push(paramNodeId(c.id));
    }
    return out;
  };
}

/**
 * Output fields each tool can be asked for: its declared outputs (`result` without a returns schema) and
 * every output field the standardizer holds for it (fields seen only in traces, e.g. a `$k.field` of a
 * gold plan). A simulated call that returns all of them satisfies any reference a plan builder can write.
 */
export function outputFieldIndex(world: ToolWorld): Map<string, string[]> {
  const index = new Map<string, Set<string>>();
  const add = (tool: string, field: string) => {
    const set = index.get(tool) ?? new Set<string>();
    set.add(field);
    index.set(tool, set);
  };
  for (const t of world.catalogue.tools()) for (const f of outputNames(t)) add(t.name, f);
  for (const c of world.standardizer.clusters())
    for (const m of c.members) if (m.direction === 'out') add(m.tool, m.field);
  return new Map([...index].map(([k, v]) => [k, [...v].sort()]));
}

/**
 * A synthetic output of one call: every field in `fields` plus `referenced` (fields later steps read), each
 * a distinct string; `result` when nothing else is known.
 */
export function syntheticOutput(
  tool: string,
  call: number,
  fields: readonly string[],
  referenced: Iterable<string> = [],
): Record<string, string> {
  const all = new Set([...fields, ...referenced]);
  if (all.size === 0) all.add(WHOLE_RESULT_FIELD);
  return Object.fromEntries([...all].sort().map((f) => [f, `${tool}.${f}#${call}`]));
}

/**
 * A short, tool-free category for why simulated execution ended infeasible. The run's typed end says
 * which; when recombination found no detour, the reason `recombine` gave is read for the last recovery
 * mode tried (subgraph switching), since every earlier mode had failed too.
 */
export function infeasibleCategory(run: Pick<ExecutionResult, 'end' | 'reason'>): string {
  const { end, reason } = run;
  if (end.kind === 'recombination-limit') return 'recombination limit reached';
  if (end.kind === 'unresolved-reference')
    return end.missing === 'step'
      ? 'reference to a step that did not run'
      : 'reference to a missing output field';
  if (end.kind !== 'no-detour') return 'other';
  const sw = /no alternative target for [^;]*?: (.*)$/.exec(reason);
  if (sw) {
    const tail = sw[1]!;
    if (/^no other API produces/.test(tail)) return "switch: no other API produces the target's outputs";
    if (/which cannot be produced/.test(tail)) return 'switch: every alternative needs unproducible inputs';
    return 'switch: other';
  }
  return 'other';
}
