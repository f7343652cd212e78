const NAME = 'EndpointResponseError';

/**
 * The server answered 200 but not in the OpenAI chat-completions shape: usually the base URL points at
 * something else (a web page, another API), or the server reported an error inside the stream.
 */
export class EndpointResponseError extends Error {
  readonly code = 'llm-endpoint-bad-response';
  readonly url: string;
  /** What was wrong, e.g. `no choices[0].message.content`. */
  readonly problem: string;

  constructor(url: string, problem: string) {
    super(
      `The answer from ${url} is not an OpenAI chat-completions response (${problem}). Check that the ` +
        `base URL points at an OpenAI-compatible server (llama.cpp server, Ollama, vLLM…).`,
    );
    this.name = NAME;
    this.url = url;
    this.problem = problem;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is EndpointResponseError {
    return error instanceof Error && error.name === NAME;
  }
}
