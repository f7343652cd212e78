import {
  edgeId,
  kindOf,
  relationOf,
  type GraphDelta,
  type GraphEdge,
  type GraphNode,
  type NodeKind,
} from './graph-types';

/** Collects the records a change touched so the caller can persist exactly those, once each. */
export class DeltaRecorder {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly edges = new Map<string, GraphEdge>();
  private readonly createdNodes: string[] = [];
  private readonly createdEdges: string[] = [];

  node(n: GraphNode, created = false): void {
    this.nodes.set(n.id, n);
    if (created) this.createdNodes.push(n.id);
  }

  edge(e: GraphEdge, created = false): void {
    this.edges.set(e.id, e);
    if (created) this.createdEdges.push(e.id);
  }

  /** Copies the records so the delta stays a faithful picture of this change. */
  finish(): GraphDelta {
    return {
      nodes: [...this.nodes.values()].map((n) => ({ ...n })),
      edges: [...this.edges.values()].map((e) => ({ ...e })),
      createdNodeIds: this.createdNodes,
      createdEdgeIds: this.createdEdges,
    };
  }
}

/**
 * The Tool World graph: a directed, weighted, heterogeneous graph of API and parameter nodes
 * (NaviAgent §3.2.1). Holds records and adjacency; knows nothing of tools, traces or storage.
 */
export class ToolGraph {
  private readonly nodeMap = new Map<string, GraphNode>();
  private readonly edgeMap = new Map<string, GraphEdge>();
  private readonly outIndex = new Map<string, Set<string>>();
  private readonly inIndex = new Map<string, Set<string>>();

  constructor(nodes: Iterable<GraphNode> = [], edges: Iterable<GraphEdge> = []) {
    for (const n of nodes) this.nodeMap.set(n.id, n);
    for (const e of edges) this.insertEdge(e);
  }

  get nodeCount(): number {
    return this.nodeMap.size;
  }

  get edgeCount(): number {
    return this.edgeMap.size;
  }

  node(id: string): GraphNode | undefined {
    return this.nodeMap.get(id);
  }

  edge(id: string): GraphEdge | undefined {
    return this.edgeMap.get(id);
  }

  nodes(): IterableIterator<GraphNode> {
    return this.nodeMap.values();
  }

  edges(): IterableIterator<GraphEdge> {
    return this.edgeMap.values();
  }

  outEdges(id: string): GraphEdge[] {
    return [...(this.outIndex.get(id) ?? [])].map((e) => this.edgeMap.get(e)!);
  }

  inEdges(id: string): GraphEdge[] {
    return [...(this.inIndex.get(id) ?? [])].map((e) => this.edgeMap.get(e)!);
  }

  inDegree(id: string): number {
    return this.inIndex.get(id)?.size ?? 0;
  }

  outDegree(id: string): number {
    return this.outIndex.get(id)?.size ?? 0;
  }

  /** Returns the node, creating it with zero counts if new (NaviAgent §3.2.4 incremental integration). */
  ensureNode(
    id: string,
    kind: NodeKind,
    label: string,
    now: number,
    rec: DeltaRecorder,
    extra: Partial<GraphNode> = {},
  ): GraphNode {
    const existing = this.nodeMap.get(id);
    if (existing) return existing;
    const node: GraphNode = {
      id,
      kind,
      label,
      nSucc: 0,
      nFail: 0,
      addedAt: now,
      lastUsedAt: null,
      active: true,
      prunedAt: null,
      pruneScore: null,
      ...extra,
    };
    this.nodeMap.set(id, node);
    rec.node(node, true);
    return node;
  }

  /** Returns the edge, creating it with zero counts (so w̃ = 0) if new. Both nodes must exist. */
  ensureEdge(source: string, target: string, now: number, rec: DeltaRecorder): GraphEdge {
    const id = edgeId(source, target);
    const existing = this.edgeMap.get(id);
    if (existing) return existing;
    const s = this.nodeMap.get(source);
    const t = this.nodeMap.get(target);
    if (!s || !t) throw new Error(`Cannot add edge ${id}: ${!s ? source : target} is not in the graph`);
    const relation = relationOf(s.kind, t.kind);
    const edge: GraphEdge = {
      id,
      source,
      target,
      relation,
      kind: kindOf(relation),
      nSucc: 0,
      nFail: 0,
      wEvolved: null,
      addedAt: now,
      lastUsedAt: null,
    };
    this.insertEdge(edge);
    rec.edge(edge, true);
    return edge;
  }

  /**
   * Writes a record another copy of the world produced (a change applied elsewhere, e.g. a prune run by
   * the world's owner): an existing node takes its fields, a new one is added.
   */
  putNode(n: GraphNode): void {
    const existing = this.nodeMap.get(n.id);
    if (existing) Object.assign(existing, n);
    else this.nodeMap.set(n.id, { ...n });
  }

  /** As `putNode`, for an edge; both of its nodes must exist. */
  putEdge(e: GraphEdge): void {
    const existing = this.edgeMap.get(e.id);
    if (existing) Object.assign(existing, e);
    else if (this.nodeMap.has(e.source) && this.nodeMap.has(e.target)) this.insertEdge({ ...e });
    else throw new Error(`Cannot put edge ${e.id}: one of its nodes is not in the graph`);
  }

  private insertEdge(e: GraphEdge): void {
    this.edgeMap.set(e.id, e);
    let out = this.outIndex.get(e.source);
    if (!out) this.outIndex.set(e.source, (out = new Set()));
    out.add(e.id);
    let inn = this.inIndex.get(e.target);
    if (!inn) this.inIndex.set(e.target, (inn = new Set()));
    inn.add(e.id);
  }
}
