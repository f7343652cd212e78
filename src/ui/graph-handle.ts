import type { NodeState } from '../app/graph-playback';
import type { LayoutOutcome } from './graph-layout';

/** What the end-to-end tests and the benchmark read from the drawn graph (window.__naviTest). */
export interface GraphHandle {
  drawnNodeIds(): string[];
  /** Drawn nodes of the highlighted plan (the chat's running chain or the toolchain panel's plan). */
  planNodeIds(): string[];
  /** Drawn nodes of calls that failed in the chat's turn. */
  failedNodeIds(): string[];
  /** The replay of a turn: frames shown, whether it plays, and the node states drawn so far, in order. */
  playback(): GraphPlayback | null;
  /** The classes a drawn node has now (e.g. `ab-alpha`, `in-plan`, `failed`, `detour`). */
  nodeClasses(id: string): string[];
  /** Labels of the detour edges drawn now (e.g. "detour: I/O-equivalent replacement"). */
  detourLabels(): string[];
  /** Ids of the drawn graph edges (the replay's detour edges left out). */
  drawnEdgeIds(): string[];
  /** The weight a drawn edge is drawn with (null when it is not drawn). */
  edgeWeight(id: string): number | null;
  /** Position of a drawn node (model coordinates). */
  nodePosition(id: string): { x: number; y: number } | null;
  /** How the last redraw placed the nodes, and how long it took. */
  lastLayout(): (LayoutOutcome & { nodes: number }) | null;
}

export interface GraphPlayback {
  turnId: string | null;
  at: number;
  total: number;
  playing: boolean;
  done: boolean;
  log: { node: string; state: NodeState }[];
}

let current: GraphHandle | null = null;

export const setGraphHandle = (h: GraphHandle | null): void => {
  current = h;
};

export const graphHandle = (): GraphHandle | null => current;
