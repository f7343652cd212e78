import { apiNodeId, paramNodeId, type GraphNode } from '../graph/graph-types';
import { fieldDescription, inputNames, outputNames, type Tool } from '../tools/tool';
import type { PlanStep } from '../plan/plan-step';
import type { ToolWorld } from '../world/world';
import { outputField, printReference } from '../plan/references';
import type { KnownValues } from './search-types';
import type { WeightProvider } from './weight-provider';

/** A required input nobody can produce: it becomes a clarification question. */
export interface MissingInput {
  /** The tool that needs the value, and its own name for it. */
  tool: string;
  field: string;
  /** Standardized parameter node id (`param:<cluster>`); null for a field no cluster holds. */
  param: string | null;
  description: string;
}

/** Why a step is in the plan: one input of a later step that it feeds. */
export interface ProducerFeed {
  /** The consuming step, its tool and its input field. */
  step: number;
  tool: string;
  field: string;
  param: string;
  /** The producing step's own output field the argument references. */
  output: string;
  /** Weight of the producer's api → param edge under the search's weight provider. */
  weight: number;
}

export interface BuilderContext {
  weights: WeightProvider;
  /** Tool names never used (failed APIs). */
  exclude: ReadonlySet<string>;
  /** API node ids producers are taken from first; null for the whole graph. */
  subgraph: ReadonlySet<string> | null;
  /** With a subgraph: also try producers outside it when none inside resolves. */
  fallbackToGraph: boolean;
  /** Producer levels below the tool being resolved. */
  maxDepth: number;
  /** Upper bound on tools expanded, so a dense graph cannot make resolution explode. */
  maxExpansions: number;
  known: KnownValues;
}

export type ResolvedArg = { step: number; output: string; weight: number };

interface Candidate {
  tool: string;
  output: string;
  weight: number;
  node: GraphNode;
  inSubgraph: boolean;
}

/** Why a resolution failed, beyond "no producer": what a later retry would meet again. */
interface Failure {
  /** Tools on the resolution path that were the only way on (a cycle). */
  blockers: Set<string>;
  /** The depth limit cut a candidate. */
  depthCut: boolean;
  /** The expansion budget ran out: nothing can be concluded. */
  budget: boolean;
}

const noFailure = (): Failure => ({ blockers: new Set(), depthCut: false, budget: false });

function mergeFailure(into: Failure, from: Failure): void {
  for (const b of from.blockers) into.blockers.add(b);
  into.depthCut ||= from.depthCut;
  into.budget ||= from.budget;
}

export const requiredInputs = (tool: Tool): string[] =>
  Array.isArray(tool.parameters.required)
    ? tool.parameters.required.filter((f): f is string => typeof f === 'string')
    : [];

/** Strongest first: weight, then more successful calls, then name (code-unit order, stable everywhere). */
export function byStrength(
  a: { weight: number; node: GraphNode; tool: string },
  b: { weight: number; node: GraphNode; tool: string },
): number {
  if (b.weight !== a.weight) return b.weight - a.weight;
  if (b.node.nSucc !== a.node.nSucc) return b.node.nSucc - a.node.nSucc;
  return a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0;
}

/**
 * Resolves tools' required inputs into plan steps (NaviAgent App. E.3.1, "Dependency Resolution Rules":
 * take the target's required parameters, fill each from known values or from a dependent API not marked
 * failed, recursively). Steps are appended in post-order, so producers come before their consumers.
 * Resolution of a producer is all-or-nothing: a producer whose own inputs cannot all be resolved is rolled
 * back and the next-strongest is tried.
 */
export class PlanBuilder {
  /** Steps created by this builder, in an order they can run. */
  readonly added: PlanStep[] = [];
  /** Feeds in creation order, keyed by producing step; truncated on rollback. */
  private readonly feedLog: { producer: number; feed: ProducerFeed }[] = [];
  /** Params found unresolvable, with what caused it (see tryParam). Cleared when a step is added. */
  private readonly failures = new Map<string, { blockers: Set<string>; left: number }[]>();
  private readonly members: MemberIndex;
  private readonly candidateCache = new Map<string, Candidate[]>();
  private expansions = 0;
  private next: number;

