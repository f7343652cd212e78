import { describe, expect, it } from 'vitest';
import type { AgentEvent, CallView, ChainView } from '../../core/agent/agent-events';
import { applyEvent, summarizeStep, type ChatStep } from './chat-steps';

const chain = (tools: string[], missing: string[] = []): ChainView => ({
  target: tools[tools.length - 1]!,
  steps: tools.map((tool, step) => ({ step, tool, args: {}, deps: [] })),
  missing: missing.map((field) => ({ tool: 'mail_send', field, description: field })),
  subgraph: { nodes: tools.map((t) => `api:${t}`), edges: [], pruned: 0 },
  tree: '',
  method: 'alpha-beta',
  ms: 1,
});
const call = (status: CallView['status']): CallView => ({
  index: 0,
  tool: 'mail_send',
  args: { to_email: 'a@b.c' },
  status,
});

function run(events: AgentEvent[]): ChatStep[] {
  let id = 0;
  return events.reduce<ChatStep[]>((steps, e) => applyEvent(steps, e, ++id), []);
}

describe('chat steps', () => {
  it('merges a call start and end, keeps one sub-intent list, repeats no identical chain', () => {
    const steps = run([
      { type: 'sub-intents', items: [{ rank: 1, text: 'email Anna', status: 'pending' }] },
      { type: 'toolchain', rank: 1, chain: chain(['contacts_search', 'mail_send'], ['body']) },
      { type: 'toolchain', rank: 1, chain: chain(['contacts_search', 'mail_send'], ['body']) },
      { type: 'question', rank: 1, question: { tool: 'mail_send', field: 'body', text: 'What body?' } },
      { type: 'user-answer', rank: 1, field: 'body', answer: 'Hi' },
      { type: 'toolchain', rank: 1, chain: chain(['contacts_search', 'mail_send']) },
      { type: 'call-start', rank: 1, call: call('running') },
      { type: 'call-end', rank: 1, call: { ...call('ok'), output: { message_id: 'm1' } } },
      { type: 'sub-intent-done', item: { rank: 1, text: 'email Anna', status: 'done', target: 'mail_send' } },
      { type: 'answer', text: 'Sent.' },
    ]);
    expect(steps.map((s) => s.kind)).toEqual([
      'sub-intents',
      'toolchain',
      'question',
      'toolchain',
      'call',
      'sub-intent-done',
      'answer',
    ]);
    const [list, , question, , callStep] = steps;
    expect(list!.kind === 'sub-intents' && list!.items[0]!.status).toBe('done');
    expect(question!.kind === 'question' && question!.answer).toBe('Hi');
    expect(callStep!.kind === 'call' && callStep!.call.status).toBe('ok');
    expect(steps.map(summarizeStep)).toContain('Call mail_send: ok');
  });

  it('never changes the list it was given', () => {
    const before = run([{ type: 'call-start', rank: 1, call: call('running') }]);
    const frozen = JSON.stringify(before);
    const after = applyEvent(before, { type: 'call-end', rank: 1, call: call('error') }, 9);
    expect(JSON.stringify(before)).toBe(frozen);
    expect(after).not.toBe(before);
  });
});
