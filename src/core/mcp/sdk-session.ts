import type { McpCallResult, McpListPage, McpSession } from './mcp-session';

/**
 * The part of the SDK's `Client` the session uses, structurally, so core does not import the SDK: the
 * one module per environment that does (src/app/mcp/browser-mcp-client.ts, src/node-mcp/node-mcp-client.ts)
 * passes its connected client and the SDK's `ToolListChangedNotificationSchema`.
 */
export interface SdkClientLike {
  setNotificationHandler(schema: never, handler: () => void): void;
  onerror?: ((error: Error) => void) | undefined;
  onclose?: (() => void) | undefined;
  getServerVersion(): { name: string; title?: string | undefined; version?: string | undefined } | undefined;
  getServerCapabilities(): { tools?: { listChanged?: boolean | undefined } | undefined } | undefined;
  listTools(
    params: { cursor?: string },
    options: { timeout: number; signal?: AbortSignal },
  ): Promise<unknown>;
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    resultSchema: undefined,
    options: { timeout: number; signal?: AbortSignal },
  ): Promise<unknown>;
  ping(options: { timeout: number }): Promise<unknown>;
  close(): Promise<void>;
}

/** A connected SDK client as the core's `McpSession`. */
export function sessionOfSdkClient(client: SdkClientLike, toolListChangedSchema: unknown): McpSession {
  const toolsChanged = new Set<() => void>();
  const errors = new Set<(e: Error) => void>();
  const closes = new Set<() => void>();
  client.setNotificationHandler(toolListChangedSchema as never, () => {
    for (const l of toolsChanged) l();
  });
  client.onerror = (e) => {
    for (const l of errors) l(e);
  };
  client.onclose = () => {
    for (const l of closes) l();
  };
  const info = client.getServerVersion();
  const opts = (o: { timeoutMs: number; signal?: AbortSignal }) => ({
    timeout: o.timeoutMs,
    ...(o.signal ? { signal: o.signal } : {}),
  });
  return {
    server: {
      name: info?.name ?? '',
      ...(info?.title ? { title: info.title } : {}),
      ...(info?.version ? { version: info.version } : {}),
    },
    toolsListChanged: client.getServerCapabilities()?.tools?.listChanged === true,
    listTools: async (cursor, o) =>
      (await client.listTools(cursor ? { cursor } : {}, opts(o))) as McpListPage,
    callTool: async (name, args, o) =>
      (await client.callTool({ name, arguments: args }, undefined, opts(o))) as McpCallResult,
    ping: async (timeoutMs) => {
      await client.ping({ timeout: timeoutMs });
    },
    onToolsChanged: (l) => toolsChanged.add(l),
    onError: (l) => errors.add(l),
    onClose: (l) => closes.add(l),
    close: async () => {
      closes.clear();
      errors.clear();
      toolsChanged.clear();
      await client.close();
    },
  };
}