  /**
   * @param seeds steps already in the plan whose outputs may be reused (completed or still to run);
   *   they must not depend on anything this builder adds.
   * @param seedOutputs outputs of seeds that have run, so a reused field is one the call really returned.
   */
  constructor(
    private readonly world: ToolWorld,
    private readonly ctx: BuilderContext,
    private readonly seeds: PlanStep[] = [],
    private readonly seedOutputs: Record<number, unknown> = {},
    firstStep = 0,
  ) {
    this.next = firstStep;
    this.members = new MemberIndex(world);
  }

  get feeds(): { producer: number; feed: ProducerFeed }[] {
    return this.feedLog;
  }

  paramOf(tool: string, direction: 'in' | 'out', field: string): string | null {
    return paramOf(this.world, tool, direction, field);
  }

  /** A tool's output field that lands on `param` (one tool's outputs never share a cluster). */
  outputFieldFor(tool: string, param: string): string | null {
    return this.members.field(param, tool, 'out');
  }

  /** Whether a tool may be planned at all: known to the catalogue, active, not excluded. */
  usable(tool: string): boolean {
    if (this.ctx.exclude.has(tool) || !this.world.catalogue.has(tool)) return false;
    return this.world.graph.node(apiNodeId(tool))?.active ?? false;
  }

  /**
   * Adds a step for `tool` with its required inputs resolved (and optional ones when a value is known).
   * With `allowMissing` the step is added even when inputs are missing (the target: they become questions);
   * without it, the attempt is rolled back and the missing inputs are returned.
   */
  resolveTool(
    tool: string,
    options: { path?: ReadonlySet<string>; depth?: number; allowMissing?: boolean; stepNumber?: number } = {},
  ): { step: PlanStep; missing: MissingInput[] } | { step: null; missing: MissingInput[] } {
    const { step, missing } = this.tryTool(tool, options);
    return step ? { step, missing } : { step: null, missing };
  }

  /**
   * A reference that supplies `param`: an existing step producing it, else the strongest producer whose
   * own inputs resolve. Tools on `path` are never used (no cycles); `depth` counts producer levels.
   */
  resolveParam(param: string, path: ReadonlySet<string>, depth: number): ResolvedArg | null {
    const r = this.tryParam(param, path, depth);
    return 'step' in r ? r : null;
  }

  private tryTool(
    tool: string,
    options: { path?: ReadonlySet<string>; depth?: number; allowMissing?: boolean; stepNumber?: number },
  ): { step: PlanStep | null; missing: MissingInput[]; failure: Failure } {
    const t = this.world.catalogue.get(tool);
    if (!t) throw new Error(`Tool "${tool}" is not in the catalogue`);
    const path = new Set(options.path ?? []).add(tool);
    const depth = options.depth ?? 0;
    const mark = this.mark();
    this.expansions += 1;
    const required = requiredInputs(t);
    const fields = [...inputNames(t), ...required.filter((f) => !inputNames(t).includes(f))];
    const args: Record<string, unknown> = {};
    const deps = new Set<number>();
    const missing: MissingInput[] = [];
    const pending: { producer: number; feed: Omit<ProducerFeed, 'step'> }[] = [];
    const failure = noFailure();
    for (const field of fields) {
      const param = this.paramOf(tool, 'in', field);
      if (param !== null && Object.hasOwn(this.ctx.known, param)) {
        args[field] = this.ctx.known[param];
        continue;
      }
      if (!required.includes(field)) continue;
      const r = param === null ? null : this.tryParam(param, path, depth);
      if (r && 'step' in r && param !== null) {
        args[field] = printReference(r.step, r.output);
        deps.add(r.step);
        pending.push({ producer: r.step, feed: { tool, field, param, output: r.output, weight: r.weight } });
        continue;
      }
      if (r && 'failure' in r) mergeFailure(failure, r.failure);
      missing.push({ tool, field, param, description: this.describe(t, field, param) });
      if (!options.allowMissing) {
        this.rollback(mark);
        return { step: null, missing, failure };
      }
    }
    const step: PlanStep = {
      step: options.stepNumber ?? this.next++,
      tool,
      args,
      deps: [...deps].sort((a, b) => a - b),
    };
    this.added.push(step);
    // A new step can be reused, so a param that failed before may resolve now.
    this.failures.clear();
    for (const p of pending)
      this.feedLog.push({ producer: p.producer, feed: { step: step.step, ...p.feed } });
    return { step, missing, failure };
  }

