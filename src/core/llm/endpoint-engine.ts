import { EndpointHttpError } from './endpoint-http-error';
import { EndpointResponseError } from './endpoint-response-error';
import { EndpointTimeoutError } from './endpoint-timeout-error';
import { EndpointUnreachableError } from './endpoint-unreachable-error';
import type { ChatRequest, ChatResponse, EngineInfo, LlmEngine, TokenUsage } from './llm-engine';
import { readSseData } from './sse-reader';
import { estimatePromptTokens, estimateTokens } from './token-estimate';

export interface EndpointEngineOptions {
  /** Server root or its `/v1`, e.g. `http://127.0.0.1:8080` (llama.cpp), `http://127.0.0.1:11434/v1` (Ollama). */
  baseUrl: string;
  /** Model name the server knows, e.g. `llama3.2:1b`; llama.cpp's server accepts any. */
  model: string;
  apiKey?: string;
  /**
   * Longest wait with nothing arriving, in ms (default 120 000). It restarts with every streamed piece,
   * so a long streamed answer is fine; a non-streamed one must finish within it.
   */
  timeoutMs?: number;
  /** False when the user says the server does not take `response_format` (the caller then validates). */
  responseFormat?: boolean;
  /** Injected in tests; default the global fetch. */
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/** `<root>/v1/chat/completions` and `<root>/v1/models` from what the user typed. */
export function endpointUrls(baseUrl: string): { chat: string; models: string } {
  let root = baseUrl.trim().replace(/\/+$/, '');
  root = root.replace(/\/chat\/completions$/, '').replace(/\/models$/, '');
  if (!/\/v1$/.test(root)) root += '/v1';
  return { chat: `${root}/chat/completions`, models: `${root}/models` };
}

/**
 * An OpenAI-compatible `/v1/chat/completions` server (llama.cpp server, Ollama, vLLM…) as an LlmEngine.
 * A JSON schema goes out as `response_format: json_schema` (strict), which those servers turn into
 * constrained decoding. A server that refuses it (HTTP 400 naming response_format) is asked again without,
 * once, and not offered it again: the answer is then `constrained: false` and the caller validates.
 */
export class EndpointEngine implements LlmEngine {
  readonly info: EngineInfo;
  private readonly urls: { chat: string; models: string };
  private readonly timeoutMs: number;
  /** Null until a server has accepted or refused `response_format`; false also when the user said so. */
  private responseFormatAccepted: boolean | null;

