import { describe, expect, it } from 'vitest';
import type { TraceCall } from './trace';
import { ToolRepeats } from './tool-repeats';

const c = (tool: string, status: TraceCall['status'] = 'ok'): TraceCall => ({
  tool,
  args: {},
  status,
  startedAt: 0,
  durationMs: 0,
});
const plan = (...tools: TraceCall[]) => ({ calls: tools });

describe('ToolRepeats', () => {
  // weather: in 10 plans, twice in 2 of them (20 %); modify: in 10 plans, twice in none; search: in 10
  // plans, twice in 1 (10 %, not below); delete: in 4 plans only (too few to say).
  const traces = [
    ...Array.from({ length: 2 }, () => plan(c('weather'), c('weather'))),
    ...Array.from({ length: 8 }, () => plan(c('weather'), c('modify'))),
    plan(c('modify'), c('search'), c('search')),
    plan(c('modify'), c('modify', 'error'), c('search')),
    ...Array.from({ length: 8 }, () => plan(c('search'))),
    ...Array.from({ length: 4 }, () => plan(c('delete'))),
  ];
  const r = new ToolRepeats(traces);

  it('calls a tool rare to repeat when fewer than 10 % of at least 5 plans calling it call it twice', () => {
    expect(r.rarelyRepeated('modify')).toBe(true); // 0 of 10 (the failed second call does not count)
    expect(r.rarelyRepeated('weather')).toBe(false); // 2 of 10
    expect(r.rarelyRepeated('search')).toBe(false); // 1 of 10: not below 10 %
    expect(r.rarelyRepeated('delete')).toBe(false); // 4 plans: too few
    expect(r.rarelyRepeated('unknown')).toBe(false);
  });
});
