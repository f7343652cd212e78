import { describe, expect, it } from 'vitest';
import type { Tool } from '../../tools/tool';
import { fuzzGate } from './fuzz-run';
import { SchemaGate } from './schema-gate';
import { strictProblems } from './strict-check';

// A tool without parameters (`properties: {}`), as an unseen dataset may list: the gate keeps undeclared
// keys (the schema says nothing about them), and the fuzz benchmark's independent check must agree.

const PING: Tool = {
  name: 'ping',
  description: 'No parameters at all.',
  parameters: { type: 'object', properties: {} },
  returns: null,
  category: 'misc',
  source: 'dataset',
};

describe('a tool without parameters', () => {
  it('the strict check accepts what the gate keeps, and refuses it once the schema is closed', () => {
    const r = new SchemaGate().check(PING, { host: 'example.org' });
    expect(r).toMatchObject({ ok: true, args: { host: 'example.org' } });
    expect(strictProblems(PING.parameters, r.args)).toEqual([]);
    const closed = { ...PING.parameters, additionalProperties: false };
    expect(strictProblems(closed, { host: 'example.org' })).toEqual(['host: undeclared key']);
  });

  it('fuzzing it counts nothing as invalid let through', async () => {
    const s = await fuzzGate([PING], 300, { seed: 3 });
    expect(s.examples.invalid).toEqual([]);
    expect(s.invalidPassed).toBe(0);
    expect(s.crashes).toBe(0);
  });
});
