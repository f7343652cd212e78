import { describe, expect, it } from 'vitest';
import type { EvalTask } from '../eval-task';
import { layerExample } from './layer-example-of-task';

describe('gold layers from a plan DAG', () => {
  it('a tool’s layer is the DAG depth of its first call; edges are the producer → consumer pairs that hold', () => {
    // 0 login; 1 search(q) reads 0; 2 login again after 1 (a re-login); 3 book reads 0 and 1; 4 weather alone.
    const task: EvalTask = {
      id: 't',
      query: 'book a table',
      difficulty: 'hard',
      split: 'test',
      plan: [
        { step: 0, tool: 'login', args: {}, deps: [] },
        { step: 1, tool: 'search', args: { token: '$0.token' }, deps: [] },
        { step: 2, tool: 'login', args: {}, deps: [1] },
        { step: 3, tool: 'book', args: { id: '$1.id' }, deps: [0] },
        { step: 4, tool: 'weather', args: {}, deps: [] },
      ],
    };
    const ex = layerExample(task, new Map());
    expect(ex.tools.map((t) => t.name)).toEqual(['login', 'search', 'book', 'weather']);
    expect(ex.layers).toEqual([0, 1, 2, 0]);
    // search → login (the re-login) cannot hold at tool level and is left out.
    expect(ex.edges).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    // A tool missing from the catalogue still takes part, by name only.
    expect(ex.tools[3]!.description).toBe('');
  });
});
