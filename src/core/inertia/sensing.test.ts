import { describe, expect, it } from 'vitest';
import { cips, icf, ics, senseInertia } from './sensing';
import { ToolPathStore, firstRun } from './tool-paths';

// S = contacts_search, G = contacts_get, M = mail_send, P = messages_send, W = places_weather.
const S = 'S';
const G = 'G';
const M = 'M';
const P = 'P';
const W = 'W';

/** The hand-built path set every test below works from. */
function handPaths(): ToolPathStore {
  const paths = new ToolPathStore();
  paths.add([S, G, M], 1); // id 0
  paths.add([S, G, M], 1); //   … seen again: frequency 2
  paths.add([S, G, P], 1); // id 1
  paths.add([W, G, M], 1); // id 2
  paths.add([S, M], 1); // id 3
  paths.add([G, S, G, W], 1); // id 4
  return paths;
}

describe('ICF, ICS, CIPS (AutoTool Appendix A, §4.5)', () => {
  it('ICF = 1 − k^(−W_total) with k = 1.1', () => {
    expect(icf(0, 1.1)).toBe(0);
    // 1 − 1/1.1 = 0.0909090909…
    expect(icf(1, 1.1)).toBeCloseTo(0.0909090909, 9);
    // 1 − 1/1.4641 = 0.3169865446…
    expect(icf(4, 1.1)).toBeCloseTo(0.3169865446, 9);
    // 1 − 1.1^−10 = 1 − 0.3855432894 = 0.6144567106
    expect(icf(10, 1.1)).toBeCloseTo(0.6144567106, 9);
    // Bounded by 1, slowly.
    expect(icf(100, 1.1)).toBeLessThan(1);
  });

  it('ICS = w(c)/W_total · ICF; 0 without positive evidence', () => {
    // 2/4 · 0.3169865446 = 0.1584932723
    expect(ics(2, 4, 1.1)).toBeCloseTo(0.1584932723, 9);
    expect(ics(1, 0, 1.1)).toBe(0);
    expect(ics(1, -2, 1.1)).toBe(0);
  });

  it('CIPS = (1 − α)·Score_freq + α·Score_ctx', () => {
    expect(cips(0.2, 0.6, 0.5)).toBeCloseTo(0.4, 12);
    expect(cips(0.2, 0.6, 0.3)).toBeCloseTo(0.7 * 0.2 + 0.3 * 0.6, 12);
  });
});

describe('ToolPaths and the path index', () => {
  it('stores each sequence once with its frequency and indexes it under every tool', () => {
    const paths = handPaths();
    expect(paths.size).toBe(5);
    expect(paths.path([S, G, M])?.frequency).toBe(2);
  });

  it('intersects the index sets of the sequence’s tools, then checks the order', () => {
    const paths = handPaths();
    // index(S) = {0, 1, 3, 4}, index(G) = {0, 1, 2, 4} → {0, 1, 4}; [W,G,M] lacks S, [S,M] lacks G.
    expect([...paths.pathsContaining([S, G])].sort()).toEqual([0, 1, 4]);
    expect([...paths.pathsContaining([S, W])].sort()).toEqual([4]);
    expect(paths.pathsContaining([S, 'unknown']).size).toBe(0);
    // [G,S,G,W]: S,G first occurs at 1, so W follows. M gets 2, P 1, W 1: W_total = 4.
    const next = paths.nextTools([S, G]);
    expect(Object.fromEntries(next.candidates.map((c) => [c.tool, c.weight]))).toEqual({ M: 2, P: 1, W: 1 });
    expect(next.total).toBe(4);
    // [S, W] is in path 4's tools but never contiguous: no candidate.
    expect(paths.nextTools([S, W]).candidates).toEqual([]);
    expect(firstRun([G, S, G, W], [S, G])).toBe(1);
  });
});

describe('inertia sensing on the hand-built paths', () => {
  const ctxOf = (table: Record<string, number>) => async (t: string) => table[t] ?? 0;
  const settings = { k: 1.1, alpha: 0.5, theta: 0.1 };

  it('scores every candidate by CIPS and picks the best above θ', async () => {
    const sense = await senseInertia({
      sequence: [S, G],
      paths: handPaths(),
      settings,
      ctx: ctxOf({ M: 0.2, P: 0.6, W: 0 }),
      allowed: () => true,
    });
    // ICF(4) = 0.3169865446; ICS(M) = 0.1584932723, ICS(P) = ICS(W) = 0.0792466362.
    // CIPS(P) = 0.5·0.0792466362 + 0.5·0.6 = 0.3396233181
    // CIPS(M) = 0.5·0.1584932723 + 0.5·0.2 = 0.1792466362
    // CIPS(W) = 0.5·0.0792466362 + 0       = 0.0396233181
    expect(sense.candidates.map((c) => c.tool)).toEqual([P, M, W]);
    expect(sense.candidates[0]!.cips).toBeCloseTo(0.3396233181, 9);
    expect(sense.candidates[1]!.cips).toBeCloseTo(0.1792466362, 9);
    expect(sense.candidates[2]!.cips).toBeCloseTo(0.0396233181, 9);
    expect(sense.best?.ics).toBeCloseTo(0.0792466362, 9);
    expect(sense.confident).toBe(true);
  });

  it('is not confident at or below θ_inertial', async () => {
    const sense = await senseInertia({
      sequence: [S, G],
      paths: handPaths(),
      settings,
      ctx: ctxOf({}),
      allowed: () => true,
    });
    // Best: M with CIPS = 0.5·0.1584932723 = 0.0792466362 ≤ 0.1.
    expect(sense.best?.tool).toBe(M);
    expect(sense.best?.cips).toBeCloseTo(0.0792466362, 9);
    expect(sense.confident).toBe(false);
  });

  it('a negative path lowers its candidate and changes the choice', async () => {
    const paths = handPaths();
    const ctx = ctxOf({ M: 0.2, P: 0.3, W: 0 });
    const before = await senseInertia({ sequence: [S, G], paths, settings, ctx, allowed: () => true });
    // CIPS(P) = 0.0396233181 + 0.15 = 0.1896233181 > CIPS(M) = 0.1792466362.
    expect(before.best?.tool).toBe(P);
    expect(before.best?.cips).toBeCloseTo(0.1896233181, 9);
    // Two failures of P after [S, G]: the path [S, G, P] gets −2 (frequency 1 − 2 = −1).
    paths.add([S, G, P], -2);
    const after = await senseInertia({ sequence: [S, G], paths, settings, ctx, allowed: () => true });
    // W_total = 2 + (−1) + 1 = 2, ICF(2) = 1 − 1/1.21 = 0.1735537190.
    // CIPS(P) = 0.5·(−1/2·0.1735537190) + 0.15 = 0.1066115702
    // CIPS(M) = 0.5·(2/2·0.1735537190) + 0.1  = 0.1867768595
    const p = after.candidates.find((c) => c.tool === P)!;
    expect(p.w).toBe(-1);
    expect(p.cips).toBeCloseTo(0.1066115702, 9);
    expect(after.best?.tool).toBe(M);
    expect(after.best?.cips).toBeCloseTo(0.1867768595, 9);
  });

  it('leaves out candidates that may not be called, but keeps their evidence in W_total', async () => {
    const sense = await senseInertia({
      sequence: [S, G],
      paths: handPaths(),
      settings,
      ctx: ctxOf({}),
      allowed: (t) => t !== M,
    });
    expect(sense.candidates.map((c) => c.tool)).toEqual([P, W]);
    expect(sense.candidates[0]!.wTotal).toBe(4);
  });
});
