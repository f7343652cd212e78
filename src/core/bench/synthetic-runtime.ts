import type { CallOutcome } from '../execute/call-outcome';
import type { ToolRuntime } from '../execute/tool-runtime';
import type { PlanStep } from '../plan/plan-step';
import { referencedFields } from '../plan/step-references';
import type { Tool } from '../tools/tool';
import { syntheticOutput } from './search-bench';

/**
 * A ToolRuntime for simulated execution of gold plans in bench:search: every call succeeds with a
 * synthetic output holding every field the tool can be asked for (`fields`: declared or standardized
 * outputs, see `outputFieldIndex`) plus every field the gold plan reads from a step of that tool, so any
 * reference a plan builder or the gold plan writes resolves. Faults come from wrapping it in a
 * `FailureInjector` (src/core/execute/failure-injection.ts). Call `startTask` before each plan: the
 * call counter numbers the task's calls, which keeps output values distinct.
 */
export class SyntheticRuntime implements ToolRuntime {
  private calls = 0;
  private readonly referenced = new Map<string, Set<string>>();

  constructor(private readonly fields: ReadonlyMap<string, readonly string[]>) {}

  /** A new task run from `goldPlan`. */
  startTask(goldPlan: readonly PlanStep[]): void {
    this.calls = 0;
    this.referenced.clear();
    for (const s of goldPlan) {
      const set = this.referenced.get(s.tool) ?? new Set<string>();
      for (const f of referencedFields(goldPlan, s.step)) set.add(f);
      this.referenced.set(s.tool, set);
    }
  }

  canExecute(): boolean {
    return true;
  }

  call(tool: Tool): Promise<CallOutcome> {
    const output = syntheticOutput(
      tool.name,
      this.calls++,
      this.fields.get(tool.name) ?? [],
      this.referenced.get(tool.name) ?? [],
    );
    return Promise.resolve({
      ok: true,
      output,
      source: { kind: 'simulated', label: 'synthetic output' },
      durationMs: 0,
    });
  }
}
