import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { connectionsSetting, MCP_SETTINGS_KEY, newRecord, readConnections } from './connection-records';
import { endpointText, endpointWhere, parseEndpoint, splitCommandLine } from './endpoint';
import { failureOfError, isSessionLost } from './mcp-errors';
import { resultOutput, resultToOutcome } from './mcp-results';
import { McpConnectError } from './mcp-session';
import { serverSlug, serverToolsToCatalogue, toMcpTool } from './mcp-tools';

describe('endpoints', () => {
  it('reads a URL as Streamable HTTP and anything else as a command line', () => {
    expect(parseEndpoint(' http://127.0.0.1:3001/mcp ')).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:3001/mcp',
    });
    expect(parseEndpoint('node "my server/index.js" --flag')).toEqual({
      kind: 'stdio',
      command: 'node',
      args: ['my server/index.js', '--flag'],
    });
    expect(() => parseEndpoint('ws://host/mcp')).toThrow(/ws: is not supported/);
    expect(() => parseEndpoint('   ')).toThrow(/Give a server address/);
    expect(() => splitCommandLine('node "open')).toThrow(/Unclosed "/);
    expect(splitCommandLine(`a 'b c' d\\ e ""`)).toEqual(['a', 'b c', 'd e', '']);
  });

  it('prints an endpoint back the way it was typed, and a short "where"', () => {
    const stdio = parseEndpoint('node node_modules/@modelcontextprotocol/server-memory/dist/index.js');
    expect(endpointText(stdio)).toBe('node node_modules/@modelcontextprotocol/server-memory/dist/index.js');
    expect(endpointWhere(stdio)).toBe('server-memory');
    expect(endpointText(parseEndpoint(`node 'a b.js'`))).toBe(`node 'a b.js'`);
    expect(endpointWhere(parseEndpoint('http://127.0.0.1:3001/mcp'))).toBe('127.0.0.1:3001');
    expect(endpointWhere(parseEndpoint('uvx mcp-server-time'))).toBe('uvx');
  });
});

describe('MCP tools ↔ catalogue tools', () => {
  const entries = [
    {
      name: 'echo',
      title: 'Echo Tool',
      description: 'Echoes back the input string',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
      },
    },
    {
      name: 'weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      outputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { temperature: { type: 'number' } },
      },
    },
    { name: 'broken', inputSchema: { type: 'object', properties: { x: { type: 'nonsense' } } } },
    { name: 'notes_create', inputSchema: { type: 'object', properties: {} } },
  ];

  it('maps inputSchema → parameters and outputSchema → returns; a bad schema is reported and skipped', () => {
    const out = serverToolsToCatalogue(entries, 'everything', (n) =>
      n === 'notes_create' ? 'taken' : 'free',
    );
    expect(out.tools.map((t) => t.name)).toEqual(['echo', 'weather', 'everything__notes_create']);
    expect(out.names).toEqual([
      { tool: 'echo', remote: 'echo' },
      { tool: 'weather', remote: 'weather' },
      { tool: 'everything__notes_create', remote: 'notes_create' },
    ]);
    const [echo, weather] = out.tools as [Tool, Tool];
    expect(echo).toMatchObject({
      source: 'mcp',
      category: 'mcp:everything',
      description: 'Echoes back the input string',
    });
    // A 2020-12 dialect URI would make the draft-07 Ajv refuse the tool; the keywords are the same.
    expect(echo.parameters.$schema).toBeUndefined();
    expect(echo.returns).toBeNull();
    expect(weather.returns).toEqual({ type: 'object', properties: { temperature: { type: 'number' } } });
    expect(out.issues).toEqual([
      expect.objectContaining({
        index: 2,
        name: 'broken',
        reason: expect.stringMatching(/parameters is not a valid JSON Schema/),
      }),
    ]);
  });

  it('keeps a name that is already this server’s, and numbers a prefixed name that is taken too', () => {
    const taken = new Set(['echo', 'everything__echo']);
    const out = serverToolsToCatalogue([entries[0]], 'everything', (n) => (taken.has(n) ? 'taken' : 'free'));
    expect(out.names).toEqual([{ tool: 'everything2__echo', remote: 'echo' }]);
    const mine = serverToolsToCatalogue([entries[0]], 'everything', (n) =>
      n === 'echo' ? 'this-server' : 'free',
    );
    expect(mine.names).toEqual([{ tool: 'echo', remote: 'echo' }]);
  });

  it('gives the server a name-safe slug, and maps a catalogue tool back to an MCP entry', () => {
    expect(serverSlug('mcp-servers/everything')).toBe('everything');
    expect(serverSlug('Memory Server!')).toBe('memory-server');
    expect(serverSlug('')).toBe('server');
    const tool: Tool = {
      name: 'w',
      description: 'd',
      parameters: { type: 'object', properties: { a: { type: 'string' } } },
      returns: { type: 'object', properties: { b: { type: 'number' } } },
      category: 'c',
      source: 'builtin',
    };
    expect(toMcpTool(tool)).toEqual({
      name: 'w',
      description: 'd',
      inputSchema: tool.parameters,
      outputSchema: tool.returns,
    });
  });
});

