import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  InitProgressReport,
  MLCEngineConfig,
  ModelRecord,
} from '@mlc-ai/web-llm';
import type { ChatRequest, ChatResponse, EngineInfo, LlmEngine } from '../../core/llm/llm-engine';
import { estimatePromptTokens, estimateTokens } from '../../core/llm/token-estimate';
import { weightsBaseUrl } from './custom-model';
import { DEFAULT_CACHE_BACKEND, type WeightCacheBackend } from './model-catalog';
import { explainWebLlmError, errorText, type WebLlmErrorContext } from './webllm-error-mapping';
import { WebLlmLoadStalledError } from './webllm-load-stalled-error';

/** One load progress report: WebLLM's fraction (it restarts per phase: download, GPU upload, shaders) and text. */
export interface WebLlmLoadProgress {
  progress: number;
  text: string;
}

/** The part of WebLLM's `WebWorkerMLCEngine` used here (a fake in tests). */
export interface MlcEngineLike {
  chatCompletion(
    request: ChatCompletionRequest,
  ): Promise<ChatCompletion | AsyncIterable<ChatCompletionChunk>>;
  interruptGenerate(): void;
  unload(): Promise<void>;
}

/** The part of the `@mlc-ai/web-llm` module used here. */
export interface WebLlmModule {
  CreateWebWorkerMLCEngine(worker: unknown, modelId: string, config: MLCEngineConfig): Promise<MlcEngineLike>;
}

/** What WebLLM's client needs of the worker, plus what this module does with it. */
export interface WorkerLike {
  terminate(): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

export interface WebLlmEngineOptions {
  /** A catalog entry's `record`, or `customModelRecord(…)`. */
  record: ModelRecord;
  /** For `info.label`, e.g. "Qwen2.5 0.5B"; default the model id. */
  label?: string;
  cacheBackend?: WeightCacheBackend;
  onProgress?: (progress: WebLlmLoadProgress) => void;
  /** Cancels the load: the worker is terminated and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * A load that reports no progress for this long is stopped with WebLlmLoadStalledError. Default
   * 120 000 ms: WebLLM is silent while it fetches and compiles the model library, and a software GPU
   * compiles each shader slowly.
   */
  stallMs?: number;
  /** Qwen3 only: let it think before answering (slower, and the JSON comes after a <think> block). Default false. */
  enableThinking?: boolean;
  /** Test seams: the worker hosting the engine, and the WebLLM module. */
  createWorker?: () => WorkerLike;
  loadWebLlm?: () => Promise<WebLlmModule>;
}

const DEFAULT_STALL_MS = 120_000;

/**
 * Loads a model into WebLLM running in its own worker (src/workers/llm.worker.ts) and resolves with the
 * engine once it can answer. WebLLM itself (a 6 MB chunk) is imported here, on first use, so the app
 * shell never loads it. Rejects with a typed error a user can act on (webllm-error-mapping.ts), with
 * WebLlmLoadStalledError when progress stops, or with `signal.reason` when cancelled.
 */
export async function createWebLlmEngine(options: WebLlmEngineOptions): Promise<WebLlmEngine> {
  const { record, signal } = options;
  signal?.throwIfAborted();
  const webllm = await (options.loadWebLlm ?? loadWebLlm)();
  signal?.throwIfAborted();
  const worker = (options.createWorker ?? createLlmWorker)();
  const ctx: WebLlmErrorContext = {
    modelId: record.model_id,
    weightsUrl: weightsBaseUrl(record.model),
    modelLibUrl: record.model_lib,
    vramMB: record.vram_required_MB ?? null,
    progressSeen: false,
  };
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;

  return new Promise<WebLlmEngine>((resolve, reject) => {
    let settled = false;
    let lastText: string | null = null;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const restartStallTimer = (): void => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(
        () => fail(new WebLlmLoadStalledError(record.model_id, stallMs, lastText)),
        stallMs,
      );
    };
    const onAbort = (): void => fail(signal?.reason);
    const finish = (): void => {
      settled = true;
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', onAbort);
    };
    function fail(error: unknown): void {
      if (settled) return;
      finish();
      // Terminating is the only way to stop a download or a shader compile in progress.
      worker.terminate();
      reject(error);
    }

    signal?.addEventListener('abort', onAbort, { once: true });
    worker.addEventListener('error', (e) =>
      fail(new Error(`The WebLLM worker failed to start or crashed: ${e.message ?? 'no message'}`)),
    );
    restartStallTimer();
    const config: MLCEngineConfig = {
      appConfig: { model_list: [record], cacheBackend: options.cacheBackend ?? DEFAULT_CACHE_BACKEND },
      initProgressCallback: (report: InitProgressReport) => {
        if (settled) return;
        ctx.progressSeen = true;
        lastText = report.text;
        restartStallTimer();
        options.onProgress?.({ progress: Math.min(1, Math.max(0, report.progress)), text: report.text });
      },
    };
    webllm.CreateWebWorkerMLCEngine(worker, record.model_id, config).then(
      (engine) => {
        if (settled) return;
        finish();
        resolve(new WebLlmEngine(engine, worker, record, options, ctx));
      },
      (e: unknown) => fail(explainWebLlmError(e, ctx, 'load')),
    );
  });
}

