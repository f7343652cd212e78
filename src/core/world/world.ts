import type { Embedder } from '../embed/embedder';
import { applyEvidence, type NodeResolver } from '../graph/apply-evidence';
import {
  applyPrune,
  planPrune,
  propagateEdgeWeights,
  restoreNodes,
  selectWindow,
  type EvolutionWindow,
  type PruneOptions,
  type PruneProposal,
} from '../graph/evolution';
import { apiNodeId, paramNodeId, type GraphDelta, type GraphNode } from '../graph/graph-types';
import { observeTrace } from '../graph/observe-trace';
import {
  ParamStandardizer,
  refKey,
  type ParamRef,
  type StandardizerOptions,
} from '../graph/param-standardizer';
import { DeltaRecorder, ToolGraph } from '../graph/tool-graph';
import { ToolCatalogue, type UpsertResult } from '../tools/catalogue';
import { fieldDescription, inputNames, outputNames, type Tool } from '../tools/tool';
import type { Trace, TraceRecord } from '../trace/trace';
import { inferToolFromCall } from './infer-tool';
import { WORLD_FORMAT, WORLD_FORMAT_VERSION, type WorldChange, type WorldSnapshot } from './world-snapshot';
import { byKey } from '../util/compare';
import { validateSetting } from '../validate/doors';
import { InputRejectedError } from '../validate/input-rejected-error';
import { clampToolOutput } from '../validate/tool-output';
import { validateTrace } from '../validate/trace-door';

export interface WorldOptions {
  standardizer?: StandardizerOptions;
  /** Clock, injectable so tests and benchmarks are reproducible. */
  now?: () => number;
}

export interface ImportOutcome {
  catalogue: UpsertResult;
  change: WorldChange;
}

export interface IngestOutcome {
  trace: TraceRecord;
  /** Graph records the trace touched (also inside `change`), for the live view. */
  delta: GraphDelta;
  change: WorldChange;
}

/**
 * The Tool World: catalogue + standardized parameters + graph + traces, kept consistent. Every mutating
 * method returns the change it made so the caller can persist it in one transaction.
 */
export class ToolWorld {
  readonly catalogue: ToolCatalogue;
  readonly standardizer: ParamStandardizer;
  readonly graph: ToolGraph;
  private readonly traceList: TraceRecord[] = [];
  private settingsMap: Record<string, unknown> = {};
  private readonly now: () => number;

  private constructor(
    readonly embedder: Embedder,
    options: WorldOptions,
    graph = new ToolGraph(),
    catalogue = new ToolCatalogue(),
  ) {
    this.now = options.now ?? (() => Date.now());
    this.standardizer = new ParamStandardizer(embedder, options.standardizer);
    this.graph = graph;
    this.catalogue = catalogue;
  }

  static empty(embedder: Embedder, options: WorldOptions = {}): ToolWorld {
    return new ToolWorld(embedder, options);
  }

  static async fromSnapshot(
    snapshot: WorldSnapshot,
    embedder: Embedder,
    options: WorldOptions = {},
  ): Promise<ToolWorld> {
    const world = new ToolWorld(
      embedder,
      options,
      new ToolGraph(
        snapshot.nodes.map((n) => ({ ...n })),
        snapshot.edges.map((e) => ({ ...e })),
      ),
      new ToolCatalogue(snapshot.tools),
    );
    world.standardizer.restore(snapshot, (ref) => {
      const tool = world.catalogue.get(ref.tool);
      return tool ? fieldDescription(tool, ref.direction, ref.field) : '';
    });
    world.traceList.push(...snapshot.traces);
    world.settingsMap = { ...snapshot.settings };
    return world;
  }

  get traces(): readonly TraceRecord[] {
    return this.traceList;
  }

  get settings(): Readonly<Record<string, unknown>> {
    return this.settingsMap;
  }

  /** Sets one world setting; a value that breaks LIMITS is refused (InputRejectedError) and nothing changes. */
  setSetting(key: string, value: unknown): void {
    validateSetting(key, value);
    this.settingsMap = { ...this.settingsMap, [key]: value };
  }

