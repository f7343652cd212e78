import type { PlanStep } from '../plan/plan-step';
import { outputField, substituteReferences } from '../plan/references';
import { referencedFields } from '../plan/step-references';
import { UnresolvedReferenceError } from '../plan/unresolved-reference-error';
import {
  recombine,
  type RecombineMode,
  type RecombineOptions,
  type RecombineState,
} from '../search/recombine';
import type { KnownValues } from '../search/search-types';
import type { Trace } from '../trace/trace';
import type { ToolWorld } from '../world/world';
import type { CallFailure, CallOutcome, ResultSource } from './call-outcome';
import type { ToolRuntime } from './tool-runtime';
import { recordTrace, type ExecutedCall } from './trace-recorder';

export interface RunPlanOptions extends RecombineOptions {
  /** Recombinations allowed before giving up (default 5). */
  maxRecombinations?: number;
  known?: KnownValues;
  /** Failed APIs; grows as calls fail (a failed tool is not planned again in this task). */
  excluded?: Set<string>;
  query?: string;
  traceId?: string;
  now?: () => number;
  /** Stops the run: the call in flight is cancelled and no further step starts. */
  signal?: AbortSignal;
}

/** One call as the runner made it. */
export interface StepRun {
  step: number;
  tool: string;
  /** Arguments as sent, references substituted. */
  args: Record<string, unknown>;
  ok: boolean;
  output?: unknown;
  source?: ResultSource;
  failure?: CallFailure;
}

/** Why a run ended, typed, so callers (the bench, the UI) need not read it out of `reason`. */
export type RunEnd =
  | { kind: 'completed' }
  | { kind: 'cancelled' }
  /** `maxRecombinations` detours were taken and another call failed. */
  | { kind: 'recombination-limit'; limit: number }
  /** `recombine` found no way around the failed step. */
  | { kind: 'no-detour'; step: number; tool: string; failure: CallFailure }
  /** An argument references a step that has not run, or a field its output lacks. */
  | {
      kind: 'unresolved-reference';
      step: number;
      missing: 'step' | 'field';
      reference: { step: number; field: string | null };
    };

export interface Recombination {
  step: number;
  tool: string;
  failure: CallFailure;
  /** The detour taken; null when there was none (the run ended there). */
  mode: RecombineMode | null;
  reason: string;
}

export interface ExecutionResult {
  status: 'completed' | 'infeasible' | 'cancelled';
  end: RunEnd;
  /** The end in words. */
  reason: string;
  /** The plan as it stood at the end. */
  plan: PlanStep[];
  /** Every call made, in order. */
  steps: StepRun[];
  outputs: Record<number, unknown>;
  /** Output of the final plan's last step, when completed. */
  result?: unknown;
  recombinations: Recombination[];
  /** Every call made as a Trace (failed ones with status 'error' and their typed failure), for `world.ingestTrace`. */
  trace: Trace;
}

const failure = (kind: CallFailure['kind'], code: string, message: string): CallFailure => ({
  kind,
  code,
  message,
});

/** Calls the runtime; a throw (a runtime's programming error) becomes a failed call, not a crashed run. */
async function callTool(
  world: ToolWorld,
  runtime: ToolRuntime,
  step: PlanStep,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<CallOutcome> {
  const tool = world.catalogue.get(step.tool);
  if (!tool) {
    return {
      ok: false,
      failure: failure('not-executable', 'unknown-tool', `no tool named "${step.tool}" in the catalogue`),
      durationMs: 0,
    };
  }
  try {
    return await runtime.call(tool, args, signal);
  } catch (e) {
    if (signal?.aborted)
      return { ok: false, failure: failure('cancelled', 'aborted', 'stopped'), durationMs: 0 };
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, failure: failure('error', 'runtime-exception', message), durationMs: 0 };
  }
}

/**
 * Runs a plan step by step through a `ToolRuntime`, substituting references from executed outputs; on a
 * failure it asks `recombine` (plan repair, src/core/search) for a detour and goes on, until the plan
 * completes, no detour is left, or the run is cancelled (NaviAgent §3.3: "this adaptive loop can be
 * repeated until completion or infeasibility"). A failed tool is excluded for the rest of the task. An ok
 * call whose output lacks a field a later step references is an 'invalid-output' failure of that call.
 * The calls come back as a Trace whose failed calls carry their typed failure.
 */
