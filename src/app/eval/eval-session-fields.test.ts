import { describe, expect, it } from 'vitest';
import { EvalSession, type EvalBackend } from './eval-session';

/**
 * QA R18: the Evaluate tab clamped its fields without a word — Tasks −3 ran every task, injected
 * failures 7 became 100 %. Out-of-range values are refused now, with a message for the field, and Run
 * does not start while one stands.
 */
function session() {
  let runs = 0;
  const backend: EvalBackend = {
    run: async () => {
      runs++;
      return { ok: false, cancelled: true } as Awaited<ReturnType<EvalBackend['run']>>;
    },
    cancel: () => undefined,
  };
  const s = new EvalSession(() => backend);
  const tools = JSON.stringify([
    { name: 'a_tool', description: 'does a', parameters: { type: 'object', properties: {} } },
  ]);
  const task = JSON.stringify({ split: 'test', query: 'do a', plan: [{ tool: 'a_tool', args: {} }] });
  s.load([
    { path: 'd/tools.json', text: tools },
    { path: 'd/tasks.jsonl', text: `${task}\n` },
  ]);
  return { s, runs: () => runs };
}

describe('Evaluate fields out of range', () => {
  it('Tasks −3 or 2.5 is refused with a message, the last valid count kept; empty means all', () => {
    const { s } = session();
    expect(s.getState().limit).toBe(50);
    s.setLimit(-3);
    expect(s.getState().limit).toBe(50);
    expect(s.getState().fieldErrors.limit).toBe(
      'Tasks must be a whole number of 1 or more (empty: all test tasks); -3 is not.',
    );
    s.setLimit(2.5);
    expect(s.getState().fieldErrors.limit).toMatch(/2\.5 is not/);
    s.setLimit(3);
    expect([s.getState().limit, s.getState().fieldErrors.limit]).toEqual([3, null]);
    s.setLimit(null);
    expect([s.getState().limit, s.getState().fieldErrors.limit]).toEqual([null, null]);
  });

  it('injected failures 7 is refused (not made 100 %), with a hint for a percentage', () => {
    const { s } = session();
    s.setFailRate(7);
    expect(s.getState().failRate).toBe(0);
    expect(s.getState().fieldErrors.failRate).toBe(
      'Injected failures is a rate from 0 to 1 (0.3: 30 % of calls fail); 7 is not. For 7 %, type 0.07.',
    );
    s.setFailRate(-0.2);
    expect(s.getState().fieldErrors.failRate).toMatch(/-0\.2 is not\.$/);
    s.setFailRate(Number.NaN);
    expect(s.getState().fieldErrors.failRate).toMatch(/^Injected failures is a rate from 0 to 1/);
    s.setFailRate(0.3);
    expect([s.getState().failRate, s.getState().fieldErrors.failRate]).toEqual([0.3, null]);
  });

  it('Run does not start while a field is refused, and says why', async () => {
    const { s, runs } = session();
    expect(s.getState().dataset?.test).toBe(1);
    s.setFailRate(7);
    await s.run();
    expect(runs()).toBe(0);
    expect(s.getState().message).toEqual({
      level: 'error',
      text: 'Not run: fix the field marked above (Injected failures).',
    });
    s.setFailRate(1);
    await s.run();
    expect(runs()).toBe(1);
  });
});
