import { describe, expect, it } from 'vitest';
import type { HgtModelInfo } from '../workers/hgt-protocol';
import { qualityFigures, qualityFigureText, SMOKE_TEST_PAIRS } from './link-model-text';

const info = (over: Partial<HgtModelInfo>): HgtModelInfo => ({
  origin: 'shipped',
  file: 'models/twnm-hgt.onnx',
  createdAt: '2026-11-24T12:00:00.000Z',
  traces: 48,
  lastTraceSeq: 47,
  testAuc: 0.93,
  testPairs: 14,
  testPositives: 7,
  reversedAuc: 0.81,
  reversedPairs: 6,
  sameCategoryAuc: 0.64,
  sameCategoryPairs: 7,
  validationAuc: 0.9,
  config: { hidden: 64, heads: 8, layers: 2 },
  bytes: 1,
  epochs: 60,
  ...over,
});

describe('qualityFigures (Link model tab, issue 16)', () => {
  it('gives random, reversed and same-category AUC with the pairs each rests on, small ones as smoke tests', () => {
    const [random, reversed, same] = qualityFigures(info({}));
    expect(qualityFigureText(random!)).toBe('AUC 0.93 vs random pairs (7 links vs 7 pairs, smoke test)');
    expect(qualityFigureText(reversed!)).toBe('AUC 0.81 vs reversed pairs (7 links vs 6 pairs, smoke test)');
    expect(qualityFigureText(same!)).toBe('AUC 0.64 vs same-category twins (7 links vs 7 pairs, smoke test)');
  });

  it('drops the smoke-test label once a figure rests on enough pairs', () => {
    const big = info({ testPairs: 200, testPositives: 100, reversedPairs: 90, sameCategoryPairs: 100 });
    const figures = qualityFigures(big);
    expect(figures.every((f) => !f.smoke)).toBe(true);
    expect(qualityFigureText(figures[1]!)).toBe('AUC 0.81 vs reversed pairs (100 links vs 90 pairs)');
    // The boundary: just under SMOKE_TEST_PAIRS pairs in all is still a smoke test.
    const edge = qualityFigures(info({ testPairs: SMOKE_TEST_PAIRS - 1, testPositives: 25 }))[0]!;
    expect(edge.positives + edge.negatives).toBe(SMOKE_TEST_PAIRS - 1);
    expect(edge.smoke).toBe(true);
  });

  it('says a model trained before the hard figures has none, instead of showing a number', () => {
    const old = info({
      testPositives: 0,
      reversedAuc: null,
      reversedPairs: 0,
      sameCategoryAuc: null,
      sameCategoryPairs: 0,
    });
    const [random, reversed] = qualityFigures(old);
    expect(random!.positives).toBe(7); // half of the 14 check pairs
    expect(qualityFigureText(reversed!)).toBe(
      'vs reversed pairs: — (not measured for this model; retrain it)',
    );
  });
});
