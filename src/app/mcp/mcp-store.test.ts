import { describe, expect, it } from 'vitest';
import type { ToolRuntime } from '../../core/execute/tool-runtime';
import { MCP_SETTINGS_KEY, readConnections } from '../../core/mcp/connection-records';
import type { McpCallResult, McpConnect, McpSession } from '../../core/mcp/mcp-session';
import { McpConnectError } from '../../core/mcp/mcp-session';
import { MemoryWorldStore } from '../../core/world/memory-world-store';
import { inThreadApp } from '../world-session.test-util';
import { browserConnect } from './browser-mcp-client';
import { McpStore } from './mcp-store';

const URL = 'http://127.0.0.1:3001/mcp';

/** An in-memory MCP server session: two tools, calls recorded. */
function fakeServer() {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  let connects = 0;
  const connect: McpConnect = async () => {
    connects++;
    const session: McpSession = {
      server: { name: 'mcp-servers/everything', title: 'Everything' },
      toolsListChanged: false,
      listTools: async () => ({
        tools: [
          {
            name: 'echo',
            description: 'Echoes back the input string',
            inputSchema: {
              type: 'object',
              properties: { message: { type: 'string' } },
              required: ['message'],
            },
          },
        ],
      }),
      callTool: async (name, args): Promise<McpCallResult> => {
        calls.push({ name, args });
        return { content: [{ type: 'text', text: `Echo: ${String(args.message)}` }] };
      },
      ping: async () => undefined,
      onToolsChanged: () => undefined,
      onError: () => undefined,
      onClose: () => undefined,
      close: async () => undefined,
    };
    return session;
  };
  return { connect, calls, connects: () => connects };
}

