import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { parseCatalogue, parseCatalogueText } from '../tools/importers';
import { CatalogueFormatError } from '../tools/catalogue-format-error';
import { describeIssue } from '../tools/import-issue';
import { ToolWorld } from '../world/world';
import { parseWorldFile } from '../world/world-file';
import { WorldFileError } from '../world/world-file-error';
import { parseHgtManifest } from '../link-model/hgt-app-manifest';
import { parseLlmJson } from '../llm/json-action';
import { LlmOutputError } from '../llm/llm-output-error';
import type { Trace } from '../trace/trace';
import { clampToolOutput } from './tool-output';
import { InputRejectedError } from './input-rejected-error';
import { jsonProblem } from './json-limits';
import { LIMITS } from './limits';
import { validateTrace } from './trace-door';
import { validateSetting } from './doors';

/** `{type:'object', properties:{a: … }}` nested `levels` deep, built without recursion. */
function deepSchema(levels: number): Record<string, unknown> {
  let s: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) s = { type: 'object', properties: { a: s } };
  return s;
}

function deepValue(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

const call = (tool: string, extra: Record<string, unknown> = {}) => ({
  tool,
  args: { city: 'Paris' },
  status: 'ok' as const,
  startedAt: 1,
  durationMs: 2,
  ...extra,
});

const world = () => ToolWorld.empty(new LexicalEmbedder(), { now: () => 1000 });

describe('JSON limits walk', () => {
  it('finds depth, NaN, Infinity, cycles, class instances and long strings with their path', () => {
    expect(jsonProblem(deepValue(5000))?.reason).toMatch(/nested more than 64 levels/);
    expect(jsonProblem({ x: [1, NaN] })).toEqual({ path: '$.x[1]', reason: 'NaN is not a JSON number' });
    expect(jsonProblem({ 'a b': Infinity })?.path).toBe('$["a b"]');
    const cyc: Record<string, unknown> = {};
    cyc.self = { back: cyc };
    expect(jsonProblem(cyc)?.reason).toMatch(/cycle/);
    expect(jsonProblem({ d: new Date() })?.reason).toMatch(/not plain JSON/);
    expect(jsonProblem({ f: () => 1 })?.reason).toMatch(/function is not a JSON value/);
    expect(jsonProblem('x'.repeat(LIMITS.maxStringChars + 1))?.reason).toMatch(/longer than the limit/);
    // Shared (not cyclic) references and prototype-named keys are plain JSON.
    const shared = { v: 1 };
    expect(jsonProblem({ a: shared, b: shared, ['__proto__']: 1, constructor: 2 })).toBeNull();
    expect(jsonProblem(JSON.parse('{"__proto__": {"polluted": true}}'))).toBeNull();
  });

  it('keeps long paths readable', () => {
    const p = jsonProblem(deepValue(3000))!;
    expect(p.path.length).toBeLessThan(120);
    expect(p.path).toMatch(/more levels/);
  });
});

describe('catalogue door', () => {
  it('rejects a 3,000-level-deep schema with where and why, not RangeError, and keeps the other entries', () => {
    const entries = [
      { name: 'deep', description: '', parameters: deepSchema(3000) },
      { name: 'ok', description: '', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
    ];
    const r = parseCatalogue(entries);
    expect(r.tools.map((t) => t.name)).toEqual(['ok']);
    expect(r.issues).toHaveLength(1);
    const text = describeIssue(r.issues[0]!);
    expect(text).toMatch(/^entry #1 \(deep\): parameters\.properties\.a\.properties/);
    expect(text).toMatch(/nested more than 64 levels deep/);
    expect(text).toMatch(/simplify the schema/);
    // The same through text, MCP and OpenAI formats.
    const text3000 =
      '[{"name":"deep","parameters":' +
      '{"type":"object","properties":{"a":'.repeat(3000) +
      '{"type":"string"}' +
      '}}'.repeat(3000) +
      '},{"name":"ok"}]';
    const fromText = parseCatalogueText(text3000);
    expect(fromText.tools.map((t) => t.name)).toEqual(['ok']);
    expect(fromText.issues[0]!.reason).toMatch(/nested more than 64 levels/);
    const mcp = parseCatalogue({ tools: [{ name: 'deep', inputSchema: deepSchema(3000) }] });
    expect(mcp.format).toBe('mcp');
    expect(mcp.issues[0]!.reason).toMatch(/nested more than/);
    const oa = parseCatalogue([
      { type: 'function', function: { name: 'deep', parameters: deepSchema(3000) } },
    ]);
    expect(oa.issues[0]!.reason).toMatch(/nested more than/);
  });

  it('accepts a schema just inside the depth limit and rejects one just past it', () => {
    expect(parseCatalogue([{ name: 'a', parameters: deepSchema(31) }]).issues).toEqual([]);
    expect(parseCatalogue([{ name: 'a', parameters: deepSchema(33) }]).issues[0]!.reason).toMatch(
      /64 levels/,
    );
  });

  it('refuses an OpenAPI document past the limits as a whole, with the path', () => {
    const doc = { openapi: '3.0.0', paths: { '/x': { get: { responses: deepValue(3000) } } } };
    expect(() => parseCatalogue(doc)).toThrow(CatalogueFormatError);
    expect(() => parseCatalogue(doc)).toThrow(/at \$\.paths\["\/x"\]\.get\.responses/);
  });

  it('refuses NaN in a schema and too many entries', () => {
    const r = parseCatalogue([
      { name: 'n', parameters: { type: 'object', properties: { x: { minimum: NaN } } } },
    ]);
    expect(r.issues[0]!.reason).toMatch(/NaN is not a JSON number/);
    expect(() => parseCatalogue(new Array(LIMITS.maxTools + 1).fill({}))).toThrow(/at most 100,000/);
  });
});

describe('trace door', () => {
  it('rejects a trace without calls with a message, not TypeError, and stores nothing', async () => {
    const w = world();
    const before = JSON.stringify(w.snapshot());
    const bad = { id: 't1', query: 'q' } as unknown as Trace;
    await expect(w.ingestTrace(bad)).rejects.toThrow(InputRejectedError);
    await expect(w.ingestTrace(bad)).rejects.toThrow(
      /^Trace rejected at trace: "calls" is missing\. Nothing was stored/,
    );
    expect(JSON.stringify(w.snapshot())).toBe(before);
  });

  it('names the path of a bad call field', () => {
    const at = (t: unknown) => {
      try {
        validateTrace(t);
        return null;
      } catch (e) {
        return (e as InputRejectedError).path + ' ' + (e as InputRejectedError).reason;
      }
    };
    expect(at({ id: 'x', query: '', calls: [call('a'), { ...call('b'), args: [] }] })).toBe(
      'trace.calls[1].args must be object',
    );
    expect(at({ id: 'x', query: '', calls: [{ ...call('a'), status: 'maybe' }] })).toMatch(
      /^trace\.calls\[0\]\.status must be one of "ok", "error"/,
    );
    expect(at({ id: 'x', query: '', calls: [{ ...call('a'), startedAt: NaN }] })).toBe(
      'trace.calls[0].startedAt NaN is not a JSON number',
    );
    expect(at({ id: 'x', query: '', calls: [call('a', { deps: [0] })] })).toMatch(/not an earlier call/);
    expect(at({ id: 'x', query: '', calls: [call(' a')] })).toMatch(/surrounding spaces/);
    expect(at({ id: '', query: '', calls: [] })).toMatch(/^trace\.id must/);
    expect(at({ id: 'x', query: '', calls: [call('a', { args: deepValue(100) })] })).toMatch(
      /^trace\.calls\[0\]\.args\.a.* nested more than 64/,
    );
    expect(at({ id: 'x', query: '', calls: new Array(LIMITS.maxCallsPerTrace + 1).fill(call('a')) })).toMatch(
      /^trace\.calls must NOT have more than 10000 items/,
    );
  });

  it('refuses a duplicate trace id, keeps prototype-named tools harmless', async () => {
    const w = world();
    await w.ingestTrace({ id: 't', query: 'q', calls: [call('__proto__'), call('constructor')] });
    await expect(w.ingestTrace({ id: 't', query: 'q', calls: [call('a')] })).rejects.toThrow(
      /already in the world/,
    );
    expect(w.traces).toHaveLength(1);
    expect(({} as Record<string, unknown>).city).toBeUndefined();
  });

  it('clamps a huge or deep tool output instead of refusing the trace', async () => {
    const w = world();
    const big = 'x'.repeat(20 * 1024 * 1024);
    const out = await w.ingestTrace({
      id: 't',
      query: 'q',
      calls: [call('a', { output: { text: big, deep: deepValue(3000), n: NaN } })],
    });
    const o = out.trace.calls[0]!.output as Record<string, unknown>;
    expect((o.text as string).length).toBeLessThan(LIMITS.maxToolOutputStringChars + 100);
    expect(o.text).toMatch(/…\[cut: 20,971,520 characters\]$/);
    expect(JSON.stringify(o.deep)).toMatch(/nested deeper than 16 levels/);
    expect(o.n).toBeNull();
    expect(JSON.stringify(o).length).toBeLessThan(LIMITS.maxToolOutputChars + 1000);
  });

  it('leaves an output within the limits as the same object', () => {
    const output = { a: [1, 2, { b: 'c' }] };
    expect(clampToolOutput(output)).toEqual({ value: output, truncated: false });
    expect(clampToolOutput(output).value).toBe(output);
    const wide = Array.from({ length: 5000 }, (_, i) => i);
    const c = clampToolOutput(wide);
    expect(c.truncated).toBe(true);
    expect((c.value as unknown[]).at(-1)).toBe('…[cut: 4,000 more items]');
  });
});

describe('settings, world file, manifest and LLM doors', () => {
  it('refuses a setting past the limits and leaves the settings unchanged', () => {
    const w = world();
    w.setSetting('k', { v: 1 });
    expect(() => w.setSetting('k', { v: deepValue(100) })).toThrow(/Setting rejected at settings\["k"\]\.v/);
    expect(() => w.setSetting('k', 'x'.repeat(LIMITS.maxSettingChars + 1))).toThrow(/over the limit/);
    expect(() => validateSetting('', 1)).toThrow(/setting key/);
    expect(w.settings).toEqual({ k: { v: 1 } });
  });

  it('refuses a world file with a too-deep tool schema with the path', () => {
    const file = {
      format: 'naviagent-world',
      formatVersion: 1,
      exportedAt: 0,
      embedderId: 'x',
      tools: [{ tool: { name: 't', parameters: deepSchema(200) } }],
      clusters: [],
      nodes: [],
      edges: [],
      traces: [],
      settings: {},
    };
    expect(() => parseWorldFile(file)).toThrow(WorldFileError);
    expect(() => parseWorldFile(file)).toThrow(
      /at \$\.tools\[0\]\.tool\.parameters\.properties.*nested more than 72/,
    );
  });

  it('refuses a deep model manifest before reading its fields', () => {
    expect(() =>
      parseHgtManifest({ format: 'twnm-hgt-manifest/1', extra: deepValue(500) }, 'models/x.json'),
    ).toThrow(/models\/x\.json is not a usable.*at \$\.extra\.a.*nested more than 64/);
  });

  it('refuses an LLM reply that is too long or too deep', () => {
    expect(() => parseLlmJson(`{"a":"${'x'.repeat(LIMITS.maxLlmReplyChars)}"}`)).toThrow(LlmOutputError);
    expect(() => parseLlmJson(JSON.stringify(deepValue(100)))).toThrow(/nested more than 64/);
    expect(parseLlmJson('{"action":"answer"}')).toEqual({ action: 'answer' });
  });
});