  snapshot(exportedAt = this.now()): WorldSnapshot {
    return {
      format: WORLD_FORMAT,
      formatVersion: WORLD_FORMAT_VERSION,
      exportedAt,
      embedderId: this.embedder.id,
      // Key order, as IndexedDB returns records, so a world survives store → load → snapshot unchanged.
      tools: this.catalogue.allRecords().sort((a, b) => byKey(a.tool.name, b.tool.name)),
      clusters: this.standardizer.snapshot().clusters,
      nodes: [...this.graph.nodes()].sort((a, b) => byKey(a.id, b.id)),
      edges: [...this.graph.edges()].sort((a, b) => byKey(a.id, b.id)),
      traces: [...this.traceList],
      settings: { ...this.settingsMap },
    };
  }

  /** Adds or updates tools: standardizes their params and adds their structural edges. */
  async importTools(tools: Tool[]): Promise<ImportOutcome> {
    const now = this.now();
    const result = this.catalogue.upsert(tools, now);
    const changed = [...result.added, ...result.updated.map((u) => u.after)];
    const rec = new DeltaRecorder();
    const clusterIds = new Set<number>();
    for (const a of await this.standardizer.addTools(changed)) clusterIds.add(a.clusterId);
    for (const tool of changed) this.addStructure(tool, now, rec);
    return {
      catalogue: result,
      change: this.changeOf(
        rec.finish(),
        clusterIds,
        changed.map((t) => t.name),
        [],
      ),
    };
  }

  /** Ingests one trace: integrates unknown tools/params, then adds its evidence (NaviAgent eq. 4 counts). */
  async ingestTrace(input: Trace): Promise<IngestOutcome> {
    // Validated first (issue 21): a trace from a file, another device or a tool server is refused whole, with
    // the path and reason, before anything changes; outputs over the size limits are clamped, not refused.
    const trace = validateTrace(withClampedOutputs(input));
    if (this.traceIds().has(trace.id))
      throw new InputRejectedError(
        'trace',
        'trace.id',
        `a trace with id ${JSON.stringify(trace.id)} is already in the world`,
        'Nothing was stored: each trace is ingested once. Give a new trace a new id.',
      );
    const now = this.now();
    const rec = new DeltaRecorder();
    const clusterIds = new Set<number>();
    const toolNames = new Set<string>();

    const unknown = new Map<string, Tool>();
    for (const c of trace.calls) {
      if (!this.catalogue.has(c.tool) && !unknown.has(c.tool))
        unknown.set(c.tool, inferToolFromCall(c.tool, c.args));
    }
    if (unknown.size > 0) {
      const imported = await this.importTools([...unknown.values()]);
      imported.change.nodes.forEach((n) => rec.node(n));
      imported.change.edges.forEach((e) => rec.edge(e));
      imported.change.clusters.forEach((c) => clusterIds.add(c.id));
      unknown.forEach((_, name) => toolNames.add(name));
    }

    const evidence = observeTrace(trace, (name) => this.catalogue.get(name));
    // Params the trace uses that no schema declares (an extra argument, a referenced output field).
    const refs = new Map<string, ParamRef>();
    for (const c of evidence.calls) for (const r of [...c.inputs, ...c.outputs]) refs.set(refKey(r), r);
    for (const f of evidence.paramFlows) for (const r of [f.from, f.to]) refs.set(refKey(r), r);
    const undeclared = [...refs.values()].filter((r) => !this.standardizer.clusterOf(r));
    if (undeclared.length > 0) {
      const added = await this.standardizer.addParams(
        undeclared.map((ref) => ({ ref, description: '', type: 'any' })),
      );
      for (const a of added) {
        clusterIds.add(a.clusterId);
        this.linkParam(a.ref, now, rec);
      }
    }

    applyEvidence(this.graph, evidence, this.resolver(now, rec), now, rec);
    const record: TraceRecord = { ...trace, seq: this.traceList.length, ingestedAt: now };
    this.traceList.push(record);
    this.traceIdSet?.add(record.id);
    const delta = rec.finish();
    return { trace: record, delta, change: this.changeOf(delta, clusterIds, [...toolNames], [record]) };
  }

