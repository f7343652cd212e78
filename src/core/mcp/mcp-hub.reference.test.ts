// The MCP client against the reference servers (installed as dev dependencies, started here on
// 127.0.0.1 or as child processes over stdio; nothing off the machine): list, call, isError, the gate,
// permission, timeout, abort, a server killed mid-call, list_changed re-import, structured output.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent';
import { builtInAgentWorld } from '../agent/fixtures/run-fixture';
import { GraphPolicy } from '../agent/graph-policy';
import { LlmPolicy } from '../agent/llm-policy';
import { ScriptedEngine } from '../llm/scripted-engine';
import { LocalAgentWorld } from '../agent/local-agent-world';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { CompositeRuntime } from '../execute/composite-runtime';
import { createSandboxRuntime } from '../sandbox';
import { apiNodeId } from '../graph/graph-types';
import type { Tool } from '../tools/tool';
import { ToolWorld } from '../world/world';
import { parseWorldFile, serializeWorld } from '../world/world-file';
import { connectNode } from '../../node-mcp/node-mcp-client';
import {
  freePort,
  MEMORY_DEMO_SCRIPT,
  MEMORY_SCRIPT,
  nodeCommand,
  PAGED_SCRIPT,
  startEverythingServer,
  type HttpServerProcess,
} from '../../node-mcp/reference-servers';
import { MCP_SETTINGS_KEY, readConnections } from './connection-records';
import { McpHub, type McpHubOptions } from './mcp-hub';

const notices: { level: string; text: string; details?: string[] }[] = [];
const hubs: McpHub[] = [];

async function setup(options: Partial<McpHubOptions> = {}) {
  const world = ToolWorld.empty(new LexicalEmbedder());
  const { toolWorldSink } = await import('./world-sink');
  const hub = new McpHub({
    connect: connectNode,
    world: toolWorldSink(world),
    environment: 'node',
    onNotice: (level, text, details) => notices.push({ level, text, ...(details ? { details } : {}) }),
    ...options,
  });
  hubs.push(hub);
  const tool = (name: string): Tool => {
    const t = world.catalogue.get(name);
    if (!t) throw new Error(`no tool ${name}`);
    return t;
  };
  return { world, hub, tool };
}

afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
  notices.length = 0;
});

