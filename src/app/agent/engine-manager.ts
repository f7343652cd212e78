import { GRAPH_ONLY_ENGINE } from '../../core/agent/graph-policy';
import { EndpointEngine, type EndpointEngineOptions } from '../../core/llm/endpoint-engine';
import type { EngineInfo, LlmEngine } from '../../core/llm/llm-engine';
import { customModelRecord, type CustomModelSpec } from '../llm/custom-model';
import { loadModelCatalog, type CatalogModel, type WeightCacheBackend } from '../llm/model-catalog';
import { checkWebGpu, type WebGpuCapability } from '../llm/webgpu-capability';
import { createWebLlmEngine, type WebLlmEngineOptions } from '../llm/webllm-engine';
import {
  endpointProblem,
  loadEngineSettings,
  saveEngineSettings,
  type EndpointSettings,
  type EngineKind,
  type EngineSettings,
  type SettingsStorage,
} from './engine-settings';

/** An endpoint engine; `listModels` lets the form check the server before a turn uses it. */
export type EndpointLike = LlmEngine & { listModels?(signal?: AbortSignal): Promise<string[]> };

export interface EngineManagerDeps {
  storage?: SettingsStorage;
  /** The page's URL: relative custom-model URLs are made absolute against it. */
  pageUrl: string;
  /** Seams for tests; defaults are the real WebGPU check, WebLLM catalogue and engines. */
  checkWebGpu?: () => Promise<WebGpuCapability>;
  loadCatalog?: (adapter: { shaderF16: boolean }) => Promise<CatalogModel[]>;
  createWebLlm?: (options: WebLlmEngineOptions) => Promise<LlmEngine>;
  createEndpoint?: (options: EndpointEngineOptions) => EndpointLike;
}

export interface WebLlmLoadState {
  modelId: string;
  label: string;
  /** 0..1, WebLLM's fraction of the current phase. */
  progress: number;
  text: string;
}

export type EndpointCheck =
  { status: 'checking' } | { status: 'ok'; models: string[] } | { status: 'failed'; error: string };

export interface EngineState {
  settings: EngineSettings;
  /** The engine the next turn runs on (graph-only while the chosen one is not ready). */
  active: EngineInfo;
  /** Why the chosen engine is not the one running, when it is not; null when it is. */
  waiting: string | null;
  /** The WebGPU capability check's outcome; null until it ran. */
  webgpu: WebGpuCapability | null;
  checkingWebGpu: boolean;
  /** Small WebLLM models for this adapter; null until the check found an adapter. */
  catalog: CatalogModel[] | null;
  load: WebLlmLoadState | null;
  /** The WebLLM model in memory, if any. */
  loadedModelId: string | null;
  /** The last engine error (a load, the catalogue, the endpoint form), in words a user can act on. */
  error: string | null;
  info: string | null;
  endpointCheck: EndpointCheck | null;
}

/**
 * Which engine the agent runs on and everything needed to get it ready, outside React: the saved choice
 * (localStorage), WebLLM's capability check, model picker, download with progress and Cancel, cache
 * backend and custom model record, and the OpenAI-compatible endpoint. Graph-only is always there: a
 * failed load or a bad endpoint leaves the agent on it, with the reason shown.
 */
export class EngineManager {
  private state: EngineState;
  private readonly listeners = new Set<() => void>();
  private webllm: LlmEngine | null = null;
  private endpoint: EndpointLike | null = null;
  private loading: AbortController | null = null;

  constructor(private readonly deps: EngineManagerDeps) {
    const settings = loadEngineSettings(deps.storage);
    this.state = {
      settings,
      active: GRAPH_ONLY_ENGINE,
      waiting: null,
      webgpu: null,
      checkingWebGpu: false,
      catalog: null,
      load: null,
      loadedModelId: null,
      error: null,
      info: null,
      endpointCheck: null,
    };
    if (settings.kind === 'endpoint' && endpointProblem(settings.endpoint) === null)
      this.endpoint = this.buildEndpoint(settings.endpoint);
    this.refreshActive();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): EngineState => this.state;

