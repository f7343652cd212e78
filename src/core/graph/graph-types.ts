export type NodeKind = 'api' | 'param';

/** The four relations of the Tool World graph (NaviAgent §3.2.1). */
export type Relation = 'param->api' | 'api->param' | 'api->api' | 'param->param';

/** Structural edges come from schemas, behavioural edges from execution traces. */
export type EdgeKind = 'structural' | 'behavioural';

export interface GraphNode {
  /** `api:<tool>` or `param:<cluster id>`. */
  id: string;
  kind: NodeKind;
  label: string;
  /** Tool name for API nodes. */
  tool?: string;
  /** Standardized-parameter cluster for param nodes. */
  clusterId?: number;
  /** Successful / failed invocations involving the node (NaviAgent eq. 13 n_succ, n_fail). */
  nSucc: number;
  nFail: number;
  addedAt: number;
  lastUsedAt: number | null;
  /** False once pruned (eq. 11). Pruning is reversible and never deletes. */
  active: boolean;
  prunedAt: number | null;
  pruneScore: number | null;
}

export interface GraphEdge {
  /** `<source>|<target>`: at most one edge per ordered pair; the relation follows from the node kinds. */
  id: string;
  source: string;
  target: string;
  relation: Relation;
  kind: EdgeKind;
  /** Successful invocations from source to target, N(v_i → v_j) in eq. 4. */
  nSucc: number;
  /** Observed transitions whose target call failed. */
  nFail: number;
  /** Edge weight after attribute propagation (eq. 12); null until the first propagation. */
  wEvolved: number | null;
  addedAt: number;
  lastUsedAt: number | null;
}

export const apiNodeId = (tool: string): string => `api:${tool}`;
export const paramNodeId = (clusterId: number): string => `param:${clusterId}`;
export const edgeId = (source: string, target: string): string => `${source}|${target}`;

export function relationOf(sourceKind: NodeKind, targetKind: NodeKind): Relation {
  return `${sourceKind}->${targetKind}` as Relation;
}

export function kindOf(relation: Relation): EdgeKind {
  return relation === 'param->api' || relation === 'api->param' ? 'structural' : 'behavioural';
}

/** What one ingestion or schema change did to the graph: the records to persist, in their new state. */
export interface GraphDelta {
  nodes: GraphNode[];
  edges: GraphEdge[];
  createdNodeIds: string[];
  createdEdgeIds: string[];
}

export const emptyDelta = (): GraphDelta => ({
  nodes: [],
  edges: [],
  createdNodeIds: [],
  createdEdgeIds: [],
});
