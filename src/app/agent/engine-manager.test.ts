import { describe, expect, it } from 'vitest';
import type { EndpointEngineOptions } from '../../core/llm/endpoint-engine';
import type { LlmEngine } from '../../core/llm/llm-engine';
import type { CatalogModel } from '../llm/model-catalog';
import type { WebGpuCapability } from '../llm/webgpu-capability';
import type { WebLlmEngineOptions } from '../llm/webllm-engine';
import { WebLlmWeightsUnreachableError } from '../llm/webllm-weights-unreachable-error';
import { MemoryStorage } from './agent-test-fixtures.test-util';
import { EngineManager, type EngineManagerDeps } from './engine-manager';

const GPU: WebGpuCapability = {
  available: true,
  fallbackAdapter: false,
  shaderF16: false,
  maxBufferSize: 1 << 30,
  maxStorageBufferBindingSize: 1 << 30,
  adapterName: 'test',
  reason: null,
};
const NO_GPU: WebGpuCapability = {
  ...GPU,
  available: false,
  reason: 'This browser exposes no WebGPU adapter',
};
const MODEL: CatalogModel = {
  id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
  label: 'Qwen2.5 0.5B',
  params: '0.5B',
  quantization: 'q4f32',
  vramMB: 1000,
  sizeLabel: '0.5B · q4f32 · ~1.0 GB VRAM',
  record: {
    model: 'https://example.invalid/m',
    model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
    model_lib: 'https://example.invalid/lib.wasm',
  },
};

const fakeWebLlm = (options: WebLlmEngineOptions): LlmEngine => ({
  info: { kind: 'webllm', model: options.record.model_id, label: `WebLLM · ${options.label}` },
  chat: async () => ({
    text: '[]',
    usage: { promptTokens: 1, completionTokens: 1 },
    ms: 1,
    constrained: true,
  }),
});

function manager(storage: MemoryStorage, over: Partial<EngineManagerDeps> = {}) {
  const endpoints: EndpointEngineOptions[] = [];
  const m = new EngineManager({
    storage,
    pageUrl: 'http://127.0.0.1:4173/',
    checkWebGpu: async () => GPU,
    loadCatalog: async () => [MODEL],
    createEndpoint: (o) => {
      endpoints.push(o);
      return {
        info: { kind: 'endpoint', model: o.model, label: `Endpoint · ${o.model} (127.0.0.1:8080)` },
        chat: async () => {
          throw new Error('unused');
        },
      };
    },
    ...over,
  });
  return { m, endpoints };
}

