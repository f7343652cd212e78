import type { FailureKind } from '../execute/call-outcome';
import { apiNodeId } from '../graph/graph-types';
import { dependenciesOf, topologicalOrder } from '../plan/dag';
import type { PlanStep } from '../plan/plan-step';
import { parseReference, referencesIn, rewriteReferences, type ReferenceTarget } from '../plan/references';
import { rewriteStep } from '../plan/step-references';
import { doesSameThing } from '../tools/same-purpose';
import { WHOLE_RESULT_FIELD } from '../tools/tool';
import type { ToolWorld } from '../world/world';
import {
  byStrength,
  outputParams,
  paramOf,
  PlanBuilder,
  requiredInputs,
  type MissingInput,
} from './plan-builder';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_EXPANSIONS } from './plan-extraction';
import type { KnownValues } from './search-types';
import { dynamicWeights, type WeightProvider } from './weight-provider';

// Plan repair only (NaviAgent §3.3): given a plan, the step that failed and what has run, find a detour.
// Running plans and recording their calls is src/core/execute's job (step-runner.ts).

/** The failed step and why it failed (the typed kind of src/core/execute/call-outcome.ts). */
export interface StepFailure {
  step: number;
  kind: FailureKind;
  message?: string;
}

export interface RecombineState {
  known: KnownValues;
  /** Outputs of the steps that have run, by step number. */
  completed: Record<number, unknown>;
  /** Failed APIs; `recombine` adds the failed step's tool. */
  excluded: Set<string>;
}

export interface RecombineOptions {
  weights?: WeightProvider;
  /** Search producers here first; null or absent: the whole graph. */
  subgraph?: { nodes: string[] } | null;
  /** With a subgraph, also look outside it (default true: recovery should not give up early). */
  fallbackToGraph?: boolean;
  maxDepth?: number;
  maxExpansions?: number;
  /**
   * The failure was in arguments the request gave: subgraph switching may re-plan the same target by
   * another path but not switch to another target (which would not do what was asked either).
   */
  keepTarget?: boolean;
}

export type RecombineMode = 'io-equivalent' | 'upstream-reroute' | 'subgraph-switch';

export interface Replacement {
  failed: { step: number; tool: string };
  /** Steps the new plan adds (the replacement or new target keeps the number of the step it replaces). */
  added: { step: number; tool: string }[];
  /** Steps of the old plan the new one drops, the failed step included. */
  removed: { step: number; tool: string }[];
  /** Kept steps whose arguments now reference different producers. */
  rewired: number[];
  /** Subgraph switching: the old and the new target. */
  target?: { from: string; to: string };
}

export type RecombineResult =
  | { status: 'recombined'; mode: RecombineMode; plan: PlanStep[]; reason: string; replaced: Replacement }
  | { status: 'infeasible'; reason: string };

type Attempt = { plan: PlanStep[]; reason: string; replaced: Replacement } | { reason: string };

/** One reference a pending step makes to the failed step's output. */
interface Consumed {
  consumer: PlanStep;
  arg: string;
  /** The failed tool's output field (`result` for a bare `$k`). */
  field: string;
  /** Standardized param of that output field, and of the consumer's input. */
  outParam: string | null;
  inParam: string | null;
  /** The argument is exactly this reference (not embedded in a longer string or a list). */
  whole: boolean;
}

class Recovery {
  readonly failed: PlanStep;
  readonly dependents = new Set<number>();
  readonly consumers: PlanStep[];
  readonly consumed: Consumed[] = [];
  readonly sinks: Set<number>;
  private readonly firstStep: number;
  private readonly subgraph: Set<string> | null;
  private readonly weights: WeightProvider;

