import type { ModelRecord } from '@mlc-ai/web-llm';

/**
 * The WebLLM models the app offers: the small ones (≤ 3B parameters) an agent can run in a browser tab,
 * taken from WebLLM's own `prebuiltAppConfig.model_list` (the only list whose model libraries match the
 * installed WebLLM version), one quantization each. q4f16 needs the `shader-f16` WebGPU feature, which
 * many adapters lack (SwiftShader, older GPUs), so without it the q4f32 variant is offered instead. Some
 * q4f16 records do not declare `required_features`, so the choice goes by the quantization in the id.
 */

/** Where WebLLM keeps downloaded weights (`appConfig.cacheBackend`). */
export type WeightCacheBackend = 'cache' | 'indexeddb' | 'opfs';
export const WEIGHT_CACHE_BACKENDS: readonly WeightCacheBackend[] = ['cache', 'indexeddb', 'opfs'];
/** The Cache API: WebLLM's default and its best-tested backend. */
export const DEFAULT_CACHE_BACKEND: WeightCacheBackend = 'cache';

export type Quantization = 'q4f16' | 'q4f32';

export interface CatalogModel {
  /** The `model_id` to load, e.g. `Qwen2.5-0.5B-Instruct-q4f32_1-MLC`. */
  id: string;
  /** e.g. `Qwen2.5 0.5B`. */
  label: string;
  /** e.g. `0.5B`. */
  params: string;
  quantization: Quantization;
  /** `vram_required_MB` of the record (4k context), null when the record has none. */
  vramMB: number | null;
  /** e.g. `0.5B · q4f32 · ~1.0 GB VRAM`. */
  sizeLabel: string;
  record: ModelRecord;
}

interface Family {
  label: string;
  params: string;
  /** `model_id` without the `-q4f16_1-MLC` / `-q4f32_1-MLC` tail. */
  idPrefix: string;
}

/** The families offered, smallest first. */
export const SMALL_MODEL_FAMILIES: readonly Family[] = [
  { label: 'SmolLM2 360M', params: '360M', idPrefix: 'SmolLM2-360M-Instruct' },
  { label: 'Qwen2.5 0.5B', params: '0.5B', idPrefix: 'Qwen2.5-0.5B-Instruct' },
  { label: 'Qwen3 0.6B', params: '0.6B', idPrefix: 'Qwen3-0.6B' },
  { label: 'Llama 3.2 1B', params: '1B', idPrefix: 'Llama-3.2-1B-Instruct' },
  { label: 'Qwen2.5 1.5B', params: '1.5B', idPrefix: 'Qwen2.5-1.5B-Instruct' },
  { label: 'Qwen3 1.7B', params: '1.7B', idPrefix: 'Qwen3-1.7B' },
  { label: 'SmolLM2 1.7B', params: '1.7B', idPrefix: 'SmolLM2-1.7B-Instruct' },
  { label: 'Qwen2.5 3B', params: '3B', idPrefix: 'Qwen2.5-3B-Instruct' },
];

/**
 * One entry per small family present in `modelList`: q4f16 when the adapter has `shader-f16` (less
 * memory), else q4f32. A family with neither variant in the list is left out.
 */
export function buildModelCatalog(
  modelList: readonly ModelRecord[],
  adapter: { shaderF16: boolean },
): CatalogModel[] {
  const byId = new Map(modelList.map((r) => [r.model_id, r]));
  const order: Quantization[] = adapter.shaderF16 ? ['q4f16', 'q4f32'] : ['q4f32'];
  const catalog: CatalogModel[] = [];
  for (const family of SMALL_MODEL_FAMILIES) {
    for (const quantization of order) {
      const record = byId.get(`${family.idPrefix}-${quantization}_1-MLC`);
      if (!record) continue;
      catalog.push(entry(family, quantization, record));
      break;
    }
  }
  return catalog;
}

/**
 * The catalog from the installed WebLLM's prebuilt list. Imports WebLLM (a 6 MB chunk) only when called,
 * so the app shell does not load it until the user looks at WebLLM models.
 */
export async function loadModelCatalog(adapter: { shaderF16: boolean }): Promise<CatalogModel[]> {
  const { prebuiltAppConfig } = await import('@mlc-ai/web-llm');
  return buildModelCatalog(prebuiltAppConfig.model_list, adapter);
}

function entry(family: Family, quantization: Quantization, record: ModelRecord): CatalogModel {
  const vramMB = typeof record.vram_required_MB === 'number' ? record.vram_required_MB : null;
  const vram = vramMB === null ? '' : ` · ~${(vramMB / 1024).toFixed(1)} GB VRAM`;
  return {
    id: record.model_id,
    label: family.label,
    params: family.params,
    quantization,
    vramMB,
    sizeLabel: `${family.params} · ${quantization}${vram}`,
    record,
  };
}
