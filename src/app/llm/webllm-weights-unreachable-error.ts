const NAME = 'WebLlmWeightsUnreachableError';

/**
 * WebLLM could not download a model file (config, tokenizer or weight shard): offline, the host refused
 * (404, CORS), or a local folder is not where the record says. WebLLM's own text ("Failed to fetch",
 * "Cannot fetch …") does not say what to do about it; this does.
 */
export class WebLlmWeightsUnreachableError extends Error {
  readonly code = 'webllm-weights-unreachable';
  readonly modelId: string;
  /** Where the files were looked for (the failing file's URL when WebLLM named it). */
  readonly url: string;

  /**
   * `modelLibUrl`: set when the failing file may also have been the model library (WebLLM fetches it
   * before reporting any progress, and its error does not say which file failed).
   */
  constructor(modelId: string, url: string, detail: string, modelLibUrl: string | null = null) {
    const lib = modelLibUrl ? ` (or its model library from ${modelLibUrl})` : '';
    super(
      `The model's weights could not be downloaded from ${url}${lib} (${detail}): host them locally ` +
        `(see README, "WebLLM models offline") or use the graph-only engine or an endpoint.`,
    );
    this.name = NAME;
    this.modelId = modelId;
    this.url = url;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is WebLlmWeightsUnreachableError {
    return error instanceof Error && error.name === NAME;
  }
}