  constructor(private readonly options: EndpointEngineOptions) {
    this.urls = endpointUrls(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.responseFormatAccepted = options.responseFormat === false ? false : null;
    this.info = {
      kind: 'endpoint',
      model: options.model,
      label: `Endpoint · ${options.model} (${host(this.urls.chat)})`,
    };
  }

  /** Whether the server takes `response_format` (null: not known yet). */
  get responseFormatSupported(): boolean | null {
    return this.responseFormatAccepted;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const started = performance.now();
    const useSchema = request.jsonSchema !== undefined && this.responseFormatAccepted !== false;
    try {
      const response = await this.complete(request, useSchema, started);
      if (useSchema) this.responseFormatAccepted = true;
      return response;
    } catch (e) {
      if (!useSchema || !refusesResponseFormat(e)) throw e;
      this.responseFormatAccepted = false;
      return this.complete(request, false, started);
    }
  }

  /** Model names from `GET /v1/models`, for the settings form. */
  async listModels(signal?: AbortSignal): Promise<string[]> {
    const url = this.urls.models;
    const guard = new RequestGuard(url, this.timeoutMs, signal);
    try {
      const response = await this.fetchFn()(url, { headers: this.headers(), signal: guard.signal });
      if (!response.ok) throw await httpError(url, response);
      const body = parseJson(url, await response.text());
      const data = isRecord(body) ? body.data : undefined;
      if (!Array.isArray(data)) throw new EndpointResponseError(url, 'no "data" list of models');
      return data.flatMap((m) => (isRecord(m) && typeof m.id === 'string' ? [m.id] : []));
    } catch (e) {
      throw guard.explain(e);
    } finally {
      guard.dispose();
    }
  }

  private async complete(request: ChatRequest, useSchema: boolean, started: number): Promise<ChatResponse> {
    const url = this.urls.chat;
    const stream = request.onText !== undefined;
    const guard = new RequestGuard(url, this.timeoutMs, request.signal);
    try {
      const response = await this.fetchFn()(url, {
        method: 'POST',
        headers: { ...this.headers(), 'content-type': 'application/json' },
        body: JSON.stringify(this.body(request, useSchema, stream)),
        signal: guard.signal,
      });
      if (!response.ok) throw await httpError(url, response);
      guard.touch();
      const isSse = (response.headers.get('content-type') ?? '').includes('text/event-stream');
      // A server may ignore `stream: true` and answer in one piece; that is still a good answer.
      const answer =
        stream && isSse && response.body
          ? await readStream(url, response.body, request.onText ?? (() => undefined), () => guard.touch())
          : readWhole(url, await response.text(), stream ? request.onText : undefined);
      return {
        text: answer.text,
        usage: usageOf(answer.usage, request, answer.text),
        ms: performance.now() - started,
        ...answer.speed,
        constrained: useSchema,
      };
    } catch (e) {
      throw guard.explain(e);
    } finally {
      guard.dispose();
    }
  }

  private body(request: ChatRequest, useSchema: boolean, stream: boolean): Record<string, unknown> {
    const body: Record<string, unknown> = { model: this.options.model, messages: request.messages };
    if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (useSchema && request.jsonSchema)
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: schemaName(request.jsonSchema), schema: request.jsonSchema, strict: true },
      };
    if (stream) {
      body.stream = true;
      body.stream_options = { include_usage: true };
    }
    return body;
  }

  private headers(): Record<string, string> {
    return this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {};
  }

  private fetchFn(): typeof fetch {
    // Called unbound, the browser's fetch throws "Illegal invocation".
    return this.options.fetch ?? globalThis.fetch.bind(globalThis);
  }
}

interface Answer {
  text: string;
  usage: Partial<TokenUsage>;
  speed: { decodeTokensPerSecond?: number; prefillTokensPerSecond?: number };
}

/**
 * Aborts a fetch on the caller's signal or after `timeoutMs` without bytes, and turns what fetch threw
 * into the error a user can act on (the timeout, unreachable, or the caller's own abort reason as is).
 */
class RequestGuard {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timedOut = false;
  private readonly onAbort = (): void => this.controller.abort(this.outer?.reason);

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly outer: AbortSignal | undefined,
  ) {
    outer?.throwIfAborted();
    outer?.addEventListener('abort', this.onAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
  }

  explain(e: unknown): unknown {
    if (this.timedOut) return new EndpointTimeoutError(this.url, this.timeoutMs);
    if (this.outer?.aborted) return this.outer.reason ?? e;
    if (e instanceof EndpointHttpError || e instanceof EndpointResponseError) return e;
    // fetch rejects with a TypeError for every network-level failure (refused, DNS, CORS, reset).
    if (e instanceof TypeError) return new EndpointUnreachableError(this.url, pageOrigin(), e);
    return e;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onAbort);
  }
}

async function readStream(
  url: string,
  body: ReadableStream<Uint8Array>,
  onText: (delta: string) => void,
  onBytes: () => void,
): Promise<Answer> {
  const answer: Answer = { text: '', usage: {}, speed: {} };
  for await (const data of readSseData(body, onBytes)) {
    if (data.trim() === '[DONE]') break;
    const chunk = parseJson(url, data);
    if (!isRecord(chunk)) throw new EndpointResponseError(url, 'a stream chunk is not an object');
    if (chunk.error !== undefined)
      throw new EndpointResponseError(
        url,
        `the server reported an error mid-stream: ${errorText(chunk.error)}`,
      );
    const delta = firstChoice(chunk)?.delta;
    const piece = isRecord(delta) ? delta.content : undefined;
    if (typeof piece === 'string' && piece !== '') {
      answer.text += piece;
      onText(piece);
    }
    readMeta(chunk, answer);
  }
  return answer;
}

