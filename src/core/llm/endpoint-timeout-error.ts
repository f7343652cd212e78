const NAME = 'EndpointTimeoutError';

/** An OpenAI-compatible server sent nothing for `timeoutMs`; the request was aborted. */
export class EndpointTimeoutError extends Error {
  readonly code = 'llm-endpoint-timeout';
  readonly url: string;
  readonly timeoutMs: number;

  constructor(url: string, timeoutMs: number) {
    super(
      `The LLM server at ${url} sent nothing for ${Math.round(timeoutMs / 1000)} s, so the request was ` +
        `stopped. A slow CPU server may need a longer timeout (endpoint settings), a smaller model or ` +
        `fewer max tokens; check that it is not stuck loading the model.`,
    );
    this.name = NAME;
    this.url = url;
    this.timeoutMs = timeoutMs;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is EndpointTimeoutError {
    return error instanceof Error && error.name === NAME;
  }
}
