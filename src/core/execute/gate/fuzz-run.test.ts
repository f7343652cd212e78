import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../../demo/demo-tools';
import type { Tool } from '../../tools/tool';
import { fuzzGate } from './fuzz-run';

const EXTRA: Tool = {
  name: 'typed_everything',
  description: 'A schema with every rule the gate checks',
  parameters: {
    type: 'object',
    properties: {
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'date-time' },
      n: { type: 'integer', minimum: 1, maximum: 9 },
      ratio: { type: 'number' },
      on: { type: 'boolean' },
      mode: { type: 'string', enum: ['fast', 'careful'] },
      lang: { type: 'string', default: 'en' },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['day', 'n', 'mode', 'lang'],
  },
  returns: null,
  category: 'test',
  source: 'builtin',
};

describe('fuzzing the gate (a small run of npm run fuzz:gate)', () => {
  it('no crash, nothing invalid let through, no prototype pollution; repair fixes the repairable kinds', async () => {
    const pack = await fuzzGate(DEMO_TOOLS, 1000, { seed: 7 });
    const s = await fuzzGate([EXTRA], 1000, { seed: 8, targeted: 0.7 });
    for (const run of [pack, s]) {
      expect(run.examples).toEqual({ crash: [], invalid: [] });
      expect(run.crashes).toBe(0);
      expect(run.invalidPassed).toBe(0);
      expect(run.polluted).toBe(false);
      expect(run.rejected).toBeGreaterThan(500);
    }
    const rate = (k: keyof typeof s.repair) => s.repair[k]!.repaired / s.repair[k]!.attempts;
    expect(rate('type:number-as-text')).toBe(1);
    expect(rate('type:list-of-one')).toBe(1);
    expect(rate('format:date')).toBe(1);
    expect(rate('enum:case')).toBe(1);
    expect(rate('required:missing-with-default')).toBe(1);
    expect(rate('required:missing')).toBe(0);
  }, 60_000);
});
