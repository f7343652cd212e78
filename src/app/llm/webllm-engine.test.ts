import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  MLCEngineConfig,
  ModelRecord,
} from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { createWebLlmEngine, type MlcEngineLike, type WebLlmModule, type WorkerLike } from './webllm-engine';
import { WebLlmLoadStalledError } from './webllm-load-stalled-error';
import { WebLlmModelLibMissingError } from './webllm-model-lib-missing-error';

// WebLLM itself needs WebGPU; here a fake module and worker stand in, to check what the engine sends
// WebLLM and how it handles progress, stalls, cancels and failures.

const QWEN: ModelRecord = {
  model: 'https://huggingface.co/mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
  model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
  model_lib: 'https://example.test/Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm',
  vram_required_MB: 1060.2,
};
const QWEN3: ModelRecord = { ...QWEN, model_id: 'Qwen3-0.6B-q4f32_1-MLC' };
const SCHEMA = { type: 'object', properties: { tool: { type: 'string' } }, required: ['tool'] };
const MESSAGES = [{ role: 'user' as const, content: 'hi' }];

class FakeWorker implements WorkerLike {
  terminated = false;
  errorListener: ((e: { message?: string }) => void) | null = null;
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(_type: 'error', listener: (e: { message?: string }) => void): void {
    this.errorListener = listener;
  }
}

const USAGE = {
  prompt_tokens: 20,
  completion_tokens: 5,
  total_tokens: 25,
  extra: {
    e2e_latency_s: 1,
    prefill_tokens_per_s: 200,
    decode_tokens_per_s: 15,
    time_to_first_token_s: 0.1,
    time_per_output_token_s: 0.06,
  },
} as ChatCompletion['usage'];

class FakeEngine implements MlcEngineLike {
  requests: ChatCompletionRequest[] = [];
  interrupted = false;
  unloaded = false;
  constructor(
    private readonly answer: (
      req: ChatCompletionRequest,
      engine: FakeEngine,
    ) => Promise<string> | string = () => '{"tool":"a"}',
  ) {}
  async chatCompletion(
    req: ChatCompletionRequest,
  ): Promise<ChatCompletion | AsyncIterable<ChatCompletionChunk>> {
    this.requests.push(req);
    const text = await this.answer(req, this);
    if (!req.stream)
      return {
        choices: [
          { message: { role: 'assistant', content: text }, finish_reason: 'stop', index: 0, logprobs: null },
        ],
        usage: USAGE,
      } as unknown as ChatCompletion;
    const pieces = text.split(/(?<=,)/);
    return (async function* () {
      for (const p of pieces)
        yield {
          choices: [{ delta: { content: p }, index: 0, finish_reason: null }],
        } as unknown as ChatCompletionChunk;
      yield { choices: [], usage: USAGE } as unknown as ChatCompletionChunk;
    })();
  }
  interruptGenerate(): void {
    this.interrupted = true;
  }
  async unload(): Promise<void> {
    this.unloaded = true;
  }
}

/** A fake WebLLM module whose load the test drives: `load(progress…)`, then resolve or reject. */
function fakeWebLlm(engine: MlcEngineLike = new FakeEngine(), behaviour: 'load' | 'hang' | string = 'load') {
  const calls: { modelId: string; config: MLCEngineConfig }[] = [];
  const module: WebLlmModule = {
    async CreateWebWorkerMLCEngine(_worker, modelId, config) {
      calls.push({ modelId, config });
      config.initProgressCallback?.({ progress: 0.5, timeElapsed: 1, text: 'Fetching param cache[1/2]' });
      if (behaviour === 'hang') return new Promise<MlcEngineLike>(() => undefined);
      if (behaviour !== 'load') throw behaviour; // what WebLLM's worker client rejects with: a string
      config.initProgressCallback?.({
        progress: 1.0000001,
        timeElapsed: 2,
        text: 'Finish loading on WebGPU',
      });
      return engine;
    },
  };
  return { module, calls };
}

async function load(record: ModelRecord, engine = new FakeEngine()) {
  const worker = new FakeWorker();
  const { module, calls } = fakeWebLlm(engine);
  const progress: { progress: number; text: string }[] = [];
  const llm = await createWebLlmEngine({
    record,
    label: 'Qwen2.5 0.5B',
    cacheBackend: 'opfs',
    onProgress: (p) => progress.push(p),
    createWorker: () => worker,
    loadWebLlm: async () => module,
  });
  return { llm, worker, calls, progress, engine };
}

