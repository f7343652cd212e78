/**
 * Tool implementations by name, and a `ToolRuntime` that executes them.
 *
 * Registering your own tool takes a few lines — an async function returning the tool's declared output
 * fields, and where its results come from:
 *
 * ```ts
 * import { RegistryRuntime, ToolRegistry } from './src/core/sandbox';
 *
 * const registry = new ToolRegistry().register('word_count', {
 *   source: { kind: 'bundled-data', label: 'local computation' },
 *   run: async (args) => ({ count: String(args.text).split(/\s+/).filter(Boolean).length }),
 * });
 * const runtime = new RegistryRuntime(registry);
 * // wordCountTool: the catalogue's `Tool` named word_count (its schemas; `returns` declares `count`)
 * const outcome = await runtime.call(wordCountTool, { text: 'one two three' });
 * // → { ok: true, output: { count: 3 }, source: {…}, durationMs: 0.1 }
 * ```
 *
 * The sandbox runtime is a `RegistryRuntime` too: `sandbox.registry.register('word_count', …)` adds a tool
 * beside the 20 built-in ones. Throw a `ToolCallError` subclass (src/core/sandbox/errors) for an expected
 * failure, so the caller gets its kind, code and message instead of a generic error.
 */
import type { CallFailure, CallOutcome } from '../execute/call-outcome';
import type { LexiconEntry, ToolImplementation, ToolRuntime } from '../execute/tool-runtime';
import type { Tool } from '../tools/tool';
import { ToolCallError } from './errors/tool-call-error';

export class ToolRegistry {
  private readonly tools = new Map<string, ToolImplementation>();

  /** Adds (or replaces) the implementation of `name`. Returns the registry, so calls chain. */
  register(name: string, implementation: ToolImplementation): this {
    this.tools.set(name, implementation);
    return this;
  }

  registerAll(implementations: Record<string, ToolImplementation>): this {
    for (const [name, implementation] of Object.entries(implementations)) this.register(name, implementation);
    return this;
  }

  unregister(name: string): boolean {
    return this.tools.delete(name);
  }

  get(name: string): ToolImplementation | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** Registered names, in registration order. */
  names(): string[] {
    return [...this.tools.keys()];
  }
}

export interface RegistryRuntimeOptions {
  /** Names the tools' data knows, for `lexicon()`. */
  lexicon?: () => LexiconEntry[] | Promise<LexiconEntry[]>;
  /** Milliseconds for `durationMs`; defaults to `performance.now`. */
  clock?: () => number;
}

/**
 * A `ToolRuntime` over a `ToolRegistry`. It never throws for a failed call: a missing implementation is
 * `not-executable`, an abort `cancelled`, a `ToolCallError` keeps its kind and code, and anything else a
 * tool throws is the tool's `error`.
 */
export class RegistryRuntime implements ToolRuntime {
  private readonly clock: () => number;

  constructor(
    readonly registry: ToolRegistry,
    private readonly options: RegistryRuntimeOptions = {},
  ) {
    this.clock = options.clock ?? (() => performance.now());
  }

  canExecute(tool: string): boolean {
    return this.registry.has(tool);
  }

  async call(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
    const started = this.clock();
    const elapsed = () => Math.max(0, this.clock() - started);
    const implementation = this.registry.get(tool.name);
    if (!implementation) return { ok: false, failure: notExecutable(tool.name), durationMs: 0 };
    if (signal?.aborted) return { ok: false, failure: cancelled(tool.name), durationMs: 0 };
    try {
      const output = await untilAborted(implementation.run(args, signal), signal);
      if (!isObjectWhenExpected(tool, output))
        return { ok: false, failure: invalidOutput(tool.name, output), durationMs: elapsed() };
      return { ok: true, output, source: implementation.source, durationMs: elapsed() };
    } catch (error) {
      return { ok: false, failure: failureOf(tool.name, error, signal), durationMs: elapsed() };
    }
  }

  async lexicon(): Promise<LexiconEntry[]> {
    return (await this.options.lexicon?.()) ?? [];
  }
}

/** Settles with `work`, or rejects as soon as the signal aborts (a slow tool must not hold up a Stop). */
function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function failureOf(tool: string, error: unknown, signal?: AbortSignal): CallFailure {
  if (signal?.aborted) return cancelled(tool);
  if (ToolCallError.isInstance(error)) return { kind: error.kind, code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'error', code: 'tool-error', message: `${tool} failed: ${message}` };
}

const notExecutable = (tool: string): CallFailure => ({
  kind: 'not-executable',
  code: 'no-implementation',
  message:
    `"${tool}" has no implementation yet, so it cannot run here. ` +
    'Register one with ToolRegistry.register, or use a tool of the built-in pack.',
});

const cancelled = (tool: string): CallFailure => ({
  kind: 'cancelled',
  code: 'aborted',
  message: `The call to ${tool} was stopped before it finished.`,
});

/** A tool that declares an object of output fields must answer with an object (fields flow by name). */
function isObjectWhenExpected(tool: Tool, output: unknown): boolean {
  const declaresObject = tool.returns?.type === 'object' || tool.returns?.properties !== undefined;
  return !declaresObject || (typeof output === 'object' && output !== null && !Array.isArray(output));
}

const invalidOutput = (tool: string, output: unknown): CallFailure => ({
  kind: 'invalid-output',
  code: 'output-not-object',
  message: `${tool} answered ${output === undefined ? 'nothing' : JSON.stringify(output)} instead of an object of its output fields.`,
});
