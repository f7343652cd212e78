import type { AgentWorld } from '../agent/agent-world';
import type { SubIntentState, TurnState } from '../agent/turn-state';
import type { CallView } from '../agent/agent-events';
import { LocalAgentWorld } from '../agent/local-agent-world';
import { findLiterals } from '../agent/literals';
import { DEMO_TOOLS } from '../demo/demo-tools';
import type { Embedder } from '../embed/embedder';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { CallFailure } from '../execute/call-outcome';
import type { Trace, TraceCall } from '../trace/trace';
import { ToolWorld } from '../world/world';

export const DAY = Date.UTC(2026, 10, 24, 10);

/**
 * The lexical embedder, except for the texts given a vector here: Score_ctx of those is exact (unit
 * vectors along chosen axes), so CIPS can be worked out by hand. Parameter standardization never embeds
 * these texts, so the world's clusters are the lexical ones.
 */
export class PinnedEmbedder implements Embedder {
  readonly id = 'pinned-lexical';
  readonly dimension = 512;
  private readonly lexical = new LexicalEmbedder();
  private readonly pinned = new Map<string, Float32Array>();

  pin(text: string, axis: number, y = 0): void {
    const v = new Float32Array(this.dimension);
    // A unit vector in the plane of `axis` and `axis + 1`: cos = x·x' + y·y' between two pins on one axis.
    v[axis] = Math.sqrt(1 - y * y);
    v[axis + 1] = y;
    this.pinned.set(text, v);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.pinned.get(t) ?? this.lexical.embedSync(t));
  }
}

/** "tool: description", the text Score_ctx compares the intuition with. */
export const toolText = (name: string): string =>
  `${name}: ${DEMO_TOOLS.find((t) => t.name === name)!.description}`;

export const ok = (tool: string, args: Record<string, unknown>, output: unknown): TraceCall => ({
  tool,
  args,
  output,
  status: 'ok',
  startedAt: 0,
  durationMs: 1,
});

export const failed = (
  tool: string,
  args: Record<string, unknown>,
  kind: CallFailure['kind'],
): TraceCall => ({
  tool,
  args,
  status: 'error',
  failure: { kind, code: kind, message: `${tool} ${kind}` },
  error: `${tool} ${kind}`,
  startedAt: 0,
  durationMs: 1,
});

let traceSeq = 0;
export const trace = (...calls: TraceCall[]): Trace => ({ id: `t${++traceSeq}`, query: 'q', calls });

/** The demo catalogue in a world of its own, with the given traces, on a pinned embedder. */
export async function handWorld(
  traces: Trace[],
  embedder = new PinnedEmbedder(),
): Promise<{ world: ToolWorld; agentWorld: AgentWorld; embedder: PinnedEmbedder }> {
  const world = ToolWorld.empty(embedder, { now: () => DAY });
  await world.importTools(DEMO_TOOLS);
  for (const t of traces) await world.ingestTrace(t);
  return { world, agentWorld: new LocalAgentWorld(world), embedder };
}

/** A turn state by hand: sub-intents (rank, text) and the calls made so far. */
export function turnState(
  turnId: string,
  subIntents: { rank: number; text: string; status?: SubIntentState['status'] }[],
  calls: CallView[] = [],
): TurnState {
  return {
    turnId,
    request: subIntents.map((s) => s.text).join(' and '),
    today: DAY,
    requestLiterals: findLiterals(subIntents.map((s) => s.text).join(' and '), DAY),
    subIntents: subIntents.map((s) => ({
      rank: s.rank,
      text: s.text,
      status: s.status ?? 'pending',
      dependsOn: [],
      literals: findLiterals(s.text, DAY),
      candidates: null,
      chain: null,
      answers: {},
      asked: new Set(),
    })),
    known: new Map(),
    calls,
    failedApis: new Set(),
    history: [],
    questions: [],
    step: calls.length,
  };
}

export const callView = (
  index: number,
  tool: string,
  args: Record<string, unknown>,
  output: unknown,
  status: 'ok' | 'error' = 'ok',
): CallView => ({
  index,
  tool,
  args,
  status,
  ...(status === 'ok'
    ? { output }
    : { failure: { kind: 'unavailable' as const, code: 'down', message: `${tool} is down` } }),
});
