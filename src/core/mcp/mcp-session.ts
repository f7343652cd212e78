/**
 * What the MCP client core needs of a live connection to one server. The transports (Streamable HTTP in
 * the browser, HTTP and stdio in Node) implement it around the official SDK's `Client` in one module per
 * environment (src/app/mcp/browser-mcp-client.ts, src/node-mcp/node-mcp-client.ts); everything else —
 * listing with pagination, re-import on `list_changed`, call timeouts and aborts, results → CallOutcome,
 * permission, connection records — is plain TypeScript here and does not know which transport runs.
 */

/** Where a server is: a Streamable HTTP endpoint, or a command started as a child process (Node only). */
export type McpEndpoint = { kind: 'http'; url: string } | { kind: 'stdio'; command: string; args: string[] };

/** The server's `initialize` answer (serverInfo), as far as the client needs it. */
export interface McpServerInfo {
  name: string;
  title?: string;
  version?: string;
}

/** One page of `tools/list`. Entries are checked by the importer, not trusted. */
export interface McpListPage {
  tools: unknown[];
  nextCursor?: string;
}

/** A `tools/call` result as the server sent it. */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

export interface McpRequestOptions {
  signal?: AbortSignal;
  /** Passed to the SDK too; the core keeps its own timer, so a transport that ignores it cannot hang. */
  timeoutMs: number;
}

export interface McpSession {
  readonly server: McpServerInfo;
  /** The server announced `tools.listChanged`: it will send `notifications/tools/list_changed`. */
  readonly toolsListChanged: boolean;
  listTools(cursor: string | undefined, options: McpRequestOptions): Promise<McpListPage>;
  callTool(name: string, args: Record<string, unknown>, options: McpRequestOptions): Promise<McpCallResult>;
  /** Resolves when the server answers a ping in time; rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /** `notifications/tools/list_changed` arrived. */
  onToolsChanged(listener: () => void): void;
  /** The transport reported an error (a dropped stream, a failed reconnect, …). */
  onError(listener: (error: Error) => void): void;
  /** The connection closed (the child process exited, the session ended). */
  onClose(listener: () => void): void;
  close(): Promise<void>;
}

/** Opens a session (connect + initialize). Throws `McpConnectError` with a message a user can act on. */
export type McpConnect = (endpoint: McpEndpoint, options: { timeoutMs: number }) => Promise<McpSession>;

/** Why a server could not be reached or answered in a way the client cannot use. */
export type McpConnectProblem = 'unavailable' | 'cors' | 'timeout' | 'refused' | 'protocol';

/**
 * A connection that failed before any tool could be called: nothing listens, the browser's CORS check
 * refused the page's origin, the server did not answer in time, refused the client (401/403), or spoke
 * something that is not MCP. `message` says what happened and what to do.
 */
export class McpConnectError extends Error {
  override readonly name = 'McpConnectError';
  constructor(
    readonly problem: McpConnectProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static isInstance(e: unknown): e is McpConnectError {
    return e instanceof Error && e.name === 'McpConnectError' && 'problem' in e;
  }
}
