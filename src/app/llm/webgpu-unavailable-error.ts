const NAME = 'WebGpuUnavailableError';

/** WebLLM needs WebGPU (or a WebGPU feature such as shader-f16) that this browser does not give. */
export class WebGpuUnavailableError extends Error {
  readonly code = 'webgpu-unavailable';
  readonly modelId: string;

  /** `reason`: what is missing and what to do, ending without a full stop. */
  constructor(modelId: string, reason: string) {
    super(`${modelId} cannot run here: ${reason}.`);
    this.name = NAME;
    this.modelId = modelId;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is WebGpuUnavailableError {
    return error instanceof Error && error.name === NAME;
  }
}