function readWhole(url: string, raw: string, onText?: (delta: string) => void): Answer {
  const body = parseJson(url, raw);
  if (!isRecord(body)) throw new EndpointResponseError(url, 'the body is not a JSON object');
  const message = firstChoice(body)?.message;
  const text = isRecord(message) ? message.content : undefined;
  if (typeof text !== 'string') throw new EndpointResponseError(url, 'no choices[0].message.content');
  const answer: Answer = { text, usage: {}, speed: {} };
  readMeta(body, answer);
  if (onText && text) onText(text);
  return answer;
}

/** Usage (OpenAI) and speed (llama.cpp's `timings`), wherever a chunk or body carries them. */
function readMeta(body: Record<string, unknown>, answer: Answer): void {
  const usage = body.usage;
  if (isRecord(usage)) {
    if (typeof usage.prompt_tokens === 'number') answer.usage.promptTokens = usage.prompt_tokens;
    if (typeof usage.completion_tokens === 'number') answer.usage.completionTokens = usage.completion_tokens;
  }
  const timings = body.timings;
  if (isRecord(timings)) {
    if (typeof timings.predicted_per_second === 'number')
      answer.speed.decodeTokensPerSecond = timings.predicted_per_second;
    if (typeof timings.prompt_per_second === 'number')
      answer.speed.prefillTokensPerSecond = timings.prompt_per_second;
  }
}

/** The server's counts; what it left out is estimated (chars/4) so budgets always have a figure. */
function usageOf(reported: Partial<TokenUsage>, request: ChatRequest, text: string): TokenUsage {
  return {
    promptTokens: reported.promptTokens ?? estimatePromptTokens(request.messages),
    completionTokens: reported.completionTokens ?? estimateTokens(text),
  };
}

async function httpError(url: string, response: Response): Promise<EndpointHttpError> {
  let raw = '';
  try {
    raw = await response.text();
  } catch {
    // The status alone still says what happened.
  }
  let said = raw.trim();
  try {
    const body: unknown = JSON.parse(raw);
    if (isRecord(body)) {
      const field = body.error ?? body.message ?? body.detail;
      if (field !== undefined) said = errorText(field);
    }
  } catch {
    // Not JSON: keep the text.
  }
  return new EndpointHttpError(url, response.status, said.length > 500 ? `${said.slice(0, 500)}…` : said);
}

/** A 400 whose message names response_format / json_schema: the server does not do structured output. */
function refusesResponseFormat(e: unknown): boolean {
  return (
    e instanceof EndpointHttpError &&
    (e.status === 400 || e.status === 422) &&
    /response_format|json_schema/i.test(e.serverMessage)
  );
}

function parseJson(url: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    const start = raw.trim().slice(0, 40);
    throw new EndpointResponseError(url, `not JSON: it starts with ${JSON.stringify(start)}`);
  }
}

function firstChoice(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const choices = body.choices;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  return isRecord(first) ? first : undefined;
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return JSON.stringify(error);
}

/** OpenAI requires `^[a-zA-Z0-9_-]{1,64}$`; the schema's title when it has one. */
function schemaName(schema: Record<string, unknown>): string {
  const title = typeof schema.title === 'string' ? schema.title.replace(/[^a-zA-Z0-9_-]+/g, '_') : '';
  return (title || 'answer').slice(0, 64);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The page's origin in a browser or worker (for the CORS hint); null in Node. */
function pageOrigin(): string | null {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : null;
}
