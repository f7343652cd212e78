import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { load as loadSearchDataset } from './bench-search/shared';
import { loadEvalDatasetDir } from './eval-dataset-file';
import { loadRetrievalDataset } from './retrieval-data';

// The dataset readers the bench and eval commands use, on folders in the shared format they have never seen.

const TOOLS = JSON.stringify([
  {
    name: 'find_sku',
    description: 'Find a product',
    parameters: { type: 'object', properties: { title: { type: 'string' } } },
  },
  {
    name: 'stock_level',
    description: 'Units on hand',
    parameters: { type: 'object', properties: { sku: { type: 'string' } } },
  },
]);
/** A two-step task; `split` and `deps` are left out when not given, as an unseen dataset may. */
const task = (id: string, split?: string, deps = true) =>
  JSON.stringify({
    id,
    query: `stock of ${id}`,
    plan: [
      { step: 0, tool: 'find_sku', args: { title: id }, ...(deps ? { deps: [] } : {}) },
      { step: 1, tool: 'stock_level', args: { sku: '$0.sku' }, ...(deps ? { deps: [0] } : {}) },
    ],
    ...(split ? { split } : {}),
  });

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dataset-loaders-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

function folder(name: string, tools: string, tasks: string[]): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tools.json'), tools);
  writeFileSync(join(dir, 'tasks.jsonl'), `${tasks.join('\n')}\n`);
  return dir;
}

function quiet() {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  return {
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
  };
}
const lines = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => String(c[0]));

describe('loadRetrievalDataset (eval:retrieval, fit:zero-shot, eval-encoder-lodo, train)', () => {
  it('leaves out a malformed line with a warning naming it, instead of throwing', () => {
    const { warn } = quiet();
    const dir = folder('acme', TOOLS, [task('a', 'train'), '{"id": "x", "query": ', task('b', 'test')]);
    const ds = loadRetrievalDataset(dir);
    if (typeof ds === 'string') throw new Error(ds);
    expect([ds.train.length, ds.test.length]).toEqual([1, 1]);
    expect(lines(warn).some((l) => /acme\/tasks\.jsonl: line 2: not valid JSON/.test(l))).toBe(true);
  });

  it('gives tasks without a split the README split instead of dropping them all', () => {
    quiet();
    // sha1("a") starts 0x86 (train), sha1("b") 0xe9 (test).
    const ds = loadRetrievalDataset(folder('nosplit', TOOLS, [task('a'), task('b')]));
    if (typeof ds === 'string') throw new Error(ds);
    expect(ds.train.map((t) => t.id)).toEqual(['a']);
    expect(ds.test.map((t) => t.id)).toEqual(['b']);
  });

  it('reports an unreadable tools.json by file and line, and skips the folder with exit code 1', () => {
    const { error } = quiet();
    const r = loadRetrievalDataset(folder('badtools', '[\n{"name": "a",', [task('a', 'train')]));
    expect(typeof r).toBe('string');
    expect(lines(error)[0]).toMatch(/^error: .*badtools\/tools\.json:2:\d+: not valid JSON/);
    expect(process.exitCode).toBe(1);
  });

  it('names the dataset by its folder as a key segment', () => {
    quiet();
    const ds = loadRetrievalDataset(folder('my.data-set', TOOLS, [task('a', 'train'), task('b', 'test')]));
    expect(typeof ds !== 'string' && ds.name).toBe('my_data_set');
  });
});

describe('loadEvalDatasetDir (eval:agent, eval:layers)', () => {
  it('names the task lines it leaves out', () => {
    const { warn } = quiet();
    const ds = loadEvalDatasetDir(folder('evalbad', TOOLS, [task('a', 'train'), '[1,2]', task('b', 'test')]));
    if (typeof ds === 'string') throw new Error(ds);
    expect(ds.test.map((t) => t.id)).toEqual(['b']);
    expect(lines(warn)).toContain(
      `warning: ${join(root, 'evalbad', 'tasks.jsonl')}: line 2: not a task object; left out`,
    );
  });

  it('splits tasks without a split as the README says (they were all test, so no train plans)', () => {
    quiet();
    const ds = loadEvalDatasetDir(folder('evalnosplit', TOOLS, [task('a'), task('b')]));
    if (typeof ds === 'string') throw new Error(ds);
    expect(ds.train.map((t) => t.id)).toEqual(['a']);
    expect(ds.test.map((t) => t.id)).toEqual(['b']);
    expect(ds.zeroShot).toBe(false);
  });

  it('reports a tools.json cut short by line and column', () => {
    const { error } = quiet();
    const r = loadEvalDatasetDir(folder('evalcut', '[{"name": "a", "de', [task('a', 'test')]));
    expect(r).toMatch(/unreadable/);
    expect(lines(error)[0]).toMatch(/evalcut\/tools\.json:1:\d+: not valid JSON/);
  });
});

describe('bench:search dataset loading', () => {
  it('reads plans without deps (they default to none) rather than crashing later', () => {
    quiet();
    const ds = loadSearchDataset(
      folder('nodeps', TOOLS, [task('a', 'train', false), task('b', 'test', false)]),
    );
    expect(ds?.test[0]?.plan[1]?.deps).toEqual([]);
  });

  it('skips a dataset with no test task with a plan, with a message', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(loadSearchDataset(folder('notest', TOOLS, [task('a', 'train')]))).toBeNull();
    expect(lines(log).some((l) => /notest: no test tasks with a plan/.test(l))).toBe(true);
  });
});