describe('createWebLlmEngine', () => {
  it('loads the record with the cache backend and reports progress', async () => {
    const { llm, calls, progress } = await load(QWEN);
    expect(calls[0]?.modelId).toBe(QWEN.model_id);
    expect(calls[0]?.config.appConfig).toEqual({ model_list: [QWEN], cacheBackend: 'opfs' });
    expect(progress).toEqual([
      { progress: 0.5, text: 'Fetching param cache[1/2]' },
      { progress: 1, text: 'Finish loading on WebGPU' },
    ]);
    expect(llm.info).toEqual({
      kind: 'webllm',
      model: QWEN.model_id,
      label: 'WebLLM · Qwen2.5 0.5B (WebGPU)',
    });
  });

  it('stops a load that makes no progress, terminating the worker', async () => {
    const worker = new FakeWorker();
    const e = await createWebLlmEngine({
      record: QWEN,
      stallMs: 50,
      createWorker: () => worker,
      loadWebLlm: async () => fakeWebLlm(new FakeEngine(), 'hang').module,
    }).catch((x: unknown) => x);
    expect(WebLlmLoadStalledError.isInstance(e)).toBe(true);
    expect((e as WebLlmLoadStalledError).lastProgress).toBe('Fetching param cache[1/2]');
    expect((e as Error).message).toContain('made no progress for 0 s after "Fetching param cache[1/2]"');
    expect(worker.terminated).toBe(true);
  });

  it('cancels a load on abort', async () => {
    const worker = new FakeWorker();
    const controller = new AbortController();
    const loading = createWebLlmEngine({
      record: QWEN,
      signal: controller.signal,
      createWorker: () => worker,
      loadWebLlm: async () => fakeWebLlm(new FakeEngine(), 'hang').module,
    });
    setTimeout(() => controller.abort(), 10);
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
  });

  it('explains a load failure and a worker that does not start', async () => {
    const worker = new FakeWorker();
    const e = await createWebLlmEngine({
      record: QWEN,
      createWorker: () => worker,
      loadWebLlm: async () =>
        fakeWebLlm(
          new FakeEngine(),
          'CompileError: WebAssembly.instantiate(): BufferSource argument is empty',
        ).module,
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WebLlmModelLibMissingError);
    expect((e as Error).message).toContain(`not found at ${QWEN.model_lib}`);
    expect(worker.terminated).toBe(true);

    const broken = new FakeWorker();
    const loading = createWebLlmEngine({
      record: QWEN,
      createWorker: () => broken,
      loadWebLlm: async () => fakeWebLlm(new FakeEngine(), 'hang').module,
    });
    await Promise.resolve();
    await Promise.resolve();
    broken.errorListener?.({ message: 'SyntaxError: bad chunk' });
    await expect(loading).rejects.toThrow(
      'The WebLLM worker failed to start or crashed: SyntaxError: bad chunk',
    );
  });
});

describe('WebLlmEngine.chat', () => {
  it('constrains with json_object + the schema as a string and reports usage and speed', async () => {
    const { llm, engine } = await load(QWEN);
    const r = await llm.chat({ messages: MESSAGES, jsonSchema: SCHEMA, maxTokens: 50, temperature: 0 });
    expect(engine.requests[0]).toEqual({
      messages: MESSAGES,
      temperature: 0,
      max_tokens: 50,
      response_format: { type: 'json_object', schema: JSON.stringify(SCHEMA) },
      stream: false,
    });
    expect(r).toMatchObject({
      text: '{"tool":"a"}',
      usage: { promptTokens: 20, completionTokens: 5 },
      decodeTokensPerSecond: 15,
      prefillTokensPerSecond: 200,
      constrained: true,
    });
  });

  it('streams pieces in order and turns Qwen3 thinking off', async () => {
    const { llm, engine } = await load(
      QWEN3,
      new FakeEngine((req) => `${req.stream ? '' : '<think>\n\n</think>\n\n'}{"tool":"a","args":{}}`),
    );
    const seen: string[] = [];
    const r = await llm.chat({ messages: MESSAGES, onText: (d) => seen.push(d) });
    expect(seen).toEqual(['{"tool":"a",', '"args":{}}']);
    expect(r.text).toBe('{"tool":"a","args":{}}');
    expect(r.usage).toEqual({ promptTokens: 20, completionTokens: 5 });
    expect(r.constrained).toBe(false);
    const plain = await llm.chat({ messages: MESSAGES });
    expect(plain.text).toBe('{"tool":"a","args":{}}');
    expect(engine.requests[0]).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      extra_body: { enable_thinking: false },
    });
  });

  it('asks again unconstrained when the schema cannot become a grammar', async () => {
    const engine = new FakeEngine((req) => {
      if (req.response_format) throw 'Error: GrammarMatcherInitError: failed to convert JSON schema';
      return '{"tool":"b"}';
    });
    const { llm } = await load(QWEN, engine);
    const r = await llm.chat({ messages: MESSAGES, jsonSchema: SCHEMA });
    expect(r).toMatchObject({ text: '{"tool":"b"}', constrained: false });
    expect(engine.requests).toHaveLength(2);
  });

  it('interrupts generation on abort and rejects with the abort reason', async () => {
    const engine = new FakeEngine(
      (_req, self) =>
        new Promise((resolve) => {
          const poll = setInterval(() => {
            if (self.interrupted) {
              clearInterval(poll);
              resolve('{"tool":');
            }
          }, 5);
        }),
    );
    const { llm } = await load(QWEN, engine);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(llm.chat({ messages: MESSAGES, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(engine.interrupted).toBe(true);
  });

  it('unloads and terminates on dispose, then refuses to chat', async () => {
    const { llm, worker, engine } = await load(QWEN);
    await llm.dispose();
    expect(engine.unloaded).toBe(true);
    expect(worker.terminated).toBe(true);
    await expect(llm.chat({ messages: MESSAGES })).rejects.toThrow('was unloaded');
  });
});