describe('EngineManager', () => {
  it('starts on graph-only; an endpoint choice (with its settings) survives a restart', async () => {
    const storage = new MemoryStorage();
    const { m } = manager(storage);
    expect(m.getState().active.label).toBe('Graph-only (no LLM)');
    expect(m.activeLlm()).toBeNull();
    const ok = m.useEndpoint({
      baseUrl: 'http://127.0.0.1:8080',
      model: 'llama3.2:1b',
      apiKey: 'k',
      jsonSchema: false,
    });
    expect(ok).toBe(true);
    expect(m.getState().active.label).toBe('Endpoint · llama3.2:1b (127.0.0.1:8080)');

    const { m: again, endpoints } = manager(storage);
    expect(again.getState().settings.kind).toBe('endpoint');
    expect(again.getState().active.label).toBe('Endpoint · llama3.2:1b (127.0.0.1:8080)');
    expect(endpoints[0]).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080',
      model: 'llama3.2:1b',
      apiKey: 'k',
      responseFormat: false,
    });

    await again.choose('graph-only');
    expect(again.activeLlm()).toBeNull();
    expect(manager(storage).m.getState().active.label).toBe('Graph-only (no LLM)');
  });

  it('refuses an endpoint form that cannot work, saying why, and stays on graph-only', () => {
    const { m } = manager(new MemoryStorage());
    expect(m.useEndpoint({ baseUrl: 'localhost:8080', model: 'x', apiKey: '', jsonSchema: true })).toBe(
      false,
    );
    expect(m.getState().error).toMatch(/http/);
    expect(
      m.useEndpoint({ baseUrl: 'http://127.0.0.1:8080', model: ' ', apiKey: '', jsonSchema: true }),
    ).toBe(false);
    expect(m.getState().error).toMatch(/model name/);
    expect(m.getState().active.label).toBe('Graph-only (no LLM)');
  });

  it('WebLLM without an adapter says so and keeps graph-only', async () => {
    const { m } = manager(new MemoryStorage(), { checkWebGpu: async () => NO_GPU });
    await m.choose('webllm');
    expect(m.getState().webgpu?.available).toBe(false);
    expect(m.getState().catalog).toBeNull();
    expect(m.getState().active.label).toBe('Graph-only (no LLM)');
    expect(m.getState().waiting).toMatch(/no model is loaded/);
    await m.loadModel();
    expect(m.getState().error).toMatch(/no WebGPU adapter/);
  });

  it('WebLLM: capability check, picker, a failed load shown with its message, then a load that works and is reloaded at start', async () => {
    const storage = new MemoryStorage();
    let fail = true;
    const loads: WebLlmEngineOptions[] = [];
    const createWebLlm = async (o: WebLlmEngineOptions) => {
      loads.push(o);
      o.onProgress?.({ progress: 0.5, text: 'Fetching param cache[1/2]' });
      if (fail)
        throw new WebLlmWeightsUnreachableError(
          o.record.model_id,
          'https://example.invalid/m/resolve/main/',
          'Failed to fetch',
        );
      return fakeWebLlm(o);
    };
    const { m } = manager(storage, { createWebLlm });
    const progress: number[] = [];
    m.subscribe(() => m.getState().load && progress.push(m.getState().load!.progress));
    await m.choose('webllm');
    expect(m.getState().catalog?.map((c) => c.id)).toEqual([MODEL.id]);
    expect(m.getState().settings.webllm.modelId).toBe(MODEL.id);
    m.setCacheBackend('indexeddb');
    await m.loadModel();
    expect(progress).toContain(0.5);
    expect(loads[0]!.cacheBackend).toBe('indexeddb');
    expect(m.getState().error).toMatch(/could not be downloaded/);
    expect(m.getState().active.label).toBe('Graph-only (no LLM)');
    expect(m.getState().load).toBeNull();

    fail = false;
    await m.loadModel();
    expect(m.getState().error).toBeNull();
    expect(m.getState().active.label).toBe('WebLLM · Qwen2.5 0.5B');
    expect(m.getState().settings.webllm.autoLoad).toBe(true);

    const { m: again } = manager(storage, { createWebLlm });
    expect(again.getState().active.label).toBe('Graph-only (no LLM)');
    await again.init();
    expect(again.getState().active.label).toBe('WebLLM · Qwen2.5 0.5B');
    expect(again.getState().settings.webllm.cacheBackend).toBe('indexeddb');
  });

  it('Cancel stops a load without calling it an error', async () => {
    const createWebLlm = (o: WebLlmEngineOptions) =>
      new Promise<LlmEngine>((_, reject) =>
        o.signal?.addEventListener('abort', () => reject(o.signal!.reason)),
      );
    const { m } = manager(new MemoryStorage(), { createWebLlm });
    await m.choose('webllm');
    const loading = m.loadModel();
    expect(m.getState().load?.modelId).toBe(MODEL.id);
    m.cancelLoad();
    await loading;
    expect(m.getState().error).toBeNull();
    expect(m.getState().info).toMatch(/cancelled/);
    expect(m.getState().active.label).toBe('Graph-only (no LLM)');
  });

  it('a custom model record is checked, saved and selected', async () => {
    const storage = new MemoryStorage();
    const { m } = manager(storage);
    expect(m.saveCustomModel({ modelId: 'My-Model', modelUrl: 'ftp://x', modelLibUrl: '/lib.wasm' })).toBe(
      false,
    );
    expect(m.getState().error).toMatch(/http/);
    expect(
      m.saveCustomModel({
        modelId: 'My-Model',
        modelUrl: '/models/webllm/my/',
        modelLibUrl: '/models/webllm/my.wasm',
      }),
    ).toBe(true);
    expect(manager(storage).m.getState().settings.webllm).toMatchObject({
      modelId: 'My-Model',
      custom: { modelId: 'My-Model' },
    });
  });
});
