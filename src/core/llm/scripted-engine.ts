import type { ChatRequest, ChatResponse, EngineInfo, LlmEngine } from './llm-engine';
import { estimatePromptTokens, estimateTokens } from './token-estimate';

/** A reply function: sees the request (its messages and `context`) and its 0-based index. */
export type ScriptedReplyFn = (request: ChatRequest, index: number) => string | Promise<string>;

export interface ScriptedEngineOptions {
  /** Replies in order, or a function that makes each one. */
  replies: readonly string[] | ScriptedReplyFn;
  /** Shown in `info.model`; default `scripted`. */
  model?: string;
  /**
   * What `constrained` the responses claim. Default false: a script can say anything, so the caller
   * validates as it would for an unconstrained model.
   */
  constrained?: boolean;
}

/**
 * The engine of tests and demos: answers from a script instead of a model. Streams each reply in
 * word-sized pieces when `onText` is set, counts tokens as chars/4, honours `signal`, and keeps every
 * request it got so tests can look at the prompts.
 */
export class ScriptedEngine implements LlmEngine {
  readonly info: EngineInfo;
  /** Every request, in order. */
  readonly requests: ChatRequest[] = [];
  private readonly replies: readonly string[] | ScriptedReplyFn;
  private readonly constrained: boolean;

  constructor(options: ScriptedEngineOptions) {
    this.replies = options.replies;
    this.constrained = options.constrained ?? false;
    const model = options.model ?? 'scripted';
    this.info = { kind: 'scripted', model, label: `Scripted · ${model}` };
  }

  /** How many scripted replies are left (Infinity for a reply function). */
  get remaining(): number {
    return typeof this.replies === 'function' ? Infinity : this.replies.length - this.requests.length;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const started = performance.now();
    request.signal?.throwIfAborted();
    const index = this.requests.length;
    this.requests.push(request);
    const text = await this.reply(request, index);
    request.signal?.throwIfAborted();
    if (request.onText) for (const piece of pieces(text)) request.onText(piece);
    return {
      text,
      usage: { promptTokens: estimatePromptTokens(request.messages), completionTokens: estimateTokens(text) },
      ms: performance.now() - started,
      constrained: this.constrained,
    };
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  private async reply(request: ChatRequest, index: number): Promise<string> {
    if (typeof this.replies === 'function') return this.replies(request, index);
    const reply = this.replies[index];
    if (reply === undefined)
      throw new Error(
        `ScriptedEngine: request ${index + 1} has no scripted reply (the script has ${this.replies.length}).`,
      );
    return reply;
  }
}

/** Word-sized pieces (each with the whitespace before the next word), like a model's stream. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