  private set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private saveSettings(settings: EngineSettings): void {
    saveEngineSettings(this.deps.storage, settings);
    this.set({ settings });
    this.refreshActive();
  }

  /** The LLM the next turn talks to; null means the graph-only policy. */
  activeLlm(): LlmEngine | null {
    const kind = this.state.settings.kind;
    if (kind === 'webllm') return this.webllm;
    if (kind === 'endpoint') return this.endpoint;
    return null;
  }

  /** At start: a saved WebLLM choice runs the capability check and reloads a model that loaded before. */
  async init(): Promise<void> {
    const { settings } = this.state;
    if (settings.kind !== 'webllm') return;
    await this.checkCapability();
    if (settings.webllm.autoLoad && settings.webllm.modelId && this.state.webgpu?.available)
      await this.loadModel();
  }

  /** Switches the engine the user wants; graph-only runs until the chosen one is ready. */
  async choose(kind: EngineKind): Promise<void> {
    this.set({ error: null, info: null });
    this.saveSettings({ ...this.state.settings, kind });
    if (kind === 'webllm' && !this.state.webgpu && !this.state.checkingWebGpu) await this.checkCapability();
  }

  /** WebGPU check first; with an adapter, the small-model catalogue for it (q4f32 without shader-f16). */
  async checkCapability(): Promise<void> {
    this.set({ checkingWebGpu: true });
    const webgpu = await (this.deps.checkWebGpu ?? checkWebGpu)();
    this.set({ webgpu, checkingWebGpu: false });
    if (!webgpu.available) return;
    try {
      const catalog = await (this.deps.loadCatalog ?? loadModelCatalog)(webgpu);
      this.set({ catalog });
      const { webllm } = this.state.settings;
      const known = catalog.some((m) => m.id === webllm.modelId) || webllm.custom?.modelId === webllm.modelId;
      if (!known && catalog[0])
        this.saveSettings({ ...this.state.settings, webllm: { ...webllm, modelId: catalog[0].id } });
    } catch (e) {
      this.set({ error: `The WebLLM model list could not be read: ${message(e)}` });
    }
  }

  selectModel(modelId: string): void {
    const s = this.state.settings;
    this.saveSettings({ ...s, webllm: { ...s.webllm, modelId } });
  }

  setCacheBackend(cacheBackend: WeightCacheBackend): void {
    const s = this.state.settings;
    this.saveSettings({ ...s, webllm: { ...s.webllm, cacheBackend } });
  }

  /** Saves a custom model record (local folder or URL) and selects it; false with the reason shown if invalid. */
  saveCustomModel(spec: CustomModelSpec): boolean {
    try {
      customModelRecord(spec, this.deps.pageUrl);
    } catch (e) {
      this.set({ error: message(e) });
      return false;
    }
    const s = this.state.settings;
    this.set({ error: null, info: `Custom model ${spec.modelId.trim()} saved; load it to use it.` });
    this.saveSettings({
      ...s,
      webllm: {
        ...s.webllm,
        custom: { ...spec, modelId: spec.modelId.trim() },
        modelId: spec.modelId.trim(),
      },
    });
    return true;
  }

  /** Downloads (or reads from the cache) and loads the selected WebLLM model, with progress; Cancel stops it. */
  async loadModel(): Promise<void> {
    if (this.loading) return;
    const s = this.state.settings;
    if (!this.state.webgpu) await this.checkCapability();
    const webgpu = this.state.webgpu;
    if (!webgpu?.available) {
      this.set({ error: webgpu?.reason ?? 'WebGPU is not available here: use graph-only or an endpoint.' });
      return;
    }
    const picked = this.pickedModel();
    if (!picked) {
      this.set({ error: 'Pick a model first.' });
      return;
    }
    const controller = new AbortController();
    this.loading = controller;
    this.set({
      error: null,
      info: null,
      load: { modelId: picked.id, label: picked.label, progress: 0, text: 'Starting…' },
    });
    try {
      const engine = await (this.deps.createWebLlm ?? createWebLlmEngine)({
        record: picked.record,
        label: picked.label,
        cacheBackend: s.webllm.cacheBackend,
        signal: controller.signal,
        onProgress: (p) => {
          if (this.loading === controller)
            this.set({
              load: { modelId: picked.id, label: picked.label, progress: p.progress, text: p.text },
            });
        },
      });
      await this.webllm?.dispose?.();
      this.webllm = engine;
      this.set({ loadedModelId: picked.id, info: `${engine.info.label} is loaded.` });
      const now = this.state.settings;
      this.saveSettings({ ...now, webllm: { ...now.webllm, autoLoad: true } });
    } catch (e) {
      const now = this.state.settings;
      if (controller.signal.aborted) this.set({ info: `Loading ${picked.label} was cancelled.` });
      else this.set({ error: message(e) });
      this.saveSettings({ ...now, webllm: { ...now.webllm, autoLoad: false } });
    } finally {
      this.loading = null;
      this.set({ load: null });
      this.refreshActive();
    }
  }

