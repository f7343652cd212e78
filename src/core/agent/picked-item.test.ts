import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { withoutOrdinalReference } from './picked-item';

describe('an ordinal that points into what an earlier part found', () => {
  it('is no word for choosing a tool', () => {
    expect(withoutOrdinalReference('show me the first one')).toBe('show me');
    expect(withoutOrdinalReference('read the last email')).toBe('read email');
  });

  it('"… and show me the first one" answers with that item when no tool serves it', async () => {
    const agent = await graphOnlySandboxAgent();
    const r = await agent.runTurn('Find my notes about the offsite and show me the first one');
    expect(r.calls.map((c) => c.tool)).toEqual(['notes_search']);
    expect(r.answer).toMatch(/The first of what #1 found: title Offsite/);
    expect(r.questions).toEqual([]);
  });
});
