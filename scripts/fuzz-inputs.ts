// Adversarial inputs at every door (issue 21): deep and wide schemas, huge strings, wrong types, prototype
// keys, unicode, NaN/Infinity, missing fields, duplicate ids, $ref cycles. Per door: inputs tried, crashes
// (an error that is not the door's clear rejection: goal 0), accepted-but-invalid (accepted, yet breaking
// the door's invariants: goal 0), clear rejections, and time.
//
//   npm run fuzz:inputs -- [--n N] [--seed S] [--json <file>]
//
// --n: random mutations per door on top of the fixed cases (default 200).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { parseHgtManifest } from '../src/core/link-model/hgt-app-manifest';
import { HgtManifestError } from '../src/core/link-model/hgt-manifest-error';
import { parseLlmJson } from '../src/core/llm/json-action';
import { LlmOutputError } from '../src/core/llm/llm-output-error';
import { CatalogueFormatError } from '../src/core/tools/catalogue-format-error';
import { parseCatalogue } from '../src/core/tools/importers';
import { checkObjectSchema, checkToolName } from '../src/core/tools/validate-tool';
import type { Trace } from '../src/core/trace/trace';
import { mulberry32, pick, randInt } from '../src/core/util/prng';
import { clampToolOutput } from '../src/core/validate/tool-output';
import { InputRejectedError } from '../src/core/validate/input-rejected-error';
import { jsonProblem } from '../src/core/validate/json-limits';
import { LIMITS } from '../src/core/validate/limits';
import { ToolWorld } from '../src/core/world/world';
import { parseWorldFile, serializeWorld, worldRecordsProblem } from '../src/core/world/world-file';
import { WorldFileError } from '../src/core/world/world-file-error';

const USAGE = `Usage: npm run fuzz:inputs -- [--n N] [--seed S] [--json <file>]

  Adversarial inputs at every door (catalogues, world files, LLM output, tool output, HGT manifests):
  N random mutations per door (default 200) on top of the fixed cases. Reads no dataset folder.`;
