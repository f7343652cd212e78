import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { toolText } from './candidates';
import { EmbeddingCache } from './embedding-cache';
import type { CandidateTool } from './retriever';
import { fuseZeroShot, ZeroShotScorer } from './zero-shot-scores';

const TOOLS: CandidateTool[] = [
  { name: 'GetUserToken', description: 'Get the user token from a username and a password.' },
  { name: 'AddAgenda', description: 'Add a schedule item to the agenda at a time and location.' },
  { name: 'QueryStock', description: 'Query the stock price of a company.' },
];
const QUERY = 'Add a schedule item for the team meeting; my username is jo and my password is pw.';

async function scorer() {
  const embedder = new LexicalEmbedder({ dimension: 256 });
  embedder.fit(TOOLS.map(toolText));
  const cache = new EmbeddingCache(embedder);
  const s = new ZeroShotScorer(TOOLS, cache);
  await s.prepare();
  await cache.warm([QUERY]);
  return s;
}

describe('ZeroShotScorer', () => {
  it('max-normalises BM25 and cosine: the best tool scores 1, an unrelated one 0 for BM25', async () => {
    const ev = (await scorer()).scores(QUERY);
    expect(Math.max(...ev.bm25)).toBe(1);
    expect(Math.max(...ev.cos)).toBeCloseTo(1, 6);
    expect(ev.bm25[2]).toBe(0);
    expect(ev.residual).toBe(ev.bm25);
  });

  it('the residual keeps only the words no called tool covers', async () => {
    const s = await scorer();
    const full = s.scores(QUERY);
    const afterToken = s.scores(QUERY, [0]);
    // GetUserToken covers "username" and "password": what is left points at the agenda.
    expect(afterToken.residual[0]).toBe(0);
    expect(afterToken.residual[1]).toBe(1);
    expect(afterToken.bm25).toBe(full.bm25);
    const all = s.scores(QUERY, [0, 1]);
    expect(Math.max(...all.residual)).toBeLessThan(1);
  });

  it('fuses α·BM25 + (1 − α)·cosine, ω of the BM25 part on the residual', async () => {
    const s = await scorer();
    const ev = s.scores(QUERY, [0]);
    const out = new Float64Array(TOOLS.length);
    fuseZeroShot(ev, 1, out);
    expect(Array.from(out)).toEqual(Array.from(ev.bm25));
    fuseZeroShot(ev, 0, out);
    expect(Array.from(out)).toEqual(Array.from(ev.cos));
    fuseZeroShot(ev, 0.5, out, 1);
    expect(out[1]).toBeCloseTo(0.5 * (ev.residual[1] as number) + 0.5 * (ev.cos[1] as number), 6);
    // Before any call ω does nothing.
    const start = s.scores(QUERY);
    expect(Array.from(fuseZeroShot(start, 1, new Float64Array(3), 1))).toEqual(Array.from(start.bm25));
  });
});
