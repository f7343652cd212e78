import { isToolFault } from '../execute/call-outcome';
import { apiNodeId, edgeId } from '../graph/graph-types';
import { observeTrace } from '../graph/observe-trace';
import { inputNames, outputNames, type Tool } from '../tools/tool';
import type { Trace, TraceCall } from '../trace/trace';
import type { ToolWorld } from '../world/world';
import type { InertiaSettings } from './inertia-settings';
import { ToolPathStore } from './tool-paths';

/** A parameter of a tool node's sub-graph: the field and the Tool World's standardized node holding it. */
export interface ParamView {
  field: string;
  direction: 'in' | 'out';
  /** `param:<cluster>` in the Tool World graph, or null when the field was never standardized. */
  node: string | null;
}

/** A tool node of the TIG: the catalogue's tool, its execution counts and its parameter sub-graph. */
export interface ToolNodeView {
  tool: Tool;
  nSucc: number;
  nFail: number;
  inputs: ParamView[];
  outputs: ParamView[];
}

/** A tool-sequence edge: the Tool World's "called next" count plus the inertia feedback (eq. 3). */
export interface SequenceEdgeView {
  from: string;
  to: string;
  /** N(from → to) the Tool World counted from traces (api→api, successful targets). */
  count: number;
  /** Σ ±Δw from inertial calls along this edge (Appendix F eq. 3). */
  feedback: number;
  weight: number;
}

/**
 * A source of a parameter in dependency backtracking. `edge`: AutoTool's ParamEdge, an observed flow from
 * one tool's field (output or input) into this tool's input, with its count. `node`: the generalization to
 * standardized parameters (off by default): any field of that Tool World parameter node.
 */
export type ParamSource =
  | { kind: 'edge'; tool: string; direction: 'in' | 'out'; field: string; count: number }
  | { kind: 'node'; node: string; count: number; identity: boolean };

/**
 * AutoTool's Tool Inertia Graph (§4.3, Appendix A) over a Tool World. What the world already records is
 * read from it, not copied: tool nodes (catalogue + API node counts), their parameter sub-graphs
 * (standardized parameter nodes), tool-sequence edges (api→api "called next") and parameter-dependency
 * edges (param→param value flows). What AutoTool has and the world lacks is built here: the ToolPaths
 * with their frequencies, the path index, negative paths for failures, and the feedback of inertial
 * calls. All of it is derived from the world's traces (rebuilt when the world object changes, caught up
 * trace by trace otherwise), so it persists and exports with the world through its traces.
 */
export class ToolInertiaGraph {
  paths = new ToolPathStore();
  /** ParamEdges: `tool␀field` of a target input → source `tool␀direction␀field` → count (Appendix A). */
  private paramEdges = new Map<string, Map<string, number>>();
  private edgeFeedback = new Map<string, number>();
  private traceIds = new Set<string>();
  private builtFor: ToolWorld | null = null;
  /** world.traces[i] for i < seen have been looked at. */
  private seen = 0;

  constructor(
    private readonly world: () => ToolWorld,
    private settings: () => InertiaSettings,
    /** Inertial call indices of a trace the agent made (feedback counted them already). */
    private readonly inertialOf: (traceId: string) => ReadonlySet<number> | undefined = () => undefined,
  ) {}

  /** Number of traces the paths were built from. */
  get traceCount(): number {
    return this.traceIds.size;
  }

  /** Catches up with the world: rebuilds after a world switch, else ingests the traces added since. */
  sync(): void {
    const world = this.world();
    if (world !== this.builtFor) {
      this.paths = new ToolPathStore();
      this.paramEdges = new Map();
      this.edgeFeedback = new Map();
      this.traceIds = new Set();
      this.builtFor = world;
      this.seen = 0;
    }
    const traces = world.traces;
    for (; this.seen < traces.length; this.seen++) {
      const t = traces[this.seen]!;
      this.ingest(t, this.inertialOf(t.id));
    }
  }

  /**
   * Adds one trace (once per id). Its path is the sequence of its successful calls (a failed call and
   * its retry read as one step), split at inertial calls when `splitAtInertial` (§4.4: sequence edges are
   * reinforced by LLM-made sequences only; inertial calls count through `feedback`). Each failure the
   * tool is to blame for adds a negative path: the window of tools before it, then the failed tool, with
   * frequency −Δw_failure (Appendix A: longer than the window the prediction looks at).
   */
  ingest(trace: Trace, inertial: ReadonlySet<number> = new Set()): boolean {
    if (this.traceIds.has(trace.id)) return false;
    this.traceIds.add(trace.id);
    const s = this.settings();
    const recent: string[] = [];
    let segment: string[] = [];
    const flush = () => {
      if (segment.length >= 2) this.paths.add(segment, 1);
      segment = [];
    };
    trace.calls.forEach((call, i) => {
      if (inertial.has(i)) {
        if (s.splitAtInertial) flush();
        else if (call.status === 'ok') segment.push(call.tool);
        if (call.status === 'ok') recent.push(call.tool);
        return;
      }
      if (call.status === 'ok') {
        segment.push(call.tool);
        recent.push(call.tool);
        return;
      }
      if (!blames(call)) return;
      const window = recent.slice(-s.window);
      if (window.length > 0 && s.deltaFailure > 0) this.paths.add([...window, call.tool], -s.deltaFailure);
    });
    flush();
    this.learnParamEdges(trace, inertial);
    return true;
  }

