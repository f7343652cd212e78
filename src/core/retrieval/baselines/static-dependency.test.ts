import { beforeAll, describe, expect, it } from 'vitest';
import { END_OF_PLAN as END, type RetrievalTask } from '../retriever';
import { StaticDependencyRetriever } from './static-dependency';

const plan = (tools: string[]): RetrievalTask => ({ id: tools.join(), query: 'ignored', tools, deps: [] });

describe('StaticDependencyRetriever', () => {
  // Plans [a b], [a c], [b]. First tools: a 2/3, b 1/3. After a: b 1/2, c 1/2. After b: END 1 (twice).
  // Tool frequency (every transition, END included): a 2, b 2, c 1, END 3 of 8.
  const r = new StaticDependencyRetriever();
  beforeAll(() => r.fit([plan(['a', 'b']), plan(['a', 'c']), plan(['b'])]));

  it('at t = 0 ranks the first-tool distribution, then fills from tool frequency', () => {
    const ranked = r.rank({ query: 'anything', history: [] });
    expect(ranked.map((x) => x.tool)).toEqual(['a', 'b', END, 'c']);
    expect(ranked[0]?.score).toBeCloseTo(2 / 3, 12);
    expect(ranked[1]?.score).toBeCloseTo(1 / 3, 12);
    // Fill tier scaled to half the lowest score above (1/3 · 1/2 = 1/6): END 3/8 · 1/6, c 1/8 · 1/6.
    expect(ranked[2]?.score).toBeCloseTo(3 / 8 / 6, 12);
    expect(ranked[3]?.score).toBeCloseTo(1 / 8 / 6, 12);
    expect(ranked[0]?.why).toBe('first tools');
    expect(ranked[2]?.why).toBe('tool frequency');
  });

  it('conditions only on the latest tool, with END_OF_PLAN as a successor', () => {
    expect(r.rank({ query: 'x', history: ['a'] }).slice(0, 2)).toEqual([
      { tool: 'b', score: 0.5, why: 'after a' },
      { tool: 'c', score: 0.5, why: 'after a' },
    ]);
    // The query and everything before the latest tool are ignored.
    expect(r.rank({ query: 'y', history: ['c', 'a', 'b'] })[0]).toEqual({
      tool: END,
      score: 1,
      why: 'after b',
    });
  });

  it('falls back to tool frequency after a tool it never saw', () => {
    const ranked = r.rank({ query: 'x', history: ['zzz'] });
    expect(ranked.map((x) => x.tool)).toEqual([END, 'a', 'b', 'c']);
    expect(ranked[0]?.score).toBeCloseTo(3 / 8, 12);
  });
});
