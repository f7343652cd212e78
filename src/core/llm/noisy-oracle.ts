import { mulberry32, type Random } from '../util/prng';
import { isToolLoopContext } from '../eval/tool-loop-protocol';
import type { ChatRequest, ChatResponse, EngineInfo, LlmEngine } from './llm-engine';
import type { OracleEngine, OracleTask } from './oracle-engine';

/** The mistakes a weak model makes, as the noisy oracle injects them. */
export type OracleFault = 'wrong-tool' | 'wrong-argument' | 'malformed';

export const ORACLE_FAULTS: readonly OracleFault[] = ['wrong-tool', 'wrong-argument', 'malformed'];

export interface NoisyOracleOptions {
  /** Chance that one reply carries a mistake (default 0.2). */
  rate?: number;
  seed?: number;
  /** Which mistakes (default all three), drawn uniformly among those that fit the reply. */
  faults?: readonly OracleFault[];
}

/** What a malformed reply looks like: prose around JSON that does not parse (unquoted values). */
const MALFORMED = 'Sure! I will handle that now: [{"dependency_rank": 1, "action": call_api, target_api: }]';

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The oracle with a weak model's mistakes, seeded: each reply is, with probability `rate`, changed in one
 * way — a call names another tool it could have called (wrong tool), one argument of a call gets a wrong
 * value (wrong argument), or the reply is not valid JSON (malformed). It measures how much of a weak
 * model's error the scaffolding absorbs (the retry on an invalid reply, the schema gate, repair, inertia's
 * guards, recombination). The draws restart for every task from (seed, task id), so two configurations see
 * the same sequence of draws on a task.
 */
export class NoisyOracleEngine implements LlmEngine {
  readonly info: EngineInfo;
  /** Mistakes made, by kind, since creation. */
  readonly injected: Record<OracleFault, number> = { 'wrong-tool': 0, 'wrong-argument': 0, malformed: 0 };
  replies = 0;
  private rand: Random;

  constructor(
    readonly oracle: OracleEngine,
    private readonly options: NoisyOracleOptions = {},
  ) {
    const rate = options.rate ?? 0.2;
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`noise rate must be in [0, 1], got ${rate}`);
    this.info = {
      kind: 'noisy-oracle',
      model: `oracle+noise(${rate})`,
      label: `Noisy oracle (${rate} mistakes)`,
    };
    this.rand = mulberry32(options.seed ?? 1);
  }

  get world() {
    return this.oracle.world;
  }

  set world(w) {
    this.oracle.world = w;
  }

  beginTask(task: OracleTask): void {
    this.oracle.beginTask(task);
    this.rand = mulberry32(hash32(`${this.options.seed ?? 1}|${task.id}`));
  }

  countTokens(text: string): number {
    return this.oracle.countTokens(text);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const started = performance.now();
    request.signal?.throwIfAborted();
    const text = this.corrupt(this.oracle.reply(request), request.context);
    this.replies++;
    request.onText?.(text);
    return {
      text,
      usage: {
        promptTokens: this.oracle.promptTokens(request.messages),
        completionTokens: this.oracle.countTokens(text),
      },
      ms: performance.now() - started,
      constrained: false,
    };
  }

  /** The clean reply, or the same with one mistake. */
  corrupt(clean: string, context: unknown): string {
    if (!(this.rand() < (this.options.rate ?? 0.2))) return clean;
    const parsed = JSON.parse(clean) as unknown;
    const calls = callsIn(parsed);
    const offered = offeredTools(context);
    const possible = (this.options.faults ?? ORACLE_FAULTS).filter(
      (f) =>
        f === 'malformed' ||
        (f === 'wrong-tool' && calls.some((c) => offered.some((t) => t !== c.tool))) ||
        (f === 'wrong-argument' && calls.some((c) => Object.keys(c.args).length > 0)),
    );
    if (possible.length === 0) return clean;
    const fault = possible[Math.floor(this.rand() * possible.length)]!;
    this.injected[fault]++;
    if (fault === 'malformed') return MALFORMED;
    if (fault === 'wrong-tool') {
      const c = pick(
        this.rand,
        calls.filter((x) => offered.some((t) => t !== x.tool)),
      );
      c.setTool(
        pick(
          this.rand,
          offered.filter((t) => t !== c.tool),
        ),
      );
    } else {
      const c = pick(
        this.rand,
        calls.filter((x) => Object.keys(x.args).length > 0),
      );
      const key = pick(this.rand, Object.keys(c.args).sort());
      c.args[key] = wrongValue(c.args[key], this.rand);
    }
    return JSON.stringify(parsed);
  }
}

interface CallRef {
  tool: string;
  args: Record<string, unknown>;
  setTool(t: string): void;
}

/** The calls in a reply, in either format, as handles that edit the parsed reply in place. */
function callsIn(parsed: unknown): CallRef[] {
  const out: CallRef[] = [];
  const items = Array.isArray(parsed) ? parsed : [parsed];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    if (o.action === 'call_api' && typeof o.target_api === 'string') {
      o.params = (o.params as Record<string, unknown>) ?? {};
      out.push({
        tool: o.target_api,
        args: o.params as Record<string, unknown>,
        setTool: (t) => (o.target_api = t),
      });
    } else if (o.action === 'call' && typeof o.tool === 'string') {
      o.args = (o.args as Record<string, unknown>) ?? {};
      out.push({ tool: o.tool, args: o.args as Record<string, unknown>, setTool: (t) => (o.tool = t) });
    }
  }
  return out;
}

function offeredTools(context: unknown): string[] {
  if (isToolLoopContext(context)) return [...context.offered];
  const c = context as { callable?: readonly string[] } | undefined;
  return [...(c?.callable ?? [])];
}

function pick<T>(rand: Random, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] ?? items[0]!;
}

/** A plausible wrong value of the same type. */
function wrongValue(v: unknown, rand: Random): unknown {
  if (typeof v === 'number') return v + 1 + Math.floor(rand() * 9);
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'string') {
    const n = Number(v);
    if (v.trim() && Number.isFinite(n)) return String(n + 1);
    return v.length > 3 ? `${v.slice(0, Math.ceil(v.length / 2))}` : `${v}x`;
  }
  if (Array.isArray(v)) return v.slice(0, Math.max(0, v.length - 1));
  return null;
}