function cliOptions() {
  try {
    return parseArgs({
      options: {
        n: { type: 'string' },
        seed: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (e) {
    // A bad flag: the message and the usage, not a stack (as runCli does for the other commands).
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}
const values = cliOptions();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const N = Number(values.n ?? 200);
const rand = mulberry32(Number(values.seed ?? 21));

// ---- Adversarial building blocks -------------------------------------------------------------------------

function deep(levels: number, leaf: unknown = 1, key = 'a'): unknown {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = { [key]: v };
  return v;
}
function deepSchema(levels: number): Record<string, unknown> {
  let s: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) s = { type: 'object', properties: { a: s } };
  return s;
}
const wide = (n: number): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]));
const cyclic = (): unknown => {
  const o: Record<string, unknown> = { type: 'object' };
  o.properties = { self: o };
  return o;
};
const UNICODE = ['\ud800', '\u202egnp.exe', 'a\u200bb', '😀'.repeat(1000), 'é', '\u0000', '\u001f\t', ' '];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
const WEIRD: (() => unknown)[] = [
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => null,
  () => undefined,
  () => 0,
  () => -1,
  () => true,
  () => '',
  () => 'x'.repeat(9 * 1024 * 1024),
  () => [],
  () => ({}),
  () => deep(3000),
  () => pick(rand, UNICODE),
  () => pick(rand, PROTO_KEYS),
  () => 2 ** 64,
  () => JSON.parse('{"__proto__": {"polluted": true}}'),
  () => cyclic(),
  () => new Date(0),
  () => (() => 1) as unknown,
  () => BigInt(1) as unknown,
];
const weird = () => pick(rand, WEIRD)();

/** A copy of `base` with one field (at any depth up to 3) replaced, deleted or given a prototype key. */
function mutate(base: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (let d = 0; d < 3; d++) {
    const keys = Object.keys(target).filter((k) => target[k] !== null && typeof target[k] === 'object');
    if (keys.length === 0 || rand() < 0.4) break;
    target = target[pick(rand, keys)] as Record<string, unknown>;
  }
  const keys = Object.keys(target);
  const r = rand();
  if (keys.length > 0 && r < 0.3) delete target[pick(rand, keys)];
  else if (keys.length > 0 && r < 0.8) target[pick(rand, keys)] = weird();
  else
    Object.defineProperty(target, pick(rand, PROTO_KEYS), {
      value: weird(),
      enumerable: true,
      writable: true,
    });
  return copy;
}

// ---- Doors ------------------------------------------------------------------------------------------------

type Verdict = 'accepted' | 'rejected';
interface Door {
  name: string;
  cases: () => unknown[];
  /** Runs the door; returns 'rejected' for a clear rejection, throws for anything else. */
  run: (input: unknown) => Promise<{ verdict: Verdict; problem?: string | null }>;
  /** Errors that are the door's clear rejections. */
  clear: (e: unknown) => boolean;
}

const polluted = () => ({}) as Record<string, unknown>;
const notPolluted = (): string | null =>
  'polluted' in polluted() || Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')
    ? 'Object.prototype was polluted'
    : null;

const embedder = new LexicalEmbedder();
const goodTool = {
  name: 'get_weather',
  description: 'Weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const goodCall = {
  tool: 'get_weather',
  args: { city: 'Paris' },
  status: 'ok',
  startedAt: 1,
  durationMs: 2,
  output: { temp: 20 },
};
const goodTrace = { id: 't-1', query: 'weather in Paris', calls: [goodCall, { ...goodCall, deps: [0] }] };

async function demoWorld(): Promise<ToolWorld> {
  const w = ToolWorld.empty(embedder, { now: () => 1000 });
  await w.importTools(parseCatalogue([goodTool]).tools);
  await w.ingestTrace(goodTrace as Trace);
  return w;
}

function openApi(schema: unknown): unknown {
  return {
    openapi: '3.0.0',
    info: { title: 'fuzz' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/x': {
        post: {
          operationId: 'op',
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        A: { $ref: '#/components/schemas/B' },
        B: { $ref: '#/components/schemas/A' },
        L: {
          type: 'object',
          properties: Object.fromEntries(
            Array.from({ length: 10 }, (_, i) => [`k${i}`, { $ref: '#/components/schemas/L' }]),
          ),
        },
      },
    },
  };
}

const catalogueDoor: Door = {
  name: 'catalogue',
  clear: (e) => CatalogueFormatError.isInstance(e),
  cases: () => [
    [{ name: 'deep', parameters: deepSchema(3000) }],
    { tools: [{ name: 'deep', inputSchema: deepSchema(3000) }] },
    [{ type: 'function', function: { name: 'deep', parameters: deepSchema(3000) } }],
    [{ name: 'wide', parameters: { type: 'object', properties: wide(200_000) } }],
    [{ name: 'wide20k', parameters: { type: 'object', properties: wide(20_000) } }],
    [{ name: 'big', description: 'x'.repeat(9 * 1024 * 1024) }],
    [{ name: 'fourMb', description: 'x'.repeat(4 * 1024 * 1024) }],
    [{ name: 'cyc', parameters: cyclic() }],
    [{ name: 'nan', parameters: { type: 'object', properties: { x: { minimum: NaN } } } }],
    [{ name: 'inf', parameters: { type: 'object', properties: { x: { maximum: Infinity } } } }],
    [goodTool, goodTool],
    ...PROTO_KEYS.map((k) => [
      { name: k, parameters: { type: 'object', properties: { [k]: { type: 'string' } } } },
    ]),
    JSON.parse('[{"name":"p","parameters":{"type":"object","properties":{"__proto__":{"type":"string"}}}}]'),
    ...UNICODE.map((u) => [{ name: u, description: u }]),
    [{ name: 'ref', parameters: { type: 'object', properties: { a: { $ref: '#' } } } }],
    [{ name: 'badref', parameters: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } }],
    openApi({ $ref: '#/components/schemas/A' }),
    openApi({ $ref: '#/components/schemas/L' }),
    openApi(deepSchema(3000)),
    { openapi: '2.0', paths: {} },
    { openapi: '3.0.0', paths: { '/x': deep(3000) } },
    42,
    null,
    'tools',
    { tools: 'nope' },
    [
      null,
      1,
      'x',
      [],
      { name: 5 },
      { name: 'ok', parameters: [] },
      { name: 'ok2', parameters: { type: 'string' } },
    ],
    [{ name: 'req', parameters: { type: 'object', properties: {}, required: ['missing'] } }],
    ...Array.from({ length: N }, () => [mutate(goodTool)]),
    ...Array.from({ length: Math.ceil(N / 4) }, () =>
      mutate({ tools: [{ name: 'm', inputSchema: goodTool.parameters }] }),
    ),
  ],
  run: async (input) => {
    const r = parseCatalogue(input);
    for (const t of r.tools) {
      const p =
        checkToolName(t.name) ??
        checkObjectSchema(t.parameters, 'parameters') ??
        (t.returns ? checkObjectSchema(t.returns, 'returns') : null) ??
        (typeof t.description === 'string' && t.description.length <= LIMITS.maxStringChars
          ? null
          : 'description') ??
        notPolluted();
      if (p) return { verdict: 'accepted', problem: `${t.name}: ${p}` };
    }
    if (new Set(r.tools.map((t) => t.name)).size !== r.tools.length)
      return { verdict: 'accepted', problem: 'duplicate names' };
    return { verdict: r.tools.length > 0 ? 'accepted' : 'rejected', problem: null };
  },
};

