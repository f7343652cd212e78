import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../agent/agent';
import { ANNA, demoAgentWorld, FakeRuntime } from '../../agent/agent-fixtures.test-util';
import { GraphPolicy } from '../../agent/graph-policy';
import type { LocalAgentWorld } from '../../agent/local-agent-world';

let world: LocalAgentWorld;
beforeAll(async () => {
  world = await demoAgentWorld();
}, 60_000);

const BOB = { kind: 'person', value: 'Bob Chen', aliases: ['bob'] };
const INBOX = [
  {
    message_id: 'm-ines',
    from_email: 'ines.silva@example.com',
    subject: 'Offsite agenda draft',
    date: '2026-11-20',
  },
  { message_id: 'm-anna', from_email: 'anna.keller@example.com', subject: 'Lunch?', date: '2026-11-21' },
  { message_id: 'm-bob', from_email: 'bob.chen@example.com', subject: 'Launch', date: '2026-11-22' },
];

function runtime() {
  const rt = new FakeRuntime(
    {
      mail_search: (a) => {
        const q = String(a.query).toLowerCase();
        const hits = INBOX.filter((m) =>
          q.split(/\s+/).some((w) => `${m.from_email} ${m.subject}`.toLowerCase().includes(w)),
        );
        return { messages: hits, count: hits.length };
      },
      mail_read: (a) => {
        const m = INBOX.find((x) => x.message_id === a.message_id)!;
        return { from_email: m.from_email, subject: m.subject, body: 'Hello' };
      },
      mail_send: () => ({ message_id: 'sent-1' }),
      messages_send: () => ({ message_id: 'sms-1' }),
    },
    [ANNA, BOB],
  );
  rt.failing.set('contacts_search', { kind: 'unavailable', code: 'down', message: 'simulated outage' });
  return rt;
}

describe('a detour stays about what the failed call was about', () => {
  it('the replacement search looks up the same person, so the mail goes to Anna (not whoever wrote about the offsite)', async () => {
    const rt = runtime();
    const agent = new Agent({ world, runtime: rt, policy: new GraphPolicy(), learn: false });
    const r = await agent.runTurn('Email Anna that the offsite agenda is ready');
    expect(rt.calls.map((c) => c.tool)).toEqual(['contacts_search', 'mail_search', 'mail_read', 'mail_send']);
    expect(rt.calls[1]!.args.query).toBe('Anna Keller');
    expect(rt.calls[3]!.args.to_email).toBe('anna.keller@example.com');
    expect(r.calls[0]!.detour).toMatchObject({
      mode: 'io-equivalent',
      newTools: ['mail_search', 'mail_read'],
    });
    expect(r.calls[0]!.detour!.reason).toMatch(/query of the new search set to "Anna Keller"/);
    expect(r.answer).toMatch(
      /contacts_search failed \(unavailable: simulated outage\)\. Detour by I\/O-equivalent replacement: used mail_search, mail_read instead\./,
    );
  });

  it('a switch to another action that would drop what the user said is refused: "text Bob" never becomes an email', async () => {
    const rt = runtime();
    const agent = new Agent({ world, runtime: rt, policy: new GraphPolicy(), learn: false });
    const r = await agent.runTurn("Text Bob that I'm on my way", { ask: async () => null });
    expect(rt.calls.map((c) => c.tool)).toEqual(['contacts_search']);
    expect(r.calls[0]!.detour?.mode).toBe('replan');
    expect(r.status).toBe('needs-input'); // without contacts the phone number has to come from the user
  });
});