  private traceIdSet: Set<string> | null = null;

  /** Ids of the world's traces, built on first use and kept up to date by ingestion. */
  private traceIds(): Set<string> {
    return (this.traceIdSet ??= new Set(this.traceList.map((t) => t.id)));
  }

  /** Proposes nodes to prune by eq. 11; nothing changes until `prune` is called with the plan. */
  proposePrune(options: Partial<PruneOptions> = {}): PruneProposal[] {
    return planPrune(this.graph, this.now(), options);
  }

  prune(plan: PruneProposal[]): WorldChange {
    const rec = new DeltaRecorder();
    applyPrune(this.graph, plan, this.now(), rec);
    return this.changeOf(rec.finish(), new Set(), [], []);
  }

  restore(nodeIds: string[]): WorldChange {
    const rec = new DeltaRecorder();
    restoreNodes(this.graph, nodeIds, rec);
    return this.changeOf(rec.finish(), new Set(), [], []);
  }

  /**
   * Applies the graph records a change made in another copy of this world (the owner's prune, restore or
   * propagation), so a follower stays equal without a snapshot. True when an API node's `active` flipped
   * (the tools retrieval may rank changed).
   */
  applyGraphRecords(records: Pick<WorldChange, 'nodes' | 'edges'>): { activeToolsChanged: boolean } {
    let activeToolsChanged = false;
    for (const n of records.nodes) {
      const before = this.graph.node(n.id);
      if (n.kind === 'api' && (before?.active ?? true) !== n.active) activeToolsChanged = true;
      this.graph.putNode(n);
    }
    for (const e of records.edges) this.graph.putEdge(e);
    return { activeToolsChanged };
  }

  /**
   * Applies every record a change made in the owner's copy of this world (issue 11: the world worker owns
   * the world; the UI's read model and a follower tab apply its changes), so a reader stays equal to the
   * owner without a snapshot. A trace already here is skipped; settings are replaced key by key.
   */
  applyChange(
    change: WorldChange,
    settings?: Readonly<Record<string, unknown>>,
  ): { activeToolsChanged: boolean } {
    for (const r of change.tools) this.catalogue.put(r);
    this.standardizer.putClusters(change.clusters, (ref) => {
      const tool = this.catalogue.get(ref.tool);
      return tool ? fieldDescription(tool, ref.direction, ref.field) : '';
    });
    const out = this.applyGraphRecords(change);
    for (const t of change.traces) {
      if (this.traceIds().has(t.id)) continue;
      this.traceList.push(t);
      this.traceIdSet?.add(t.id);
    }
    if (settings && Object.keys(settings).length > 0) this.settingsMap = { ...this.settingsMap, ...settings };
    return out;
  }

  /** Edge attribute propagation (eq. 12) over the traces inside the window τ. */
  propagate(window: EvolutionWindow, eta: number): WorldChange {
    const now = this.now();
    const recent = new ToolGraph();
    const scratch = new DeltaRecorder();
    const resolver: NodeResolver = {
      api: (tool) => recent.ensureNode(apiNodeId(tool), 'api', tool, now, scratch),
      param: (ref) => {
        const c = this.standardizer.clusterOf(ref);
        const id = c ? paramNodeId(c.id) : `param:?${refKey(ref)}`;
        return recent.ensureNode(id, 'param', c?.name ?? ref.field, now, scratch);
      },
    };
    for (const t of selectWindow(this.traceList, window, now)) {
      applyEvidence(
        recent,
        observeTrace(t, (name) => this.catalogue.get(name)),
        resolver,
        now,
        scratch,
      );
    }
    const rec = new DeltaRecorder();
    propagateEdgeWeights(this.graph, recent, eta, rec);
    return this.changeOf(rec.finish(), new Set(), [], []);
  }

