import { describe, expect, it } from 'vitest';
import type { ChatStep } from './chat-steps';
import { runningNote } from './running-note';

const call = (id: number, tool: string, status: 'running' | 'ok' | 'error'): ChatStep => ({
  id,
  kind: 'call',
  rank: 1,
  call: { index: id, tool, args: {}, status },
});
const ENDPOINT = 'Endpoint · test (127.0.0.1:8092)';

describe('runningNote: what a running turn says it waits on', () => {
  it('names the LLM engine while no call runs (it said "Working…" through a 5 s LLM call)', () => {
    expect(runningNote(ENDPOINT, [], false)).toBe(`Waiting for ${ENDPOINT} to decide the next step…`);
    expect(runningNote(ENDPOINT, [call(1, 'places_weather', 'ok')], false)).toBe(
      `Waiting for ${ENDPOINT} to decide the next step…`,
    );
  });

  it('names the tools being called, once each', () => {
    const steps = [
      call(1, 'contacts_search', 'running'),
      call(2, 'places_search', 'running'),
      call(3, 'contacts_search', 'running'),
    ];
    expect(runningNote(ENDPOINT, steps, false)).toBe('Calling contacts_search, places_search…');
    expect(runningNote('Graph-only (no LLM)', [call(1, 'notes_create', 'running')], false)).toBe(
      'Calling notes_create…',
    );
  });

  it('puts the user’s answer first, and keeps "Working…" for the graph-only engine’s own (fast) steps', () => {
    expect(runningNote(ENDPOINT, [call(1, 'x', 'running')], true)).toBe(
      'Waiting for your answer to the question above (or Stop to drop this request).',
    );
    expect(runningNote('Graph-only (no LLM)', [], false)).toBe('Working…');
  });
});
