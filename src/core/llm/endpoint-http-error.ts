const NAME = 'EndpointHttpError';

/** An OpenAI-compatible server answered with an HTTP error; the message carries the status and its text. */
export class EndpointHttpError extends Error {
  readonly code = 'llm-endpoint-http';
  readonly url: string;
  readonly status: number;
  /** What the server said (its `error.message`, or the start of the body); empty when it said nothing. */
  readonly serverMessage: string;

  constructor(url: string, status: number, serverMessage: string) {
    super(httpMessage(url, status, serverMessage));
    this.name = NAME;
    this.url = url;
    this.status = status;
    this.serverMessage = serverMessage;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is EndpointHttpError {
    return error instanceof Error && error.name === NAME;
  }
}

function httpMessage(url: string, status: number, serverMessage: string): string {
  const said = serverMessage ? `: "${serverMessage}"` : '';
  return `The LLM server at ${url} answered HTTP ${status}${said}. ${hint(status)}`;
}

function hint(status: number): string {
  if (status === 401 || status === 403) return 'Check the API key in the endpoint settings.';
  if (status === 404)
    return 'Check the base URL (it should point at the server root or its /v1) and the model name.';
  if (status === 400 || status === 422) return 'The server refused the request; its message says why.';
  if (status === 429) return 'The server is rate-limiting: wait and try again.';
  if (status >= 500) return 'The server failed: see its log (model not loaded, out of memory…).';
  return 'See the server log for details.';
}
