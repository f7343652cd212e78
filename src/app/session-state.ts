import type { RankRequest, RankResult } from '../core/retrieval/retrieval-service';
import { DEFAULT_EVOLUTION, type EvolutionSettings } from '../core/world/evolution-policy';
import type { AppToolchainRequest, AppToolchainResult } from '../workers/hgt-protocol';

export type NoticeLevel = 'info' | 'warn' | 'error';

export interface Notice {
  id: number;
  level: NoticeLevel;
  text: string;
  /** Per-entry reasons (skipped catalogue entries), shown folded. */
  details?: string[];
  /** A kept invalid store the user can download. */
  keptStore?: string;
  /** Nodes the notice's Undo restores (an automatic prune). */
  undoPrune?: string[];
}

/** The evolution policy's settings and what its last runs did (the Evolution tab). */
export interface EvolutionState {
  settings: EvolutionSettings;
  lastPropagation: { atTrace: number; edges: number } | null;
  lastPrune: { atTrace: number; nodes: { nodeId: string; label: string }[] } | null;
}

/** The last toolchain search the user asked for (NaviAgent §3.3 toolchain retrieval). */
export type ToolchainState =
  | { status: 'idle' }
  | { status: 'running'; request: AppToolchainRequest }
  | { status: 'done'; result: AppToolchainResult }
  | { status: 'failed'; request: AppToolchainRequest; error: string };

/** The last next-tool retrieval the user asked for (DTDR). */
export type RetrievalState =
  | { status: 'idle' }
  | { status: 'running'; request: RankRequest }
  | { status: 'done'; request: RankRequest; result: RankResult }
  | { status: 'failed'; request: RankRequest; error: string };

export interface Progress {
  label: string;
  done: number;
  total: number;
}

/** What the UI renders; replaced (never mutated) on every change so React can compare by identity. */
export interface SessionState {
  phase: 'loading' | 'ready' | 'failed';
  failure: string | null;
  /** Bumps whenever the world changes; views recompute from the world when it moves. */
  worldVersion: number;
  /** Which agent engine runs. Only the graph-only mode exists so far; the LLM arrives with the agent issue. */
  engine: string;
  embedderId: string;
  progress: Progress | null;
  notices: Notice[];
  selectedNodeId: string | null;
  toolchain: ToolchainState;
  retrieval: RetrievalState;
  evolution: EvolutionState;
}

export const initialState = (embedderId: string): SessionState => ({
  phase: 'loading',
  failure: null,
  worldVersion: 0,
  engine: 'graph-only (no LLM)',
  embedderId,
  progress: null,
  notices: [],
  selectedNodeId: null,
  toolchain: { status: 'idle' },
  retrieval: { status: 'idle' },
  evolution: { settings: DEFAULT_EVOLUTION, lastPropagation: null, lastPrune: null },
});