  constructor(
    readonly world: ToolWorld,
    readonly plan: PlanStep[],
    readonly failure: StepFailure,
    readonly state: RecombineState,
    readonly options: RecombineOptions,
  ) {
    const failed = plan.find((s) => s.step === failure.step);
    if (!failed) throw new Error(`Step ${failure.step} is not in the plan`);
    this.failed = failed;
    this.weights = options.weights ?? dynamicWeights(world.graph);
    this.subgraph = options.subgraph ? new Set(options.subgraph.nodes) : null;
    const pending = plan.filter((s) => !(s.step in state.completed) && s.step !== failed.step);
    // Everything downstream of the failed step, transitively: it cannot feed the new path.
    let grew = true;
    while (grew) {
      grew = false;
      for (const s of pending) {
        if (this.dependents.has(s.step)) continue;
        const inputs = dependenciesOf(s);
        if (inputs.has(failed.step) || [...inputs].some((d) => this.dependents.has(d))) {
          this.dependents.add(s.step);
          grew = true;
        }
      }
    }
    this.consumers = pending.filter((s) => dependenciesOf(s).has(failed.step));
    for (const c of this.consumers) {
      for (const [arg, value] of Object.entries(c.args)) {
        for (const r of referencesIn(value)) {
          if (r.step !== failed.step) continue;
          const field = r.field ?? WHOLE_RESULT_FIELD;
          this.consumed.push({
            consumer: c,
            arg,
            field,
            outParam: paramOf(world, failed.tool, 'out', field),
            inParam: paramOf(world, c.tool, 'in', arg),
            whole: typeof value === 'string' && parseReference(value)?.path.length === 0,
          });
        }
      }
    }
    const read = new Set(plan.flatMap((s) => [...dependenciesOf(s)]));
    this.sinks = new Set(plan.filter((s) => !read.has(s.step)).map((s) => s.step));
    this.firstStep =
      Math.max(-1, ...plan.map((s) => s.step), ...Object.keys(state.completed).map(Number)) + 1;
  }

  get what(): string {
    const m = this.failure.message ? `: ${this.failure.message}` : '';
    return `step ${this.failed.step} (${this.failed.tool}) failed (${this.failure.kind}${m})`;
  }

  /** A builder that may reuse every step not downstream of the failure. */
  builder(extraRemoved: Set<number> = new Set()): PlanBuilder {
    const seeds = this.plan.filter(
      (s) => s.step !== this.failed.step && !this.dependents.has(s.step) && !extraRemoved.has(s.step),
    );
    return new PlanBuilder(
      this.world,
      {
        weights: this.weights,
        exclude: this.state.excluded,
        subgraph: this.subgraph,
        fallbackToGraph: this.options.fallbackToGraph ?? true,
        maxDepth: this.options.maxDepth ?? DEFAULT_MAX_DEPTH,
        maxExpansions: this.options.maxExpansions ?? DEFAULT_MAX_EXPANSIONS,
        known: this.state.known,
      },
      seeds,
      this.state.completed,
      this.firstStep,
    );
  }

  label(param: string | null): string {
    return param === null ? '?' : (this.world.graph.node(param)?.label ?? param);
  }

  inSubgraph(tool: string): boolean {
    return this.subgraph === null || this.subgraph.has(apiNodeId(tool));
  }

  strength(b: PlanBuilder, tool: string, params: string[]) {
    const weight =
      params.length === 0 ? 0 : params.reduce((a, p) => a + b.producerWeight(tool, p), 0) / params.length;
    return { tool, weight, node: this.world.graph.node(apiNodeId(tool))! };
  }

