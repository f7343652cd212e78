import { DEFAULT_PRUNE, type EvolutionWindow, type PruneOptions } from '../graph/evolution';
import type { TraceRecord } from '../trace/trace';
import type { ToolWorld } from './world';
import { emptyChange, type WorldChange } from './world-snapshot';

/**
 * When the Tool World evolves by itself (NaviAgent §3.2.4, the closed loop): after every `propagateEvery`
 * traces the edge weights are propagated over the recent window (eq. 12), after every `pruneEvery` traces
 * the nodes eq. 11 scores highest are pruned (marked inactive, at most `maxPrunePerRun`, never inside
 * their grace period). Counts are of the world's traces (a trace's `seq` + 1), so each trace triggers at
 * most once and the schedule survives a reload. Pruning is announced with Undo; both are stored like any
 * change and both can be undone (Restore; propagation only writes `wEvolved`, which the next run updates).
 * Kept in the world's settings (`EVOLUTION_SETTING`), so it travels with the world file.
 */
export interface EvolutionSettings {
  enabled: boolean;
  /** Traces between two propagations; 0 = never. */
  propagateEvery: number;
  /** τ of eq. 12: the traces propagation reads. */
  window: EvolutionWindow;
  /** η of eq. 12: the share of the previous weight an edge keeps. */
  eta: number;
  /** Traces between two pruning runs; 0 = never. */
  pruneEvery: number;
  /** λ, threshold, grace period and node kinds of eq. 11 (graph/evolution.ts). */
  prune: PruneOptions;
  /** Nodes pruned at most per run (the highest scores first); the rest wait for the next run. */
  maxPrunePerRun: number;
}

export const EVOLUTION_SETTING = 'evolution';

export const DEFAULT_EVOLUTION: EvolutionSettings = {
  enabled: true,
  propagateEvery: 25,
  window: { unit: 'traces', size: 200 },
  eta: 0.8,
  pruneEvery: 50,
  prune: DEFAULT_PRUNE,
  maxPrunePerRun: 5,
};

const count = (v: unknown, d: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? v : d;
const unit = (v: unknown, d: number) => (typeof v === 'number' && v >= 0 && v <= 1 ? v : d);

/** The world's evolution settings, each field checked on its own (a bad field falls back to its default). */
export function evolutionSettings(world: Pick<ToolWorld, 'settings'>): EvolutionSettings {
  const d = DEFAULT_EVOLUTION;
  const s = world.settings[EVOLUTION_SETTING] as
    Partial<Record<keyof EvolutionSettings, unknown>> | undefined;
  if (!s || typeof s !== 'object') return d;
  const w = s.window as Partial<EvolutionWindow> | undefined;
  const p = (s.prune ?? {}) as Partial<Record<keyof PruneOptions, unknown>>;
  return {
    enabled: typeof s.enabled === 'boolean' ? s.enabled : d.enabled,
    propagateEvery: count(s.propagateEvery, d.propagateEvery),
    window:
      w && (w.unit === 'days' || w.unit === 'traces') && typeof w.size === 'number' && w.size > 0
        ? { unit: w.unit, size: w.size }
        : d.window,
    eta: unit(s.eta, d.eta),
    pruneEvery: count(s.pruneEvery, d.pruneEvery),
    prune: {
      lambda: unit(p.lambda, d.prune.lambda),
      threshold: unit(p.threshold, d.prune.threshold),
      graceMs: count(p.graceMs, d.prune.graceMs),
      kinds:
        Array.isArray(p.kinds) && p.kinds.every((k) => k === 'api' || k === 'param')
          ? p.kinds
          : d.prune.kinds,
    },
    maxPrunePerRun: count(s.maxPrunePerRun, d.maxPrunePerRun),
  };
}

/** A pruned node as the user is told about it. */
export interface PrunedNode {
  nodeId: string;
  label: string;
  score: number;
}

/** What one evolution step did (`change` holds the records to persist and to send to followers). */
export interface EvolutionStep {
  /** Traces the world held when it ran (the count that triggered it). */
  atTrace: number;
  /** Edges whose propagated weight was written; null when propagation did not run. */
  propagated: number | null;
  /** Nodes pruned; null when pruning did not run (an empty list: it ran and found none). */
  pruned: PrunedNode[] | null;
  change: WorldChange;
}

/** Which parts of the policy are due after a world holding `traces` traces. */
export function evolutionDue(
  settings: EvolutionSettings,
  traces: number,
): { propagate: boolean; prune: boolean } {
  const every = (n: number) => settings.enabled && n > 0 && traces > 0 && traces % n === 0;
  return { propagate: every(settings.propagateEvery), prune: every(settings.pruneEvery) };
}

/**
 * Runs the evolution policy after a trace was ingested: propagation and/or pruning when their count is
 * reached, else nothing (null). Propagation runs first, so pruning reads the same counts either way
 * (eq. 11 reads node counts, which propagation does not touch).
 */
export function evolveAfterTrace(
  world: ToolWorld,
  trace: Pick<TraceRecord, 'seq'>,
  settings: EvolutionSettings = evolutionSettings(world),
): EvolutionStep | null {
  const atTrace = trace.seq + 1;
  const due = evolutionDue(settings, atTrace);
  if (!due.propagate && !due.prune) return null;
  const change = emptyChange();
  let propagated: number | null = null;
  let pruned: PrunedNode[] | null = null;
  if (due.propagate) {
    const c = world.propagate(settings.window, settings.eta);
    propagated = c.edges.length;
    mergeInto(change, c);
  }
  if (due.prune) {
    const plan = world.proposePrune(settings.prune).slice(0, settings.maxPrunePerRun);
    mergeInto(change, world.prune(plan));
    pruned = plan.map((p) => ({
      nodeId: p.nodeId,
      label: world.graph.node(p.nodeId)?.label ?? p.nodeId,
      score: p.score,
    }));
  }
  return { atTrace, propagated, pruned, change };
}

/** Adds `from`'s records to `into`, a record written by both keeping `from`'s (later) state. */
export function mergeInto(into: WorldChange, from: WorldChange): WorldChange {
  const merge = <T>(a: T[], b: T[], key: (x: T) => string | number): T[] => {
    if (b.length === 0) return a;
    const m = new Map(a.map((x) => [key(x), x]));
    for (const x of b) m.set(key(x), x);
    return [...m.values()];
  };
  into.tools = merge(into.tools, from.tools, (t) => t.tool.name);
  into.clusters = merge(into.clusters, from.clusters, (c) => c.id);
  into.nodes = merge(into.nodes, from.nodes, (n) => n.id);
  into.edges = merge(into.edges, from.edges, (e) => e.id);
  into.traces = merge(into.traces, from.traces, (t) => t.seq);
  return into;
}
