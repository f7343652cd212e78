import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvalDataset } from './dataset';
import { evalFigures } from './report';
import { evaluateDataset, mergeResults, splitConfigs, spread, tsrFit, type ConfigResult } from './run-eval';

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

  it('TSR on the tasks whose gold plan passes the schema gate leaves the misfits out', () => {
    const task = (id: string, tsr: number) => ({ id, tsr }) as ConfigResult['tasks'][number];
    const c = { tasks: [task('a', 1), task('b', 0), task('c', 0), task('d', 1)] } as ConfigResult;
    expect(tsrFit(c, [])).toBe(0.5);
    expect(tsrFit(c, ['b', 'c'])).toBe(1);
    expect(tsrFit(c, ['a', 'b', 'c', 'd'])).toBeNull();
  });

  it('with mixed faults at a 50 % rate retries and detours keep most tasks complete; outages set the ceiling', async () => {
    const ds = fixture();
    const clean = await evaluateDataset(ds, { engine: 'oracle', configs: ['full'], hgtEpochs: 0 });
    const mixed = await evaluateDataset(ds, {
      engine: 'oracle',
      configs: ['full', 'noDetour'],
      hgtEpochs: 0,
      failRate: 0.5,
      faults: 'mixed',
    });
    expect(clean.goldMisfits).toEqual([]);
    const [full, none] = mixed.configs;
    // Retries absorb most transient faults; only a fifth of the hits are outages that last.
    expect(full!.metrics.tcr).toBeGreaterThanOrEqual(none!.metrics.tcr);
    expect(full!.metrics.tcr).toBeGreaterThan(0.5);
    // A fifth of the hits are outages: a plan keeps its k tools up with probability (1 − 0.5 / 5)^k.
    const expected =
      ds.test.map((t) => 0.9 ** new Set(t.plan.map((p) => p.tool)).size).reduce((a, b) => a + b, 0) /
      ds.test.length;
    expect(mixed.outageCeiling).toBeCloseTo(expected, 9);
  });

  it('outages that end within the task are waited out with backoff; the wait is counted, not slept', async () => {
    const ds = fixture();
    const run = (outageCalls: number | 'task', outageRetries?: number) =>
      evaluateDataset(ds, {
        engine: 'oracle',
        configs: ['noDetour'],
        hgtEpochs: 0,
        failRate: 0.5,
        outageCalls,
        ...(outageRetries !== undefined ? { outageRetries } : {}),
      }).then((r) => r.configs[0]!.metrics);
    const [task, taskNoRetry, one, two] = await Promise.all([run('task'), run('task', 0), run(1), run(2)]);
    // An outage that lasts the task: the retries find the tool still down; same completion, some waiting.
    expect(task.tcr).toBe(taskNoRetry.tcr);
    expect(taskNoRetry.waitedMs).toBe(0);
    expect(task.waitedMs).toBeGreaterThan(0);
    // One further call: the second retry meets the tool up again (unless it is hit anew).
    expect(one.tcr).toBeGreaterThan(task.tcr);
    // Two further calls outlast the two retries: as bad as the whole task.
    expect(two.tcr).toBe(task.tcr);
    // Each outage costs at most 0.75 + 1.125 s of waiting (2 backoffs; one when the outage ends first).
    expect(task.waitedMs).toBeLessThanOrEqual(1875 * 6);
  });
});
