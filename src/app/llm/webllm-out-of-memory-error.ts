const NAME = 'WebLlmOutOfMemoryError';

/** Allocating GPU or wasm memory for the model failed. */
export class WebLlmOutOfMemoryError extends Error {
  readonly code = 'webllm-out-of-memory';
  readonly modelId: string;
  /** The record's `vram_required_MB`, when known, for the message. */
  readonly vramMB: number | null;

  constructor(modelId: string, vramMB: number | null, detail: string) {
    const need = vramMB ? ` needs about ${(vramMB / 1024).toFixed(1)} GB of GPU memory and` : '';
    super(
      `Out of memory: ${modelId}${need} could not be allocated (${detail}). Pick a smaller model ` +
        `(e.g. Qwen2.5 0.5B or SmolLM2 360M), close other GPU-heavy tabs, or use the graph-only engine or ` +
        `an endpoint.`,
    );
    this.name = NAME;
    this.modelId = modelId;
    this.vramMB = vramMB;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is WebLlmOutOfMemoryError {
    return error instanceof Error && error.name === NAME;
  }
}
