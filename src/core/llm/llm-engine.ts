/**
 * The one interface every LLM engine implements (OpenAI chat-completions shape): WebLLM in a worker, an
 * OpenAI-compatible endpoint, and the scripted and oracle engines of tests and evaluation. The agent
 * never knows which one it talks to; the UI shows `info`.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /**
   * JSON Schema the answer must follow. Engines that can constrain decoding (WebLLM's JSON-schema mode,
   * servers that take `response_format`) do; others are asked in words and the caller validates.
   */
  jsonSchema?: Record<string, unknown>;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  /** Streaming: called with each new piece of text as it is decoded. */
  onText?: (delta: string) => void;
  /**
   * What the prompt was built from, for engines that answer from structure instead of text (the oracle
   * and scripted engines). Real models ignore it; it never changes what a real model sees.
   */
  context?: unknown;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResponse {
  text: string;
  usage: TokenUsage;
  /** Wall time of the request. */
  ms: number;
  /** Decode / prefill speed when the engine reports it (WebLLM's `usage.extra`). */
  decodeTokensPerSecond?: number;
  prefillTokensPerSecond?: number;
  /** True when the answer was decoded under the JSON schema (so it cannot be malformed). */
  constrained: boolean;
}

export type EngineKind = 'webllm' | 'endpoint' | 'scripted' | 'oracle' | 'noisy-oracle' | 'graph-only';

export interface EngineInfo {
  kind: EngineKind;
  /** Model id, e.g. `Qwen2.5-0.5B-Instruct-q4f32_1-MLC`, `llama3.2:1b`, `oracle`. */
  model: string;
  /** What the header says, e.g. "WebLLM · Qwen2.5 0.5B (WebGPU)". */
  label: string;
}

export interface LlmEngine {
  readonly info: EngineInfo;
  chat(request: ChatRequest): Promise<ChatResponse>;
  /** Exact token count with the model's tokenizer when the engine has one. */
  countTokens?(text: string): number | Promise<number>;
  dispose?(): Promise<void>;
}