describe('server-everything over Streamable HTTP', () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startEverythingServer();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lists its tools into the world: source mcp, the server as category, outputSchema as returns', async () => {
    const { world, hub } = await setup();
    const view = await hub.add(server.url);
    expect(view.status).toBe('connected');
    expect(view.error).toBeNull();
    expect(view.label).toBe(`everything (127.0.0.1:${server.port})`);
    expect(view.allowed).toBe(false);
    const names = view.tools.map((t) => t.tool);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-structured-content']));
    expect(names.length).toBeGreaterThanOrEqual(12);
    const echo = world.catalogue.get('echo')!;
    expect(echo.source).toBe('mcp');
    expect(echo.category).toBe('mcp:everything');
    expect(echo.returns).toBeNull();
    const structured = world.catalogue.get('get-structured-content')!;
    expect(Object.keys(structured.returns?.properties ?? {})).toEqual([
      'temperature',
      'conditions',
      'humidity',
    ]);
    // Real output schemas make real structural edges: api → param for each declared output.
    const out = [...world.graph.edges()].filter((e) => e.source === apiNodeId('get-structured-content'));
    expect(out.length).toBe(3);
    // The connection is in the world's settings, so an exported world carries it.
    const { records } = readConnections(world.settings);
    expect(records.map((r) => r.id)).toEqual([server.url]);
    expect(records[0]!.tools.length).toBe(names.length);
    expect(records[0]!.lastSeen).not.toBeNull();
  });

  it('calls tools/call only once allowed: text content, structured content, the result marked remote', async () => {
    const asked: string[] = [];
    let answer = false;
    const { hub, tool } = await setup({
      ask: async (req) => {
        asked.push(`${req.server}:${req.tool}`);
        return answer;
      },
    });
    await hub.add(server.url);
    const refused = await hub.runtime.call(tool('echo'), { message: 'hi' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.failure.kind).toBe('not-executable');
    expect(!refused.ok && refused.failure.code).toBe('mcp-not-allowed');
    expect(asked).toEqual([`everything (127.0.0.1:${server.port}):echo`]);

    answer = true;
    const echoed = await hub.runtime.call(tool('echo'), { message: 'hi' });
    expect(echoed).toMatchObject({
      ok: true,
      output: 'Echo: hi',
      source: { kind: 'remote', label: `MCP everything (127.0.0.1:${server.port})` },
    });
    expect(hub.servers()[0]!.allowed).toBe(true);
    // Allowed once means allowed: no second question.
    const weather = await hub.runtime.call(tool('get-structured-content'), { location: 'Chicago' });
    expect(weather).toMatchObject({
      ok: true,
      output: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 },
    });
    expect(asked).toHaveLength(2);

    await hub.revoke(hub.servers()[0]!.id);
    answer = false;
    const again = await hub.runtime.call(tool('echo'), { message: 'hi' });
    expect(!again.ok && again.failure.code).toBe('mcp-not-allowed');
  });

  it('the gate keeps arguments that break the input schema at home; the server reports its own isError', async () => {
    const { hub, tool } = await setup();
    await hub.add(server.url, { allow: true });
    const gated = await hub.runtime.call(tool('get-sum'), { a: 1, b: 'two' });
    expect(gated.ok).toBe(false);
    expect(!gated.ok && gated.failure).toMatchObject({
      kind: 'rejected-by-gate',
      code: 'mcp-arguments-invalid',
    });
    expect(!gated.ok && gated.failure.message).toMatch(/b: must be number\). Nothing was sent/);
    // With a looser schema on our side the call goes out, and the server answers isError: the caller's
    // mistake (invalid-arguments), which never lowers the tool's weights.
    const loose = { ...tool('get-sum'), parameters: { type: 'object' } };
    const refused = await hub.runtime.call(loose, { a: 1, b: 'two' });
    expect(!refused.ok && refused.failure.kind).toBe('invalid-arguments');
    expect(!refused.ok && refused.failure.message).toMatch(/expected number/);
    const sum = await hub.runtime.call(tool('get-sum'), { a: 2, b: 3 });
    expect(sum).toMatchObject({ ok: true, output: 'The sum of 2 and 3 is 5.' });
  });

  it('a call that takes too long times out; a Stop cancels it', async () => {
    const { hub, tool } = await setup({ timeouts: { callMs: 700 } });
    await hub.add(server.url, { allow: true });
    const t0 = Date.now();
    const slow = await hub.runtime.call(tool('trigger-long-running-operation'), { duration: 5, steps: 5 });
    expect(!slow.ok && slow.failure.kind).toBe('timeout');
    expect(!slow.ok && slow.failure.message).toMatch(
      /did not answer trigger-long-running-operation within 0\.7 s/,
    );
    expect(Date.now() - t0).toBeLessThan(3000);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const stopped = await hub.runtime.call(
      tool('trigger-long-running-operation'),
      { duration: 5, steps: 5 },
      controller.signal,
    );
    expect(!stopped.ok && stopped.failure.kind).toBe('cancelled');
    // The session is still good afterwards.
    expect(await hub.runtime.call(tool('echo'), { message: 'still here' })).toMatchObject({ ok: true });
  });

  it('refuses an unreachable server clearly, and says so in its view', async () => {
    const { hub } = await setup({ timeouts: { connectMs: 3000 } });
    const port = await freePort();
    const view = await hub.add(`http://127.0.0.1:${port}/mcp`);
    expect(view.status).toBe('offline');
    expect(view.error).toBe(
      `Nothing answers at http://127.0.0.1:${port}/mcp (connect ECONNREFUSED 127.0.0.1:${port}). Is the server running?`,
    );
  });
});

