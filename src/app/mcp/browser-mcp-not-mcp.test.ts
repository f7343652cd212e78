import { describe, expect, it } from 'vitest';
import { McpConnectError } from '../../core/mcp/mcp-session';
import { browserConnect } from './browser-mcp-client';

/**
 * QA R17: connecting to a URL that is not an MCP server (the app's own /mcp) said only "Streamable HTTP
 * error: Error POSTing to endpoint: " — no status, nothing about what came back or what to do.
 */
const ORIGIN = 'http://127.0.0.1:4173';

async function connectError(url: string, answer: () => Response): Promise<Error> {
  const fetchImpl = (async () => answer()) as typeof fetch;
  const error = await browserConnect(ORIGIN, fetchImpl)({ kind: 'http', url }, { timeoutMs: 2000 }).catch(
    (e: unknown) => e,
  );
  expect(McpConnectError.isInstance(error) && error.problem).toBe('protocol');
  return error as Error;
}

describe('browser transport: a URL that is not an MCP server', () => {
  it('a 404 with an empty body: names the status and says what to do', async () => {
    const e = await connectError(
      'http://127.0.0.1:3001/mcp',
      () => new Response(null, { status: 404, statusText: 'Not Found' }),
    );
    expect(e.message).toContain('http://127.0.0.1:3001/mcp answered HTTP 404 Not Found with an empty body');
    expect(e.message).toContain('not an MCP server');
    expect(e.message).toMatch(/Check the URL/);
    expect(e.message).not.toMatch(/Error POSTing to endpoint: ?\)/);
  });

  it("the app's own address answering a web page: says what came back and that the app is no MCP server", async () => {
    const e = await connectError(
      `${ORIGIN}/mcp`,
      () =>
        new Response('<!doctype html><html><head><title>NaviAgent Web</title></head></html>', {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    );
    expect(e.message).toContain(
      `${ORIGIN}/mcp answered HTTP 200 with text/html: "<!doctype html><html><head><title>NaviAgent Web`,
    );
    expect(e.message).toContain("this app's own address");
  });

  it('a 405 with a text body: quotes the body, cut short', async () => {
    const e = await connectError(
      'http://127.0.0.1:3001/api',
      () =>
        new Response('Method Not Allowed. '.repeat(20), {
          status: 405,
          statusText: 'Method Not Allowed',
          headers: { 'content-type': 'text/plain' },
        }),
    );
    expect(e.message).toContain(
      'answered HTTP 405 Method Not Allowed with text/plain: "Method Not Allowed. Method',
    );
    expect(e.message).toContain('…"');
    expect(e.message.length).toBeLessThan(600);
  });
});
