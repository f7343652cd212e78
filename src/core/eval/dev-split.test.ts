import { describe, expect, it } from 'vitest';
import { DatasetFormatError, devSplit, parseEvalDataset } from './dataset';

const TOOLS = JSON.stringify([
  { name: 'a', description: 'tool a', parameters: { type: 'object', properties: {} } },
]);
const line = (id: string, split: string) =>
  JSON.stringify({ id, query: `q ${id}`, plan: [{ step: 0, tool: 'a', args: {}, deps: [] }], split });

describe('devSplit: tuning without the test tasks', () => {
  it('every fifth train task becomes a request, the rest build the world, the test split is unused', () => {
    const tasks = [...Array.from({ length: 10 }, (_, i) => line(`t${i}`, 'train')), line('x', 'test')];
    const d = devSplit(parseEvalDataset('toy', TOOLS, tasks.join('\n')));
    expect(d.test.map((t) => t.id)).toEqual(['t4', 't9']);
    expect(d.train.map((t) => t.id)).toEqual(['t0', 't1', 't2', 't3', 't5', 't6', 't7', 't8']);
  });

  it('a zero-shot dataset has no development split, and says so', () => {
    const d = parseEvalDataset('toy', TOOLS, line('x', 'test'));
    expect(() => devSplit(d)).toThrow(DatasetFormatError);
    expect(() => devSplit(d)).toThrow(/no train plans/);
  });
});