describe('results → outcomes', () => {
  const source = { kind: 'remote' as const, label: 'MCP everything (127.0.0.1:3001)' };
  const tool = (returns: Tool['returns'] = null): Tool => ({
    name: 't',
    description: '',
    parameters: { type: 'object' },
    returns,
    category: 'mcp:x',
    source: 'mcp',
  });

  it('structured content when given, else the text, else the blocks as data (no base64 kept)', () => {
    expect(
      resultOutput({ content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } }),
    ).toEqual({ a: 1 });
    expect(
      resultOutput({
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      }),
    ).toBe('one\ntwo');
    expect(
      resultOutput({
        content: [
          { type: 'text', text: 'here' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
        ],
      }),
    ).toEqual([
      'here',
      { type: 'image', mimeType: 'image/png', bytes: 3 },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
    ]);
    expect(resultToOutcome({ content: [{ type: 'text', text: 'ok' }] }, tool(), source, 5)).toEqual({
      ok: true,
      output: 'ok',
      source,
      durationMs: 5,
    });
  });

  it('isError is a failure with its message; input validation is the caller’s fault; a broken promise is invalid output', () => {
    const err = resultToOutcome(
      { content: [{ type: 'text', text: 'The disk is full' }], isError: true },
      tool(),
      source,
      1,
    );
    expect(err).toEqual({
      ok: false,
      failure: { kind: 'error', code: 'mcp-tool-error', message: 't reported an error: The disk is full' },
      durationMs: 1,
    });
    const bad = resultToOutcome(
      {
        content: [
          {
            type: 'text',
            text: 'MCP error -32602: Input validation error: Invalid arguments for tool t: expected number',
          },
        ],
        isError: true,
      },
      tool(),
      source,
      1,
    );
    expect(!bad.ok && bad.failure.kind).toBe('invalid-arguments');
    const gone = resultToOutcome(
      { content: [{ type: 'text', text: 'MCP error -32602: Tool t not found' }], isError: true },
      tool(),
      source,
      1,
    );
    expect(!gone.ok && gone.failure.code).toBe('mcp-tool-not-found');
    const returns = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const missing = resultToOutcome(
      { content: [{ type: 'text', text: '{"n":1}' }] },
      tool(returns),
      source,
      1,
    );
    expect(!missing.ok && missing.failure.code).toBe('mcp-no-structured-content');
    const wrong = resultToOutcome({ content: [], structuredContent: { n: 'x' } }, tool(returns), source, 1);
    expect(!wrong.ok && wrong.failure).toMatchObject({ kind: 'invalid-output', code: 'mcp-output-schema' });
    expect(
      resultToOutcome({ content: [], structuredContent: { n: 2 } }, tool(returns), source, 1),
    ).toMatchObject({ ok: true, output: { n: 2 } });
  });

  it('thrown errors become failure kinds', () => {
    const where = 'everything (127.0.0.1:3001)';
    const mcp = (code: number, message: string) => Object.assign(new Error(message), { code });
    expect(failureOfError(mcp(-32001, 'Request timed out'), 'echo', where).kind).toBe('timeout');
    expect(failureOfError(mcp(-32000, 'Connection closed'), 'echo', where).kind).toBe('unavailable');
    expect(
      failureOfError(
        new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }),
        'echo',
        where,
      ).kind,
    ).toBe('unavailable');
    expect(failureOfError(mcp(-32602, 'bad'), 'echo', where).kind).toBe('invalid-arguments');
    expect(failureOfError(mcp(-32601, 'Method not found'), 'echo', where).kind).toBe('not-executable');
    expect(failureOfError(mcp(503, 'busy'), 'echo', where)).toMatchObject({
      kind: 'unavailable',
      code: 'http-503',
    });
    expect(failureOfError(new McpConnectError('cors', 'CORS refused'), 'echo', where)).toEqual({
      kind: 'unavailable',
      code: 'mcp-cors',
      message: 'CORS refused',
    });
    expect(failureOfError(new Error('odd'), 'echo', where).kind).toBe('error');
    expect(isSessionLost(mcp(404, 'Session not found'))).toBe(true);
    expect(isSessionLost(mcp(400, 'Bad Request: No valid session ID provided'))).toBe(true);
    expect(isSessionLost(mcp(400, 'Bad Request'))).toBe(false);
  });
});

describe('connection records in the world settings', () => {
  it('round-trips, drops what it cannot read, and reads nothing from a world without them', () => {
    const r = { ...newRecord(parseEndpoint('http://127.0.0.1:3001/mcp'), 10), allowed: true, allowedAt: 11 };
    const value = connectionsSetting([r]);
    expect(readConnections({ [MCP_SETTINGS_KEY]: value })).toEqual({ records: [r], problems: [] });
    const withJunk = {
      version: 1,
      servers: [(value as { servers: unknown[] }).servers[0], { endpoint: { kind: 'ftp' } }],
    };
    const read = readConnections({ [MCP_SETTINGS_KEY]: withJunk });
    expect(read.records).toHaveLength(1);
    expect(read.problems).toEqual(["tool server #2 in the world's settings cannot be read; ignored"]);
    expect(readConnections({})).toEqual({ records: [], problems: [] });
    expect(readConnections({ [MCP_SETTINGS_KEY]: 'x' }).problems).toHaveLength(1);
  });
});
