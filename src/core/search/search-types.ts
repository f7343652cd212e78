import type { SearchStep } from './search-step';

/** Why a node was left out of a subgraph (shown in the UI and counted by the benchmark). */
export type PruneRule = 'alpha' | 'beta-cutoff' | 'path-length' | 'inactive' | 'excluded';

/** A pruned dependency subgraph around one or more target APIs, with the scores that shaped it. */
export interface SearchSubgraph {
  method: 'alpha-beta' | 'ga-sa' | 'bfs';
  targets: string[];
  /** Node ids in the subgraph (targets included). */
  nodes: string[];
  /** Edge ids between subgraph nodes. */
  edges: string[];
  /** Per kept node: its backward depth from the nearest target and the score that admitted it. */
  kept: Record<string, { depth: number; score: number }>;
  /** Nodes considered and left out, with the rule that removed them (capped for large graphs). */
  pruned: { node: string; depth: number; score: number; rule: PruneRule }[];
  /** Method-specific figures (e.g. GA best fitness per generation, final α and β). */
  stats: Record<string, number | number[]>;
  /** Alpha-Beta's decisions in the order made, ring by ring (capped; absent for other methods). */
  steps?: SearchStep[];
  elapsedMs: number;
}

/** Values the agent already has: from the query or from earlier calls, by standardized parameter node. */
export type KnownValues = Record<string, unknown>;
