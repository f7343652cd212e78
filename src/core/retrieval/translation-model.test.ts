import { describe, expect, it } from 'vitest';
import {
  lightStem,
  trainTranslationModel,
  translationEvidence,
  TranslationModel,
  TranslationScorer,
  translationTokens,
} from './translation-model';
import { FEATURE_COUNT, FUSION_FEATURES, setTranslationColumns } from './zero-shot-fusion';

describe('lightStem / translationTokens', () => {
  it('meets inflected forms and leaves short stems alone', () => {
    expect(['booking', 'booked', 'book'].map(lightStem)).toEqual(['book', 'book', 'book']);
    expect(['create', 'created', 'creating'].map(lightStem)).toEqual(['creat', 'creat', 'creat']);
    expect(['running', 'getting', 'string', 'need', 'copied'].map(lightStem)).toEqual([
      'run',
      'get',
      'string',
      'need',
      'copy',
    ]);
    expect(translationTokens('Searching the cities')).toEqual(['search', 'city']);
  });
});

describe('trainTranslationModel (IBM Model 1)', () => {
  it('gives the hand-computed table after one EM iteration', () => {
    // Slots: (NULL,x), (a,x) from pair 1; (NULL,y), (a,y), (b,y) from pair 2. Start: NULL ½ ½, a ½ ½, b 1.
    // E-step: x: z = 1 → NULL ½, a ½; y: z = ½ + ½ + 1 = 2 → NULL ¼, a ¼, b ½.
    // M-step: a: x ½ / ¾ = ⅔, y ¼ / ¾ = ⅓; b: y 1.
    const table = trainTranslationModel(
      [
        { source: ['a'], target: ['x'] },
        { source: ['a', 'b'], target: ['y'] },
      ],
      { iterations: 1, minCount: 1 },
    );
    expect(table.source).toEqual(['a', 'b']);
    expect(table.target).toEqual(['x', 'y']);
    expect(table.rows).toEqual([
      [0, 6667, 1, 3333],
      [1, 10000],
    ]);
  });

  it('learns an association that co-occurs across pairs, and the same pairs give the same table', () => {
    const pairs = [
      { source: ['find', 'hotel'], target: ['search', 'hotel', 'room'] },
      { source: ['find', 'flight'], target: ['search', 'flight', 'airport'] },
      { source: ['find', 'song'], target: ['search', 'music', 'track'] },
      { source: ['book', 'hotel'], target: ['reserve', 'hotel', 'room'] },
    ];
    const table = trainTranslationModel(pairs, { iterations: 10, minCount: 1 });
    const model = new TranslationModel(table);
    expect(model.row('find')[0]?.t).toBe('search');
    expect(model.row('find')[0]?.p).toBeGreaterThan(0.5);
    expect(JSON.stringify(trainTranslationModel(pairs, { iterations: 10, minCount: 1 }))).toBe(
      JSON.stringify(table),
    );
  });
});

describe('TranslationScorer', () => {
  it('scores the hand-computed query likelihood ratio', () => {
    const model = new TranslationModel({
      format: 'naviagent-translation-v1',
      tokens: 'content-words+light-stem',
      source: ['a'],
      target: ['x', 'y'],
      rows: [[0, 6667, 1, 3333]],
    });
    // Catalogue: T0 = x x z, T1 = y a, T2 = z (6 tokens).
    const scorer = new TranslationScorer(model, [['x', 'x', 'z'], ['y', 'a'], ['z']], { alpha: 0.5, mu: 1 });
    // P_C over 6 tokens: x 2/6, y 1/6, z 2/6, a 1/6.
    // m(a, T0) = ½ · (0.6667 · 2/3) = 0.22223; m(a, T1) = ½ · ½ + ½ · 0.3333 · ½ = 0.333325.
    // bg(a) = ½ · 1/6 + ½ · (0.6667 · 2/6 + 0.3333 · 1/6) = 0.222225.
    const bg = 0.5 / 6 + 0.5 * (0.6667 * (2 / 6) + 0.3333 * (1 / 6));
    const s = scorer.scores(['a']);
    expect(s[0]).toBeCloseTo(Math.log(1 + (0.5 * 0.6667 * (2 / 3)) / bg), 10);
    expect(s[1]).toBeCloseTo(Math.log(1 + (0.5 * 0.5 + 0.5 * 0.3333 * 0.5) / bg), 10);
    expect(s[0]).toBeCloseTo(0.693, 3);
    expect(s[1]).toBeCloseTo(0.9163, 3);
    expect(s[2]).toBe(0);
    // A word the model never saw and no tool holds scores nothing; one a tool holds counts as itself.
    expect([...scorer.scores(['q'])]).toEqual([0, 0, 0]);
    expect(scorer.scores(['z'])[2]).toBeGreaterThan(scorer.scores(['z'])[0] as number);
  });
});

describe('translationEvidence / setTranslationColumns', () => {
  it('feeds the fusion the score per request word, per catalogue row', () => {
    const model = new TranslationModel({
      format: 'naviagent-translation-v1',
      tokens: 'content-words+light-stem',
      source: ['find'],
      target: ['search'],
      rows: [[0, 10000]],
    });
    const docs = [['search', 'hotel'], ['weather'], ['search', 'flight', 'airport', 'date']];
    const scorer = new TranslationScorer(model, docs, { alpha: 0, mu: 1 });
    // "find" → search with p 1: m = P(search | T) = ½, 0, ¼; bg = P_C(search) = 2/7. "hotels" is a second
    // request word no row and (α = 0) no exact match serves: it adds 0 and halves the per-word score.
    const s0 = Math.log(1 + 0.5 / (2 / 7));
    const s2 = Math.log(1 + 0.25 / (2 / 7));
    const ev = translationEvidence(scorer, 'Find hotels');
    expect(ev[0]).toBeCloseTo(s0 / 2, 10);
    expect(ev[1]).toBe(0);
    expect(ev[2]).toBeCloseTo(s2 / 2, 10);
    expect(translationEvidence(scorer, 'find')[0]).toBeCloseTo(s0, 10);

    // A fusion example over rows [tool 2, tool 0]: only the translation column changes.
    const x = new Float32Array(2 * FEATURE_COUNT).fill(7);
    const ex = { x, m: 2, acceptable: Uint8Array.of(0, 1), isEnd: false, end: new Float32Array(6) };
    setTranslationColumns([{ ...ex, tools: Int32Array.of(2, 0), query: 'find' }], (q) =>
      translationEvidence(scorer, q),
    );
    const col = (f: string, j: number) => x[j * FEATURE_COUNT + FUSION_FEATURES.indexOf(f as 'translation')];
    expect(col('translation', 0)).toBeCloseTo(s2, 6);
    expect(col('translation', 1)).toBeCloseTo(s0, 6);
    expect(col('bm25', 0)).toBe(7);
    setTranslationColumns([{ ...ex, tools: Int32Array.of(2, 0), query: 'find' }], () => new Float64Array(0));
    expect(col('translation', 1)).toBe(0);
  });
});