  /**
   * The new plan: old steps in order with `insert` placed at `slot`, `remove` dropped, `replace` swapped in,
   * reordered so producers precede consumers, then without steps that no longer lead to a goal (a sink of
   * the old plan that is kept, or `root`).
   */
  assemble(
    slot: number,
    insert: PlanStep[],
    remove: Set<number>,
    replace: Map<number, PlanStep>,
    root: number | null,
  ): { plan: PlanStep[]; removed: { step: number; tool: string }[] } {
    const list: PlanStep[] = [];
    for (const s of this.plan) {
      if (s.step === slot) list.push(...insert);
      if (!remove.has(s.step)) list.push(replace.get(s.step) ?? s);
    }
    // Lenient: completed steps dropped from the list, and references to them, are fine here.
    const ordered = topologicalOrder(list, { lenient: true });
    const byNumber = new Map(ordered.map((s) => [s.step, s]));
    const keep = new Set<number>();
    const visit = (n: number): void => {
      const s = byNumber.get(n);
      if (!s || keep.has(n)) return;
      keep.add(n);
      for (const d of dependenciesOf(s)) visit(d);
    };
    for (const n of this.sinks) if (!remove.has(n)) visit(n);
    if (root !== null) visit(root);
    const plan = ordered.filter((s) => keep.has(s.step));
    // A step is gone when no step of the new plan has its number and tool (a replacement keeps the number).
    const removed = this.plan
      .filter((s) => !plan.some((p) => p.step === s.step && p.tool === s.tool))
      .map((s) => ({ step: s.step, tool: s.tool }));
    return { plan, removed };
  }

  missingText(m: MissingInput[]): string {
    return m
      .map((x) => `"${x.field}" (${x.param === null ? 'unstandardized' : this.label(x.param)})`)
      .join(', ');
  }
}

/** (a) Another API with the same standardized outputs, whose required inputs are all available. */
function ioEquivalent(r: Recovery): Attempt {
  const { failed, world } = r;
  const unmapped = r.consumed.find((c) => c.outParam === null);
  if (unmapped)
    return { reason: `output "${unmapped.field}" of ${failed.tool} is not a standardized parameter` };
  let needed = [...new Set(r.consumed.map((c) => c.outParam as string))];
  const failedTool = world.catalogue.get(failed.tool);
  if (needed.length === 0 && failedTool) needed = outputParams(world, failedTool);
  const probe = r.builder();
  const [first, ...rest] = needed;
  const candidates = first
    ? probe
        .candidates(first)
        .filter((c) => rest.every((p) => probe.outputFieldFor(c.tool, p) !== null))
        .map((c) => ({
          ...r.strength(probe, c.tool, needed),
          inSubgraph: r.inSubgraph(c.tool),
          firstField: c.output,
        }))
        .sort((a, b) => Number(b.inSubgraph) - Number(a.inSubgraph) || byStrength(a, b))
    : [];
  const names = needed.map((p) => r.label(p)).join(', ');
  if (candidates.length === 0) return { reason: `no other API produces ${names}` };
  const why: string[] = [];
  for (const cand of candidates) {
    const b = r.builder();
    const res = b.resolveTool(cand.tool, { stepNumber: failed.step });
    if (!res.step) {
      why.push(`I/O-equivalent ${cand.tool} needs ${r.missingText(res.missing)}, which cannot be produced`);
      continue;
    }
    // The replacement's field for each consumed output. A candidate for `first` may produce it only
    // through a learned value flow (Q → first); its field is then the flow's source field, as the plan
    // builder reads it (candidates for the other params produce them directly).
    const fieldFor = new Map(
      r.consumed.map((c) => [
        c.field,
        b.outputFieldFor(cand.tool, c.outParam!) ?? (c.outParam === first ? cand.firstField : null),
      ]),
    );
    const replace = new Map<number, PlanStep>();
    for (const c of r.consumers) {
      replace.set(
        c.step,
        rewriteStep(c, (r) => {
          const to = r.step === failed.step ? fieldFor.get(r.field ?? WHOLE_RESULT_FIELD) : undefined;
          return to === undefined || to === null ? null : { step: failed.step, field: to };
        }),
      );
    }
    const { plan, removed } = r.assemble(failed.step, b.added, new Set([failed.step]), replace, null);
    return {
      plan,
      reason: `${r.what}; ${cand.tool} is I/O-equivalent: it produces ${names} from available inputs`,
      replaced: {
        failed: { step: failed.step, tool: failed.tool },
        added: b.added.map((s) => ({ step: s.step, tool: s.tool })),
        removed,
        rewired: r.consumers.map((c) => c.step),
      },
    };
  }
  return { reason: why.join('; ') };
}

