import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../../demo/demo-tools';
import { ScriptedEngine } from '../../llm/scripted-engine';
import type { Tool } from '../../tools/tool';
import { SchemaGate } from '../gate/schema-gate';
import { CallRepairer } from './call-repairer';

const tool = (name: string): Tool => DEMO_TOOLS.find((t) => t.name === name)!;
const MAIL = tool('mail_send');
const call = (args: Record<string, unknown>) =>
  JSON.stringify({ tool_calls: [{ name: 'mail_send', arguments: args }] });
const userText = (e: ScriptedEngine, i: number) =>
  e.requests[i]!.messages.find((m) => m.role === 'user')!.content;

describe('LLM repair through the scripted engine (RETO appendix A.6)', () => {
  it('asks once with the repair prompt when deterministic edits cannot help, and gates the answer', async () => {
    const engine = new ScriptedEngine({
      replies: [call({ to_email: 'anna@example.com', subject: 'Lunch', body: 'See you at 1' })],
    });
    const repairer = new CallRepairer(new SchemaGate(), { llm: engine, budget: 2 });
    const r = await repairer.prepare(MAIL, { to_email: 'anna@example.com', body: 'See you at 1' });
    expect(r.ok).toBe(true);
    expect(r.args).toEqual({ to_email: 'anna@example.com', subject: 'Lunch', body: 'See you at 1' });
    expect(r.report).toMatchObject({ verdict: 'repaired', llmRepairs: 1 });
    expect(r.report.issues).toEqual([{ field: 'subject', rule: 'required', message: 'is required' }]);
    expect(r.report.repairs.map((e) => e.kind)).toEqual(['llm']);
    const prompt = userText(engine, 0);
    expect(prompt).toContain('You must fix the arguments for tool: mail_send');
    expect(prompt).toContain('=== TOOL SCHEMA ===');
    expect(prompt).toContain('- subject (string, required): Subject line.');
    expect(prompt).toContain('Schema check failed: subject: is required');
    expect(prompt).toContain('{"tool_calls":[{"name":"mail_send","arguments":{...}}]}');
    expect(engine.requests[0]!.jsonSchema).toBeDefined();
    expect(repairer.budgetLeft).toBe(1);
  });

  it('deterministic edits come first: no LLM call when they are enough', async () => {
    const engine = new ScriptedEngine({ replies: [] });
    const repairer = new CallRepairer(new SchemaGate(), { llm: engine });
    const r = await repairer.prepare(MAIL, { email: 'a@b.co', subject: 1, body: 'x', to_email: undefined });
    expect(r.ok).toBe(true);
    expect(r.args).toEqual({ to_email: 'a@b.co', subject: '1', body: 'x' });
    expect(engine.requests).toHaveLength(0);
  });

  it('stops asking once the budget is spent; what the LLM returns is gated again', async () => {
    const engine = new ScriptedEngine({
      replies: [
        call({ to_email: 'x' }),
        'I cannot help with that.',
        call({ to_email: 'a@b.co', subject: 's', body: 'b' }),
      ],
    });
    const repairer = new CallRepairer(new SchemaGate(), { llm: engine, budget: 2 });
    const first = await repairer.prepare(MAIL, { body: 'b' });
    expect(first.ok).toBe(false); // the LLM's arguments still lack subject and body is gone
    expect(first.report.verdict).toBe('rejected');
    expect(first.report.remaining?.map((i) => i.field)).toEqual(['subject', 'body']);
    const second = await repairer.prepare(MAIL, { body: 'b' });
    expect(second.ok).toBe(false); // not JSON: a failed repair, not a crash
    const third = await repairer.prepare(MAIL, { body: 'b' });
    expect(third.ok).toBe(false);
    expect(third.report.llmRepairs).toBeUndefined();
    expect(engine.requests).toHaveLength(2);
    expect(repairer.usage.prompts).toBe(2);
  });

  it('refuses a repair that names another tool', async () => {
    const engine = new ScriptedEngine({
      replies: [
        JSON.stringify({ tool_calls: [{ name: 'messages_send', arguments: { phone: '1', text: 't' } }] }),
      ],
    });
    const r = await new CallRepairer(new SchemaGate(), { llm: engine }).prepare(MAIL, { body: 'b' });
    expect(r.ok).toBe(false);
  });

  it('after the tool refused the arguments: the LLM sees the tool’s own message', async () => {
    const engine = new ScriptedEngine({
      replies: [JSON.stringify({ tool_calls: [{ name: 'contacts_search', arguments: { name: 'Anna' } }] })],
    });
    const repairer = new CallRepairer(new SchemaGate(), { llm: engine });
    const fixed = await repairer.afterRefusal(
      tool('contacts_search'),
      { name: 'Anna K. from work' },
      {
        kind: 'invalid-arguments',
        code: 'contact-not-found',
        message: 'No contact named "Anna K. from work".',
      },
    );
    expect(fixed).toMatchObject({ ok: true, args: { name: 'Anna' }, report: { verdict: 'repaired' } });
    expect(userText(engine, 0)).toContain('contact-not-found: No contact named "Anna K. from work".');
  });

  it('graph-only: deterministic half only, never an engine', async () => {
    const repairer = new CallRepairer(new SchemaGate());
    const r = await repairer.prepare(MAIL, { to_email: 'a@b.co', body: 'x' });
    expect(r).toMatchObject({ ok: false, report: { verdict: 'rejected' } });
    expect(
      await repairer.afterRefusal(
        MAIL,
        { to_email: 'a@b.co', subject: 's', body: 'x' },
        {
          kind: 'invalid-arguments',
          code: 'x',
          message: 'nope',
        },
      ),
    ).toBeNull();
  });
});
