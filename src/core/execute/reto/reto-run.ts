import type { CallView } from '../../agent/agent-events';
import type { ChainRunRequest, ChainRunResult } from '../../agent/chain-executor';
import { nothingToPass, scalarFromLists } from '../../agent/list-args';
import type { PlanStep } from '../../plan/plan-step';
import { referencesIn, substituteReferences } from '../../plan/references';
import { referencedFields } from '../../plan/step-references';
import { UnresolvedReferenceError } from '../../plan/unresolved-reference-error';
import type { Tool } from '../../tools/tool';
import type { TraceCall } from '../../trace/trace';
import type { Random } from '../../util/prng';
import type { CallFailure, CallOutcome } from '../call-outcome';
import { issuesText, type GateReport } from '../gate/gate-report';
import type { CallRepairer } from '../repair/call-repairer';
import { mapBounded } from './bounded-parallel';
import { detourOf, detourText, type DetourView } from './detour';
import { groundDetour } from './detour-grounding';
import { backoffDelay, type BackoffPolicy, type WaitBudget } from './backoff';
import type { LayerFiller } from './layer-prompt';
import { planStepLayers, type StepLayerPlan, type ToolLayerPredictor } from './layer-source';
import { pendingLayers } from './layering';
import { OrderedEnds } from './ordered-ends';
import { outputProblem } from './output-check';

export interface RunSettings {
  concurrency: number;
  maxDetours: number;
  /** Calls again after a transient failure (an error, a timeout, a garbled answer) before a detour. */
  retries: number;
  filler?: LayerFiller;
  clock: () => number;
  /**
   * Longest wait a busy tool may ask for (HTTP Retry-After) before it is called again instead of routed
   * around (default 5 s: a person watching the chat waits that long, not a minute).
   */
  maxRetryAfterMs?: number;
  /** Waits `ms` unless the signal aborts first (default: a timer; tests pass their own). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Calls again after an outage without Retry-After, with backoff (absent: route around at once). */
  backoff?: BackoffPolicy;
  /** The jitter of the backoff waits (a seeded generator, so runs repeat). */
  random?: Random;
  /** The turn's total wait for tools to come back (backoff and Retry-After); absent: unbounded. */
  waitBudget?: WaitBudget;
  /** RETO's learned layer predictor for steps the DAG cannot place (layer-source.ts); absent: DAG only. */
  layerPredictor?: ToolLayerPredictor;
  /** Whether the Tool World knows toolchain edges of a tool (then the DAG places its step). */
  knownTool?: (tool: string) => boolean;
  /** Whether the Tool World knows that `producer` runs before `consumer` (layer-source.ts). */
  knownEdge?: (producer: string, consumer: string) => boolean;
}