/**
 * (a) for a failed step nothing consumes (the goal itself): another API that takes the very values the
 * call was given — each through the same standardized parameter, every required input among them, none
 * left over — and does the same thing (same-purpose.ts: `get_translation` for `translate_text`). Outputs
 * are not matched here: no later step reads them, and the purpose check stands for them.
 */
function inputTwin(r: Recovery): Attempt {
  const { failed, world } = r;
  const failedTool = world.catalogue.get(failed.tool);
  if (!failedTool) return { reason: `${failed.tool} is not in the catalogue` };
  const given = new Map<string, unknown>();
  for (const [field, value] of Object.entries(failed.args)) {
    const param = paramOf(world, failed.tool, 'in', field);
    if (param === null)
      return { reason: `input "${field}" of ${failed.tool} is not a standardized parameter` };
    given.set(param, value);
  }
  if (given.size === 0) return { reason: `${failed.tool} was given no input another API could take` };
  const twins: { tool: string; args: Record<string, unknown>; inSubgraph: boolean }[] = [];
  for (const t of world.catalogue.tools()) {
    if (t.name === failed.tool || r.state.excluded.has(t.name)) continue;
    const args: Record<string, unknown> = {};
    const taken = new Set<string>();
    for (const field of Object.keys(t.parameters.properties ?? {})) {
      const param = paramOf(world, t.name, 'in', field);
      if (param === null || !given.has(param) || taken.has(param)) continue;
      args[field] = given.get(param);
      taken.add(param);
    }
    if (taken.size !== given.size) continue;
    if (!requiredInputs(t).every((f) => f in args)) continue;
    if (!doesSameThing(failedTool, t, { bothWays: true, knownVerb: true })) continue;
    twins.push({ tool: t.name, args, inSubgraph: r.inSubgraph(t.name) });
  }
  twins.sort((a, b) => Number(b.inSubgraph) - Number(a.inSubgraph) || (a.tool < b.tool ? -1 : 1));
  const twin = twins[0];
  if (!twin) return { reason: `no other API takes the inputs of ${failed.tool} and does the same` };
  const step: PlanStep = { step: failed.step, tool: twin.tool, args: twin.args, deps: [...failed.deps] };
  const replace = new Map([[failed.step, step]]);
  const { plan, removed } = r.assemble(failed.step, [], new Set(), replace, failed.step);
  return {
    plan,
    reason: `${r.what}; ${twin.tool} takes the same inputs and does the same`,
    replaced: {
      failed: { step: failed.step, tool: failed.tool },
      added: [{ step: failed.step, tool: twin.tool }],
      removed,
      rewired: [],
      target: { from: failed.tool, to: twin.tool },
    },
  };
}

/** (b) New producers, upstream, for each input the failed step was to supply to its consumers. */
function upstreamReroute(r: Recovery): Attempt {
  const { failed } = r;
  const b = r.builder();
  const heads = new Map<string, ReferenceTarget>();
  /** Whole-reference arguments whose value is now known: `<step>\0<arg>` → value. */
  const literals = new Map<string, unknown>();
  const via: string[] = [];
  for (const c of r.consumed) {
    const param = c.whole ? (c.inParam ?? c.outParam) : (c.outParam ?? c.inParam);
    if (param === null)
      return { reason: `input "${c.arg}" of ${c.consumer.tool} is not a standardized parameter` };
    if (c.whole && Object.hasOwn(r.state.known, param)) {
      literals.set(`${c.consumer.step}\u0000${c.arg}`, r.state.known[param]);
      continue;
    }
    const got = b.resolveParam(param, new Set([c.consumer.tool]), 0);
    if (!got) {
      return {
        reason:
          `input "${c.arg}" of ${c.consumer.tool} (step ${c.consumer.step}, ${r.label(param)}) ` +
          `cannot be produced without ${failed.tool}`,
      };
    }
    heads.set(`${c.consumer.step}\u0000${c.arg}\u0000${c.field}`, { step: got.step, field: got.output });
    via.push(`"${c.arg}" of ${c.consumer.tool}`);
  }
  const replace = new Map<number, PlanStep>();
  for (const consumer of r.consumers) {
    const args: Record<string, unknown> = {};
    for (const [arg, value] of Object.entries(consumer.args)) {
      const at = `${consumer.step}\u0000${arg}`;
      args[arg] = literals.has(at)
        ? literals.get(at)
        : rewriteReferences(value, (r) =>
            r.step === failed.step
              ? (heads.get(`${at}\u0000${r.field ?? WHOLE_RESULT_FIELD}`) ?? null)
              : null,
          );
    }
    replace.set(
      consumer.step,
      rewriteStep({ ...consumer, args }, () => null, new Set([failed.step])),
    );
  }
  const slot = r.plan.find((s) => r.consumers.includes(s))!.step;
  const { plan, removed } = r.assemble(slot, b.added, new Set([failed.step]), replace, null);
  const tools = [...new Set(b.added.map((s) => s.tool))];
  const through = tools.length > 0 ? ` through ${tools.join(', ')}` : ' from known values';
  return {
    plan,
    reason: `${r.what}; rerouted ${via.join(', ') || 'its consumers'}${through}`,
    replaced: {
      failed: { step: failed.step, tool: failed.tool },
      added: b.added.map((s) => ({ step: s.step, tool: s.tool })),
      removed: [{ step: failed.step, tool: failed.tool }, ...removed.filter((s) => s.step !== failed.step)],
      rewired: r.consumers.map((c) => c.step),
    },
  };
}

