import type { ModelRecord } from '@mlc-ai/web-llm';

/**
 * A WebLLM model the user hosts (offline use): an MLC-compiled model folder and its model library, served
 * by this app (e.g. under /models/webllm/) or any CORS-enabled host.
 */
export interface CustomModelSpec {
  /** The model's `model_id`, e.g. `Qwen2.5-0.5B-Instruct-q4f32_1-MLC`. */
  modelId: string;
  /**
   * Folder holding `mlc-chat-config.json`, `tensor-cache.json`, the tokenizer and the weight shards: an
   * absolute URL or a path relative to the page. WebLLM appends `resolve/main/` unless the URL already
   * has `/resolve/<revision>/` (Hugging Face's layout): see `weightsBaseUrl`.
   */
  modelUrl: string;
  /** The model library (`…-webgpu.wasm`) built for this WebLLM version: absolute URL or page-relative path. */
  modelLibUrl: string;
  /** For the catalog's size label and the out-of-memory message. */
  vramMB?: number;
  /** Default 4096, like the prebuilt records. */
  contextWindowSize?: number;
  /** e.g. `['shader-f16']` for a q4f16 build. */
  requiredFeatures?: string[];
}

/**
 * The ModelRecord for a custom model. WebLLM parses `model` with `new URL()` alone, so a relative path
 * fails there: both URLs are made absolute against `pageUrl` (`location.href`) here. Throws on a URL that
 * is not http(s).
 */
export function customModelRecord(spec: CustomModelSpec, pageUrl: string): ModelRecord {
  if (!spec.modelId.trim()) throw new Error('A custom WebLLM model needs a model id.');
  const record: ModelRecord = {
    model: absoluteHttpUrl(spec.modelUrl, pageUrl, 'model folder'),
    model_id: spec.modelId.trim(),
    model_lib: absoluteHttpUrl(spec.modelLibUrl, pageUrl, 'model library'),
    overrides: { context_window_size: spec.contextWindowSize ?? 4096 },
  };
  if (spec.vramMB !== undefined) record.vram_required_MB = spec.vramMB;
  if (spec.requiredFeatures?.length) record.required_features = spec.requiredFeatures;
  return record;
}

/**
 * Where WebLLM will fetch a record's files from (it mirrors WebLLM's `cleanModelUrl`): the folder with
 * `resolve/main/` appended unless the URL already contains `/resolve/<revision>/`. A local folder must
 * therefore hold its files under `<folder>/resolve/main/` (or be given with that path).
 */
export function weightsBaseUrl(modelUrl: string): string {
  let url = modelUrl.endsWith('/') ? modelUrl : `${modelUrl}/`;
  if (!/.+\/resolve\/.+\//.test(url)) url += 'resolve/main/';
  return url;
}

function absoluteHttpUrl(value: string, pageUrl: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value.trim(), pageUrl);
  } catch {
    throw new Error(`The ${what} URL "${value}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`The ${what} URL "${value}" must be http(s) (WebLLM fetches it), not ${url.protocol}`);
  return url.href;
}