export async function runPlan(
  world: ToolWorld,
  initialPlan: PlanStep[],
  runtime: ToolRuntime,
  options: RunPlanOptions = {},
): Promise<ExecutionResult> {
  const now = options.now ?? (() => Date.now());
  const maxRecombinations = options.maxRecombinations ?? 5;
  const { signal } = options;
  const state: RecombineState = {
    known: options.known ?? {},
    completed: {},
    excluded: options.excluded ?? new Set(),
  };
  const traceId = options.traceId ?? `recombination-${world.traces.length}`;
  let plan = initialPlan;
  const steps: StepRun[] = [];
  const log: ExecutedCall[] = [];
  const recombinations: Recombination[] = [];
  const finish = (end: RunEnd, reason: string): ExecutionResult => {
    const last = plan[plan.length - 1];
    const status =
      end.kind === 'completed' ? 'completed' : end.kind === 'cancelled' ? 'cancelled' : 'infeasible';
    return {
      status,
      end,
      reason,
      plan,
      steps,
      outputs: state.completed,
      ...(status === 'completed' && last ? { result: state.completed[last.step] } : {}),
      recombinations,
      trace: recordTrace(log, { id: traceId, query: options.query ?? '' }),
    };
  };

  for (;;) {
    const next = plan.find((s) => !(s.step in state.completed));
    if (!next) return finish({ kind: 'completed' }, `completed ${plan.length} steps`);
    if (signal?.aborted) return finish({ kind: 'cancelled' }, `cancelled before step ${next.step}`);
    let args: Record<string, unknown>;
    try {
      args = substituteReferences(next.args, state.completed) as Record<string, unknown>;
    } catch (e) {
      if (!UnresolvedReferenceError.isInstance(e)) throw e;
      const missing = e.step in state.completed ? 'field' : 'step';
      const end: RunEnd = {
        kind: 'unresolved-reference',
        step: next.step,
        missing,
        reference: { step: e.step, field: e.field },
      };
      return finish(end, `step ${next.step}: ${e.message}`);
    }
    const startedAt = now();
    let outcome = await callTool(world, runtime, next, args, signal);
    const durationMs = Math.max(0, now() - startedAt, outcome.durationMs);
    if (outcome.ok) {
      const output = outcome.output;
      const lacking = [...referencedFields(plan, next.step)].filter((f) => !outputField(output, f).found);
      if (lacking.length > 0) {
        const f = failure('invalid-output', 'missing-output-field', `output lacks ${lacking.join(', ')}`);
        outcome = { ok: false, failure: f, durationMs };
      }
    }
    const call = {
      step: next.step,
      tool: next.tool,
      args: next.args,
      deps: next.deps,
      startedAt,
      durationMs,
    };
    if (outcome.ok) {
      const { output, source } = outcome;
      state.completed[next.step] = output;
      steps.push({ step: next.step, tool: next.tool, args, ok: true, output, source });
      log.push({ ...call, status: 'ok', output, source });
      continue;
    }
    const f = outcome.failure;
    steps.push({ step: next.step, tool: next.tool, args, ok: false, failure: f });
    log.push({ ...call, status: 'error', failure: f });
    // A cancel is nobody's failure: stop, and do not plan around the tool.
    if (f.kind === 'cancelled' || signal?.aborted)
      return finish({ kind: 'cancelled' }, `cancelled during step ${next.step} (${next.tool})`);
    if (recombinations.length >= maxRecombinations) {
      return finish(
        { kind: 'recombination-limit', limit: maxRecombinations },
        `gave up after ${maxRecombinations} recombinations; last: ${next.tool} ${f.kind}`,
      );
    }
    const res = recombine(world, plan, { step: next.step, kind: f.kind, message: f.message }, state, options);
    if (res.status === 'infeasible') {
      recombinations.push({ step: next.step, tool: next.tool, failure: f, mode: null, reason: res.reason });
      return finish({ kind: 'no-detour', step: next.step, tool: next.tool, failure: f }, res.reason);
    }
    recombinations.push({ step: next.step, tool: next.tool, failure: f, mode: res.mode, reason: res.reason });
    plan = res.plan;
  }
}
