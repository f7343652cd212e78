// The MCP client's transports in Node: Streamable HTTP and stdio (a child process). The only Node module
// importing the official SDK's client; everything else is transport-free in src/core/mcp.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { endpointText } from '../core/mcp/endpoint';
import { isNetworkError } from '../core/mcp/mcp-errors';
import { McpConnectError, type McpConnect } from '../core/mcp/mcp-session';
import { sessionOfSdkClient, type SdkClientLike } from '../core/mcp/sdk-session';

export const CLIENT_INFO = { name: 'naviagent-web', version: '0.1.0' };

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const session = (client: Client) =>
  sessionOfSdkClient(client as unknown as SdkClientLike, ToolListChangedNotificationSchema);

/** Streamable HTTP or stdio, in Node. */
export const connectNode: McpConnect = async (endpoint, { timeoutMs }) => {
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const where = endpointText(endpoint);
  if (endpoint.kind === 'http') {
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url));
    try {
      await client.connect(transport, { timeout: timeoutMs });
    } catch (e) {
      await client.close().catch(() => undefined);
      throw httpConnectFailure(e, where);
    }
    return session(client);
  }
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: endpoint.command,
    args: endpoint.args,
    // The user started this process and named the server: it sees the same environment (e.g. the memory
    // server's MEMORY_FILE_PATH), not the SDK's reduced default.
    env: Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    ),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString('utf8'));
    if (stderr.length > 20) stderr.shift();
  });
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (e) {
    await client.close().catch(() => undefined);
    const tail = stderr.join('').trim().split('\n').slice(-3).join(' | ');
    throw new McpConnectError(
      /ENOENT|EACCES|closed/i.test(message(e)) ? 'unavailable' : 'protocol',
      `Could not start the tool server \`${where}\`: ${message(e)}${tail ? ` (its stderr: ${tail})` : ''}`,
      { cause: e },
    );
  }
  return session(client);
};

function httpConnectFailure(e: unknown, where: string): McpConnectError {
  const code = (e as { code?: unknown }).code;
  if (code === -32001)
    return new McpConnectError('timeout', `${where} did not answer the MCP initialize request in time.`, {
      cause: e,
    });
  if (isNetworkError(e))
    return new McpConnectError(
      'unavailable',
      `Nothing answers at ${where} (${message((e as { cause?: unknown }).cause ?? e)}). Is the server running?`,
      { cause: e },
    );
  if (code === 401 || code === 403)
    return new McpConnectError(
      'refused',
      `${where} refused the client (HTTP ${code}): it needs credentials this client does not send.`,
      { cause: e },
    );
  return new McpConnectError(
    'protocol',
    `${where} did not answer as an MCP server (${message(e)}). Check the URL: Streamable HTTP servers usually serve /mcp.`,
    { cause: e },
  );
}