  /**
   * ParamEdges from the trace's value flows (an argument equal to an earlier output or input, or an
   * explicit `$k.field` reference), found by the Tool World's own `observeTrace`. Per tool field, unlike
   * the world's param→param edges, which join standardized nodes and so cannot hold a flow between two
   * fields of the same parameter (contacts_search.contact_id → contacts_get.contact_id). Inertial calls
   * are left out (§4.4: learn from LLM-made steps).
   */
  private learnParamEdges(trace: Trace, inertial: ReadonlySet<number>): void {
    const world = this.world();
    const calls = trace.calls.map((c, i) =>
      inertial.has(i)
        ? {
            ...c,
            status: 'error' as const,
            failure: { kind: 'cancelled' as const, code: 'inertial', message: '' },
          }
        : c,
    );
    const evidence = observeTrace({ ...trace, calls }, (n) => world.catalogue.get(n));
    for (const f of evidence.paramFlows) {
      if (!f.ok || f.to.direction !== 'in') continue;
      const target = `${f.to.tool}\u0000${f.to.field}`;
      const source = `${f.from.tool}\u0000${f.from.direction}\u0000${f.from.field}`;
      let m = this.paramEdges.get(target);
      if (!m) this.paramEdges.set(target, (m = new Map()));
      m.set(source, (m.get(source) ?? 0) + 1);
    }
  }

  /**
   * Feedback on an inertial call (Appendix F eq. 3): the path window → tool gains Δw_success when the call
   * succeeded and loses Δw_failure when it failed, and so does the sequence edge last → tool.
   */
  feedback(window: readonly string[], tool: string, ok: boolean): void {
    const s = this.settings();
    const delta = ok ? s.deltaSuccess : -s.deltaFailure;
    if (delta === 0 || window.length === 0) return;
    this.paths.add([...window, tool], delta);
    const key = edgeId(apiNodeId(window[window.length - 1]!), apiNodeId(tool));
    this.edgeFeedback.set(key, (this.edgeFeedback.get(key) ?? 0) + delta);
  }

  /** The tool node: catalogue entry, the world's counts, and its parameter sub-graph. */
  toolNode(name: string): ToolNodeView | undefined {
    const world = this.world();
    const tool = world.catalogue.get(name);
    if (!tool) return undefined;
    const node = world.graph.node(apiNodeId(name));
    const view = (direction: 'in' | 'out', field: string): ParamView => {
      const c = world.standardizer.clusterOf({ tool: name, direction, field });
      return { field, direction, node: c ? `param:${c.id}` : null };
    };
    return {
      tool,
      nSucc: node?.nSucc ?? 0,
      nFail: node?.nFail ?? 0,
      inputs: inputNames(tool).map((f) => view('in', f)),
      outputs: outputNames(tool).map((f) => view('out', f)),
    };
  }

  sequenceEdge(from: string, to: string): SequenceEdgeView {
    const id = edgeId(apiNodeId(from), apiNodeId(to));
    const count = this.world().graph.edge(id)?.nSucc ?? 0;
    const feedback = this.edgeFeedback.get(id) ?? 0;
    return { from, to, count, feedback, weight: count + feedback };
  }

  /**
   * Where the values of `tool.field` came from, strongest first: the ParamEdges into it by count; then,
   * with `generalizeParams`, its standardized parameter node itself and the Tool World's param→param
   * flows into that node (a field of a tool never seen in a trace can still be filled that way).
   */
  paramSources(tool: string, field: string): ParamSource[] {
    const edges: ParamSource[] = [...(this.paramEdges.get(`${tool}\u0000${field}`) ?? [])]
      .map(([key, count]) => {
        const [t, direction, f] = key.split('\u0000') as [string, 'in' | 'out', string];
        return { kind: 'edge' as const, tool: t, direction, field: f, count };
      })
      .sort((a, b) => b.count - a.count || (a.tool + a.field < b.tool + b.field ? -1 : 1));
    if (!this.settings().generalizeParams) return edges;
    const world = this.world();
    const c = world.standardizer.clusterOf({ tool, direction: 'in', field });
    if (!c) return edges;
    const node = `param:${c.id}`;
    const graph = world.graph;
    const flows = graph
      .inEdges(node)
      .filter((e) => e.relation === 'param->param' && e.nSucc > 0 && graph.node(e.source)?.active !== false)
      .sort((a, b) => b.nSucc - a.nSucc || (a.source < b.source ? -1 : 1))
      .map((e) => ({ kind: 'node' as const, node: e.source, count: e.nSucc, identity: false }));
    return [...edges, { kind: 'node', node, count: Infinity, identity: true }, ...flows];
  }
}

/** A failure that says the sequence went wrong: the tool's own fault (never a cancel or a caller's mistake). */
function blames(call: TraceCall): boolean {
  return call.status === 'error' && (call.failure === undefined || isToolFault(call.failure));
}