  cancelLoad(): void {
    this.loading?.abort(new DOMException('The model load was cancelled.', 'AbortError'));
  }

  /** Saves the endpoint form and switches to it; the server is not contacted until a turn (or Check). */
  useEndpoint(endpoint: EndpointSettings): boolean {
    const problem = endpointProblem(endpoint);
    this.set({ endpointCheck: null, info: null });
    if (problem) {
      this.set({ error: problem });
      this.saveSettings({ ...this.state.settings, endpoint });
      return false;
    }
    this.endpoint = this.buildEndpoint(endpoint);
    this.set({ error: null });
    this.saveSettings({ ...this.state.settings, kind: 'endpoint', endpoint });
    return true;
  }

  /** Asks the server for its models (GET /v1/models), so a wrong URL shows up before a turn. */
  async checkEndpoint(endpoint: EndpointSettings): Promise<void> {
    const problem = endpointProblem({ ...endpoint, model: endpoint.model || 'any' });
    if (problem) {
      this.set({ endpointCheck: { status: 'failed', error: problem } });
      return;
    }
    const probe = this.buildEndpoint({ ...endpoint, model: endpoint.model || 'any' });
    if (!probe.listModels) return;
    this.set({ endpointCheck: { status: 'checking' } });
    try {
      this.set({ endpointCheck: { status: 'ok', models: await probe.listModels() } });
    } catch (e) {
      this.set({ endpointCheck: { status: 'failed', error: message(e) } });
    }
  }

  private buildEndpoint(s: EndpointSettings): EndpointLike {
    const options: EndpointEngineOptions = {
      baseUrl: s.baseUrl.trim(),
      model: s.model.trim(),
      responseFormat: s.jsonSchema,
      ...(s.apiKey.trim() ? { apiKey: s.apiKey.trim() } : {}),
    };
    return this.deps.createEndpoint ? this.deps.createEndpoint(options) : new EndpointEngine(options);
  }

  /** The selected WebLLM model as a loadable record: a catalogue entry or the custom record. */
  private pickedModel(): { id: string; label: string; record: WebLlmEngineOptions['record'] } | null {
    const { modelId, custom } = this.state.settings.webllm;
    if (!modelId) return null;
    if (custom && custom.modelId === modelId) {
      try {
        return { id: modelId, label: modelId, record: customModelRecord(custom, this.deps.pageUrl) };
      } catch {
        return null;
      }
    }
    const entry = this.state.catalog?.find((m) => m.id === modelId);
    return entry ? { id: entry.id, label: entry.label, record: entry.record } : null;
  }

  private refreshActive(): void {
    const { kind } = this.state.settings;
    const llm = this.activeLlm();
    let waiting: string | null = null;
    if (kind === 'webllm' && !llm)
      waiting = this.state.load
        ? `Loading ${this.state.load.label}: graph-only runs until it is ready.`
        : 'WebLLM is chosen but no model is loaded: graph-only runs until one is.';
    if (kind === 'endpoint' && !llm) waiting = 'The endpoint is not set up yet: graph-only runs until it is.';
    const active = llm?.info ?? GRAPH_ONLY_ENGINE;
    if (active !== this.state.active || waiting !== this.state.waiting) this.set({ active, waiting });
  }
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
