// The MCP client's transport in the browser: Streamable HTTP only (a page cannot start programs). The one
// browser module importing the official SDK; everything else is transport-free in src/core/mcp.
//
// The app runs cross-origin isolated (COOP same-origin, COEP require-corp). A fetch to another origin in
// CORS mode is unaffected by COEP (CORS is the permission), so a server that answers CORS works; a
// server that does not cannot be reached at all, and the browser does not tell the page whether nothing
// listened or CORS refused (both are "TypeError: Failed to fetch"). The messages below say exactly that
// and what the server must send.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { endpointSupported } from '../../core/mcp/endpoint';
import { isSessionLost } from '../../core/mcp/mcp-errors';
import { McpConnectError, type McpConnect, type McpSession } from '../../core/mcp/mcp-session';
import { sessionOfSdkClient, type SdkClientLike } from '../../core/mcp/sdk-session';
import { httpAnswerOf, isNotMcpAnswer, notMcpMessage, type HttpAnswer } from './not-mcp-answer';

const CLIENT_INFO = { name: 'naviagent-web', version: '0.1.0' };

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The request headers a Streamable HTTP client sends (the server's CORS preflight must allow them). */
const REQUEST_HEADERS =
  'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id';

/** What a server's CORS policy must say for this page, as headers to add. */
export function corsFix(origin: string): string {
  return (
    `On the server, answer the OPTIONS preflight and every response for this origin with ` +
    `"Access-Control-Allow-Origin: ${origin}" (or "*"), "Access-Control-Allow-Methods: GET, POST, DELETE", ` +
    `"Access-Control-Allow-Headers: ${REQUEST_HEADERS}" and ` +
    `"Access-Control-Expose-Headers: mcp-session-id, mcp-protocol-version" ` +
    `(e.g. Express: app.use(cors({ origin: '${origin}', exposedHeaders: ['mcp-session-id', 'mcp-protocol-version'] }))).`
  );
}

/** The check a user can run to see what the server answers this origin. */
export const corsCheck = (origin: string, url: string): string =>
  `curl -si -X OPTIONS -H 'Origin: ${origin}' -H 'Access-Control-Request-Method: POST' ` +
  `-H 'Access-Control-Request-Headers: content-type,mcp-protocol-version' ${url}`;

/** No answer at all: nothing listens, or CORS refused this origin; the page cannot tell which. */
export function noAnswerMessage(url: string, origin: string): string {
  return (
    `The browser got no answer from ${url}. Either no server is listening there, or the server's CORS ` +
    `policy refused this page's origin ${origin} (the browser hides which of the two from the page; its ` +
    `console names it). If the server is running, it must allow this origin. ${corsFix(origin)} ` +
    `Check with: ${corsCheck(origin, url)}`
  );
}

/** The server answered `initialize`, then the browser refused the next request: a preflight refusing headers. */
export function headersRefusedMessage(url: string, origin: string): string {
  return (
    `${url} answered the first request, then the browser refused the next one: the server's CORS preflight must ` +
    `allow the headers the client sends after initialize ("Access-Control-Allow-Headers: ${REQUEST_HEADERS}"). ` +
    corsFix(origin)
  );
}

function isFetchRefusal(e: unknown): boolean {
  return e instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(message(e));
}

/**
 * Opens a Streamable HTTP session from this page. `origin` is the page's origin (for the messages);
 * `fetchImpl` lets tests observe requests.
 */
export function browserConnect(origin: string, fetchImpl?: typeof fetch): McpConnect {
  return async (endpoint, { timeoutMs }) => {
    const unsupported = endpointSupported(endpoint, 'browser');
    if (unsupported || endpoint.kind !== 'http')
      throw new McpConnectError('refused', unsupported ?? 'Not an HTTP endpoint.');
    const url = endpoint.url;
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    // Counts answers, so a refusal after the server answered is told apart from no answer at all.
    let answers = 0;
    // The last answer that cannot be MCP (an HTTP error, a web page): the SDK's error does not name it.
    let notMcp: Promise<HttpAnswer> | null = null;
    const base = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const counting = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await base(input, init);
      answers++;
      // Only POSTs: the SDK's optional GET for a server stream may meet a 405 on a real MCP server.
      if ((init?.method ?? 'GET').toUpperCase() === 'POST' && isNotMcpAnswer(response))
        notMcp = httpAnswerOf(response);
      return response;
    };
    const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: counting });
    try {
      await client.connect(transport, { timeout: timeoutMs });
    } catch (e) {
      await client.close().catch(() => undefined);
      const code = (e as { code?: unknown }).code;
      if (isFetchRefusal(e))
        throw new McpConnectError(
          'cors',
          answers > 0 ? headersRefusedMessage(url, origin) : noAnswerMessage(url, origin),
          { cause: e },
        );
      if (code === -32001)
        throw new McpConnectError('timeout', `${url} did not answer the MCP initialize request in time.`, {
          cause: e,
        });
      if (code === 401 || code === 403)
        throw new McpConnectError(
          'refused',
          `${url} refused the client (HTTP ${code}): it needs credentials this app does not send.`,
          {
            cause: e,
          },
        );
      if (notMcp)
        throw new McpConnectError('protocol', notMcpMessage(url, origin, await notMcp), { cause: e });
      throw new McpConnectError(
        'protocol',
        `${url} did not answer as an MCP server (${message(e)}). Check the URL: Streamable HTTP servers usually serve /mcp.`,
        { cause: e },
      );
    }
    const session = sessionOfSdkClient(client as unknown as SdkClientLike, ToolListChangedNotificationSchema);
    return diagnoseCors(session, () => transport.sessionId, url, origin);
  };
}

/**
 * The two CORS mistakes that show only after `initialize` worked: the session header is not exposed
 * (the next request goes without it and the server answers "no valid session ID"), or the preflight
 * does not allow the headers the client sends from then on (`mcp-protocol-version`, `mcp-session-id`).
 */
function diagnoseCors(
  session: McpSession,
  sessionId: () => string | undefined,
  url: string,
  origin: string,
): McpSession {
  let answered = 0;
  const explain = (e: unknown): never => {
    if (isSessionLost(e) && sessionId() === undefined)
      throw new McpConnectError(
        'cors',
        `${url} answered, but its CORS policy does not expose the mcp-session-id header to this page, so ` +
          `the session cannot go on. The server must send "Access-Control-Expose-Headers: mcp-session-id, mcp-protocol-version". ` +
          corsFix(origin),
        { cause: e },
      );
    if (answered === 0 && isFetchRefusal(e))
      throw new McpConnectError('cors', headersRefusedMessage(url, origin), { cause: e });
    throw e;
  };
  const ok = <T>(v: T): T => {
    answered++;
    return v;
  };
  return {
    ...session,
    listTools: (cursor, o) => session.listTools(cursor, o).then(ok, explain),
    callTool: (name, args, o) => session.callTool(name, args, o).then(ok, explain),
  };
}
