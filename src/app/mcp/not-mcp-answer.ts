/**
 * What a URL answered when it was no MCP server, so the connect error can name it (QA R17: the SDK's
 * "Error POSTing to endpoint: " carries no status, and an empty body leaves nothing after the colon).
 */
export interface HttpAnswer {
  status: number;
  statusText: string;
  contentType: string;
  /** The body's start (whitespace collapsed), or '' for an empty body. */
  body: string;
}

/** Longest quote of a body in a message: enough to recognise a page or an error, short enough to read. */
const QUOTE_CHARS = 80;

/** Reads what a response says about itself; the body from a clone, so the SDK still reads the original. */
export async function httpAnswerOf(response: Response): Promise<HttpAnswer> {
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  return {
    status: response.status,
    statusText: response.statusText,
    contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim(),
    body: text.replace(/\s+/g, ' ').trim(),
  };
}

/** True when a response cannot be an MCP answer to a POST: an HTTP error, or neither JSON nor SSE. */
export function isNotMcpAnswer(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return !response.ok || !/application\/json|text\/event-stream/i.test(type);
}

/** The connect error for a URL that answered, but not as an MCP server. */
export function notMcpMessage(url: string, origin: string, a: HttpAnswer): string {
  const status = `HTTP ${a.status}${a.statusText ? ` ${a.statusText}` : ''}`;
  const quote = a.body.length > QUOTE_CHARS ? `${a.body.slice(0, QUOTE_CHARS)}…` : a.body;
  const what =
    a.body === '' ? 'with an empty body' : `with ${a.contentType || 'a body of no stated type'}: "${quote}"`;
  let own = '';
  try {
    if (new URL(url).origin === origin)
      own =
        " This is this app's own address: the app is not an MCP server. Start your MCP server and give its URL.";
  } catch {
    // The URL was checked before the request; nothing to add.
  }
  return (
    `${url} answered ${status} ${what} — not an MCP server's answer (an MCP server answers the initialize ` +
    `POST with JSON or an event stream).${own} Check the URL: it must be the MCP server's Streamable HTTP ` +
    `endpoint (often http://host:port/mcp) and the server must be running.`
  );
}
