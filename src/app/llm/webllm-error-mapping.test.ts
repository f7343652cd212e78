import { describe, expect, it } from 'vitest';
import { explainWebLlmError, type WebLlmErrorContext } from './webllm-error-mapping';
import { WebGpuDeviceLostError } from './webgpu-device-lost-error';
import { WebGpuUnavailableError } from './webgpu-unavailable-error';
import { WebLlmModelLibMissingError } from './webllm-model-lib-missing-error';
import { WebLlmOutOfMemoryError } from './webllm-out-of-memory-error';
import { WebLlmWeightsUnreachableError } from './webllm-weights-unreachable-error';

const CTX: WebLlmErrorContext = {
  modelId: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
  weightsUrl: 'https://huggingface.co/mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/',
  modelLibUrl:
    'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_86/base/Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm',
  vramMB: 1060.2,
  progressSeen: true,
};

// Error texts as WebLLM's worker sends them (`String(err)`), from its sources and from browsers.
describe('explainWebLlmError', () => {
  it('maps the misleading empty-BufferSource CompileError to "model library (wasm) not found at <url>"', () => {
    const e = explainWebLlmError(
      'CompileError: WebAssembly.instantiate(): BufferSource argument is empty',
      CTX,
      'load',
    );
    expect(WebLlmModelLibMissingError.isInstance(e)).toBe(true);
    expect(e.message).toMatch(
      /^Model library \(wasm\) not found at https:\/\/raw\.githubusercontent\.com\/.+webgpu\.wasm:/,
    );
    const html = explainWebLlmError(
      new WebAssembly.CompileError(
        'WebAssembly.instantiate(): expected magic word 00 61 73 6d, found 3c 21 64 6f @+0',
      ),
      CTX,
      'load',
    );
    expect(html).toBeInstanceOf(WebLlmModelLibMissingError);
  });

  it('maps download failures to "weights could not be downloaded from …" with the way out', () => {
    const e = explainWebLlmError(
      "TypeError: Failed to execute 'add' on 'Cache': Request failed",
      CTX,
      'load',
    );
    expect(e).toBeInstanceOf(WebLlmWeightsUnreachableError);
    expect(e.message).toContain(`The model's weights could not be downloaded from ${CTX.weightsUrl} (`);
    expect(e.message).toContain('host them locally (see README');
    expect(e.message).toContain('graph-only engine or an endpoint');
    expect((e as WebLlmWeightsUnreachableError).code).toBe('webllm-weights-unreachable');
    // WebLLM names the failing file for the IndexedDB / OPFS caches.
    const named = explainWebLlmError(
      'Error: ArtifactOPFSCache: Unable to fetch http://127.0.0.1:5173/models/x/resolve/main/params_shard_3.bin, received status 404',
      CTX,
      'load',
    );
    expect((named as WebLlmWeightsUnreachableError).url).toBe(
      'http://127.0.0.1:5173/models/x/resolve/main/params_shard_3.bin',
    );
    // Before any progress the failing file may also be the model library.
    const early = explainWebLlmError('TypeError: Failed to fetch', { ...CTX, progressSeen: false }, 'load');
    expect(early.message).toContain(`(or its model library from ${CTX.modelLibUrl})`);
    expect(
      explainWebLlmError('TypeError: NetworkError when attempting to fetch resource.', CTX, 'load'),
    ).toBeInstanceOf(WebLlmWeightsUnreachableError);
  });

  it('maps device lost and out of memory, while loading and while answering', () => {
    const lost =
      'DeviceLostError: The WebGPU device was lost while loading the model. This issue often occurs due to running out of memory (OOM).';
    expect(explainWebLlmError(lost, CTX, 'load')).toBeInstanceOf(WebGpuDeviceLostError);
    expect(explainWebLlmError(lost, CTX, 'chat')).toBeInstanceOf(WebGpuDeviceLostError);
    const oom = explainWebLlmError('RangeError: Array buffer allocation failed', CTX, 'load');
    expect(oom).toBeInstanceOf(WebLlmOutOfMemoryError);
    expect(oom.message).toContain('needs about 1.0 GB of GPU memory');
    expect(
      explainWebLlmError('Error: Cannot allocate 1073741824 bytes in Wasm memory', CTX, 'chat'),
    ).toBeInstanceOf(WebLlmOutOfMemoryError);
    expect(
      explainWebLlmError(
        'ModelNotLoadedError: Model not loaded before trying to complete ChatCompletionRequest.',
        CTX,
        'chat',
      ),
    ).toBeInstanceOf(WebGpuDeviceLostError);
  });

  it('maps missing WebGPU and missing shader-f16 to WebGpuUnavailableError with what to do', () => {
    const f16 = explainWebLlmError(
      'ShaderF16SupportError: This model requires WebGPU extension shader-f16, which is not enabled in this browser.',
      CTX,
      'load',
    );
    expect(WebGpuUnavailableError.isInstance(f16)).toBe(true);
    expect(f16.message).toContain('q4f32 variant');
    const none = explainWebLlmError(
      'WebGPUNotAvailableError: WebGPU is not supported in your current environment',
      CTX,
      'load',
    );
    expect(none.message).toContain('no WebGPU adapter: use the graph-only engine or an endpoint');
  });

  it("keeps anything else in WebLLM's words, with its error name", () => {
    const e = explainWebLlmError(
      'ContextWindowSizeExceededError: Prompt tokens exceed context window size: number of prompt tokens: 5000; context window size: 4096',
      CTX,
      'chat',
    );
    expect(e.name).toBe('ContextWindowSizeExceededError');
    expect(e.message).toMatch(/^Prompt tokens exceed context window size/);
    // Network words do not matter while answering.
    expect(explainWebLlmError('Error: Failed to fetch', CTX, 'chat')).not.toBeInstanceOf(
      WebLlmWeightsUnreachableError,
    );
  });
});
