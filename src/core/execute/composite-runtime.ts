import type { Tool } from '../tools/tool';
import type { CallOutcome } from './call-outcome';
import type { LexiconEntry, ToolRuntime } from './tool-runtime';

/**
 * Real implementations first, the simulator otherwise: each call goes to the first runtime that can
 * really execute the tool (the sandbox pack, HTTP or MCP tools); a catalogue tool that only has a schema
 * goes to `fallback` (the API simulator, whose results say they are simulated). The lexicon is what the
 * real runtimes know.
 */
export class CompositeRuntime implements ToolRuntime {
  constructor(
    private readonly real: readonly ToolRuntime[],
    private readonly fallback: ToolRuntime,
  ) {}

  /** The runtime a tool's calls go to. */
  runtimeFor(tool: string): ToolRuntime {
    return this.real.find((r) => r.canExecute(tool)) ?? this.fallback;
  }

  canExecute(tool: string): boolean {
    return this.real.some((r) => r.canExecute(tool)) || this.fallback.canExecute(tool);
  }

  call(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
    return this.runtimeFor(tool.name).call(tool, args, signal);
  }

  async lexicon(): Promise<LexiconEntry[]> {
    const all = await Promise.all(this.real.map((r) => r.lexicon?.() ?? Promise.resolve([])));
    return all.flat();
  }
}
