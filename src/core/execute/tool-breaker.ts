import type { Tool } from '../tools/tool';
import type { CallOutcome } from './call-outcome';
import { FailureInjector, type InjectedFault } from './failure-injection';
import type { LexiconEntry, ToolRuntime } from './tool-runtime';

export interface BrokenTool {
  tool: string;
  fault: InjectedFault;
}

export interface ToolBreakerState {
  /** Tools broken on purpose, in the order they were broken. */
  broken: BrokenTool[];
}

export const FAULT_KINDS: readonly InjectedFault[] = [
  'unavailable',
  'error',
  'timeout',
  'empty-result',
  'malformed-result',
  'slow',
];

/**
 * Breaking tools on purpose, so a person can watch the agent route around them (the chat's "Break a
 * tool" panel). Every call of a broken tool goes through a `FailureInjector` set to that tool's fault
 * (the one simulator of failures); other tools run untouched. A framework-free store: the UI reads
 * `getState` and subscribes. Timeouts and slow answers really wait, briefly, so they can be seen.
 */
export class ToolBreaker {
  private state: ToolBreakerState = { broken: [] };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly delays: { timeoutMs: number; slowMs: number } = { timeoutMs: 3000, slowMs: 2000 },
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ToolBreakerState => this.state;

  /** Breaks `tool` with `fault` (again with another fault, if it was broken already). */
  breakTool(tool: string, fault: InjectedFault): void {
    this.set([...this.state.broken.filter((b) => b.tool !== tool), { tool, fault }]);
  }

  fix(tool: string): void {
    this.set(this.state.broken.filter((b) => b.tool !== tool));
  }

  reset(): void {
    this.set([]);
  }

  faultOf(tool: string): InjectedFault | null {
    return this.state.broken.find((b) => b.tool === tool)?.fault ?? null;
  }

  /** `runtime` with the broken tools failing as set (read at call time, so changes apply at once). */
  wrap(runtime: ToolRuntime): ToolRuntime {
    return {
      canExecute: (tool) => runtime.canExecute(tool),
      lexicon: (): Promise<LexiconEntry[]> => runtime.lexicon?.() ?? Promise.resolve([]),
      call: (tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> => {
        const fault = this.faultOf(tool.name);
        if (!fault) return runtime.call(tool, args, signal);
        const injector = new FailureInjector(runtime, {
          seed: 1,
          rates: { [tool.name]: 1 },
          faults: fault,
          realDelays: true,
          ...this.delays,
        });
        return injector.call(tool, args, signal);
      },
    };
  }

  private set(broken: BrokenTool[]): void {
    this.state = { broken };
    for (const l of this.listeners) l();
  }
}
