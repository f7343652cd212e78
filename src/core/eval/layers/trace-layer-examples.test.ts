import { describe, expect, it } from 'vitest';
import type { Tool } from '../../tools/tool';
import type { Trace, TraceCall } from '../../trace/trace';
import { isValidationTask } from '../../ml/layers/layer-examples';
import { traceLayerExamples, tracePlan } from './trace-layer-examples';

const call = (tool: string, args: Record<string, unknown>, output: unknown, ok = true): TraceCall => ({
  tool,
  args,
  ...(ok ? { output } : { error: 'timeout' }),
  status: ok ? 'ok' : 'error',
  startedAt: 0,
  durationMs: 1,
});
const tool = (name: string): Tool => ({
  name,
  description: `the ${name} tool`,
  parameters: { type: 'object', properties: {} },
  returns: null,
  category: '',
  source: 'dataset',
});

// find_city → (value "Paris") → get_weather → (value "Rain 12C") → send_text; clock runs alongside;
// a failed retry of get_weather produced nothing; send_text also references step 0 by `$0.city`.
const TRACE: Trace = {
  id: 'trace-a',
  query: 'text me the weather near the Louvre',
  calls: [
    call('find_city', { query: 'near the Louvre' }, { city: 'Paris' }),
    call('clock', { zone: 'Europe/Paris' }, { time: '10:05' }),
    call('get_weather', { city: 'Paris' }, null, false),
    call('get_weather', { city: 'Paris' }, { forecast: 'Rain 12C' }),
    call('send_text', { message: 'Rain 12C', where: '$0.city' }, 'sent'),
  ],
};

describe('world traces as layer-training examples', () => {
  it('orders calls by returned values, references and deps; failed calls and shared inputs give no order', () => {
    expect(tracePlan(TRACE).map((s) => [s.step, s.tool, s.deps])).toEqual([
      [0, 'find_city', []],
      [1, 'clock', []],
      [3, 'get_weather', [0]],
      [4, 'send_text', [0, 3]],
    ]);
    // An input value reused by a later call (both read "Paris") is no dependency; `deps` is one.
    const shared: Trace = {
      id: 's',
      query: 'q',
      calls: [
        call('a', { city: 'Paris' }, { x: 'one' }),
        call('b', { city: 'Paris' }, { y: 'two' }),
        { ...call('c', {}, 'three'), deps: [0] },
      ],
    };
    expect(tracePlan(shared).map((s) => s.deps)).toEqual([[], [], [0]]);
  });

  it('labels each distinct tool with the DAG depth of its first call, with the plan’s tool edges', () => {
    const tools = new Map(['find_city', 'clock', 'get_weather'].map((n) => [n, tool(n)]));
    const { train, heldOut } = traceLayerExamples([TRACE], (n) => tools.get(n));
    const ex = [...train, ...heldOut][0]!;
    expect(ex.tools.map((t) => t.name)).toEqual(['find_city', 'clock', 'get_weather', 'send_text']);
    expect(ex.layers).toEqual([0, 0, 1, 2]);
    expect(ex.edges).toEqual([
      [0, 2],
      [0, 3],
      [2, 3],
    ]);
    // Catalogue tools keep their description; a tool the world no longer holds gets a name-only stub.
    expect(ex.tools[0]!.description).toBe('the find_city tool');
    expect(ex.tools[3]!.description).toBe('');
  });

  it('splits by trace id with the datasets’ hash and skips traces with no ok call', () => {
    const traces: Trace[] = Array.from({ length: 60 }, (_, i) => ({ ...TRACE, id: `t${i}` }));
    traces.push({ id: 'failed', query: 'q', calls: [call('x', {}, null, false)] });
    const { train, heldOut } = traceLayerExamples(traces, () => undefined);
    expect(train.length + heldOut.length).toBe(60);
    expect(heldOut.map((e) => e.id)).toEqual(traces.filter((t) => isValidationTask(t.id)).map((t) => t.id));
    expect(heldOut.length).toBeGreaterThan(0);
  });
});
