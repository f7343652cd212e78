import type { CallFailure } from '../execute/call-outcome';
import type { DetourView } from '../execute/reto/detour';
import type { ToolRuntime } from '../execute/tool-runtime';
import { substituteReferences } from '../plan/references';
import type { TraceCall } from '../trace/trace';
import type { CallView, ChainView } from './agent-events';
import type { AgentWorld } from './agent-world';
import { nothingToPass, scalarFromLists } from './list-args';

/**
 * Runs one sub-intent's toolchain. The loop hands over the chain and is told about every call as it
 * starts and ends; the executor decides how (in order, or layer by layer with a schema gate, repair and
 * recombination: `RetoExecutor`, src/core/execute/reto-executor.ts, the default). Calls are numbered
 * from `firstCallIndex` so the turn's trace stays in one sequence; ends are reported in index order.
 */
export interface ChainExecutor {
  run(request: ChainRunRequest): Promise<ChainRunResult>;
}

export interface ChainRunRequest {
  chain: ChainView;
  /** The sub-intent's target API (its step is the one the sub-intent is about). */
  target: string;
  world: AgentWorld;
  runtime: ToolRuntime;
  /** Where each argument of the target came from (shown with the call). */
  argSources?: Record<string, string>;
  /** Index the first call gets in the turn (calls made before this chain). */
  firstCallIndex: number;
  /** Tools that failed earlier in the turn: never call them again. */
  failedApis: ReadonlySet<string>;
  /** Values the turn knows, by standardized parameter node (recombination plans new steps with them). */
  known?: Record<string, unknown>;
  /** The sub-intent's words (the context-constrained prompt shows them). */
  query?: string;
  signal?: AbortSignal;
  onCallStart(call: CallView): void;
  /** `traceCall` is the call as the world will learn it (arguments as sent, deps as call indices). */
  onCallEnd(call: CallView, traceCall: TraceCall): void;
  /** Notes for the user ("repaired city_name → city", "switched to …"). */
  onNotice?(level: 'info' | 'warning', text: string): void;
}

export type ChainRunResult =
  | {
      status: 'ok';
      result: unknown;
      /** The tool whose output is the result, when a detour switched the target. */
      target?: string;
      /** Detours taken on the way (their failed tools are out for the rest of the turn). */
      detours?: DetourView[];
    }
  | {
      status: 'failed';
      tool: string;
      failure: CallFailure;
      /** Index of the failed call, when one was made. */
      call?: number;
      /** Why no detour was found, when one was looked for. */
      why?: string;
      detours?: DetourView[];
    }
  | { status: 'stopped' };

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The plain executor: steps in the chain's (dependency) order, references substituted from earlier
 * outputs, stopping at the first failure so the loop can route around it.
 */
export class SequentialExecutor implements ChainExecutor {
  async run(req: ChainRunRequest): Promise<ChainRunResult> {
    const outputs: Record<number, unknown> = {};
    const callOfStep = new Map<number, number>();
    let index = req.firstCallIndex;
    let result: unknown;
    for (const step of req.chain.steps) {
      if (req.signal?.aborted) return { status: 'stopped' };
      const tool = req.world.tool(step.tool);
      if (!tool)
        return {
          status: 'failed',
          tool: step.tool,
          failure: {
            kind: 'not-executable',
            code: 'unknown-tool',
            message: `${step.tool} is not in the catalogue.`,
          },
        };
      let args: Record<string, unknown>;
      try {
        args = scalarFromLists(tool, substituteReferences(step.args, outputs) as Record<string, unknown>);
      } catch (error) {
        return {
          status: 'failed',
          tool: step.tool,
          failure: { kind: 'invalid-output', code: 'missing-field', message: message(error) },
        };
      }
      const empty = nothingToPass(tool, args, step.args, req.chain.steps);
      if (empty) return { status: 'failed', tool: step.tool, failure: empty };
      const view: CallView = {
        index: index++,
        tool: step.tool,
        args,
        status: 'running',
        ...(step.tool === req.target && req.argSources ? { argSources: req.argSources } : {}),
      };
      req.onCallStart({ ...view });
      const startedAt = Date.now();
      const outcome = await req.runtime.call(tool, args, req.signal);
      view.ms = outcome.durationMs;
      const deps = step.deps.map((d) => callOfStep.get(d)).filter((d): d is number => d !== undefined);
      if (outcome.ok) {
        view.status = 'ok';
        view.output = outcome.output;
        view.source = outcome.source;
        outputs[step.step] = outcome.output;
        callOfStep.set(step.step, view.index);
        result = outcome.output;
      } else {
        view.status = 'error';
        view.failure = outcome.failure;
      }
      req.onCallEnd(
        { ...view },
        {
          tool: step.tool,
          args,
          status: outcome.ok ? 'ok' : 'error',
          ...(outcome.ok
            ? { output: outcome.output, source: outcome.source }
            : { error: outcome.failure.message, failure: outcome.failure }),
          startedAt,
          durationMs: outcome.durationMs,
          deps,
        },
      );
      if (!outcome.ok) {
        if (outcome.failure.kind === 'cancelled' && req.signal?.aborted) return { status: 'stopped' };
        return { status: 'failed', tool: step.tool, failure: outcome.failure };
      }
    }
    return { status: 'ok', result };
  }
}
