import type { GraphEdge, GraphNode } from '../graph/graph-types';
import type { ParamCluster } from '../graph/param-standardizer';
import type { ToolRecord } from '../tools/catalogue';
import type { TraceRecord } from '../trace/trace';

export const WORLD_FORMAT = 'naviagent-world';
export const WORLD_FORMAT_VERSION = 1;

/** Everything the Tool World knows; also the one-file export format. */
export interface WorldSnapshot {
  format: typeof WORLD_FORMAT;
  formatVersion: number;
  exportedAt: number;
  /** Embedder that shaped the parameter clusters; a different one may cluster differently. */
  embedderId: string;
  tools: ToolRecord[];
  clusters: ParamCluster[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  traces: TraceRecord[];
  settings: Record<string, unknown>;
}

/** The records one change wrote, in their new state: persistence writes these in one transaction. */
export interface WorldChange {
  tools: ToolRecord[];
  clusters: ParamCluster[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  traces: TraceRecord[];
}

export const emptyChange = (): WorldChange => ({ tools: [], clusters: [], nodes: [], edges: [], traces: [] });