const traceDoor: Door = {
  name: 'trace',
  clear: (e) => InputRejectedError.isInstance(e),
  cases: () => [
    { id: 'no-calls', query: 'q' },
    { id: 'calls-null', query: 'q', calls: null },
    { id: 'calls-obj', query: 'q', calls: { length: 3 } },
    { query: 'q', calls: [] },
    { id: 'dup', query: 'q', calls: [] },
    { id: 'dup', query: 'q', calls: [] },
    { id: 't-1', query: 'already there', calls: [] },
    { id: 'deep-args', query: 'q', calls: [{ ...goodCall, args: deep(3000) }] },
    { id: 'deep-out', query: 'q', calls: [{ ...goodCall, output: deep(3000) }] },
    { id: 'huge-out', query: 'q', calls: [{ ...goodCall, output: 'x'.repeat(20 * 1024 * 1024) }] },
    { id: 'cyc-out', query: 'q', calls: [{ ...goodCall, output: cyclic() }] },
    { id: 'nan', query: 'q', calls: [{ ...goodCall, startedAt: NaN }] },
    { id: 'inf', query: 'q', calls: [{ ...goodCall, durationMs: Infinity }] },
    { id: 'nan-arg', query: 'q', calls: [{ ...goodCall, args: { city: NaN } }] },
    { id: 'bad-dep', query: 'q', calls: [{ ...goodCall, deps: [5] }] },
    { id: 'neg-dep', query: 'q', calls: [{ ...goodCall, deps: [-1] }] },
    { id: 'many', query: 'q', calls: new Array(5000).fill(goodCall) },
    { id: 'too-many', query: 'q', calls: new Array(LIMITS.maxCallsPerTrace + 1).fill(goodCall) },
    ...PROTO_KEYS.map((k) => ({
      id: `proto-${k}`,
      query: 'q',
      calls: [{ ...goodCall, tool: k, args: JSON.parse(`{"${k}": {"polluted": true}}`) }],
    })),
    ...UNICODE.map((u, i) => ({ id: `u${i}`, query: u, calls: [{ ...goodCall, tool: u }] })),
    ...Array.from({ length: N }, (_, i) => ({ ...(mutate(goodTrace) as object), id: `m-${i}` })),
    ...Array.from({ length: Math.ceil(N / 4) }, () => mutate(goodTrace)),
  ],
  run: async (input) => {
    const w = await world();
    const before = w.traces.length;
    await w.ingestTrace(input as Trace);
    const snap = w.snapshot();
    const p =
      (w.traces.length === before + 1 ? null : 'trace count') ??
      jsonProblem(w.traces.at(-1))?.reason ??
      worldRecordsProblem(snap) ??
      (new Set(snap.traces.map((t) => t.id)).size === snap.traces.length ? null : 'duplicate trace ids') ??
      roundTrip(snap) ??
      notPolluted();
    return { verdict: 'accepted', problem: p };
  },
};