describe('the agent with a tool server', () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startEverythingServer();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('graph-only routes "Echo hello world" to the server’s echo through tools/call, and the graph learns it', async () => {
    const base = await builtInAgentWorld(() => Date.now());
    const { toolWorldSink } = await import('./world-sink');
    const asked: string[] = [];
    const hub = new McpHub({
      connect: connectNode,
      world: toolWorldSink(base.world),
      environment: 'node',
      ask: async (r) => {
        asked.push(r.tool);
        return true;
      },
    });
    hubs.push(hub);
    await hub.add(server.url);
    const sandbox = await createSandboxRuntime();
    const agent = new Agent({
      world: new LocalAgentWorld(base.world),
      runtime: new CompositeRuntime([hub.runtime, sandbox], sandbox),
      policy: new GraphPolicy(),
    });
    const before = base.world.traces.length;
    const result = await agent.runTurn('Echo hello world');
    expect(result.status).toBe('answered');
    expect(result.calls).toEqual([
      expect.objectContaining({
        tool: 'echo',
        status: 'ok',
        output: 'Echo: Echo hello world',
        source: { kind: 'remote', label: `MCP everything (127.0.0.1:${server.port})` },
      }),
    ]);
    expect(asked).toEqual(['echo']);
    expect(base.world.traces.length).toBe(before + 1);
    expect(base.world.traces.at(-1)!.calls[0]).toMatchObject({
      tool: 'echo',
      status: 'ok',
      source: { kind: 'remote' },
    });
    expect(base.world.graph.node(apiNodeId('echo'))!.nSucc).toBe(1);
    // A built-in request still runs on the sandbox beside the server.
    const note = await agent.runTurn('Create a note called Groceries saying milk and eggs');
    expect(note.calls.find((c) => c.tool === 'notes_create')?.source?.kind).toBe('sandbox');
  });
});

describe('a server killed mid-call', () => {
  let server: HttpServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it('fails the call at once as unavailable, and the next call reconnects when the server is back', async () => {
    server = await startEverythingServer();
    const port = server.port;
    const { hub, tool } = await setup({ timeouts: { callMs: 20_000 } });
    await hub.add(server.url, { allow: true });
    const t0 = Date.now();
    const call = hub.runtime.call(tool('trigger-long-running-operation'), { duration: 10, steps: 10 });
    setTimeout(() => server!.kill(), 400);
    const outcome = await call;
    const ms = Date.now() - t0;
    expect(!outcome.ok && outcome.failure.kind).toBe('unavailable');
    expect(!outcome.ok && outcome.failure.message).toMatch(/went away during the call/);
    // Well before the 20 s timeout: the dropped stream and a failed ping tell.
    expect(ms).toBeLessThan(8000);
    expect(hub.servers()[0]!.status).toBe('offline');

    const down = await hub.runtime.call(tool('echo'), { message: 'anyone?' });
    expect(!down.ok && down.failure.kind).toBe('unavailable');

    server = await startEverythingServer(port);
    const back = await hub.runtime.call(tool('echo'), { message: 'back' });
    expect(back).toMatchObject({ ok: true, output: 'Echo: back' });
    expect(hub.servers()[0]!.status).toBe('connected');
  }, 40_000);
});

