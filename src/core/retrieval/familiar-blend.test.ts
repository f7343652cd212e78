import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { EmbeddingCache } from './embedding-cache';
import { blendRankings, FamiliarBlend, familiarity } from './familiar-blend';
import { PastRequests } from './past-requests';
import { demoWorld } from './retrieval-fixtures.test-util';
import { candidatesFromWorld, RetrievalService } from './retrieval-service';
import { END_OF_PLAN, type Retriever, type ScoredTool } from './retriever';
import { ZeroShotHybrid } from './zero-shot-hybrid';

const list = (...tools: string[]): ScoredTool[] => tools.map((tool, i) => ({ tool, score: -i }));
const names = (r: readonly ScoredTool[]) => r.map((s) => s.tool);
const ZS = list('a', 'b', 'c', END_OF_PLAN);
const TRAINED = list('c', 'a', END_OF_PLAN, 'b');

function fixed(id: string, ranking: ScoredTool[]): Retriever {
  return { id, fit: async () => undefined, rank: () => ranking };
}

describe('familiarity', () => {
  it('is the share of the top-k zero-shot tools with a trace, END skipped', () => {
    expect(familiarity(ZS, new Set(['a', 'c']), 5)).toBeCloseTo(2 / 3, 12);
    expect(familiarity(ZS, new Set(['c']), 2)).toBe(0);
    expect(familiarity(ZS, new Set(), 5)).toBe(0);
    expect(familiarity([], new Set(['a']), 5)).toBe(0);
  });
});

describe('blendRankings', () => {
  it('moves from the zero-shot order to the trained one as familiarity grows (hand-checked, c = 10)', () => {
    expect(names(blendRankings(ZS, TRAINED, 0, 10))).toEqual(['a', 'b', 'c', END_OF_PLAN]);
    // f = 0.2: a .0894, b .0810, c .0797, END .0725.
    expect(names(blendRankings(ZS, TRAINED, 0.2, 10))).toEqual(['a', 'b', 'c', END_OF_PLAN]);
    // f = 0.5: a = ½/12 + ½/11 = .08712, c = ½/11 + ½/13 = .08392, b = ½/14 + ½/12 = .07738, END .07418.
    const half = blendRankings(ZS, TRAINED, 0.5, 10);
    expect(names(half)).toEqual(['a', 'c', 'b', END_OF_PLAN]);
    expect(half[0]!.score).toBeCloseTo(0.5 / 12 + 0.5 / 11, 12);
    // f = 0.8: c .0881, a .0848, END .0758, b .0738: the trained order.
    expect(names(blendRankings(ZS, TRAINED, 0.8, 10))).toEqual(['c', 'a', END_OF_PLAN, 'b']);
    expect(names(blendRankings(ZS, TRAINED, 1, 10))).toEqual(names(TRAINED));
  });

  it('ranks a tool one part lacks just after that part’s last', () => {
    // 'new' was imported after training: trained rank 5 (= length + 1).
    const zs = list('new', 'a', END_OF_PLAN);
    const trained = list('a', END_OF_PLAN, 'old', 'b');
    const r = blendRankings(zs, trained, 0.5, 10);
    expect(names(r).sort()).toEqual(['a', 'b', 'new', 'old', END_OF_PLAN].sort());
    // a: ½/11 + ½/12; new: ½/15 + ½/11.
    expect(r.find((s) => s.tool === 'new')!.score).toBeCloseTo(0.5 / 15 + 0.5 / 11, 12);
    expect(names(r)[0]).toBe('a');
  });
});