/** An LlmEngine over a loaded WebLLM model. Made by `createWebLlmEngine`. */
export class WebLlmEngine implements LlmEngine {
  readonly info: EngineInfo;
  private disposed = false;
  private readonly thinking: boolean | undefined;

  constructor(
    private readonly engine: MlcEngineLike,
    private readonly worker: WorkerLike,
    record: ModelRecord,
    options: Pick<WebLlmEngineOptions, 'label' | 'enableThinking'>,
    private readonly ctx: WebLlmErrorContext,
  ) {
    this.info = {
      kind: 'webllm',
      model: record.model_id,
      label: `WebLLM · ${options.label ?? record.model_id} (WebGPU)`,
    };
    // WebLLM defines `enable_thinking` for Qwen3 only; other models get no such field.
    this.thinking = /^Qwen3-/i.test(record.model_id) ? (options.enableThinking ?? false) : undefined;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    if (this.disposed) throw new Error(`The WebLLM engine for ${this.info.model} was unloaded.`);
    const { signal } = request;
    signal?.throwIfAborted();
    const started = performance.now();
    const interrupt = (): void => this.engine.interruptGenerate();
    signal?.addEventListener('abort', interrupt, { once: true });
    try {
      const useSchema = request.jsonSchema !== undefined;
      try {
        return await this.complete(request, useSchema, started);
      } catch (e) {
        // xgrammar cannot compile every JSON Schema; the caller validates an unconstrained answer.
        if (!useSchema || signal?.aborted || !/grammar|schema/i.test(errorText(e))) throw e;
        return await this.complete(request, false, started);
      }
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      throw explainWebLlmError(e, this.ctx, 'chat');
    } finally {
      signal?.removeEventListener('abort', interrupt);
    }
  }

  /** Unloads the model (frees GPU memory) and ends the worker. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    // A lost device can leave unload pending forever; the worker goes either way.
    await Promise.race([this.engine.unload().catch(() => undefined), delay(2000)]);
    this.worker.terminate();
  }

  private async complete(request: ChatRequest, useSchema: boolean, started: number): Promise<ChatResponse> {
    const body: ChatCompletionRequest = {
      messages: request.messages,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      // WebLLM's JSON-schema mode: `json_object` with the schema as a string (docs/facts.md); small models
      // reject OpenAI `tools`, so this is how their answers are constrained.
      ...(useSchema
        ? { response_format: { type: 'json_object', schema: JSON.stringify(request.jsonSchema) } }
        : {}),
      ...(this.thinking !== undefined ? { extra_body: { enable_thinking: this.thinking } } : {}),
    };
    let text = '';
    let usage: ChatCompletion['usage'];
    if (request.onText) {
      const chunks = (await this.engine.chatCompletion({
        ...body,
        stream: true,
        stream_options: { include_usage: true },
      })) as AsyncIterable<ChatCompletionChunk>;
      // Drained to the end even after an abort (interruptGenerate ends it), so the worker's stream closes.
      for await (const chunk of chunks) {
        const piece = chunk.choices[0]?.delta.content;
        if (piece && !request.signal?.aborted) {
          text += piece;
          request.onText(piece);
        }
        if (chunk.usage) usage = chunk.usage;
      }
    } else {
      const completion = (await this.engine.chatCompletion({ ...body, stream: false })) as ChatCompletion;
      text = completion.choices[0]?.message.content ?? '';
      usage = completion.usage;
    }
    request.signal?.throwIfAborted();
    // With thinking off WebLLM puts an empty "<think>\n\n</think>\n\n" before Qwen3's answer, and with it
    // on the answer follows the thinking: either way the caller wants what comes after.
    if (this.thinking !== undefined) text = text.replace(/^\s*<think>[\s\S]*?<\/think>\s*/, '');
    return {
      text,
      usage: {
        promptTokens: usage?.prompt_tokens ?? estimatePromptTokens(request.messages),
        completionTokens: usage?.completion_tokens ?? estimateTokens(text),
      },
      ms: performance.now() - started,
      ...speed(usage),
      constrained: useSchema,
    };
  }
}

function speed(
  usage: ChatCompletion['usage'],
): Pick<ChatResponse, 'decodeTokensPerSecond' | 'prefillTokensPerSecond'> {
  const extra = usage?.extra;
  if (!extra) return {};
  return {
    decodeTokensPerSecond: extra.decode_tokens_per_s,
    prefillTokensPerSecond: extra.prefill_tokens_per_s,
  };
}

function loadWebLlm(): Promise<WebLlmModule> {
  return import('@mlc-ai/web-llm');
}

function createLlmWorker(): WorkerLike {
  return new Worker(new URL('../../workers/llm.worker.ts', import.meta.url), {
    type: 'module',
    name: 'webllm',
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