describe('stdio servers', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'navi-mcp-'));
    process.env.MEMORY_FILE_PATH = join(dir, 'memory.jsonl');
  });
  afterAll(() => {
    delete process.env.MEMORY_FILE_PATH;
    rmSync(dir, { recursive: true, force: true });
  });

  it('server-memory: creates entities and relations and reads them back', async () => {
    const { hub, tool } = await setup();
    const view = await hub.add(nodeCommand(MEMORY_SCRIPT), { allow: true });
    expect(view.status).toBe('connected');
    expect(view.tools.map((t) => t.tool)).toEqual(
      expect.arrayContaining(['create_entities', 'create_relations', 'read_graph', 'search_nodes']),
    );
    expect(view.label).toBe('memory-server (server-memory)');
    const made = await hub.runtime.call(tool('create_entities'), {
      entities: [
        { name: 'Anna', entityType: 'person', observations: ['likes museums'] },
        { name: 'Lyon', entityType: 'city', observations: [] },
      ],
    });
    expect(made.ok).toBe(true);
    const related = await hub.runtime.call(tool('create_relations'), {
      relations: [{ from: 'Anna', to: 'Lyon', relationType: 'lives in' }],
    });
    expect(related.ok).toBe(true);
    const graph = await hub.runtime.call(tool('read_graph'), {});
    expect(graph.ok && JSON.stringify(graph.output)).toMatch(/lives in/);
  });

  it('the agent creates entities and relations in server-memory (scripted engine, as `npm run agent -- --mcp`)', async () => {
    const base = await builtInAgentWorld(() => Date.now());
    const { toolWorldSink } = await import('./world-sink');
    const hub = new McpHub({ connect: connectNode, world: toolWorldSink(base.world), environment: 'node' });
    hubs.push(hub);
    await hub.add(nodeCommand(MEMORY_SCRIPT), { allow: true });
    const replies = (JSON.parse(readFileSync(MEMORY_DEMO_SCRIPT, 'utf8')) as unknown[]).map((r) =>
      JSON.stringify(r),
    );
    const sandbox = await createSandboxRuntime();
    const agent = new Agent({
      world: new LocalAgentWorld(base.world),
      runtime: new CompositeRuntime([hub.runtime, sandbox], sandbox),
      policy: new LlmPolicy(new ScriptedEngine({ replies })),
    });
    const result = await agent.runTurn(
      'Remember Anna Keller and the Natural History Museum, and that Anna visits the museum',
    );
    expect(result.calls.map((c) => [c.tool, c.status, c.source?.label])).toEqual([
      ['create_entities', 'ok', 'MCP memory-server (server-memory)'],
      ['create_relations', 'ok', 'MCP memory-server (server-memory)'],
    ]);
    const stored = readFileSync(process.env.MEMORY_FILE_PATH!, 'utf8');
    expect(stored).toContain('"relationType":"visits"');
    expect(stored).toContain('"name":"Natural History Museum"');
    // server-memory declares output schemas: its tools' outputs are real parameter nodes in the graph.
    expect(base.world.catalogue.get('create_relations')!.returns).not.toBeNull();
  });

  it('lists every page, skips a tool whose schema does not validate, maps isError and a broken output', async () => {
    const { world, hub, tool } = await setup();
    const view = await hub.add(nodeCommand(PAGED_SCRIPT), { allow: true });
    expect(view.status).toBe('connected');
    // Seven tools in pages of two; broken_schema is reported and skipped.
    expect(view.tools.map((t) => t.tool).sort()).toEqual(
      ['add_tool', 'always_fails', 'bad_output', 'crash_soon', 'lookup_city', 'slow_echo'].sort(),
    );
    expect(view.skipped).toEqual([
      expect.stringMatching(/broken_schema.*parameters is not a valid JSON Schema/),
    ]);
    expect(notices.some((n) => n.level === 'warn' && /1 tool skipped/.test(n.text))).toBe(true);
    expect(world.catalogue.has('broken_schema')).toBe(false);

    const failed = await hub.runtime.call(tool('always_fails'), {});
    expect(!failed.ok && failed.failure).toMatchObject({ kind: 'error', code: 'mcp-tool-error' });
    expect(!failed.ok && failed.failure.message).toMatch(/The disk is full/);
    const broken = await hub.runtime.call(tool('bad_output'), {});
    expect(!broken.ok && broken.failure.kind).toBe('invalid-output');
    const city = await hub.runtime.call(tool('lookup_city'), { city: 'Lyon' });
    expect(city).toMatchObject({ ok: true, output: { city_name: 'Lyon', population: 522000 } });
  });

  it('re-imports on list_changed, keeping the graph statistics of tools that did not change', async () => {
    const { world, hub, tool } = await setup();
    await hub.add(nodeCommand(PAGED_SCRIPT), { allow: true });
    // Some evidence for slow_echo, which will not change.
    await world.ingestTrace({
      id: 't1',
      query: 'echo slowly',
      calls: [
        {
          tool: 'slow_echo',
          args: { message: 'a' },
          status: 'ok',
          output: 'slow: a',
          startedAt: 0,
          durationMs: 1,
        },
      ],
    });
    const before = world.graph.node(apiNodeId('slow_echo'))!;
    expect(before.nSucc).toBe(1);
    const snapshotBefore = JSON.stringify(before);
    const revision = world.catalogue.record('lookup_city')!.revision;

    const added = await hub.runtime.call(tool('add_tool'), {});
    expect(added.ok).toBe(true);
    await expect.poll(() => world.catalogue.has('greet'), { timeout: 5000 }).toBe(true);
    await expect
      .poll(() => notices.some((n) => /changed its tools: 1 added, 1 updated, 5 unchanged/.test(n.text)))
      .toBe(true);
    expect(world.catalogue.record('lookup_city')!.revision).toBe(revision + 1);
    expect(JSON.stringify(world.graph.node(apiNodeId('slow_echo')))).toBe(snapshotBefore);
    expect(hub.servers()[0]!.tools.map((t) => t.tool)).toContain('greet');
    expect(await hub.runtime.call(tool('greet'), { name: 'Anna' })).toMatchObject({
      ok: true,
      output: 'Hello, Anna!',
    });
  });

  it('a stdio server that exits mid-call fails the call as unavailable, and the next call restarts it', async () => {
    const { hub, tool } = await setup({ timeouts: { callMs: 20_000 } });
    await hub.add(nodeCommand(PAGED_SCRIPT), { allow: true });
    const t0 = Date.now();
    const outcome = await hub.runtime.call(tool('crash_soon'), {});
    expect(!outcome.ok && outcome.failure.kind).toBe('unavailable');
    expect(!outcome.ok && outcome.failure.message).toMatch(/closed the connection|went away/);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await hub.runtime.call(tool('slow_echo'), { message: 'again' })).toMatchObject({
      ok: true,
      output: 'slow: again',
    });
  });
});

