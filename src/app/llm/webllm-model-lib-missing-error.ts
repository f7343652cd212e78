const NAME = 'WebLlmModelLibMissingError';

/**
 * The model library (the compiled `.wasm` of the model's kernels) was not there. WebLLM fetches it
 * without checking the status and hands the empty 404 body to WebAssembly, which says
 * `CompileError: … BufferSource argument is empty` (or "expected magic word" for an HTML fallback page).
 */
export class WebLlmModelLibMissingError extends Error {
  readonly code = 'webllm-model-lib-missing';
  readonly modelId: string;
  readonly url: string;

  constructor(modelId: string, url: string) {
    super(
      `Model library (wasm) not found at ${url}: WebLLM could not compile what that URL returned. Check the ` +
        `record's model_lib (it must match the model and this WebLLM version) or host the .wasm there; or use ` +
        `the graph-only engine or an endpoint.`,
    );
    this.name = NAME;
    this.modelId = modelId;
    this.url = url;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is WebLlmModelLibMissingError {
    return error instanceof Error && error.name === NAME;
  }
}