let shared: ToolWorld | null = null;
async function world(): Promise<ToolWorld> {
  // One world for the whole door, so duplicate ids meet what is stored.
  return (shared ??= await demoWorld());
}

function roundTrip(snap: ReturnType<ToolWorld['snapshot']>): string | null {
  try {
    parseWorldFile(JSON.parse(serializeWorld(snap)));
    return null;
  } catch (e) {
    return `does not survive export/import: ${(e as Error).message}`;
  }
}

const worldFileDoor: Door = {
  name: 'world-file',
  clear: (e) => WorldFileError.isInstance(e),
  cases: () => {
    const base = JSON.parse(JSON.stringify({ ...snapshotOf, exportedAt: 1 })) as Record<string, unknown>;
    const tools = base.tools as Record<string, unknown>[];
    return [
      base,
      { ...base, traces: undefined },
      { ...base, traces: [...(base.traces as unknown[]), ...(base.traces as unknown[])] },
      {
        ...base,
        tools: [{ ...tools[0], tool: { ...(tools[0]!.tool as object), parameters: deepSchema(3000) } }],
      },
      { ...base, settings: deep(3000) },
      { ...base, settings: { k: NaN } },
      { ...base, formatVersion: Infinity },
      { ...base, exportedAt: NaN },
      { ...base, edges: [{ id: 'x', source: 'nowhere', target: 'nowhere' }] },
      { ...base, traces: [{ id: 't', query: 'q', calls: null, seq: 0, ingestedAt: 0 }] },
      JSON.parse(JSON.stringify(base).replace('"settings":{', '"settings":{"__proto__":{"polluted":true}')),
      deep(3000),
      ...Array.from({ length: N }, () => mutate(base)),
    ];
  },
  run: async (input) => {
    const snap = parseWorldFile(input);
    const w = await ToolWorld.fromSnapshot(snap, embedder);
    const again = w.snapshot();
    const p =
      worldRecordsProblem(again) ??
      jsonProblem(snap, {
        ...LIMITS,
        maxDepth: LIMITS.maxDepth + 8,
        maxWidth: LIMITS.maxWorldRecords,
        maxValues: Infinity,
      })?.reason ??
      roundTrip(again) ??
      notPolluted();
    return { verdict: 'accepted', problem: p };
  },
};
let snapshotOf: ReturnType<ToolWorld['snapshot']>;

const settingsDoor: Door = {
  name: 'settings',
  clear: (e) => InputRejectedError.isInstance(e),
  cases: () => [
    ['evolution', { propagateEvery: 25 }],
    ['deep', deep(3000)],
    ['nan', NaN],
    ['inf', { x: Infinity }],
    ['big', 'x'.repeat(LIMITS.maxSettingChars + 10)],
    ['cyc', cyclic()],
    ['', 1],
    ['x'.repeat(600), 1],
    ['fn', () => 1],
    ['bigint', BigInt(1)],
    ['date', new Date()],
    ...PROTO_KEYS.map((k) => [k, JSON.parse('{"__proto__": {"polluted": true}}')]),
    ...UNICODE.map((u) => [u, u]),
    ...Array.from({ length: N }, () => [
      pick(rand, ['a', 'mcp.servers', '__proto__']),
      mutate({ v: 1, list: [1, 2], o: { s: 'x' } }),
    ]),
  ],
  run: async (input) => {
    const [key, value] = input as [string, unknown];
    const w = ToolWorld.empty(embedder);
    w.setSetting(key, value);
    const stored = w.settings[key];
    const text = JSON.stringify(stored ?? null);
    const p =
      jsonProblem(stored)?.reason ??
      (text.length <= LIMITS.maxSettingChars ? null : 'too large') ??
      notPolluted();
    return { verdict: 'accepted', problem: p };
  },
};

