import { describe, expect, it } from 'vitest';
import { demoTraces } from '../demo/demo-traces';
import type { Trace } from '../trace/trace';
import { traceToRetrievalTask, tracesToRetrievalTasks } from './trace-tasks';

const call = (
  tool: string,
  args: Record<string, unknown>,
  output: unknown,
  status: 'ok' | 'error' = 'ok',
) => ({
  tool,
  args,
  output,
  status,
  startedAt: 0,
  durationMs: 1,
});

describe('traceToRetrievalTask', () => {
  it('keeps successful calls and finds dependencies from value flows', () => {
    const trace: Trace = {
      id: 'x',
      query: 'Email Bob my notes about the budget',
      calls: [
        call('contacts_search', { name: 'Bob' }, { email: 'bob@example.com' }),
        call('notes_search', { query: 'budget' }, undefined, 'error'),
        call('notes_search', { query: 'budget' }, { notes: [{ content: 'Q4 budget capped' }] }),
        call('mail_send', { to_email: 'bob@example.com', body: 'Q4 budget capped' }, { message_id: 'm1' }),
      ],
    };
    expect(traceToRetrievalTask(trace)).toEqual({
      id: 'x',
      query: trace.query,
      tools: ['contacts_search', 'notes_search', 'mail_send'],
      deps: [[], [], [0, 1]],
    });
  });

  it('takes dependencies from references too, never from money in text', () => {
    const trace: Trace = {
      id: 'r',
      query: 'Book the cheapest hotel and tell Ann',
      calls: [
        call('hotel_search', { budget: 'a $2 budget' }, undefined),
        call('hotel_book', { hotel_id: '$0.id', note: 'costs $1' }, undefined),
        call('mail_send', { body: 'Booked {$1.confirmation}', price: '$0.5' }, undefined),
      ],
    };
    expect(traceToRetrievalTask(trace)?.deps).toEqual([[], [0], [1]]);
  });

  it('drops a trace abandoned after a failure', () => {
    const trace: Trace = {
      id: 'y',
      query: 'q',
      calls: [call('a', {}, { v: 'long value' }), call('b', { v: 'long value' }, undefined, 'error')],
    };
    expect(traceToRetrievalTask(trace)).toBeUndefined();
  });

  it('turns the demo world into plans with dependencies', () => {
    const tasks = tracesToRetrievalTasks(demoTraces(48, 7));
    expect(tasks.length).toBeGreaterThan(36);
    expect(tasks.every((t) => t.tools.length === t.deps.length && t.tools.length > 0)).toBe(true);
    expect(tasks.some((t) => t.deps.some((d) => d.length > 0))).toBe(true);
  });
});