describe('FamiliarBlend', () => {
  it('is the zero-shot ranking when none of its top tools has a trace, the trained one when all have', () => {
    const zs = fixed('zeroShotHybrid', ZS);
    const trained = fixed('hybrid', TRAINED);
    expect(new FamiliarBlend(zs, trained, new Set(['x'])).rank({ query: 'q', history: [] })).toEqual(ZS);
    expect(
      names(new FamiliarBlend(zs, trained, new Set(['a', 'b', 'c'])).rank({ query: 'q', history: [] })),
    ).toEqual(names(TRAINED));
    // Half familiar: the default gate trusts the trained part; p = 1 blends half-and-half.
    const gate = new FamiliarBlend(zs, trained, new Set(['a']), { topK: 2 });
    expect(names(gate.rank({ query: 'q', history: [] }))).toEqual(names(TRAINED));
    expect(gate.lastFamiliarity).toBe(0.5);
    const smooth = new FamiliarBlend(zs, trained, new Set(['a']), { topK: 2, power: 1 });
    expect(names(smooth.rank({ query: 'q', history: [] }))).toEqual(['a', 'c', 'b', END_OF_PLAN]);
    // A tool imported after training (only the zero-shot part has it) still ranks, after the trained ones.
    const late = new FamiliarBlend(
      fixed('z', list('new', 'a', 'b', 'c', END_OF_PLAN)),
      trained,
      new Set(['a']),
    );
    expect(names(late.rank({ query: 'q', history: [] }))).toEqual([...names(TRAINED), 'new']);
  });

  it('reads familiarity from its probe when given one, and still serves the zero-shot ranking', () => {
    const zs = fixed('zeroShotHybrid', ZS);
    const trained = fixed('hybrid', TRAINED);
    // The zero-shot ranking's top tools (a, b) have traces, the probe's (x, y) none: f = 0 → zero-shot.
    const probe = fixed('probe', list('x', 'y', END_OF_PLAN));
    const gated = new FamiliarBlend(zs, trained, new Set(['a', 'b']), { topK: 2 }, probe);
    expect(gated.rank({ query: 'q', history: [] })).toEqual(ZS);
    expect(gated.lastFamiliarity).toBe(0);
    // And the other way round: no zero-shot top tool has a trace, the probe's first does (f = ½) → trained.
    const familiar = fixed('probe', list('y', 'x', END_OF_PLAN));
    const open = new FamiliarBlend(zs, trained, new Set(['y']), { topK: 2 }, familiar);
    expect(names(open.rank({ query: 'q', history: [] }))).toEqual(names(TRAINED));
    expect(open.lastFamiliarity).toBe(0.5);
  });
});

describe('FamiliarBlend with a novelty check on the request', () => {
  const zs = fixed('zeroShotHybrid', ZS);
  const trained = fixed('hybrid', TRAINED);
  const past = new PastRequests([{ query: 'Book a train ticket to Paris' }, { query: 'Weather in Rome' }]);

  it('ranks a request under the floor zero-shot, carrying the trained order beside it', () => {
    const blend = new FamiliarBlend(zs, trained, new Set(['a', 'b', 'c']), {}, zs, { past, floor: 0.3 });
    // {book, train, rome} vs {book, train, ticket, paris}: 2 of 5 = 0.4 ≥ 0.3 → the trained order.
    expect(names(blend.rank({ query: 'Book a train to Rome', history: [] }))).toEqual(names(TRAINED));
    expect(blend.lastRequestFamiliarity).toBeCloseTo(0.4, 10);
    expect(blend.lastLearntOrder).toBeNull();
    // {convert, mile, km} shares nothing: 0 < 0.3 → the zero-shot order at the first step, and why.
    const novel = blend.rank({ query: 'Convert 3 miles to km', history: [] });
    expect(names(novel)).toEqual(names(ZS));
    expect(novel[0]!.why).toMatch(/^unlike past requests \(overlap 0\.00 < 0\.30\): zero-shot$/);
    expect(blend.lastLearntOrder).toEqual(names(TRAINED));
    // After a call, half and half (the f = 0.5 blend worked out above: a, c, b, END).
    const later = blend.rank({ query: 'Convert 3 miles to km', history: ['a'] });
    expect(names(later)).toEqual(['a', 'c', 'b', END_OF_PLAN]);
    expect(later[0]!.why).toBe('unlike past requests (overlap 0.00 < 0.30): half zero-shot, half learnt');
    expect(blend.lastLearntOrder).toEqual(names(TRAINED));
  });

  it('is the zero-shot ranking without a learnt order when no top tool has a trace', () => {
    const blend = new FamiliarBlend(zs, trained, new Set(['x']), {}, zs, { past, floor: 0.3 });
    expect(blend.rank({ query: 'Convert 3 miles to km', history: [] })).toEqual(ZS);
    expect(blend.lastLearntOrder).toBeNull();
  });
});

