const NAME = 'WebLlmLoadStalledError';

/**
 * Loading a model reported no progress for the set time, so it was stopped (the worker is terminated):
 * a download that hangs, a GPU that never answers. Better a clear error than a spinner forever.
 */
export class WebLlmLoadStalledError extends Error {
  readonly code = 'webllm-load-stalled';
  readonly modelId: string;
  readonly stallMs: number;
  /** WebLLM's last progress text ("Fetching param cache[3/20]…"), or null if none came. */
  readonly lastProgress: string | null;

  constructor(modelId: string, stallMs: number, lastProgress: string | null) {
    const where = lastProgress ? ` after "${lastProgress}"` : ' (no progress was reported at all)';
    super(
      `Loading ${modelId} made no progress for ${Math.round(stallMs / 1000)} s${where}, so it was stopped. ` +
        `Check the network (or the local model folder), then try again; a software GPU may need a longer ` +
        `time limit. Or use the graph-only engine or an endpoint.`,
    );
    this.name = NAME;
    this.modelId = modelId;
    this.stallMs = stallMs;
    this.lastProgress = lastProgress;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is WebLlmLoadStalledError {
    return error instanceof Error && error.name === NAME;
  }
}