/** How one step went: ok, stopped, or failed (with its call's end held until the detour is known). */
interface StepResult {
  step: PlanStep;
  ok: boolean;
  stopped?: boolean;
  failure?: CallFailure;
  held?: { view: CallView; trace: TraceCall };
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Whether the gate refused a value the request itself gave (a literal, not an earlier call's output):
 * then no other target fixes it — a different tool would get the same value — so a detour may only
 * replace producers or the failed tool by an I/O-equivalent one. A refused value that came from an
 * earlier call is that call's bad output, and any detour may help.
 */
function literalFault(r: StepResult): boolean {
  if (r.failure?.kind !== 'rejected-by-gate') return false;
  const remaining = r.held?.view.gate?.remaining ?? [];
  return remaining.some((issue) => {
    const top = issue.field.split('.')[0] ?? '';
    const given = r.step.args[top];
    return given === undefined || referencesIn(given).length === 0;
  });
}

const PASSED: GateReport = { verdict: 'passed', issues: [], repairs: [] };

/**
 * Failures a second try may not meet: the tool erred, timed out or answered with something unusable (an
 * error page, nothing). Not an outage (see `retryPlan`), not the caller's fault (the same arguments would
 * fail again), not a field the answer lacks (it would lack it again).
 */
function isTransient(f: CallFailure): boolean {
  return (
    f.kind === 'error' ||
    f.kind === 'timeout' ||
    (f.kind === 'invalid-output' && f.code !== 'missing-output-field')
  );
}

/** Retries of one call still allowed: transient ones (and Retry-After waits), and backoffs after outages. */
interface RetriesLeft {
  transient: number;
  outage: number;
  /** Backoff waits taken so far (the next wait's exponent). */
  backoffs: number;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);

/** Default for `RunSettings.maxRetryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 5000;

/** A timer that ends early (without error) when the signal aborts. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * One chain, run RETO's way (§3.3–3.4): layer by layer from the DAG, the calls of a layer at the same
 * time (bounded), each through the schema gate and repair, each output checked; a failed call is routed
 * around with path recombination and its tool excluded for the rest of the task, and the failed call
 * stays in the trace as evidence, marked with the detour taken. State of one `run` only.
 */
export class RetoRun {
  private plan: PlanStep[];
  private readonly outputs: Record<number, unknown> = {};
  private readonly callOfStep = new Map<number, number>();
  private readonly excluded: Set<string>;
  private readonly ends: OrderedEnds<{ view: CallView; trace: TraceCall }>;
  private readonly detours: DetourView[] = [];
  private readonly targetStep: number;
  private index: number;
  private layerNo = 0;
  /** Layer hints and each step's layer source, planned once per run (layer-source.ts). */
  private layerPlan: StepLayerPlan | null = null;

  constructor(
    private readonly req: ChainRunRequest,
    private readonly repairer: CallRepairer,
    private readonly settings: RunSettings,
  ) {
    this.plan = [...req.chain.steps];
    this.excluded = new Set(req.failedApis);
    this.index = req.firstCallIndex;
    this.ends = new OrderedEnds(req.firstCallIndex, ({ view, trace }) => req.onCallEnd({ ...view }, trace));
    const target = this.plan.find((s) => s.tool === req.target) ?? this.plan[this.plan.length - 1];
    this.targetStep = target?.step ?? -1;
  }

  async run(): Promise<ChainRunResult> {
    if (this.settings.layerPredictor)
      this.layerPlan = await planStepLayers(this.plan, {
        query: this.req.query ?? '',
        tool: (name) => this.req.world.tool(name),
        knownTool: this.settings.knownTool ?? (() => false),
        ...(this.settings.knownEdge ? { knownEdge: this.settings.knownEdge } : {}),
        predictor: this.settings.layerPredictor,
      });
    for (;;) {
      if (this.req.signal?.aborted) return { status: 'stopped' };
      const layers = pendingLayers(
        this.plan,
        new Set(Object.keys(this.outputs).map(Number)),
        this.layerPlan?.hints,
      );
      const layer = layers[0];
      if (!layer) break;
      const filled = await this.fill(layer, layers.length);
      const results = await mapBounded(layer, this.settings.concurrency, (s) =>
        this.runStep(s, filled.get(s.step)),
      );
      this.layerNo++;
      const failed = results.filter((r) => !r.ok);
      if (results.some((r) => r.stopped) || this.req.signal?.aborted) {
        for (const r of failed) this.release(r);
        return { status: 'stopped' };
      }
      for (let i = 0; i < failed.length; i++) {
        const r = failed[i]!;
        // An earlier detour of this layer may have dropped this step already.
        const still = this.plan.some((s) => s.step === r.step.step);
        const found = still ? this.detourFor(r) : null;
        const call = r.held?.view.index;
        this.release(r, found && 'detour' in found ? found.detour : undefined);
        if (found && 'why' in found) {
          for (const rest of failed.slice(i + 1)) this.release(rest);
          return {
            status: 'failed',
            tool: r.step.tool,
            failure: r.failure!,
            ...(call !== undefined ? { call } : {}),
            why: found.why,
            ...(this.detours.length ? { detours: this.detours } : {}),
          };
        }
      }
    }
    const target = this.plan.find((s) => s.step === this.targetStep) ?? this.plan[this.plan.length - 1];
    return {
      status: 'ok',
      result: target ? this.outputs[target.step] : undefined,
      ...(target && target.tool !== this.req.target ? { target: target.tool } : {}),
      ...(this.detours.length ? { detours: this.detours } : {}),
    };
  }

  /** Context-constrained invocation (RETO §3.3): a filler, when there is one, sees only this layer. */
  private async fill(layer: PlanStep[], left: number): Promise<Map<number, Record<string, unknown>>> {
    const filler = this.settings.filler;
    if (!filler) return new Map();
    const tools = layer.map((s) => this.req.world.tool(s.tool)).filter((t): t is Tool => t !== undefined);
    const earlier = Object.entries(this.outputs).map(([step, output]) => ({
      step: Number(step),
      tool: this.plan.find((s) => s.step === Number(step))?.tool ?? '?',
      output,
    }));
    try {
      return await filler.fill(
        {
          layer: this.layerNo,
          layers: this.layerNo + left,
          query: this.req.query ?? '',
          steps: layer,
          tools,
          earlier,
        },
        this.req.signal,
      );
    } catch (e) {
      if (this.req.signal?.aborted) throw e;
      this.req.onNotice?.(
        'warning',
        `Filling layer ${this.layerNo + 1} failed (${message(e)}); the planned arguments are used.`,
      );
      return new Map();
    }
  }

  private async runStep(step: PlanStep, filled?: Record<string, unknown>): Promise<StepResult> {
    const tool = this.req.world.tool(step.tool);
    if (!tool)
      return this.failNoCall(step, {
        kind: 'not-executable',
        code: 'unknown-tool',
        message: `${step.tool} is not in the catalogue.`,
      });
    let args: Record<string, unknown>;
    try {
      args = scalarFromLists(tool, substituteReferences(step.args, this.outputs) as Record<string, unknown>);
    } catch (e) {
      if (!UnresolvedReferenceError.isInstance(e)) throw e;
      return this.failNoCall(step, { kind: 'invalid-output', code: 'missing-field', message: e.message });
    }
    if (filled) args = { ...args, ...filled };
    const empty = nothingToPass(tool, args, step.args, this.req.chain.steps);
    if (empty) return this.failNoCall(step, empty);
    const prepared = await this.repairer.prepare(tool, args, this.req.signal);
    let view = this.start(step, prepared.ok ? prepared.args : args, prepared.report);
    let startedAt = this.settings.clock();
    if (!prepared.ok) {
      const remaining = prepared.report.remaining ?? [];
      const failure: CallFailure = {
        kind: 'rejected-by-gate',
        code: 'schema-gate',
        message: `The arguments do not fit ${tool.name}'s schema: ${issuesText(remaining)}`,
      };
      return this.finish(step, view, startedAt, { ok: false, failure, durationMs: 0 });
    }
    this.noteRepairs(tool.name, prepared.report);
    let outcome = await this.call(tool, prepared.args);
    if (!outcome.ok && outcome.failure.kind === 'invalid-arguments') {
      // The tool's own refusal: repair once more when an edit applies, and keep the refusal as evidence.
      const fix = await this.repairer.afterRefusal(tool, prepared.args, outcome.failure, this.req.signal);
      if (fix) {
        this.finish(step, view, startedAt, outcome, true);
        this.noteRepairs(tool.name, fix.report);
        view = this.start(step, fix.args, fix.report);
        startedAt = this.settings.clock();
        outcome = await this.call(tool, fix.args);
      }
    }
    outcome = this.checked(tool, step, outcome);
    const left: RetriesLeft = {
      transient: this.settings.retries,
      outage: this.settings.backoff?.retries ?? 0,
      backoffs: 0,
    };
    for (;;) {
      if (outcome.ok || this.req.signal?.aborted) break;
      const again = this.retryPlan(tool, outcome.failure, left);
      if (!again) break;
      // The failed attempt stays in the trace (evidence against the tool); the same arguments go again.
      this.finish(step, view, startedAt, outcome, true);
      this.req.onNotice?.('info', again.notice);
      if (again.waitMs > 0) {
        await (this.settings.sleep ?? abortableSleep)(again.waitMs, this.req.signal);
        // A Stop during the wait: no further call (the failed one has ended already).
        if (this.req.signal?.aborted)
          return {
            step,
            ok: false,
            stopped: true,
            failure: { kind: 'cancelled', code: 'aborted', message: 'stopped while waiting to retry' },
          };
      }
      view = this.start(step, view.args, view.gate ?? PASSED);
      startedAt = this.settings.clock();
      outcome = this.checked(tool, step, await this.call(tool, view.args));
    }
    return this.finish(step, view, startedAt, outcome);
  }

  /**
   * Whether to call again after `f`, how long to wait first and what the user is told; null: route around.
   * - A transient failure: again at once, within `retries`.
   * - A busy tool that said when to come back (429 / 503 with Retry-After) soon enough (`maxRetryAfterMs`)
   *   and within the turn's wait budget: after that wait, within `retries`.
   * - An outage with no Retry-After: after an exponential backoff with jitter (`backoff`), within its own
   *   count and the turn's wait budget — a short outage ends, a long one is routed around after the last
   *   wait. A Retry-After longer than allowed is an outage the tool itself says will last: no backoff.
   */
  private retryPlan(
    tool: Tool,
    f: CallFailure,
    left: RetriesLeft,
  ): { waitMs: number; notice: string } | null {
    if (isTransient(f)) {
      if (left.transient <= 0) return null;
      left.transient--;
      return { waitMs: 0, notice: `${tool.name} failed (${f.message}); calling it again.` };
    }
    if (f.kind !== 'unavailable') return null;
    const budget = this.settings.waitBudget;
    if (f.retryAfterMs !== undefined) {
      const soon = f.retryAfterMs <= (this.settings.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS);
      if (!soon || left.transient <= 0 || (budget && !budget.take(f.retryAfterMs))) return null;
      left.transient--;
      return {
        waitMs: f.retryAfterMs,
        notice: `${tool.name} is busy (${f.message}); it asked to wait ${seconds(f.retryAfterMs)} s, then calling it again.`,
      };
    }
    const policy = this.settings.backoff;
    if (!policy || left.outage <= 0) return null;
    const waitMs = backoffDelay(policy, left.backoffs, this.settings.random ?? Math.random);
    if (budget && !budget.take(waitMs)) {
      this.req.onNotice?.(
        'info',
        `${tool.name} is unavailable (${f.message}); this turn has waited ${seconds(budget.spentMs)} s for tools already, so it is not tried again.`,
      );
      return null;
    }
    left.outage--;
    left.backoffs++;
    return {
      waitMs,
      notice: `${tool.name} is unavailable (${f.message}), trying again in ${seconds(waitMs)} s.`,
    };
  }

  /** RETO's output reflection: an ok answer that is not usable becomes an 'invalid-output' failure. */
  private checked(tool: Tool, step: PlanStep, outcome: CallOutcome): CallOutcome {
    if (!outcome.ok) return outcome;
    const problem = outputProblem(tool, outcome.output, referencedFields(this.plan, step.step));
    return problem ? { ok: false, failure: problem, durationMs: outcome.durationMs } : outcome;
  }

  private start(step: PlanStep, args: Record<string, unknown>, report: GateReport): CallView {
    const view: CallView = {
      index: this.index++,
      tool: step.tool,
      args,
      status: 'running',
      layer: this.layerNo,
      ...(this.layerPlan ? { layerSource: this.layerPlan.source.get(step.step) ?? 'graph' } : {}),
      ...(step.step === this.targetStep && step.tool === this.req.target && this.req.argSources
        ? { argSources: this.req.argSources }
        : {}),
      ...(report.verdict !== 'passed' || report.issues.length > 0 ? { gate: report } : {}),
    };
    this.req.onCallStart({ ...view });
    return view;
  }

  /** Ends a call: an ok one (or `now`) at once, a failed one held for its detour. */
  private finish(
    step: PlanStep,
    view: CallView,
    startedAt: number,
    outcome: CallOutcome,
    now = false,
  ): StepResult {
    view.ms = outcome.durationMs;
    const deps = step.deps.map((d) => this.callOfStep.get(d)).filter((d): d is number => d !== undefined);
    const trace: TraceCall = {
      tool: step.tool,
      args: view.args,
      status: outcome.ok ? 'ok' : 'error',
      ...(outcome.ok
        ? { output: outcome.output, source: outcome.source }
        : { error: outcome.failure.message, failure: outcome.failure }),
      startedAt,
      durationMs: outcome.durationMs,
      deps,
      ...(view.gate ? { gate: view.gate } : {}),
    };
    if (outcome.ok) {
      view.status = 'ok';
      view.output = outcome.output;
      view.source = outcome.source;
      this.outputs[step.step] = outcome.output;
      this.callOfStep.set(step.step, view.index);
      this.ends.end(view.index, { view, trace });
      return { step, ok: true };
    }
    view.status = 'error';
    view.failure = outcome.failure;
    const stopped = outcome.failure.kind === 'cancelled' && this.req.signal?.aborted === true;
    if (now || stopped) {
      this.ends.end(view.index, { view, trace });
      return { step, ok: false, failure: outcome.failure, ...(stopped ? { stopped } : {}) };
    }
    return { step, ok: false, failure: outcome.failure, held: { view, trace } };
  }

  private failNoCall(step: PlanStep, failure: CallFailure): StepResult {
    return { step, ok: false, failure };
  }

  private release(r: StepResult, detour?: DetourView): void {
    if (!r.held) return;
    if (detour) r.held.view.detour = detour;
    this.ends.end(r.held.view.index, r.held);
    r.held = undefined;
  }

  /** Calls the runtime; a throw (a runtime's bug) is a failed call, not a crashed turn. */
  private async call(tool: Tool, args: Record<string, unknown>): Promise<CallOutcome> {
    const t0 = this.settings.clock();
    try {
      const out = await this.req.runtime.call(tool, args, this.req.signal);
      const durationMs = Math.max(out.durationMs, this.settings.clock() - t0);
      // A call that ends failed after the user's Stop was stopped, whatever the runtime made of the abort
      // (a timer cut short reads as a timeout, a torn connection as an outage): say so, not the fault.
      if (!out.ok && out.failure.kind !== 'cancelled' && this.req.signal?.aborted)
        return {
          ok: false,
          failure: { kind: 'cancelled', code: 'aborted', message: 'stopped' },
          durationMs,
        };
      return { ...out, durationMs };
    } catch (e) {
      const durationMs = this.settings.clock() - t0;
      if (this.req.signal?.aborted)
        return { ok: false, failure: { kind: 'cancelled', code: 'aborted', message: 'stopped' }, durationMs };
      return {
        ok: false,
        failure: { kind: 'error', code: 'runtime-exception', message: message(e) },
        durationMs,
      };
    }
  }

  /** NaviAgent §3.3 recombination on the live graph; the failed tool is out for the rest of the task. */
  private detourFor(r: StepResult): { detour: DetourView } | { why: string } {
    const failure = r.failure!;
    const world = this.req.world;
    this.excluded.add(r.step.tool);
    if (!world.recombine) return { why: 'this world offers no path recombination' };
    if (this.detours.length >= this.settings.maxDetours)
      return { why: `gave up after ${this.settings.maxDetours} detours` };
    let res;
    try {
      res = world.recombine(
        this.plan,
        { step: r.step.step, kind: failure.kind, message: failure.message },
        { known: this.req.known ?? {}, completed: this.outputs, excluded: this.excluded },
        // Producers from the searched subgraph first, then the whole graph (recovery should not give up early).
        {
          subgraph:
            this.req.chain.subgraph.nodes.length > 0 ? { nodes: this.req.chain.subgraph.nodes } : null,
          ...(literalFault(r) ? { keepTarget: true } : {}),
        },
      );
    } catch (e) {
      return { why: `recombination failed: ${message(e)}` };
    }
    if (res.status === 'infeasible') return { why: res.reason };
    const added = new Set(res.replaced.added.map((s) => s.step));
    const target = res.replaced.target;
    const switched = target ? { step: this.targetStep, ...target } : undefined;
    const grounded = groundDetour(this.plan, r.step.step, res.plan, added, (n) => world.tool(n), switched);
    if (!grounded)
      return {
        why: `the only detour (${res.mode}) would not use what ${r.step.tool} was asked for: ${res.reason}`,
      };
    this.plan = grounded.plan;
    const done = new Set(Object.keys(this.outputs).map(Number));
    const detour = detourOf(r.step.tool, { kind: failure.kind, message: failure.message }, res, done);
    if (grounded.rewrote)
      detour.reason += `; ${grounded.rewrote.field} of the new search set to "${grounded.rewrote.value}", what ${r.step.tool} was asked for`;
    this.detours.push(detour);
    this.req.onNotice?.('warning', detourText(detour));
    return { detour };
  }

  private noteRepairs(tool: string, report: GateReport): void {
    if (report.repairs.length === 0) return;
    this.req.onNotice?.(
      'info',
      `Repaired the call to ${tool}: ${report.repairs.map((e) => e.note).join('; ')}.`,
    );
  }
}