  private resolver(now: number, rec: DeltaRecorder): NodeResolver {
    return {
      api: (tool) => this.apiNode(tool, now, rec),
      param: (ref) => {
        const c = this.standardizer.clusterOf(ref);
        if (!c) throw new Error(`Parameter ${ref.tool}.${ref.field} was not standardized before ingestion`);
        return this.paramNode(c.id, now, rec);
      },
    };
  }

  private apiNode(tool: string, now: number, rec: DeltaRecorder): GraphNode {
    return this.graph.ensureNode(apiNodeId(tool), 'api', tool, now, rec, { tool });
  }

  private paramNode(clusterId: number, now: number, rec: DeltaRecorder): GraphNode {
    const cluster = this.standardizer.cluster(clusterId)!;
    if (!this.graph.node(paramNodeId(clusterId))) this.clustersTouched.add(clusterId);
    const node = this.graph.ensureNode(paramNodeId(clusterId), 'param', cluster.name, now, rec, {
      clusterId,
    });
    // A cluster's preferred name can change as members join; keep the node's label in step.
    if (node.label !== cluster.name) {
      node.label = cluster.name;
      rec.node(node);
      this.clustersTouched.add(clusterId);
    }
    return node;
  }

  /**
   * Clusters whose param node was created or relabelled since the last change was taken. Only these (and the
   * clusters members joined) go into a change: a param node whose counts moved leaves its cluster as it was,
   * and a large cluster's member list is tens of kB (seal_tools: ~58 kB per trace when every touched node's
   * cluster was written).
   */
  private readonly clustersTouched = new Set<number>();

  /** Structural edges from a schema: param → API per input, API → param per output (§3.2.1). */
  private addStructure(tool: Tool, now: number, rec: DeltaRecorder): void {
    this.apiNode(tool.name, now, rec);
    for (const field of inputNames(tool))
      this.linkParam({ tool: tool.name, direction: 'in', field }, now, rec);
    for (const field of outputNames(tool))
      this.linkParam({ tool: tool.name, direction: 'out', field }, now, rec);
  }

  private linkParam(ref: ParamRef, now: number, rec: DeltaRecorder): void {
    const api = this.apiNode(ref.tool, now, rec);
    const cluster = this.standardizer.clusterOf(ref)!;
    const param = this.paramNode(cluster.id, now, rec);
    if (ref.direction === 'in') this.graph.ensureEdge(param.id, api.id, now, rec);
    else this.graph.ensureEdge(api.id, param.id, now, rec);
  }

  private changeOf(
    delta: GraphDelta,
    clusterIds: Set<number>,
    tools: string[],
    traces: TraceRecord[],
  ): WorldChange {
    // Param nodes created or relabelled imply their cluster changed too.
    for (const id of this.clustersTouched) clusterIds.add(id);
    this.clustersTouched.clear();
    return {
      tools: tools.map((t) => this.catalogue.record(t)!).filter(Boolean),
      clusters: [...clusterIds].map((id) => {
        const c = this.standardizer.cluster(id)!;
        return { ...c, members: [...c.members] };
      }),
      nodes: delta.nodes,
      edges: delta.edges,
      traces,
    };
  }
}

/** The trace with every call output within the tool-output limits (the same object when nothing was cut). */
function withClampedOutputs(trace: Trace): Trace {
  const calls: unknown = (trace as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls)) return trace;
  let changed = false;
  const clamped: unknown[] = [];
  // An index loop, not `map`: the list is not validated yet (a hostile one may carry its own `constructor`).
  for (let i = 0; i < calls.length; i++) {
    const c: unknown = calls[i];
    if (c === null || typeof c !== 'object' || !('output' in c)) {
      clamped.push(c);
      continue;
    }
    const { value, truncated } = clampToolOutput((c as { output: unknown }).output);
    if (!truncated && value === (c as { output: unknown }).output) clamped.push(c);
    else {
      changed = true;
      clamped.push({ ...c, output: value });
    }
  }
  return changed ? { ...trace, calls: clamped as Trace['calls'] } : trace;
}
