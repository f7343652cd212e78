import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOpenApi } from '../../tools/openapi-importer';
import { PETSTORE } from '../../tools/openapi-importer.test-util';
import type { Tool } from '../../tools/tool';
import { HostAllowList } from './host-allow-list';
import { HttpRuntime, retryAfterMs } from './http-runtime';
import { withHttpTools } from './with-http-tools';

let server: Server;
let host = '';
const seen: { method: string; url: string; body: string; cookie?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        body,
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
      });
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.url!.startsWith('/v1/pets/slow')) return void setTimeout(() => json(200, { id: 'slow' }), 500);
      if (req.url!.startsWith('/v1/pets/big')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ id: 'big', name: 'x'.repeat(300_000) }));
      }
      if (req.url!.startsWith('/v1/pets/down')) return json(503, { error: 'maintenance' });
      if (req.url!.startsWith('/v1/pets/busy')) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' });
        return void res.end(JSON.stringify({ error: 'slow down' }));
      }
      if (req.url!.startsWith('/v1/pets/missing')) return json(404, { error: 'no such pet' });
      if (req.url!.startsWith('/v1/pets/moved')) {
        res.writeHead(302, { location: 'http://evil.example/' });
        return void res.end();
      }
      if (req.url!.startsWith('/v1/pets/garbage')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('<html>oops');
      }
      if (req.method === 'POST') return json(201, { id: 'p9', ...JSON.parse(body) });
      if (req.url!.startsWith('/v1/pets?')) return json(200, [{ id: 'p1', name: 'Rex' }]);
      const id = decodeURIComponent(req.url!.split('/')[3]!.split('?')[0]!);
      return json(200, { id, name: `pet ${id}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function setup(
  options: {
    allow?: boolean;
    ask?: (h: string) => Promise<boolean>;
    timeoutMs?: number;
    maxBytes?: number;
  } = {},
) {
  const { tools } = parseOpenApi(PETSTORE, { baseUrl: `http://${host}/v1` });
  const byName = new Map(tools.map((t) => [t.name, t]));
  const allowList = new HostAllowList(options.allow === false ? [] : [host]);
  const runtime = new HttpRuntime({
    lookup: (n) => byName.get(n),
    allowList,
    ...(options.ask ? { ask: options.ask } : {}),
    timeoutMs: options.timeoutMs ?? 2000,
    maxBytes: options.maxBytes ?? 100_000,
  });
  return { runtime, allowList, tool: (n: string): Tool => byName.get(n)! };
}

describe('HTTP tools from an OpenAPI import, against a local server on 127.0.0.1', () => {
  it('calls an allowed host: path and query arguments, JSON out, labelled remote', async () => {
    const { runtime, tool } = setup();
    expect(runtime.canExecute('getPet')).toBe(true);
    expect(runtime.canExecute('contacts_search')).toBe(false);
    const r = await runtime.call(tool('getPet'), { petId: 'a/b c', fields: 'name' });
    expect(r).toMatchObject({
      ok: true,
      output: { id: 'a/b c', name: 'pet a/b c' },
      source: { kind: 'remote', label: host },
    });
    expect(seen.at(-1)!.url).toBe('/v1/pets/a%2Fb%20c?fields=name');
    expect(seen.at(-1)!.cookie).toBeUndefined();
  });

  it('sends body arguments as JSON and wraps a list answer as { result }', async () => {
    const { runtime, tool } = setup();
    expect(await runtime.call(tool('createPet'), { name: 'Tom', species: 'cat' })).toMatchObject({
      ok: true,
      output: { id: 'p9', name: 'Tom', species: 'cat' },
    });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ name: 'Tom', species: 'cat' });
    expect(await runtime.call(tool('get_pets'), { limit: 2 })).toMatchObject({
      ok: true,
      output: { result: [{ id: 'p1' }] },
    });
  });

  it('contacts no host before the user allows it; asking allows it once and for all', async () => {
    const before = seen.length;
    const refused = setup({ allow: false });
    expect(await refused.runtime.call(refused.tool('getPet'), { petId: '1' })).toMatchObject({
      ok: false,
      failure: { kind: 'not-executable', code: 'host-not-allowed' },
    });
    expect(seen.length).toBe(before);
    const asked: string[] = [];
    const yes = setup({ allow: false, ask: async (h) => (asked.push(h), true) });
    expect((await yes.runtime.call(yes.tool('getPet'), { petId: '1' })).ok).toBe(true);
    expect((await yes.runtime.call(yes.tool('getPet'), { petId: '2' })).ok).toBe(true);
    expect(asked).toEqual([host]);
    expect(yes.allowList.list()).toEqual([host]);
  });

  it('times out, refuses oversized answers, does not follow redirects, types status codes', async () => {
    const { runtime, tool } = setup({ timeoutMs: 100, maxBytes: 100_000 });
    const get = (petId: string) => runtime.call(tool('getPet'), { petId });
    expect(await get('slow')).toMatchObject({
      ok: false,
      failure: { kind: 'timeout', code: 'http-timeout' },
    });
    expect(await get('big')).toMatchObject({
      ok: false,
      failure: { kind: 'invalid-output', code: 'response-too-large' },
    });
    expect(await get('moved')).toMatchObject({ ok: false, failure: { kind: 'error', code: 'redirect' } });
    const down = await get('down');
    expect(down).toMatchObject({ ok: false, failure: { kind: 'unavailable', code: 'http-503' } });
    // Down without a word on when to come back: routed around; busy with Retry-After: waited for.
    expect(down.ok ? 'ok' : down.failure.retryAfterMs).toBeUndefined();
    expect(await get('busy')).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', code: 'http-429', retryAfterMs: 2000 },
    });
    expect(await get('missing')).toMatchObject({
      ok: false,
      failure: { kind: 'invalid-arguments', code: 'http-404' },
    });
    expect(await get('garbage')).toMatchObject({
      ok: false,
      failure: { kind: 'invalid-output', code: 'invalid-json' },
    });
  });

  it('a Stop cancels the request', async () => {
    const { runtime, tool } = setup();
    const c = new AbortController();
    const p = runtime.call(tool('getPet'), { petId: 'slow' }, c.signal);
    setTimeout(() => c.abort(), 20);
    expect(await p).toMatchObject({ ok: false, failure: { kind: 'cancelled' } });
  });

  it('beside the sandbox: only tools with an HTTP binding reach the network', async () => {
    const { runtime, tool } = setup();
    const local: string[] = [];
    const sandbox = {
      canExecute: (n: string) => n === 'notes_create',
      call: async (t: Tool) => (
        local.push(t.name),
        {
          ok: true as const,
          output: { note_id: 'n1' },
          source: { kind: 'sandbox' as const, label: 'sandbox' },
          durationMs: 0,
        }
      ),
    };
    const both = withHttpTools(sandbox, runtime);
    expect(both.canExecute('getPet') && both.canExecute('notes_create')).toBe(true);
    expect(await both.call(tool('getPet'), { petId: '7' })).toMatchObject({
      ok: true,
      source: { kind: 'remote' },
    });
    const note: Tool = { ...tool('getPet'), name: 'notes_create', http: undefined };
    expect(await both.call(note, {})).toMatchObject({ ok: true, source: { kind: 'sandbox' } });
    expect(local).toEqual(['notes_create']);
  });
});

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  it('reads delay-seconds and an HTTP-date as milliseconds from now; anything else is no promise', () => {
    const now = Date.parse('Wed, 25 Nov 2026 03:00:00 GMT');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 03:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 02:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
