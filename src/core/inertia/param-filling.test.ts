import { beforeAll, describe, expect, it } from 'vitest';
import { fillArguments } from '../agent/fill-args';
import { findLiterals } from '../agent/literals';
import type { AgentWorld } from '../agent/agent-world';
import { valueKey } from '../graph/value-flow';
import type { Tool } from '../tools/tool';
import type { ToolWorld } from '../world/world';
import { ToolInertiaGraph } from './inertia-graph';
import { DAY, handWorld, ok, trace } from './inertia-fixtures.test-util';
import { inertiaSettings } from './inertia-settings';
import { fillParameters, fit, type FillContext, type FillRecord } from './param-filling';

const anna = { contact_id: 'c7', name: 'Anna Keller', email: 'anna@example.com', phone: '+44 20 7946 0001' };
const inbox = { messages: [{ message_id: 'm1' }, { message_id: 'm2' }, { message_id: 'm3' }], count: 3 };

let world: ToolWorld;
let agentWorld: AgentWorld;
let tig: ToolInertiaGraph;
beforeAll(async () => {
  // One trace teaches the value flow mail_search.messages → mail_read.message_id (a list member reused).
  // Others: contacts_search's contact_id into contacts_get, its phone into messages_send.
  ({ world, agentWorld } = await handWorld([
    trace(ok('mail_search', { query: 'invoice' }, inbox), ok('mail_read', { message_id: 'm1' }, {})),
    trace(ok('contacts_search', { name: 'Anna' }, anna), ok('contacts_get', { contact_id: 'c7' }, anna)),
    trace(
      ok('contacts_search', { name: 'Anna' }, anna),
      ok('messages_send', { phone: anna.phone, text: 'Hi' }, {}),
    ),
  ]));
  const s = inertiaSettings();
  tig = new ToolInertiaGraph(
    () => world,
    () => s,
  );
  tig.sync();
});

const tool = (name: string): Tool => agentWorld.tool(name)!;

/** A filling context where each level gives only what the test hands it. */
function context(name: string, over: Partial<FillContext> = {}): FillContext {
  return {
    tool: tool(name),
    records: [],
    nodeOf: (t, d, f) => agentWorld.paramNodeOf(t, d, f),
    sourcesOf: (t, f) => tig.paramSources(t, f),
    environment: () => undefined,
    heuristic: () => ({ args: {}, sources: {} }),
    used: new Set(),
    ...over,
  };
}

const record = (index: number, t: string, args: Record<string, unknown>, output: unknown): FillRecord => ({
  index,
  tool: t,
  args,
  output,
});

