import type { CallFailure } from '../execute/call-outcome';
import { McpConnectError } from './mcp-session';

/** JSON-RPC / MCP error codes the SDK uses (`ErrorCode` in @modelcontextprotocol/sdk/types). */
export const MCP_CODES = {
  connectionClosed: -32000,
  requestTimeout: -32001,
  methodNotFound: -32601,
  invalidParams: -32602,
  invalidRequest: -32600,
} as const;

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function codeOf(e: unknown): number | undefined {
  const c = (e as { code?: unknown } | null)?.code;
  return typeof c === 'number' ? c : undefined;
}

/** A network-level failure: nothing listening, a dropped connection, a DNS failure, a browser refusal. */
export function isNetworkError(e: unknown): boolean {
  const text = `${messageOf(e)} ${messageOf((e as { cause?: unknown } | null)?.cause ?? '')}`;
  return (
    (e instanceof TypeError && /fetch|network|load failed/i.test(text)) ||
    /ECONNREFUSED|ECONNRESET|EPIPE|ENOTFOUND|EHOSTUNREACH|socket hang up|terminated|SSE stream disconnected|Failed to reconnect/i.test(
      text,
    )
  );
}

/**
 * The server lost the session (it restarted, or expired it): the request was not processed and may be
 * sent again on a fresh session. Streamable HTTP answers 404 for an unknown session (spec), the reference
 * servers 400 "No valid session ID".
 */
export function isSessionLost(e: unknown): boolean {
  const code = codeOf(e);
  const text = messageOf(e);
  return (code === 404 && /session/i.test(text)) || (code === 400 && /session id/i.test(text));
}

/**
 * A thrown error from a call, in the runtime's failure kinds. Timeouts and the user's Stop are decided
 * by the caller (it knows which of its signals fired); this reads what the transport threw.
 */
export function failureOfError(e: unknown, tool: string, server: string): CallFailure {
  const text = messageOf(e);
  if (McpConnectError.isInstance(e))
    return {
      kind: e.problem === 'timeout' ? 'timeout' : 'unavailable',
      code: `mcp-${e.problem}`,
      message: e.message,
    };
  const code = codeOf(e);
  if (code === MCP_CODES.requestTimeout)
    return { kind: 'timeout', code: 'mcp-timeout', message: `${server} did not answer ${tool} in time.` };
  if (code === MCP_CODES.connectionClosed)
    return {
      kind: 'unavailable',
      code: 'mcp-connection-closed',
      message: `${server} closed the connection during ${tool} (${text}).`,
    };
  if (isNetworkError(e))
    return {
      kind: 'unavailable',
      code: 'mcp-unreachable',
      message: `${server} cannot be reached (${text}).`,
    };
  if (/structured content|output schema/i.test(text))
    return { kind: 'invalid-output', code: 'mcp-output-schema', message: `${tool}: ${text}` };
  if (code === MCP_CODES.invalidParams)
    return {
      kind: 'invalid-arguments',
      code: 'mcp-invalid-params',
      message: `${server} refused the arguments of ${tool}: ${text}`,
    };
  if (code === MCP_CODES.methodNotFound)
    return {
      kind: 'not-executable',
      code: 'mcp-method-not-found',
      message: `${server} does not take tool calls (${text}).`,
    };
  if (code === 401 || code === 403)
    return {
      kind: 'unavailable',
      code: `http-${code}`,
      message: `${server} refused the client (HTTP ${code}): it needs credentials this app does not have.`,
    };
  if (typeof code === 'number' && code >= 500 && code < 600)
    return { kind: 'unavailable', code: `http-${code}`, message: `${server} failed (HTTP ${code}): ${text}` };
  return { kind: 'error', code: 'mcp-protocol-error', message: `${server}, ${tool}: ${text}` };
}
