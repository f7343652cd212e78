import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvalDataset } from './dataset';
import { evalFigures } from './report';
import { evaluateDataset, mergeResults, splitConfigs, spread } from './run-eval';

const dir = resolve(import.meta.dirname, '../../../e2e/fixtures/eval-mini');
const fixture = () =>
  parseEvalDataset(
    'eval-mini',
    readFileSync(`${dir}/tools.json`, 'utf8'),
    readFileSync(`${dir}/tasks.jsonl`, 'utf8'),
  );

describe('evaluation runner', () => {
  it('spreads a limit evenly over the split', () => {
    expect(spread([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([0, 3, 6]);
    expect(spread([1, 2], 5)).toEqual([1, 2]);
  });

  it('splits configurations over threads, keeping each one once and the fits together', () => {
    const all = ['staticA', 'dynamicA', 'dynamicH', 'dtdr', 'full', 'react', 'greedy'] as const;
    const groups = splitConfigs(all, 2);
    expect(groups).toHaveLength(2);
    expect(groups.flat().sort()).toEqual([...all].sort());
    expect(splitConfigs(['full'], 2)).toEqual([['full']]);
  });

  it('merges per-thread parts into the same figures as one run', async () => {
    const ds = fixture();
    const one = await evaluateDataset(ds, {
      engine: 'graph-only',
      configs: ['staticA', 'greedy'],
      hgtEpochs: 0,
    });
    const a = await evaluateDataset(ds, { engine: 'graph-only', configs: ['staticA'], hgtEpochs: 0 });
    const b = await evaluateDataset(ds, { engine: 'graph-only', configs: ['greedy'], hgtEpochs: 0 });
    const merged = mergeResults([b, a], ['staticA', 'greedy']);
    expect(merged.configs.map((c) => c.config)).toEqual(['staticA', 'greedy']);
    const strip = (r: typeof one) =>
      evalFigures(r).filter(
        (f) => !/\.(ms|time\.|simulator\.)|\.ms$|Ms$/.test(f.key) && !f.key.includes('.time.'),
      );
    expect(strip(merged)).toEqual(strip(one));
    expect(one.configs[0]!.metrics.n).toBe(6);
    expect(evalFigures(one).some((f) => f.key === 'eval_mini.graph-only.staticA.tsr')).toBe(true);
  });
});