async function app(store = new MemoryWorldStore(), server = fakeServer()) {
  const { session } = await inThreadApp({ store });
  const mcp = new McpStore({ owner: session, connect: server.connect });
  mcp.start();
  const fallback: ToolRuntime = {
    canExecute: () => false,
    call: async () => ({
      ok: false,
      failure: { kind: 'not-executable', code: 'x', message: 'no' },
      durationMs: 0,
    }),
  };
  return { session, mcp, store, server, runtime: mcp.compose(fallback) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('McpStore', () => {
  it('adds a server, imports its tools, asks before the first call, and keeps the allow-list in the world', async () => {
    const { session, mcp, store, server, runtime } = await app();
    const view = await mcp.add(URL);
    expect(view?.status).toBe('connected');
    expect(mcp.getState().servers[0]).toMatchObject({ label: 'everything (127.0.0.1:3001)', allowed: false });
    expect(session.world.catalogue.get('echo')).toMatchObject({ source: 'mcp', category: 'mcp:everything' });
    expect(session.getState().notices.at(-1)?.text).toBe('everything (127.0.0.1:3001): 1 tool imported.');

    const echo = session.world.catalogue.get('echo')!;
    const pending = runtime.call(echo, { message: 'hi' }, new AbortController().signal);
    await until(() => mcp.getState().prompt !== null);
    expect(mcp.getState().prompt).toMatchObject({
      tool: 'echo',
      server: 'everything (127.0.0.1:3001)',
      args: { message: 'hi' },
    });
    expect(server.calls).toEqual([]);
    mcp.answerPrompt(true);
    expect(await pending).toMatchObject({ ok: true, output: 'Echo: hi', source: { kind: 'remote' } });
    expect(mcp.getState().prompt).toBeNull();
    await until(() => mcp.getState().servers[0]!.allowed);

    // Stored in the world's settings (IndexedDB in the app): a reload brings it back, allowed, reconnected.
    const saved = await store.load();
    const records = saved.status === 'ok' ? readConnections(saved.snapshot.settings).records : [];
    expect(records).toEqual([
      expect.objectContaining({ id: URL, allowed: true, tools: [{ tool: 'echo', remote: 'echo' }] }),
    ]);
    const again = await app(store, server);
    expect(again.mcp.getState().servers).toEqual([expect.objectContaining({ id: URL, allowed: true })]);
    await until(() => again.mcp.getState().servers[0]!.status === 'connected');
    expect(await again.runtime.call(echo, { message: 'back' })).toMatchObject({
      ok: true,
      output: 'Echo: back',
    });
    expect(again.mcp.getState().prompt).toBeNull();
    // The exported world carries the connection.
    expect(JSON.parse(again.session.exportWorld()).settings[MCP_SETTINGS_KEY].servers).toHaveLength(1);
  });

  it('one Deny answers for the rest of the turn; the next turn asks again; a Stop withdraws the question', async () => {
    const { session, mcp, server, runtime } = await app();
    await mcp.add(URL);
    const echo = session.world.catalogue.get('echo')!;
    const turn = new AbortController();
    const first = runtime.call(echo, { message: 'a' }, turn.signal);
    await until(() => mcp.getState().prompt !== null);
    mcp.answerPrompt(false);
    const denied = await first;
    expect(!denied.ok && denied.failure).toMatchObject({ kind: 'not-executable', code: 'mcp-not-allowed' });
    const second = await runtime.call(echo, { message: 'b' }, turn.signal);
    expect(!second.ok && second.failure.code).toBe('mcp-not-allowed');
    expect(mcp.getState().prompt).toBeNull();
    expect(server.calls).toEqual([]);

    const next = new AbortController();
    const third = runtime.call(echo, { message: 'c' }, next.signal);
    await until(() => mcp.getState().prompt !== null);
    next.abort();
    expect(!(await third).ok && ((await third) as { failure: { kind: string } }).failure.kind).toBe(
      'cancelled',
    );
    expect(mcp.getState().prompt).toBeNull();
    expect(mcp.getState().servers[0]!.allowed).toBe(false);
  });

  it('a world without tool servers loads with none; importing a world with some restores them', async () => {
    const { session, mcp } = await app();
    expect(mcp.getState().servers).toEqual([]);
    const file = JSON.parse(session.exportWorld());
    file.settings[MCP_SETTINGS_KEY] = {
      version: 1,
      servers: [
        {
          endpoint: { kind: 'http', url: URL },
          name: 'Everything',
          slug: 'everything',
          allowed: true,
          allowedAt: 1,
          addedAt: 1,
          lastSeen: 2,
          tools: [],
        },
      ],
    };
    await session.importFile('w.json', JSON.stringify(file));
    await until(() => mcp.getState().servers.length === 1);
    expect(mcp.getState().servers[0]).toMatchObject({ id: URL, allowed: true });
  });
});

describe('browser transport: CORS', () => {
  it('no answer at all: says that nothing listens or CORS refused, and what the server must send', async () => {
    const connect = browserConnect('http://127.0.0.1:5173', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await connect({ kind: 'http', url: URL }, { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(McpConnectError.isInstance(error) && error.problem).toBe('cors');
    const text = (error as Error).message;
    expect(text).toMatch(
      /^The browser got no answer from http:\/\/127\.0\.0\.1:3001\/mcp\. Either no server is listening there, or the server's CORS policy refused this page's origin http:\/\/127\.0\.0\.1:5173/,
    );
    expect(text).toContain('"Access-Control-Allow-Origin: http://127.0.0.1:5173"');
    expect(text).toContain('"Access-Control-Expose-Headers: mcp-session-id, mcp-protocol-version"');
    expect(text).toContain("curl -si -X OPTIONS -H 'Origin: http://127.0.0.1:5173'");
  });

  it('a preflight that refuses the headers sent after initialize: says which headers to allow', async () => {
    let posts = 0;
    const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
      if (init?.method === 'GET') return new Response(null, { status: 405 });
      const body = JSON.parse(String(init?.body)) as { id?: number; method: string };
      posts++;
      if (body.method === 'initialize')
        return Response.json(
          {
            jsonrpc: '2.0',
            id: body.id,
            result: {
              protocolVersion: '2025-06-18',
              capabilities: { tools: {} },
              serverInfo: { name: 'x', version: '1' },
            },
          },
          { headers: { 'mcp-session-id': 'abc' } },
        );
      // From here on the client sends mcp-protocol-version and mcp-session-id: the preflight refuses them.
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const session = await browserConnect('http://127.0.0.1:5173', fetchImpl)(
      { kind: 'http', url: URL },
      { timeoutMs: 2000 },
    ).catch((e: unknown) => e);
    // The SDK sends notifications/initialized inside connect: that is the first refused request.
    const error =
      session instanceof Error
        ? session
        : await (session as McpSession).listTools(undefined, { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(McpConnectError.isInstance(error) && error.problem).toBe('cors');
    expect((error as Error).message).toMatch(
      /^http:\/\/127\.0\.0\.1:3001\/mcp answered the first request, then the browser refused the next one: .*"Access-Control-Allow-Headers: content-type, accept, authorization, mcp-session-id, mcp-protocol-version/,
    );
  });

  it('a session header the page cannot read: says to expose mcp-session-id', async () => {
    // initialize answers (with a session id the browser hides, as CORS without Expose-Headers does), and the
    // next request, sent without it, gets the reference server's "No valid session ID".
    const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
      if (init?.method === 'GET') return new Response(null, { status: 405 });
      const body = JSON.parse(String(init?.body)) as { id?: number; method: string };
      if (body.method === 'initialize')
        return Response.json({
          jsonrpc: '2.0',
          id: body.id,
          result: {
            protocolVersion: '2025-06-18',
            capabilities: { tools: {} },
            serverInfo: { name: 'x', version: '1' },
          },
        });
      if (body.id === undefined) return new Response(null, { status: 202 });
      return Response.json(
        {
          jsonrpc: '2.0',
          id: body.id,
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
        },
        { status: 400 },
      );
    }) as typeof fetch;
    const session = await browserConnect('http://127.0.0.1:5173', fetchImpl)(
      { kind: 'http', url: URL },
      { timeoutMs: 2000 },
    );
    const error = await session.listTools(undefined, { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(McpConnectError.isInstance(error) && error.problem).toBe('cors');
    expect((error as Error).message).toMatch(/does not expose the mcp-session-id header to this page/);
    await session.close();
  });
});