/**
 * (c) The next-best target: the API whose outputs are most like the target's (Jaccard overlap of output
 * param nodes, then producer weight), with a full plan re-extracted for it.
 */
function subgraphSwitch(r: Recovery): Attempt {
  const { failed, world, plan: old } = r;
  // The goal the failure cuts off: the failed step itself when nothing consumes it, else the last sink
  // downstream of it.
  const target =
    r.consumers.length === 0
      ? failed
      : ([...old].reverse().find((s) => r.dependents.has(s.step) && r.sinks.has(s.step)) ?? failed);
  const tTool = world.catalogue.get(target.tool);
  const tOuts = tTool ? outputParams(world, tTool) : [];
  const removedSteps = new Set([failed.step, target.step, ...r.dependents]);
  const probe = r.builder(removedSteps);
  // Not a new goal: a tool that already ran in this chain, or one the target's own path feeds from (a
  // search that fed a failed booking shares its outputs but is no booking).
  const seen = new Set<string>([target.tool, ...upstreamTools(old, target.step)]);
  for (const step of Object.keys(r.state.completed).map(Number))
    seen.add(old.find((s) => s.step === step)?.tool ?? '');
  // A new goal must do what the old one did, to the same thing and no more (same-purpose.ts): sharing an
  // output parameter (an `id`) is not enough — a failed `tv_keywords` is not served by `tv_similar`.
  const samePurpose = (tool: string) => {
    const t = world.catalogue.get(tool);
    return !tTool || !t || doesSameThing(tTool, t, { bothWays: true });
  };
  const candidates = (r.options.keepTarget ? [] : tOuts)
    .flatMap((p) => probe.candidates(p))
    .filter((c) => !seen.has(c.tool) && Boolean(seen.add(c.tool)) && samePurpose(c.tool))
    .map((c) => {
      const outs = outputParams(world, world.catalogue.get(c.tool)!);
      const shared = outs.filter((p) => tOuts.includes(p));
      const union = new Set([...outs, ...tOuts]).size;
      return {
        ...r.strength(probe, c.tool, shared),
        shared,
        similarity: union === 0 ? 0 : shared.length / union,
        inSubgraph: r.inSubgraph(c.tool),
      };
    })
    .sort(
      (a, b) =>
        Number(b.inSubgraph) - Number(a.inSubgraph) || b.similarity - a.similarity || byStrength(a, b),
    );
  // A failure upstream of a target that still works: first try the same target by another path.
  if (target !== failed && probe.usable(target.tool)) {
    candidates.unshift({
      ...r.strength(probe, target.tool, tOuts),
      shared: tOuts,
      similarity: 1,
      inSubgraph: true,
    });
  }
  const outsText = tOuts.map((p) => r.label(p)).join(', ') || 'no standardized outputs';
  if (candidates.length === 0 && r.options.keepTarget)
    return {
      reason: `the request's own values do not fit ${failed.tool}, and another target would not do what was asked`,
    };
  if (candidates.length === 0)
    return { reason: `no alternative target for ${target.tool}: no other API produces ${outsText}` };
  const why: string[] = [];
  for (const cand of candidates) {
    const b = r.builder(removedSteps);
    const res = b.resolveTool(cand.tool, { stepNumber: target.step });
    const role =
      cand.tool === target.tool ? `${cand.tool} without ${failed.tool}` : `alternative target ${cand.tool}`;
    if (!res.step) {
      why.push(`${role} needs ${r.missingText(res.missing)}, which cannot be produced`);
      continue;
    }
    const { plan, removed } = r.assemble(target.step, b.added, removedSteps, new Map(), target.step);
    const shared = cand.shared.map((p) => r.label(p)).join(', ');
    const change =
      cand.tool === target.tool
        ? `re-planned target ${target.tool} by a path without ${failed.tool}`
        : `switched target ${target.tool} → ${cand.tool}, which produces ${shared} ` +
          `(${cand.shared.length} of ${tOuts.length} outputs of ${target.tool})`;
    return {
      plan,
      reason: `${r.what}; ${change}`,
      replaced: {
        failed: { step: failed.step, tool: failed.tool },
        added: b.added.map((s) => ({ step: s.step, tool: s.tool })),
        removed,
        rewired: [],
        target: { from: target.tool, to: cand.tool },
      },
    };
  }
  return { reason: `no alternative target for ${target.tool}: ${why.join('; ')}` };
}

