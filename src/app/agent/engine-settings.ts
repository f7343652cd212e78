import type { CustomModelSpec } from '../llm/custom-model';
import { DEFAULT_CACHE_BACKEND, WEIGHT_CACHE_BACKENDS, type WeightCacheBackend } from '../llm/model-catalog';

export type EngineKind = 'graph-only' | 'webllm' | 'endpoint';

export interface WebLlmSettings {
  /** The catalogue model (or the custom record's id) last chosen; null before any choice. */
  modelId: string | null;
  cacheBackend: WeightCacheBackend;
  /** A model record pointing at a local folder or URL (offline use); used when `modelId` is its id. */
  custom: CustomModelSpec | null;
  /** Load the model at start: set after a load succeeded, cleared when one failed. */
  autoLoad: boolean;
}

export interface EndpointSettings {
  baseUrl: string;
  model: string;
  /** Optional; kept in this browser's localStorage like the rest. */
  apiKey: string;
  /** Whether the server takes `response_format: json_schema` (constrained decoding). */
  jsonSchema: boolean;
}

/** The user's engine choice, kept in localStorage. */
export interface EngineSettings {
  kind: EngineKind;
  webllm: WebLlmSettings;
  endpoint: EndpointSettings;
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  kind: 'graph-only',
  webllm: { modelId: null, cacheBackend: DEFAULT_CACHE_BACKEND, custom: null, autoLoad: false },
  endpoint: { baseUrl: 'http://127.0.0.1:8080', model: '', apiKey: '', jsonSchema: true },
};

const KEY = 'naviagent.engine';

/** The part of Web Storage used, so tests pass a Map-backed stand-in. */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The saved settings, field by field: anything missing or malformed falls back to its default. */
export function loadEngineSettings(storage: SettingsStorage | undefined): EngineSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const d = DEFAULT_ENGINE_SETTINGS;
  if (!isRecord(raw)) return structuredClone(d);
  const w = isRecord(raw.webllm) ? raw.webllm : {};
  const e = isRecord(raw.endpoint) ? raw.endpoint : {};
  return {
    kind: raw.kind === 'webllm' || raw.kind === 'endpoint' ? raw.kind : 'graph-only',
    webllm: {
      modelId: typeof w.modelId === 'string' ? w.modelId : null,
      cacheBackend: WEIGHT_CACHE_BACKENDS.includes(w.cacheBackend as WeightCacheBackend)
        ? (w.cacheBackend as WeightCacheBackend)
        : d.webllm.cacheBackend,
      custom: isCustomSpec(w.custom) ? w.custom : null,
      autoLoad: w.autoLoad === true,
    },
    endpoint: {
      baseUrl: typeof e.baseUrl === 'string' ? e.baseUrl : d.endpoint.baseUrl,
      model: typeof e.model === 'string' ? e.model : d.endpoint.model,
      apiKey: typeof e.apiKey === 'string' ? e.apiKey : '',
      jsonSchema: typeof e.jsonSchema === 'boolean' ? e.jsonSchema : d.endpoint.jsonSchema,
    },
  };
}

export function saveEngineSettings(storage: SettingsStorage | undefined, settings: EngineSettings): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled (private mode): the choice lasts for this session only.
  }
}

/** What is wrong with endpoint settings (so the form can say it before anything is sent), or null. */
export function endpointProblem(s: EndpointSettings): string | null {
  let url: URL;
  try {
    url = new URL(s.baseUrl.trim());
  } catch {
    return `"${s.baseUrl}" is not a URL: give the server's address, e.g. http://127.0.0.1:8080`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `The endpoint URL must start with http:// or https://, not ${url.protocol}`;
  if (!s.model.trim()) return 'Give the model name the server knows (e.g. llama3.2:1b; llama.cpp takes any).';
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isCustomSpec(v: unknown): v is CustomModelSpec {
  return (
    isRecord(v) &&
    typeof v.modelId === 'string' &&
    typeof v.modelUrl === 'string' &&
    typeof v.modelLibUrl === 'string' &&
    (v.vramMB === undefined || typeof v.vramMB === 'number')
  );
}
