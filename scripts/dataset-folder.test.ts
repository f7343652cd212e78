import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DatasetFileError } from './dataset-file-error';
import {
  datasetFolderProblem,
  defaultSplit,
  loadDatasetFolder,
  parseJsonText,
  parseTasksJsonl,
  warnSkippedPlans,
} from './dataset-folder';

const TOOL = (name: string) => ({
  name,
  description: `${name} tool`,
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
  returns: null,
  category: 'x',
});
const TASK = (id: string, split?: string) =>
  JSON.stringify({
    id,
    query: `do ${id}`,
    plan: [{ step: 0, tool: 'alpha', args: { q: 'a' }, deps: [] }],
    ...(split ? { split } : {}),
  });

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dataset-folder-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

function folder(name: string, tools: string | null, tasks: string | null): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  if (tools !== null) writeFileSync(join(dir, 'tools.json'), tools);
  if (tasks !== null) writeFileSync(join(dir, 'tasks.jsonl'), tasks);
  return dir;
}

describe('parseJsonText', () => {
  it('names the line and column of a syntax error', () => {
    const text = '[\n {"name": "a",\n  "description": "b" oops}\n]';
    expect(() => parseJsonText(text, 'x/tools.json')).toThrow(/^x\/tools\.json:3:22: not valid JSON/);
  });

  it('says a file cut short ends early, at its last line', () => {
    const text = '[\n {"name": "a",\n  "descr';
    let error: unknown;
    try {
      parseJsonText(text, 't.json');
    } catch (e) {
      error = e;
    }
    expect(DatasetFileError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^t\.json:3:\d+: not valid JSON/);
  });

  it('says an empty file is empty', () => {
    expect(() => parseJsonText('  \n', 't.json')).toThrow('t.json: the file is empty (expected JSON)');
  });
});

describe('parseTasksJsonl', () => {
  it('leaves out a malformed line and a cut-short last line, naming both, and keeps the rest', () => {
    const text = [
      TASK('a', 'train'),
      '{"id": "b", "query": "x", "plan": [ {"step"',
      TASK('c', 'test'),
      '{"id"',
    ].join('\n');
    const r = parseTasksJsonl(text);
    expect(r.tasks.map((t) => [t.id, t.line])).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect(r.problems).toHaveLength(2);
    expect(r.problems[0]).toMatch(/^line 2: not valid JSON/);
    expect(r.problems[1]).toMatch(/^line 4: not valid JSON .*the file looks cut short$/);
  });

  it('fills the optional step keys and keeps extra keys as written', () => {
    const line = JSON.stringify({
      id: 7,
      query: 'q',
      plan: [{ tool: 'a' }, { step: 5, tool: 'b', args: { x: '$0.y' }, deps: [0], turn: 1 }],
      split: 'train',
      source: 's',
    });
    const [t] = parseTasksJsonl(line).tasks;
    expect(t).toMatchObject({ id: '7', source: 's', split: 'train' });
    expect(t!.plan).toEqual([
      { step: 0, tool: 'a', args: {}, deps: [] },
      { step: 5, tool: 'b', args: { x: '$0.y' }, deps: [0], turn: 1 },
    ]);
  });

  it('refuses steps it would otherwise have to guess at, and tasks without a query or plan', () => {
    const lines = [
      JSON.stringify({ id: 'a', query: 'q', plan: [{ step: 0 }] }),
      JSON.stringify({ id: 'b', query: 'q', plan: [{ step: 0, tool: 't', args: 'x=1' }] }),
      JSON.stringify({ id: 'c', query: 'q', plan: [{ step: 0, tool: 't', deps: ['0'] }] }),
      JSON.stringify({ id: 'd', plan: [] }),
      JSON.stringify({ id: 'e', query: 'q' }),
      '[1, 2]',
    ];
    expect(parseTasksJsonl(lines.join('\n')).problems).toEqual([
      'line 1: plan step 1 has no "tool" name',
      'line 2: plan step 1: "args" must be an object',
      'line 3: plan step 1: "deps" must be a list of step numbers',
      'line 4: no "query" text',
      'line 5: no "plan" list',
      'line 6: not a task object',
    ]);
  });

  it('assigns a missing split by the README rule, sha1(id) first byte < 179 → train', () => {
    // sha1("a") = 86f7e4…: 0x86 = 134 < 179; sha1("b") = e9d71f…: 0xe9 = 233 ≥ 179.
    expect(defaultSplit('a')).toBe('train');
    expect(defaultSplit('b')).toBe('test');
    const r = parseTasksJsonl([TASK('a'), TASK('b'), TASK('c', 'dev')].join('\n'));
    expect(r.tasks.map((t) => t.split)).toEqual(['train', 'test', 'dev']);
    expect(r.splitsAssigned).toBe(2);
  });

  it('keeps a task whose gold plan is empty (no tool needed)', () => {
    const r = parseTasksJsonl(JSON.stringify({ id: 'z', query: 'hello', plan: [], split: 'test' }));
    expect(r.problems).toEqual([]);
    expect(r.tasks[0]!.plan).toEqual([]);
  });
});