/** Tools of the steps `step` depends on, transitively. */
function upstreamTools(plan: readonly PlanStep[], step: number): string[] {
  const byStep = new Map(plan.map((s) => [s.step, s]));
  const tools: string[] = [];
  const seen = new Set<number>();
  const stack = [...dependenciesOf(byStep.get(step)!)];
  while (stack.length > 0) {
    const d = stack.pop()!;
    if (seen.has(d)) continue;
    seen.add(d);
    const s = byStep.get(d);
    if (!s) continue;
    tools.push(s.tool);
    stack.push(...dependenciesOf(s));
  }
  return tools;
}

/**
 * Path recombination after a failed call (NaviAgent §3.3; the three recovery modes of the summary):
 * (a) an I/O-equivalent replacement, (b) upstream rerouting of the failed step's outputs, (c) switching
 * to the next-best target. The failed API joins `state.excluded`. Completed steps keep their numbers
 * and outputs; new steps get numbers after every number used so far.
 */
export function recombine(
  world: ToolWorld,
  plan: PlanStep[],
  failure: StepFailure,
  state: RecombineState,
  options: RecombineOptions = {},
): RecombineResult {
  const failedTool = plan.find((s) => s.step === failure.step)?.tool;
  if (failedTool !== undefined) state.excluded.add(failedTool);
  const r = new Recovery(world, plan, failure, state, options);
  const notes: string[] = [];
  const modes: [RecombineMode, (r: Recovery) => Attempt][] =
    r.consumers.length > 0
      ? [
          ['io-equivalent', ioEquivalent],
          ['upstream-reroute', upstreamReroute],
          ['subgraph-switch', subgraphSwitch],
        ]
      : [
          // The request's own value refused (keepTarget) would be refused by a twin too.
          ...(options.keepTarget ? [] : [['io-equivalent', inputTwin] as [RecombineMode, typeof inputTwin]]),
          ['subgraph-switch', subgraphSwitch],
        ];
  for (const [mode, attempt] of modes) {
    const a = attempt(r);
    if ('plan' in a) return { status: 'recombined', mode, ...a };
    notes.push(a.reason);
  }
  return { status: 'infeasible', reason: `${r.what}: ${notes.join('; ')}` };
}
