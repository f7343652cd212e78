const NAME = 'EndpointUnreachableError';

/**
 * No HTTP answer at all from an OpenAI-compatible server: nothing listening, wrong host or port, or (in a
 * browser, where a refused CORS preflight looks exactly like a network failure) the server does not allow
 * this page's origin.
 */
export class EndpointUnreachableError extends Error {
  readonly code = 'llm-endpoint-unreachable';
  /** The URL that was requested. */
  readonly url: string;

  /** `origin`: the page's origin when running in a browser (the CORS hint names it); null in Node. */
  constructor(url: string, origin: string | null, cause?: unknown) {
    super(unreachableMessage(url, origin, cause), cause === undefined ? undefined : { cause });
    this.name = NAME;
    this.url = url;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is EndpointUnreachableError {
    return error instanceof Error && error.name === NAME;
  }
}

function unreachableMessage(url: string, origin: string | null, cause: unknown): string {
  const why = cause instanceof Error ? describeCause(cause) : '';
  const cors = origin
    ? ` In a browser the server must also allow this page's origin (${origin}) through CORS: ` +
      `e.g. OLLAMA_ORIGINS=${origin} for Ollama, --cors-allowed-origins for vLLM ` +
      `(a refused CORS request looks like an unreachable server).`
    : '';
  return (
    `Cannot reach the LLM server at ${url}${why}. Check that the server is running and that the base URL ` +
    `(scheme, host, port) is right.${cors}`
  );
}

/** Node's fetch hides the useful part (ECONNREFUSED…) in `cause`; browsers say only "Failed to fetch". */
function describeCause(e: Error): string {
  const inner = (e as { cause?: unknown }).cause;
  const code = inner && typeof inner === 'object' ? (inner as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? ` (${code})` : e.message ? ` (${e.message})` : '';
}