describe('RetrievalService product ranking (issue 17)', () => {
  const QUERY = 'Email Alice Martin the notes about the budget';

  it('on a catalogue with no traces ranks exactly as the zero-shot hybrid, without training', async () => {
    const embedder = new LexicalEmbedder();
    const world = ToolWorld.empty(embedder, { now: () => 0 });
    await world.importTools(DEMO_TOOLS);
    const service = new RetrievalService(embedder);
    service.reset(world);
    const cache = new EmbeddingCache(embedder);
    const zs = new ZeroShotHybrid({ catalogue: candidatesFromWorld(world), embedder, seed: 1, cache });
    await zs.fit();
    const histories = [[], ['contacts_search'], ['contacts_search', 'notes_search']];
    await cache.warm(histories.flatMap((history) => zs.textsToEmbed({ query: QUERY, history })));
    for (const history of histories) {
      const got = await service.rank({ query: QUERY, history, topK: 100 });
      expect(got.source).toEqual({ kind: 'zero-shot' });
      expect(got.trainedOn).toBe(0);
      const want = zs.rank({ query: QUERY, history });
      expect(got.candidates).toEqual(want);
    }
    const status = await service.status();
    expect(status.training).toBe(false);
    expect(status.hybrid).toEqual({ kind: 'zero-shot' });
  });

  it('with history on the tools a request points at, ranks with the trained parts', async () => {
    const world = await demoWorld();
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(world);
    const got = await service.rank({ query: QUERY, history: ['contacts_search'], topK: 100 });
    expect(got.source.kind).toBe('trained');
    expect(got.trainedOn).toBeGreaterThan(40);
    // Every demo tool has traces, so familiarity is 1 and the reasons are the trained hybrid's own.
    expect(got.candidates[0]!.why).toMatch(/^hybrid: DTDR-L/);
    expect(got.candidates.every((c) => !c.why?.startsWith('zero-shot'))).toBe(true);
  });

  it('ranks a request unlike the demonstration traces zero-shot, with the learnt order beside it', async () => {
    // The 48 demonstration traces come from a dozen templates; none converts units on its own.
    const world = await demoWorld();
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(world);
    const novel = await service.rank({ query: 'How many miles is 10 km?', history: [], topK: 5 });
    expect(novel.candidates[0]!.tool).toBe('units_convert');
    expect(novel.candidates[0]!.why).toMatch(
      /^unlike past requests \(overlap 0\.\d\d < 0\.\d\d\): zero-shot; /,
    );
    expect(novel.source).toEqual({ kind: 'zero-shot' });
    expect(novel.trainedOn).toBeGreaterThan(40);
    // What the learnt plans say is kept for the agent's tie-break, and it is not the conversion first.
    expect(novel.learntOrder).toBeDefined();
    expect(novel.learntOrder![0]).not.toBe('units_convert');
    // A request of the demonstrations' own kind is still the trained hybrid's.
    const known = await service.rank({
      query: 'Save Carol’s latest email about the budget as a note',
      history: [],
      topK: 5,
    });
    expect(known.source.kind).toBe('trained');
    expect(known.learntOrder).toBeUndefined();
    expect(known.candidates[0]!.tool).toBe('mail_search');
  });
});
