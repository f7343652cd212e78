import { describe, expect, it } from 'vitest';
import { checkWebGpu, type AdapterLike } from './webgpu-capability';

function adapter(features: string[], extra: Partial<AdapterLike> = {}): AdapterLike {
  return {
    features: new Set(features),
    limits: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 27 },
    ...extra,
  };
}

describe('checkWebGpu', () => {
  it('reports a hardware adapter with shader-f16', async () => {
    const cap = await checkWebGpu({
      gpu: { requestAdapter: async () => adapter(['shader-f16'], { info: { vendor: 'nvidia' } }) },
    });
    expect(cap).toEqual({
      available: true,
      fallbackAdapter: false,
      shaderF16: true,
      maxBufferSize: 2 ** 30,
      maxStorageBufferBindingSize: 2 ** 27,
      adapterName: 'nvidia',
      reason: null,
    });
  });

  it('flags a software fallback adapter without shader-f16 (SwiftShader)', async () => {
    const cap = await checkWebGpu({
      gpu: {
        requestAdapter: async () =>
          adapter([], { info: { isFallbackAdapter: true, description: 'SwiftShader' } }),
      },
    });
    expect(cap).toMatchObject({
      available: true,
      fallbackAdapter: true,
      shaderF16: false,
      adapterName: 'SwiftShader',
    });
    expect(cap.reason).toContain('software WebGPU adapter');
    // Older browsers: the flag on the adapter itself.
    const old = await checkWebGpu({
      gpu: { requestAdapter: async () => adapter([], { isFallbackAdapter: true }) },
    });
    expect(old.fallbackAdapter).toBe(true);
  });

  it('explains a missing adapter, a missing navigator.gpu, a failure and a hang', async () => {
    const none = await checkWebGpu({ gpu: { requestAdapter: async () => null } });
    expect(none.available).toBe(false);
    expect(none.reason).toMatch(
      /^This browser exposes no WebGPU adapter: use the graph-only engine or an endpoint/,
    );
    expect((await checkWebGpu({})).reason).toContain('navigator.gpu is missing');
    expect((await checkWebGpu(undefined)).available).toBe(false);
    const broken = await checkWebGpu({
      gpu: {
        requestAdapter: async () => {
          throw new Error('GPU process crashed');
        },
      },
    });
    expect(broken.reason).toContain('GPU process crashed');
    const hang = await checkWebGpu({ gpu: { requestAdapter: () => new Promise(() => undefined) } }, 30);
    expect(hang.reason).toContain('no answer within 0.03 s');
  });
});