describe('the agent when a server goes away mid-call', () => {
  it('reports the failure (unavailable, the server named) instead of hanging; the graph counts it against the tool', async () => {
    const base = await builtInAgentWorld(() => Date.now());
    const { toolWorldSink } = await import('./world-sink');
    const hub = new McpHub({
      connect: connectNode,
      world: toolWorldSink(base.world),
      environment: 'node',
      timeouts: { callMs: 20_000 },
    });
    hubs.push(hub);
    await hub.add(nodeCommand(PAGED_SCRIPT), { allow: true });
    const intent = 'Run the crash test';
    const replies = [
      [{ dependency_rank: 1, intent, action: 'retrieve_api', recall_description: 'crash_soon' }],
      [{ dependency_rank: 1, intent, action: 'call_api', target_api: 'crash_soon', params: {} }],
      [
        {
          dependency_rank: 1,
          intent,
          action: 'direct_answer',
          analysis: 'failed',
          answer: 'The tool server went away.',
        },
      ],
    ].map((r) => JSON.stringify(r));
    const sandbox = await createSandboxRuntime();
    const agent = new Agent({
      world: new LocalAgentWorld(base.world),
      runtime: new CompositeRuntime([hub.runtime, sandbox], sandbox),
      policy: new LlmPolicy(new ScriptedEngine({ replies })),
    });
    const t0 = Date.now();
    const result = await agent.runTurn(intent);
    expect(Date.now() - t0).toBeLessThan(8000);
    expect(result.calls).toEqual([
      expect.objectContaining({
        tool: 'crash_soon',
        status: 'error',
        failure: expect.objectContaining({
          kind: 'unavailable',
          message: expect.stringMatching(/paged-server/),
        }),
      }),
    ]);
    expect(result.status).toBe('failed');
    // An unavailable tool is the tool's failure (eq. 4 n_fail), as the architecture's blame rule says.
    expect(base.world.graph.node(apiNodeId('crash_soon'))!.nFail).toBe(1);
  });
});

describe('connections in the world file', () => {
  it('an exported world carries its tool servers; one exported without them still loads', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder());
    const { toolWorldSink } = await import('./world-sink');
    await toolWorldSink(world).saveConnections({
      version: 1,
      servers: [
        {
          endpoint: { kind: 'http', url: 'http://127.0.0.1:3001/mcp' },
          name: 'Everything',
          slug: 'everything',
          allowed: true,
          allowedAt: 5,
          addedAt: 1,
          lastSeen: 7,
          tools: [{ tool: 'echo', remote: 'echo' }],
        },
      ],
    });
    const file = serializeWorld(world.snapshot());
    const loaded = await ToolWorld.fromSnapshot(parseWorldFile(JSON.parse(file)), new LexicalEmbedder());
    const { records } = readConnections(loaded.settings);
    expect(records).toEqual([
      expect.objectContaining({
        id: 'http://127.0.0.1:3001/mcp',
        allowed: true,
        lastSeen: 7,
        tools: [{ tool: 'echo', remote: 'echo' }],
      }),
    ]);
    const bare = JSON.parse(file) as { settings: Record<string, unknown> };
    delete bare.settings[MCP_SETTINGS_KEY];
    const old = await ToolWorld.fromSnapshot(parseWorldFile(bare), new LexicalEmbedder());
    expect(readConnections(old.settings)).toEqual({ records: [], problems: [] });
  });
});
