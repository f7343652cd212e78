import { describe, expect, it } from 'vitest';
import { holdOut, parseRetrievalTasks, tasksOfSplit } from './tasks';
import { TaskFormatError } from './task-format-error';

const line = (o: unknown) => JSON.stringify(o);

describe('parseRetrievalTasks', () => {
  const text = [
    line({
      id: 't1',
      query: 'q1',
      split: 'train',
      plan: [
        { step: 3, tool: 'a', args: {}, deps: [] },
        { step: 5, tool: 'b', args: {}, deps: [3] },
        { step: 7, tool: 'c', args: {}, deps: [5, 3, 9] }, // 9 is no step: dropped
      ],
    }),
    '',
    line({ id: 't2', query: 'q2', split: 'test', plan: [{ step: 0, tool: 'a', args: {}, deps: [] }] }),
    line({ id: 't3', query: 'q3', split: 'test', plan: [] }),
  ].join('\n');

  it('keeps plan order and remaps step numbers to indices', () => {
    const tasks = parseRetrievalTasks(text);
    expect(tasks.map((t) => t.task.id)).toEqual(['t1', 't2']); // empty plans are dropped
    expect(tasks[0]?.task).toEqual({
      id: 't1',
      query: 'q1',
      tools: ['a', 'b', 'c'],
      deps: [[], [0], [0, 1]],
    });
    expect(tasksOfSplit(tasks, 'test').map((t) => t.id)).toEqual(['t2']);
  });

  it('names the line of a malformed task', () => {
    expect(() => parseRetrievalTasks('{"id": "x"}')).toThrow(TaskFormatError);
    expect(() => parseRetrievalTasks('\nnot json')).toThrow(/line 2/);
  });
});

describe('holdOut', () => {
  it('is seeded, disjoint and keeps order', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const a = holdOut(items, 0.2, 1);
    expect(a).toEqual(holdOut(items, 0.2, 1));
    expect(a.held).toHaveLength(2);
    expect([...a.kept, ...a.held].sort((x, y) => x - y)).toEqual(items);
    expect(a.kept).toEqual([...a.kept].sort((x, y) => x - y));
  });
});