describe('hierarchical parameter filling (AutoTool §4.5, Alg. 2)', () => {
  it('level 1, dependency backtracking: an earlier output the input was seen to take its value from', () => {
    const r = fillParameters(
      context('contacts_get', {
        records: [record(0, 'contacts_search', { name: 'Anna' }, anna)],
        environment: () => ({ value: 'c-from-env', source: 'user' }),
      }),
    );
    expect(r.ok).toBe(true);
    expect(r.args).toEqual({ contact_id: 'c7' });
    expect(r.levels).toEqual({ contact_id: 'backtracking' });
    expect(r.sources.contact_id).toBe('backtracking · contacts_search.contact_id');
  });

  it('level 1 from a list output: a learned flow, and the first element not used yet in the task', () => {
    const ctx = context('mail_read', { records: [record(0, 'mail_search', { query: 'x' }, inbox)] });
    expect(fillParameters(ctx).args).toEqual({ message_id: 'm1' });
    const used = new Set([valueKey('m1'), valueKey('m2')]);
    const r = fillParameters({ ...ctx, used });
    expect(r.args).toEqual({ message_id: 'm3' });
    expect(r.sources.message_id).toBe('backtracking · mail_search.messages');
    // Every element used: nothing left to take, so the required input stays empty.
    const all = fillParameters({ ...ctx, used: new Set([...used, valueKey('m3')]) });
    expect(all).toMatchObject({ ok: false, missing: ['message_id'] });
  });

  it('level 1 looks at the newest records first', () => {
    const bob = { ...anna, contact_id: 'c9', name: 'Bob' };
    const r = fillParameters(
      context('contacts_get', {
        records: [record(1, 'contacts_search', { name: 'Bob' }, bob), record(0, 'contacts_search', {}, anna)],
      }),
    );
    expect(r.args.contact_id).toBe('c9');
  });

  it('level 1 uses observed ParamEdges only, unless generalized to standardized parameters', () => {
    // contacts_get.phone → messages_send.phone was never observed (contacts_search's was).
    const ctx = context('messages_send', {
      records: [record(0, 'contacts_get', { contact_id: 'c7' }, anna)],
      heuristic: () => ({ args: { text: 'Hi' }, sources: {} }),
    });
    expect(fillParameters(ctx)).toMatchObject({ ok: false, missing: ['phone'] });
    const s = inertiaSettings({ generalizeParams: true });
    const general = new ToolInertiaGraph(
      () => world,
      () => s,
    );
    general.sync();
    const r = fillParameters({ ...ctx, sourcesOf: (t, f) => general.paramSources(t, f) });
    expect(r.args.phone).toBe(anna.phone);
    expect(r.sources.phone).toBe('backtracking · contacts_get.phone');
  });

  it('level 2, environment state: a value the task already knows', () => {
    const r = fillParameters(
      context('places_weather', {
        environment: (field) =>
          field === 'city' ? { value: 'Lisbon', source: 'known value (user)' } : undefined,
      }),
    );
    expect(r.ok).toBe(true);
    expect(r.args).toEqual({ city: 'Lisbon' });
    expect(r.levels).toEqual({ city: 'environment' });
    expect(r.sources.city).toBe('environment · known value (user)');
  });

  it('level 3, heuristics: the agent’s literal filling from the sub-intent', () => {
    const text = 'remind me to call the dentist tomorrow at 9:00';
    const reminders = tool('reminders_create');
    const r = fillParameters(
      context('reminders_create', {
        heuristic: () =>
          fillArguments({
            tool: reminders,
            intent: text,
            intentLiterals: findLiterals(text, DAY),
            requestLiterals: findLiterals(text, DAY),
            known: () => undefined,
            today: DAY,
          }),
      }),
    );
    expect(r.ok).toBe(true);
    expect(r.levels).toEqual({ text: 'heuristic', due_time: 'heuristic' });
    expect(r.args.due_time).toBe('2026-11-25T09:00:00');
    expect(String(r.args.text)).toMatch(/dentist/);
    expect(r.sources.due_time).toBe('heuristic · request');
  });

  it('levels in priority order: backtracking over environment over heuristics', () => {
    const r = fillParameters(
      context('messages_send', {
        records: [record(0, 'contacts_search', { name: 'Anna' }, anna)],
        environment: (f) => ({ value: f === 'phone' ? '+1 555 0100' : 'env text', source: 'user' }),
        heuristic: () => ({ args: { phone: '+1 555 0199', text: 'heuristic text' }, sources: {} }),
      }),
    );
    expect(r.args).toEqual({ phone: anna.phone, text: 'env text' });
    expect(r.levels).toEqual({ phone: 'backtracking', text: 'environment' });
  });

  it('a required input nothing fills aborts the step: nothing is invented', () => {
    const r = fillParameters(
      context('mail_send', {
        heuristic: () => ({ args: { subject: 'Hello', body: 'See you' }, sources: {} }),
      }),
    );
    expect(r.ok).toBe(false);
    expect(r.missing).toEqual(['to_email']);
  });

  it('only type-compatible values fill an input', () => {
    expect(fit('3', { type: 'integer' }, 'days', new Set())).toBeUndefined();
    expect(fit(3, { type: 'integer' }, 'days', new Set())).toBe(3);
    expect(fit(2.5, { type: 'integer' }, 'days', new Set())).toBeUndefined();
    expect(fit('walking', { type: 'string', enum: ['driving'] }, 'mode', new Set())).toBeUndefined();
    expect(fit(['a', 'b'], { type: 'array' }, 'ids', new Set())).toEqual(['a', 'b']);
    expect(fit({ event_id: 'e1', title: 'x' }, { type: 'string' }, 'event_id', new Set())).toBe('e1');
  });
});