describe('datasetFolderProblem', () => {
  it('tells a missing folder from a folder missing a file', () => {
    expect(datasetFolderProblem(join(root, 'nope'))).toBe('the folder does not exist');
    const empty = folder('empty', null, null);
    expect(datasetFolderProblem(empty)).toBe('no tools.json and no tasks.jsonl there');
    const toolsOnly = folder('tools-only', '[]', null);
    expect(datasetFolderProblem(toolsOnly)).toBe('no tasks.jsonl there');
  });
});

describe('loadDatasetFolder', () => {
  it('reads a folder it has never seen, names it by the folder, and reports left-out lines and tools', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const tools = JSON.stringify([TOOL('alpha'), TOOL('beta'), TOOL('alpha'), { description: 'no name' }]);
    const dir = folder(
      'acme-tools.v2',
      tools,
      [TASK('a', 'train'), 'not json', TASK('b', 'test')].join('\n'),
    );
    const ds = loadDatasetFolder(dir)!;
    expect(ds.name).toBe('acme_tools_v2');
    expect(ds.tools.map((t) => t.name)).toEqual(['alpha', 'beta']);
    expect(ds.tasks.map((t) => t.id)).toEqual(['a', 'b']);
    const warned = warn.mock.calls.map((c) => String(c[0]));
    expect(warned.some((w) => w.includes('tools.json: entry #3 "alpha": duplicate name'))).toBe(true);
    expect(warned.some((w) => w.includes('tools.json: 2 of 4 tool entries left out'))).toBe(true);
    expect(warned.some((w) => w.includes('tasks.jsonl: line 2: not valid JSON'))).toBe(true);
    expect(process.exitCode).toBeUndefined();
  });

  it('skips a missing folder with a message and leaves the exit code alone', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(loadDatasetFolder(join(root, 'absent'))).toBeNull();
    expect(String(log.mock.calls[0]![0])).toMatch(/^Skipping .*absent: the folder does not exist\.$/);
    expect(process.exitCode).toBeUndefined();
  });

  it('turns an unreadable tools.json into one error line naming file, line and column, and exit code 1', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dir = folder('cut', '[\n {"name": "a", "desc', TASK('a', 'train'));
    expect(loadDatasetFolder(dir)).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/^error: .*cut\/tools\.json:2:\d+: not valid JSON/);
    expect(process.exitCode).toBe(1);
  });

  it('refuses a tools.json that is not an array, rather than reading {"tools": […]} without its schemas', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dir = folder('shape', JSON.stringify({ tools: [TOOL('alpha')] }), TASK('a', 'train'));
    expect(loadDatasetFolder(dir)).toBeNull();
    expect(String(error.mock.calls[0]![0])).toMatch(
      /^error: .*shape\/tools\.json: expected a JSON array of tools \(.*\), got object$/,
    );
  });
});

describe('warnSkippedPlans', () => {
  it('says how many train plans the world left out, and nothing when none', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warnSkippedPlans('acme', 0, 10);
    expect(warn).not.toHaveBeenCalled();
    warnSkippedPlans('acme', 2, 10);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      'warning: acme: 2 of 10 train plans could not be ingested (a malformed step); left out',
    ]);
  });
});
