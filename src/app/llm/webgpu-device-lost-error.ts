const NAME = 'WebGpuDeviceLostError';

/**
 * The WebGPU device went away (driver reset, another tab took the GPU, or, most often, memory ran out
 * while the model was being placed on it). The engine is unusable afterwards; a reload may work.
 */
export class WebGpuDeviceLostError extends Error {
  readonly code = 'webgpu-device-lost';
  readonly modelId: string;

  constructor(modelId: string, detail: string) {
    super(
      `The GPU device was lost while running ${modelId} (${detail}). This usually means the GPU ran out of ` +
        `memory: close other GPU-heavy tabs and load the model again, or pick a smaller model ` +
        `(e.g. Qwen2.5 0.5B), or use the graph-only engine or an endpoint.`,
    );
    this.name = NAME;
    this.modelId = modelId;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is WebGpuDeviceLostError {
    return error instanceof Error && error.name === NAME;
  }
}
