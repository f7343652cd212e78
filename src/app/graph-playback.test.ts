import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainView } from '../core/agent/agent-events';
import type { SearchStep } from '../core/search/search-step';
import type { ChatStep } from './agent/chat-steps';
import { framesOfTurn, playbackView } from './graph-playback';
import { GraphPlayer } from './graph-player';

const step = (
  node: string,
  ring: number,
  decision: SearchStep['decision'],
  extra: Partial<SearchStep> = {},
) =>
  ({
    target: 'api:mail_send',
    ring,
    node,
    via: null,
    score: 0.5,
    decision,
    alpha: 0.4,
    beta: 0.9,
    ...extra,
  }) as SearchStep;

const chain: ChainView = {
  target: 'mail_send',
  steps: [
    { step: 0, tool: 'contacts_search', args: {}, deps: [] },
    { step: 1, tool: 'mail_send', args: { to: '$0.email' }, deps: [0] },
  ],
  missing: [],
  subgraph: { nodes: ['api:mail_send', 'param:1', 'api:contacts_search'], edges: [], pruned: 2 },
  tree: '',
  search: [
    step('api:mail_send', 0, 'kept'),
    step('param:1', 1, 'kept'),
    step('param:2', 1, 'alpha', { score: 0.2 }),
    step('api:contacts_search', 2, 'kept', { cut: true }),
    step('api:mail_search', 2, 'beta'),
  ],
  method: 'alpha-beta',
  ms: 1,
};

const steps: ChatStep[] = [
  { id: 1, kind: 'toolchain', rank: 1, chain },
  {
    id: 2,
    kind: 'call',
    rank: 1,
    call: {
      index: 0,
      tool: 'contacts_search',
      args: {},
      status: 'error',
      failure: { kind: 'unavailable', code: 'outage', message: 'down' },
      detour: {
        mode: 'io-equivalent',
        failedTool: 'contacts_search',
        failure: { kind: 'unavailable', message: 'down' },
        newTools: ['mail_search', 'mail_read'],
        newPath: ['mail_search', 'mail_read', 'mail_send'],
        reason: '',
      },
    },
  },
  { id: 3, kind: 'call', rank: 1, call: { index: 1, tool: 'mail_search', args: {}, status: 'ok' } },
];

describe('a turn as replay frames', () => {
  it('search decisions, the chain in layer order, calls, then the detour', () => {
    const frames = framesOfTurn(steps);
    expect(frames.map((f) => f.kind)).toEqual([
      'search',
      'search',
      'search',
      'search',
      'search',
      'chain',
      'call',
      'detour',
      'call',
    ]);
    const chainFrame = frames[5]!;
    expect(chainFrame.kind === 'chain' && chainFrame.order).toEqual([
      { node: 'api:contacts_search', tool: 'contacts_search', layer: 0 },
      { node: 'api:mail_send', tool: 'mail_send', layer: 1 },
    ]);
  });

  it('the view after k frames holds exactly what those frames showed', () => {
    const frames = framesOfTurn(steps);
    const three = playbackView(frames, 3);
    expect(three.log.map((l) => l.state)).toEqual(['kept', 'kept', 'alpha']);
    expect(three.marks['param:2']!.search!.decision).toBe('alpha');
    expect(three.marks['api:contacts_search']).toBeUndefined();
    expect(three.caption).toContain('alpha-pruned');

    const all = playbackView(frames, frames.length);
    expect(all.marks['api:mail_search']).toMatchObject({
      search: { decision: 'beta' },
      detour: true,
      call: 'ok',
    });
    expect(all.marks['api:contacts_search']).toMatchObject({
      order: 1,
      layer: 0,
      call: 'error',
      search: { cut: true },
    });
    expect(all.marks['api:mail_send']).toMatchObject({ order: 2, layer: 1, detour: true });
    // The detour goes from the failed tool along the new path (the failed tool itself left out).
    expect(all.detours).toEqual([
      {
        failed: 'api:contacts_search',
        path: ['api:mail_search', 'api:mail_read', 'api:mail_send'],
        label: 'I/O-equivalent replacement',
      },
    ]);
    const states = all.log.map((l) => l.state);
    expect(states.indexOf('failed')).toBeLessThan(states.indexOf('detour'));
  });
});

describe('GraphPlayer', () => {
  afterEach(() => vi.useRealTimers());

  it('plays at its pace, pauses, steps, and waits for a live turn to grow', () => {
    vi.useFakeTimers();
    const frames = framesOfTurn(steps);
    const p = new GraphPlayer();
    p.follow('t1', frames.slice(0, 4), true);
    vi.advanceTimersByTime(0);
    expect(p.getState().at).toBe(1);
    // A new ring waits 450 ms, the next decision of the same ring 180 ms.
    vi.advanceTimersByTime(449);
    expect(p.getState().at).toBe(1);
    vi.advanceTimersByTime(1);
    expect(p.getState().at).toBe(2);
    vi.advanceTimersByTime(180 + 450);
    expect(p.getState().at).toBe(4);
    expect(p.getState().playing).toBe(true); // live: waits for more
    p.follow('t1', frames, false);
    p.pause();
    const at = p.getState().at;
    vi.advanceTimersByTime(10_000);
    expect(p.getState().at).toBe(at);
    p.step();
    expect(p.getState().at).toBe(at + 1);
    p.back();
    expect(p.getState().at).toBe(at);
    p.skip();
    expect(p.done).toBe(true);
    // A finished turn replays from its start.
    p.play();
    expect(p.getState().at).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(p.done).toBe(true);
    expect(p.getState().playing).toBe(false);
    p.dispose();
  });
});
