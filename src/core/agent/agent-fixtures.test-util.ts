import { DEMO_TOOLS } from '../demo/demo-tools';
import { demoTraces } from '../demo/demo-traces';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { CallOutcome, CallFailure } from '../execute/call-outcome';
import type { LexiconEntry, ToolRuntime } from '../execute/tool-runtime';
import type { JsonSchemaObject, Tool } from '../tools/tool';
import { ToolWorld } from '../world/world';
import { createSandboxRuntime } from '../sandbox';
import { Agent } from './agent';
import type { TurnResult } from './agent-events';
import { builtInAgentWorld } from './fixtures/run-fixture';
import { STATE_CHANGING, chatOnSandbox } from './fixtures/run-written';
import { GraphPolicy } from './graph-policy';
import { LocalAgentWorld } from './local-agent-world';

/** The built-in demo world (tools + seeded traces) as the agent sees it, fresh per call. */
export async function demoAgentWorld(): Promise<LocalAgentWorld> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => Date.UTC(2026, 10, 24) });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces()) await world.ingestTrace(t);
  return new LocalAgentWorld(world);
}

/**
 * The graph-only agent on the built-in tools and their in-memory sandbox, as a first-time user meets it.
 * `now` fixes the clock of both (a test that reads weekdays must not depend on the day CI runs).
 */
export async function graphOnlySandboxAgent(now?: () => number): Promise<Agent> {
  return new Agent({
    world: await builtInAgentWorld(),
    runtime: await createSandboxRuntime(now ? { now } : {}),
    policy: new GraphPolicy(),
    learn: false,
    ...(now ? { now } : {}),
  });
}

/** The writers' "today" of the written request sets: Sunday 2026-12-06, 10:00 (`run-written.ts`). */
export const WRITERS_DAY = Date.parse('2026-12-06T10:00:00Z');

/** One request through a fresh graph-only sandbox agent on the writers' day. */
export const runOnWritersDay = async (request: string): Promise<TurnResult> =>
  (await graphOnlySandboxAgent(() => WRITERS_DAY)).runTurn(request);

/**
 * A chat on the writers' day: one sandbox, an agent per message (as the app's session makes them), each
 * message read with the turns before it. The turns' results, in order.
 */
export async function chatOnWritersDay(messages: readonly string[]): Promise<TurnResult[]> {
  return chatOnSandbox(await builtInAgentWorld(), messages, () => WRITERS_DAY);
}

/** The tools a turn called, in order. */
export const toolsCalled = (r: TurnResult): string[] => r.calls.map((c) => c.tool);

/** The arguments of the `nth` call of `tool` in a turn. */
export const argsOf = (r: TurnResult, tool: string, nth = 0): Record<string, unknown> | undefined =>
  r.calls.filter((c) => c.tool === tool)[nth]?.args;

/** The state-changing tools a turn ran successfully (`STATE_CHANGING`). */
export const actsDone = (r: TurnResult): string[] =>
  r.calls
    .filter((c) => c.status === 'ok' && (STATE_CHANGING as readonly string[]).includes(c.tool))
    .map((c) => c.tool);

export interface RecordedCall {
  tool: string;
  args: Record<string, unknown>;
}

type Handler = (args: Record<string, unknown>) => unknown;

/** A runtime for loop tests: canned outputs per tool, failures on demand, every call recorded. */
export class FakeRuntime implements ToolRuntime {
  readonly calls: RecordedCall[] = [];
  readonly failing = new Map<string, CallFailure>();

  constructor(
    private readonly handlers: Record<string, Handler>,
    private readonly entries: LexiconEntry[] = [],
  ) {}

  canExecute(tool: string): boolean {
    return tool in this.handlers;
  }

  async call(tool: Tool, args: Record<string, unknown>): Promise<CallOutcome> {
    this.calls.push({ tool: tool.name, args });
    const failure = this.failing.get(tool.name);
    if (failure) return { ok: false, failure, durationMs: 1 };
    const h = this.handlers[tool.name];
    if (!h)
      return {
        ok: false,
        failure: { kind: 'not-executable', code: 'no-impl', message: `${tool.name} has no implementation` },
        durationMs: 0,
      };
    return { ok: true, output: h(args), source: { kind: 'sandbox', label: 'test' }, durationMs: 1 };
  }

  async lexicon(): Promise<LexiconEntry[]> {
    return this.entries;
  }
}

export const ANNA: LexiconEntry = { kind: 'person', value: 'Anna Keller', aliases: ['anna'] };

/** A string input or output with its description (catalogue tests). */
export const stringField = (description: string): JsonSchemaObject => ({ type: 'string', description });

/** A tool of a hand-written catalogue: its inputs (some required) and its outputs. */
export const catalogueTool = (
  name: string,
  description: string,
  properties: Record<string, JsonSchemaObject>,
  required: string[],
  returns: Record<string, JsonSchemaObject>,
): Tool => ({
  name,
  description,
  category: 'test',
  source: 'openai',
  parameters: { type: 'object', properties, required },
  returns: { type: 'object', properties: returns },
});

/**
 * One graph-only turn on a catalogue nobody has called yet (no traces, nothing learnt): the tools imported
 * into an empty world, each served by its canned output.
 */
export async function firstTurnOn(
  tools: readonly Tool[],
  outputs: Record<string, Handler>,
  request: string,
): Promise<TurnResult> {
  const world = ToolWorld.empty(new LexicalEmbedder());
  await world.importTools([...tools]);
  const agent = new Agent({
    world: new LocalAgentWorld(world),
    runtime: new FakeRuntime(outputs),
    policy: new GraphPolicy(),
    learn: false,
  });
  return agent.runTurn(request);
}