const goodManifest = (): Record<string, unknown> => ({
  format: 'twnm-hgt-manifest/1',
  name: 'twnm-hgt',
  file: 'twnm-hgt.onnx',
  bytes: 1000,
  origin: 'shipped',
  createdAt: '2026-01-01',
  seed: 1,
  trainingData: {
    description: '',
    traces: 1,
    lastTraceSeq: 0,
    apiNodes: 1,
    paramNodes: 1,
    edges: 1,
    heldOutEdges: 1,
  },
  config: { inputDim: 68, hidden: 32, heads: 8, layers: 2 },
  training: { epochs: 1, bestEpoch: 1, secondsPerEpoch: 1, options: {} },
  input: {
    embedder: { id: 'lexical-hash-tfidf', options: { dimension: 64, charWeight: 0.3 }, idf: 'none' },
    inputDim: 68,
    featureLayout: '',
  },
  metrics: {},
});
const manifestDoor: Door = {
  name: 'model-manifest',
  clear: (e) => HgtManifestError.isInstance(e),
  cases: () => [
    goodManifest(),
    { ...goodManifest(), extra: deep(3000) },
    { ...goodManifest(), bytes: NaN },
    { ...goodManifest(), bytes: Infinity },
    { ...goodManifest(), config: null },
    { ...goodManifest(), createdAt: 'x'.repeat(9 * 1024 * 1024) },
    JSON.parse(JSON.stringify(goodManifest()).replace('{', '{"__proto__":{"polluted":true},')),
    null,
    [],
    ...Array.from({ length: N }, () => mutate(goodManifest())),
  ],
  run: async (input) => {
    const m = parseHgtManifest(input, 'fuzz.json');
    const p = jsonProblem(m)?.reason ?? notPolluted();
    return { verdict: 'accepted', problem: p };
  },
};

const safeText = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch (e) {
    return String((e as Error).message);
  }
};

const llmDoor: Door = {
  name: 'llm-output',
  clear: (e) => LlmOutputError.isInstance(e) || e instanceof SyntaxError,
  cases: () => [
    '{"action":"answer","text":"hi"}',
    '```json\n{"action":"call_api"}\n```',
    '<think>{{{{</think>{"a":1}',
    '{'.repeat(100_000),
    '['.repeat(5000) + ']'.repeat(5000),
    '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
    'x'.repeat(1024 * 1024),
    '{"__proto__":{"polluted":true}}',
    '{"a":NaN}',
    '{"a":1e999}',
    '',
    '\ud800{"a":"\u202e"}',
    ...Array.from({ length: N }, () => safeText(mutate({ action: 'call_api', tool: 't', args: { a: 1 } }))),
    ...Array.from({ length: N }, () => {
      const s = JSON.stringify({ action: 'answer', text: 'x', n: [1, 2, 3] });
      const i = randInt(rand, 0, s.length - 1);
      return s.slice(0, i) + pick(rand, ['{', '}', '"', '[', '\\', ',', '']) + s.slice(i + 1);
    }),
  ],
  run: async (input) => {
    const v = parseLlmJson(input as string);
    return { verdict: 'accepted', problem: jsonProblem(v)?.reason ?? notPolluted() };
  },
};

