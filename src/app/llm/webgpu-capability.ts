/**
 * What this browser's WebGPU offers WebLLM, checked before offering models: whether there is an adapter
 * at all, whether it is a software fallback (SwiftShader: correct, very slow), whether it has
 * `shader-f16` (q4f16 models need it; model-catalog.ts picks q4f32 otherwise) and its buffer limits.
 * TypeScript's DOM library has no WebGPU types, so the few members used are declared here.
 */

export interface WebGpuCapability {
  available: boolean;
  fallbackAdapter: boolean;
  shaderF16: boolean;
  /** `adapter.limits.maxBufferSize` in bytes; null without an adapter. */
  maxBufferSize: number | null;
  /** `adapter.limits.maxStorageBufferBindingSize` (WebLLM records' `buffer_size_required_bytes`). */
  maxStorageBufferBindingSize: number | null;
  /** Vendor / description the adapter gives, for the header; null if none. */
  adapterName: string | null;
  /** Why WebGPU is unavailable, or a warning when it is slow (fallback adapter); null when all is well. */
  reason: string | null;
}

/** The parts of `navigator.gpu` read here. */
export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<AdapterLike | null>;
}

export interface AdapterLike {
  features: { has(name: string): boolean };
  limits: { maxBufferSize?: number; maxStorageBufferBindingSize?: number };
  /** Older browsers put the flag on the adapter, newer ones in `info`. */
  isFallbackAdapter?: boolean;
  info?: { isFallbackAdapter?: boolean; vendor?: string; architecture?: string; description?: string };
}

const WAY_OUT = 'use the graph-only engine or an endpoint';

/** Checks `nav.gpu` (default: the global navigator); never throws. */
export async function checkWebGpu(
  nav: { gpu?: GpuLike } | undefined = globalThis.navigator as { gpu?: GpuLike } | undefined,
  timeoutMs = 5000,
): Promise<WebGpuCapability> {
  if (!nav?.gpu)
    return unavailable(
      'This browser does not expose WebGPU (navigator.gpu is missing: it needs a recent Chrome or Edge, ' +
        `a secure context such as https or localhost, and WebGPU enabled): ${WAY_OUT}`,
    );
  let adapter: AdapterLike | null;
  try {
    adapter = await withTimeout(nav.gpu.requestAdapter({ powerPreference: 'high-performance' }), timeoutMs);
  } catch (e) {
    const why = e instanceof TimeoutError ? `no answer within ${timeoutMs / 1000} s` : String(e);
    return unavailable(`Requesting a WebGPU adapter failed (${why}): ${WAY_OUT}`);
  }
  if (!adapter)
    return unavailable(
      `This browser exposes no WebGPU adapter: ${WAY_OUT} (the GPU may be blocklisted or WebGPU disabled)`,
    );
  const fallbackAdapter = adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false;
  const name = adapter.info?.description || adapter.info?.vendor || null;
  return {
    available: true,
    fallbackAdapter,
    shaderF16: adapter.features.has('shader-f16'),
    maxBufferSize: adapter.limits.maxBufferSize ?? null,
    maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize ?? null,
    adapterName: name,
    reason: fallbackAdapter
      ? 'Only a software WebGPU adapter is available: models run, but very slowly (minutes per answer)'
      : null,
  };
}

function unavailable(reason: string): WebGpuCapability {
  return {
    available: false,
    fallbackAdapter: false,
    shaderF16: false,
    maxBufferSize: null,
    maxStorageBufferBindingSize: null,
    adapterName: null,
    reason,
  };
}

class TimeoutError extends Error {}

/** Some browsers leave `requestAdapter` pending forever when the GPU process is unwell. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError()), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}
