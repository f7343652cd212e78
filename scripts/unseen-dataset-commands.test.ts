import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Bench commands end to end (bench:graph is left out: its synthetic part alone takes seconds) on a dataset folder they have never seen (a name in no list, plans
// without `deps`), and on one whose tools.json is cut short: each finishes, keys its figures by the
// folder's name, and reports the bad file by line without a stack trace.

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TSX = resolve(REPO, 'node_modules/.bin/tsx');

const TOOLS = [
  {
    name: 'acme_find_sku',
    description: 'Look up a product by title',
    parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    returns: { type: 'object', properties: { sku: { type: 'string' } } },
    category: 'warehouse',
  },
  {
    name: 'acme_stock_level',
    description: 'Units on hand for a SKU',
    parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
    returns: { type: 'object', properties: { units: { type: 'number' } } },
    category: 'warehouse',
  },
];
const tasks = Array.from({ length: 12 }, (_, i) =>
  JSON.stringify({
    id: `acme-${i}`,
    query: `How many of product ${i} are in stock?`,
    // No `deps`: optional in practice; the reference in the argument still links the steps.
    plan: [
      { step: 0, tool: 'acme_find_sku', args: { title: `product ${i}` } },
      { step: 1, tool: 'acme_stock_level', args: { sku: '$0.sku' } },
    ],
    split: i % 3 === 0 ? 'test' : 'train',
  }),
).join('\n');

let root: string;
let good: string;
let bad: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'unseen-commands-'));
  good = join(root, 'acme_tools');
  bad = join(root, 'acme_cut');
  for (const d of [good, bad]) mkdirSync(d);
  writeFileSync(join(good, 'tools.json'), JSON.stringify(TOOLS, null, 1));
  writeFileSync(join(good, 'tasks.jsonl'), `${tasks}\n`);
  const text = JSON.stringify(TOOLS, null, 1);
  writeFileSync(join(bad, 'tools.json'), text.slice(0, text.length / 2));
  writeFileSync(join(bad, 'tasks.jsonl'), `${tasks}\n`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(script: string, args: string[]) {
  const json = join(root, `${script}-${Math.random().toString(36).slice(2)}.json`);
  const r = spawnSync(TSX, [resolve(REPO, 'scripts', script), ...args, '--json', json], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 120_000,
  });
  let figures: Record<string, unknown> = {};
  try {
    figures = JSON.parse(readFileSync(json, 'utf8')) as Record<string, unknown>;
  } catch {
    // No JSON written: the assertions on `status` and the output say why.
  }
  return { status: r.status, out: `${r.stdout}${r.stderr}`, figures };
}

const COMMANDS: [string, string[]][] = [
  ['bench-world.ts', ['--no-synthetic', '--no-browser', '--traces', '3', '--methods', 'bm25']],
  ['bench-inertia.ts', ['--limit', '2']],
  ['bench-agent.ts', ['--limit', '2']],
];

describe('bench commands on an unseen dataset folder', { timeout: 120_000 }, () => {
  it.each(COMMANDS)('%s keys its figures by the folder name and finishes', (script, args) => {
    const r = run(script, ['--data', good, ...args]);
    expect(r.out).not.toMatch(/\n\s+at /);
    expect(r.status).toBe(0);
    const keys = Object.keys(r.figures).filter((k) => k.startsWith('acme_tools.'));
    expect(keys.length).toBeGreaterThan(0);
    // No figure under another dataset's name (bench-world once wrote every dataset as "seal").
    expect(Object.keys(r.figures).filter((k) => /^seal\b/.test(k))).toEqual([]);
  });

  it.each(COMMANDS)(
    '%s names a cut-short tools.json by line, without a stack, exit code 1',
    (script, args) => {
      const r = run(script, ['--data', bad, ...args]);
      expect(r.out).toMatch(/error: .*acme_cut\/tools\.json:\d+:\d+: not valid JSON/);
      expect(r.out).not.toMatch(/\n\s+at /);
      expect(r.status).toBe(1);
    },
  );
});

describe('the headless agent on an unseen dataset folder', { timeout: 120_000 }, () => {
  const agent = (extra: string[]) =>
    run('agent.ts', ['--world', good, ...extra, 'How many units of "Blue Mug" are in stock?']);

  it('without --simulate a catalogue tool is reported as not executable', () => {
    const r = agent([]);
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/not executable here: --simulate runs them/);
  });

  it('with --simulate its tools answer from the simulator, each result marked simulated', () => {
    const r = agent(['--simulate']);
    expect(r.status).toBe(0);
    const [entry] = r.figures as unknown as {
      calls: { tool: string; ok: boolean; simulated: boolean; output: unknown }[];
    }[];
    expect(entry!.calls.length).toBeGreaterThan(0);
    for (const c of entry!.calls) expect([c.tool, c.ok, c.simulated]).toEqual([c.tool, true, true]);
    expect(r.out).toMatch(/\[simulated · /);
  });
});