const toolOutputDoor: Door = {
  name: 'tool-output',
  clear: () => false,
  cases: () => [
    { temp: 20 },
    'x'.repeat(20 * 1024 * 1024),
    deep(3000),
    cyclic(),
    { n: NaN, i: Infinity, b: BigInt(1), f: () => 1, d: new Date(0) },
    Array.from({ length: 200_000 }, (_, i) => i),
    wide(200_000),
    JSON.parse('{"__proto__":{"polluted":true}}'),
    ...Array.from({ length: N }, () => mutate({ a: [1, { b: 'x' }], c: { d: { e: 'y' } } })),
  ],
  run: async (input) => {
    const { value } = clampToolOutput(input);
    const text = JSON.stringify(value) ?? '';
    const p =
      jsonProblem(value, {
        maxDepth: LIMITS.maxToolOutputDepth + 1,
        maxStringChars: LIMITS.maxStringChars,
        maxWidth: LIMITS.maxToolOutputWidth + 1,
        maxValues: 1e7,
      })?.reason ??
      (text.length <= LIMITS.maxToolOutputChars * 1.2 + 1000
        ? null
        : `clamped output is ${text.length} characters`) ??
      notPolluted();
    return { verdict: 'accepted', problem: p };
  },
};

// ---- Run --------------------------------------------------------------------------------------------------

interface DoorResult {
  tried: number;
  crashes: number;
  invalidAccepted: number;
  rejected: number;
  accepted: number;
  ms: number;
  examples: string[];
}

async function runDoor(door: Door): Promise<DoorResult> {
  const cases = door.cases();
  const r: DoorResult = {
    tried: 0,
    crashes: 0,
    invalidAccepted: 0,
    rejected: 0,
    accepted: 0,
    ms: 0,
    examples: [],
  };
  const t0 = performance.now();
  for (const input of cases) {
    r.tried++;
    try {
      const out = await door.run(input);
      if (out.verdict === 'rejected') r.rejected++;
      else r.accepted++;
      if (out.problem) {
        r.invalidAccepted++;
        if (r.examples.length < 5) r.examples.push(`accepted but invalid: ${out.problem}`);
      }
    } catch (e) {
      if (door.clear(e) && (e as Error).message.length > 0) r.rejected++;
      else {
        r.crashes++;
        if (r.examples.length < 5)
          r.examples.push(`crash: ${(e as Error)?.name}: ${String((e as Error)?.message).slice(0, 200)}`);
      }
    }
  }
  r.ms = Math.round(performance.now() - t0);
  return r;
}

async function main(): Promise<void> {
  const w = await demoWorld();
  snapshotOf = w.snapshot();
  const doors = [
    catalogueDoor,
    worldFileDoor,
    traceDoor,
    settingsDoor,
    manifestDoor,
    llmDoor,
    toolOutputDoor,
  ];
  const figures: Record<string, number> = {};
  console.log('door            tried  crashes  invalidAccepted  rejected  accepted      ms');
  for (const d of doors) {
    const r = await runDoor(d);
    console.log(
      `${d.name.padEnd(15)} ${String(r.tried).padStart(5)} ${String(r.crashes).padStart(8)} ${String(r.invalidAccepted).padStart(16)} ${String(r.rejected).padStart(9)} ${String(r.accepted).padStart(9)} ${String(r.ms).padStart(7)}`,
    );
    for (const ex of r.examples) console.log(`    ${ex}`);
    for (const [k, v] of Object.entries(r)) if (typeof v === 'number') figures[`fuzz.${d.name}.${k}`] = v;
  }
  const total = (k: string) =>
    Object.entries(figures)
      .filter(([f]) => f.endsWith(`.${k}`))
      .reduce((a, [, v]) => a + v, 0);
  console.log(
    `\ncrashes ${total('crashes')} (goal 0), accepted-but-invalid ${total('invalidAccepted')} (goal 0)`,
  );
  if (values.json) writeFileSync(values.json, JSON.stringify(figures, null, 2) + '\n');
  if (total('crashes') > 0 || total('invalidAccepted') > 0) process.exitCode = 1;
}

await main();