  /**
   * Failures are remembered with what caused them, so a dense graph is not re-explored: the tools on the
   * path that blocked a candidate (a cycle) and whether the depth limit cut the search. A remembered failure
   * holds again for any path containing those tools, with no more depth left.
   */
  private tryParam(
    param: string,
    path: ReadonlySet<string>,
    depth: number,
  ): ResolvedArg | { failure: Failure } {
    const existing = this.existingProducer(param);
    if (existing) return existing;
    const left = this.ctx.maxDepth - depth;
    for (const f of this.failures.get(param) ?? []) {
      if (left <= f.left && [...f.blockers].every((b) => path.has(b)))
        return { failure: { blockers: new Set(f.blockers), depthCut: f.left !== Infinity, budget: false } };
    }
    const failure = noFailure();
    for (const c of this.candidates(param)) {
      if (path.has(c.tool)) {
        failure.blockers.add(c.tool);
        continue;
      }
      if (left < 1) {
        failure.depthCut = true;
        continue;
      }
      if (this.expansions >= this.ctx.maxExpansions) {
        failure.budget = true;
        break;
      }
      const r = this.tryTool(c.tool, { path, depth: depth + 1 });
      if (r.step) return { step: r.step.step, output: c.output, weight: c.weight };
      mergeFailure(failure, r.failure);
    }
    // Only tools above this param can block it again elsewhere; those below are re-met on any retry.
    for (const b of failure.blockers) if (!path.has(b)) failure.blockers.delete(b);
    if (!failure.budget) {
      const list = this.failures.get(param) ?? [];
      list.push({ blockers: new Set(failure.blockers), left: failure.depthCut ? left : Infinity });
      this.failures.set(param, list);
    }
    return { failure };
  }

  /** APIs with an api → param edge into `param`, usable, strongest first (subgraph members first). */
  candidates(param: string): Candidate[] {
    let cached = this.candidateCache.get(param);
    if (!cached) this.candidateCache.set(param, (cached = this.listCandidates(param)));
    return cached;
  }

  private listCandidates(param: string): Candidate[] {
    const graph = this.world.graph;
    if (!(graph.node(param)?.active ?? false)) return [];
    const best = new Map<string, Candidate>();
    const consider = (producerParam: string, flowWeight: number) => {
      for (const e of graph.inEdges(producerParam)) {
        if (e.relation !== 'api->param') continue;
        const node = graph.node(e.source);
        const tool = node?.tool ?? node?.label;
        if (!node || tool === undefined || !this.usable(tool)) continue;
        const output = this.outputFieldFor(tool, producerParam);
        if (output === null) continue;
        const inSubgraph = this.ctx.subgraph === null || this.ctx.subgraph.has(node.id);
        if (!inSubgraph && !this.ctx.fallbackToGraph) continue;
        const weight = this.ctx.weights.weight(e) * flowWeight;
        const seen = best.get(tool);
        if (!seen || weight > seen.weight) best.set(tool, { tool, output, weight, node, inSubgraph });
      }
    };
    consider(param, 1);
    // A learned value flow Q → param (a param → param edge from traces: forecast fed a message) makes
    // Q's producers producers of param too, weighted by the flow (NaviAgent §3.2.1 behavioural chains).
    for (const flow of graph.inEdges(param)) {
      if (flow.relation !== 'param->param' || !(graph.node(flow.source)?.active ?? false)) continue;
      consider(flow.source, this.ctx.weights.weight(flow));
    }
    return [...best.values()].sort((a, b) => Number(b.inSubgraph) - Number(a.inSubgraph) || byStrength(a, b));
  }

