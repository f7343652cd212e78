import type { ModelRecord } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { customModelRecord, weightsBaseUrl } from './custom-model';
import { buildModelCatalog } from './model-catalog';

// A fake model list in the shape of WebLLM's prebuiltAppConfig.model_list (VRAM from docs/facts.md).
function rec(model_id: string, vram: number, f16Feature = false): ModelRecord {
  return {
    model: `https://huggingface.co/mlc-ai/${model_id}`,
    model_id,
    model_lib: `https://example.test/libs/${model_id}-webgpu.wasm`,
    vram_required_MB: vram,
    ...(f16Feature ? { required_features: ['shader-f16'] } : {}),
  };
}
const LIST: ModelRecord[] = [
  rec('Llama-3.1-8B-Instruct-q4f16_1-MLC', 5000),
  rec('Qwen2.5-0.5B-Instruct-q4f16_1-MLC', 944.62),
  rec('Qwen2.5-0.5B-Instruct-q4f32_1-MLC', 1060.2),
  rec('Qwen2.5-0.5B-Instruct-q0f16-MLC', 1624),
  rec('Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC', 1600),
  rec('Qwen3-1.7B-q4f16_1-MLC', 2036.66),
  rec('Qwen3-1.7B-q4f32_1-MLC', 2635.44),
  rec('SmolLM2-360M-Instruct-q4f16_1-MLC', 376.06, true),
  rec('SmolLM2-360M-Instruct-q4f32_1-MLC', 579.61),
  rec('Qwen2.5-3B-Instruct-q4f16_1-MLC', 2504.76), // no q4f32 variant in this fake list
];

describe('buildModelCatalog', () => {
  it('keeps the small families, smallest first, q4f16 when the adapter has shader-f16', () => {
    const catalog = buildModelCatalog(LIST, { shaderF16: true });
    expect(catalog.map((m) => m.id)).toEqual([
      'SmolLM2-360M-Instruct-q4f16_1-MLC',
      'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
      'Qwen3-1.7B-q4f16_1-MLC',
      'Qwen2.5-3B-Instruct-q4f16_1-MLC',
    ]);
    expect(catalog[1]).toMatchObject({
      label: 'Qwen2.5 0.5B',
      params: '0.5B',
      quantization: 'q4f16',
      vramMB: 944.62,
      sizeLabel: '0.5B · q4f16 · ~0.9 GB VRAM',
    });
    expect(catalog[1]?.record).toBe(LIST[1]);
  });

  it('picks q4f32 without shader-f16 (also for records that do not declare the feature) and drops f16-only families', () => {
    const catalog = buildModelCatalog(LIST, { shaderF16: false });
    expect(catalog.map((m) => m.id)).toEqual([
      'SmolLM2-360M-Instruct-q4f32_1-MLC',
      'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      'Qwen3-1.7B-q4f32_1-MLC',
    ]);
    expect(catalog.every((m) => m.quantization === 'q4f32')).toBe(true);
    expect(catalog[2]?.sizeLabel).toBe('1.7B · q4f32 · ~2.6 GB VRAM');
  });

  it("filters WebLLM's real prebuilt list to the eight small families", async () => {
    const { prebuiltAppConfig } = await import('@mlc-ai/web-llm');
    const f32 = buildModelCatalog(prebuiltAppConfig.model_list, { shaderF16: false });
    expect(f32.map((m) => m.label)).toEqual([
      'SmolLM2 360M',
      'Qwen2.5 0.5B',
      'Qwen3 0.6B',
      'Llama 3.2 1B',
      'Qwen2.5 1.5B',
      'Qwen3 1.7B',
      'SmolLM2 1.7B',
      'Qwen2.5 3B',
    ]);
    expect(f32.every((m) => m.id.includes('q4f32') && m.vramMB !== null && m.vramMB < 3000)).toBe(true);
    expect(
      buildModelCatalog(prebuiltAppConfig.model_list, { shaderF16: true }).every(
        (m) => m.quantization === 'q4f16',
      ),
    ).toBe(true);
  });
});

describe('customModelRecord', () => {
  it('makes page-relative URLs absolute (WebLLM needs absolute ones)', () => {
    const r = customModelRecord(
      {
        modelId: ' Qwen2.5-0.5B-Instruct-q4f32_1-MLC ',
        modelUrl: '/models/webllm/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/',
        modelLibUrl: 'models/webllm/libs/Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm',
        vramMB: 1060,
      },
      'http://127.0.0.1:5173/app/index.html',
    );
    expect(r).toEqual({
      model: 'http://127.0.0.1:5173/models/webllm/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/',
      model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      model_lib: 'http://127.0.0.1:5173/app/models/webllm/libs/Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm',
      overrides: { context_window_size: 4096 },
      vram_required_MB: 1060,
    });
  });

  it('refuses non-http URLs and an empty id', () => {
    const page = 'http://127.0.0.1:5173/';
    expect(() =>
      customModelRecord({ modelId: 'm', modelUrl: 'file:///x', modelLibUrl: 'a.wasm' }, page),
    ).toThrow('must be http(s)');
    expect(() => customModelRecord({ modelId: ' ', modelUrl: '/x', modelLibUrl: '/a.wasm' }, page)).toThrow(
      'model id',
    );
  });

  it('says where WebLLM will fetch the files from (resolve/main/ appended, as WebLLM does)', () => {
    expect(weightsBaseUrl('https://huggingface.co/mlc-ai/X')).toBe(
      'https://huggingface.co/mlc-ai/X/resolve/main/',
    );
    expect(weightsBaseUrl('http://h/models/X/')).toBe('http://h/models/X/resolve/main/');
    expect(weightsBaseUrl('http://h/models/X/resolve/v2/')).toBe('http://h/models/X/resolve/v2/');
  });
});
