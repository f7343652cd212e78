import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvalJob } from '../../core/eval/eval-job';
import { EvalSession, type EvalBackend } from './eval-session';

const dir = resolve(import.meta.dirname, '../../../e2e/fixtures/eval-mini');
const files = () => [
  { path: 'eval-mini/tools.json', text: readFileSync(`${dir}/tools.json`, 'utf8') },
  { path: 'eval-mini/tasks.jsonl', text: readFileSync(`${dir}/tasks.jsonl`, 'utf8') },
];

/** The worker's job, in this thread. */
const inThread = (): EvalBackend => {
  const job = new EvalJob();
  return { run: (input, onProgress) => job.run(input, onProgress), cancel: () => job.cancel() };
};

describe('EvalSession', () => {
  it('loads a dataset folder, runs the chosen configurations and keeps the table', async () => {
    const backend = inThread();
    const session = new EvalSession(() => backend);
    session.load(files());
    expect(session.getState().dataset).toEqual({
      name: 'eval_mini',
      tools: 7,
      train: 6,
      test: 6,
      zeroShot: false,
    });
    session.setEngine('oracle');
    for (const id of ['full', 'toolnet', 'greedy'] as const) session.toggleConfig(id, false);
    session.toggleConfig('staticA', true);
    expect(session.getState().configs).toEqual(['react', 'staticA']);
    const stages = new Set<string>();
    const off = session.subscribe(() => {
      const p = session.getState().progress;
      if (p) stages.add(p.stage);
    });
    await session.run();
    off();
    const s = session.getState();
    expect(s.running).toBe(false);
    expect(s.message).toBeNull();
    expect(s.result?.configs.map((c) => [c.config, c.metrics.tsr])).toEqual([
      ['react', 1],
      ['staticA', 1],
    ]);
    expect(s.figures?.['eval_mini.oracle.staticA.tsr']).toBe(1);
    expect(stages.has('run')).toBe(true);
    expect(JSON.parse(session.exportJson()).figures['eval_mini.oracle.react.n']).toBe(6);
  });

  it('says what is missing when the files are not a dataset, and reports a cancel as such', async () => {
    const backend = inThread();
    const session = new EvalSession(() => backend);
    session.load([{ path: 'tools.json', text: '[]' }]);
    expect(session.getState().loadError).toMatch(/tools\.json and tasks\.jsonl/);
    session.load(files());
    const running = session.run();
    session.cancel();
    await running;
    expect(session.getState().message).toEqual({ level: 'info', text: 'Evaluation cancelled.' });
    expect(session.getState().result).toBeNull();
  });
});