  /** Weight of `tool`'s api → param edge (0 when there is none). */
  producerWeight(tool: string, param: string): number {
    const e = this.world.graph.edge(`${apiNodeId(tool)}|${param}`);
    return e ? this.ctx.weights.weight(e) : 0;
  }

  /** A step already in the plan that produces `param`, directly or through a learned flow (strongest, then earliest). */
  private existingProducer(param: string): ResolvedArg | null {
    const sources: { param: string; flow: number }[] = [{ param, flow: 1 }];
    for (const e of this.world.graph.inEdges(param)) {
      if (e.relation === 'param->param') sources.push({ param: e.source, flow: this.ctx.weights.weight(e) });
    }
    let best: ResolvedArg | null = null;
    for (const s of [...this.seeds, ...this.added]) {
      // A completed call's output is real even if its tool failed later; a pending one of a failed tool is not.
      if (this.ctx.exclude.has(s.tool) && !(s.step in this.seedOutputs)) continue;
      for (const src of sources) {
        const output = this.outputFieldFor(s.tool, src.param);
        if (output === null) continue;
        if (s.step in this.seedOutputs && !outputField(this.seedOutputs[s.step], output).found) continue;
        const weight = this.producerWeight(s.tool, src.param) * src.flow;
        if (!best || weight > best.weight) best = { step: s.step, output, weight };
      }
    }
    return best;
  }

  private describe(t: Tool, field: string, param: string | null): string {
    const own = fieldDescription(t, 'in', field);
    if (own) return own;
    const node = param === null ? undefined : this.world.graph.node(param);
    const cluster =
      node?.clusterId === undefined ? undefined : this.world.standardizer.cluster(node.clusterId);
    return cluster?.description || cluster?.name || field;
  }

  private mark(): { added: number; feeds: number; next: number } {
    return { added: this.added.length, feeds: this.feedLog.length, next: this.next };
  }

  private rollback(m: { added: number; feeds: number; next: number }): void {
    this.added.length = m.added;
    this.feedLog.length = m.feeds;
    this.next = m.next;
  }
}

/**
 * Field of a tool in a param node's cluster, by (tool, direction), indexed per cluster on first use: a
 * cluster can hold hundreds of members and planning asks about the same few clusters many times.
 */
export class MemberIndex {
  private readonly byParam = new Map<string, Map<string, string>>();

  constructor(private readonly world: ToolWorld) {}

  field(param: string, tool: string, direction: 'in' | 'out'): string | null {
    let index = this.byParam.get(param);
    if (!index) {
      index = new Map();
      const clusterId = this.world.graph.node(param)?.clusterId;
      const cluster = clusterId === undefined ? undefined : this.world.standardizer.cluster(clusterId);
      for (const m of cluster?.members ?? []) index.set(`${m.tool}\u0000${m.direction}`, m.field);
      this.byParam.set(param, index);
    }
    return index.get(`${tool}\u0000${direction}`) ?? null;
  }
}

/** The standardized param node of one of a tool's fields, or null when no cluster holds it. */
export function paramOf(
  world: ToolWorld,
  tool: string,
  direction: 'in' | 'out',
  field: string,
): string | null {
  const c = world.standardizer.clusterOf({ tool, direction, field });
  return c ? paramNodeId(c.id) : null;
}

/** Output params of a tool (standardized), in schema order. */
export function outputParams(world: ToolWorld, tool: Tool): string[] {
  const out: string[] = [];
  for (const field of outputNames(tool)) {
    const c = world.standardizer.clusterOf({ tool: tool.name, direction: 'out', field });
    if (c) out.push(paramNodeId(c.id));
  }
  return out;
}
