import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvalSession, unknownToolsText, type EvalBackend } from './eval-session';

const dir = resolve(import.meta.dirname, '../../../e2e/fixtures/eval-mini');
const toolsJson = readFileSync(`${dir}/tools.json`, 'utf8');
const tasksJsonl = readFileSync(`${dir}/tasks.jsonl`, 'utf8');
const unused: EvalBackend = { run: () => Promise.reject(new Error('not run here')), cancel: () => undefined };

/** Second QA pass: tools.json of one dataset with tasks.jsonl of another loaded without a word. */
describe('EvalSession: test plans that call tools tools.json lacks', () => {
  it('warns with how many tasks, which tools, and what to check', () => {
    const session = new EvalSession(() => unused);
    const foreign = [
      JSON.stringify({ id: 'f1', query: 'q', split: 'test', plan: [{ tool: 'nope_a', args: {} }] }),
      JSON.stringify({ id: 'f2', query: 'q', split: 'test', plan: [{ tool: 'nope_b' }, { tool: 'nope_a' }] }),
    ].join('\n');
    session.load([
      { path: 'mixed/tools.json', text: toolsJson },
      { path: 'mixed/tasks.jsonl', text: `${tasksJsonl.trim()}\n${foreign}\n` },
    ]);
    expect(session.getState().dataset).toMatchObject({ name: 'mixed', test: 8 });
    expect(session.getState().loadWarning).toBe(
      '2 of 8 test tasks call tools that tools.json does not have (nope_a, nope_b): those tasks cannot ' +
        'succeed. Are tools.json and tasks.jsonl from the same dataset folder?',
    );
  });

  it('says nothing for a consistent dataset', () => {
    const session = new EvalSession(() => unused);
    session.load([
      { path: 'mini/tools.json', text: toolsJson },
      { path: 'mini/tasks.jsonl', text: tasksJsonl },
    ]);
    expect(session.getState().loadWarning).toBeNull();
  });

  it('says a tool the file lists but the import rejected is rejected, not missing (restbench: 11 of 52 tasks)', () => {
    const session = new EvalSession(() => unused);
    const tools = JSON.parse(toolsJson) as { name: string; parameters: Record<string, unknown> }[];
    // A schema keyword with a string where a number belongs, as restbench's spotify tools have.
    const bad = tools.map((t, i) =>
      i === 0
        ? { ...t, parameters: { type: 'object', properties: { limit: { type: 'integer', maximum: '50' } } } }
        : t,
    );
    session.load([
      { path: 'rb/tools.json', text: JSON.stringify(bad) },
      { path: 'rb/tasks.jsonl', text: tasksJsonl },
    ]);
    const warning = session.getState().loadWarning!;
    expect(warning).toMatch(
      /^1 entry of tools\.json was rejected\. \d of 6 test tasks call tools of tools\.json that were rejected \(/,
    );
    expect(warning).toContain(`(${tools[0]!.name}): those tasks cannot succeed.`);
    expect(warning).not.toContain('same dataset folder');
  });

  it('names at most three tools and counts the rest', () => {
    const text = unknownToolsText(new Set(['a']), [['a', 'b', 'c'], ['d', 'e'], ['a']]);
    expect(text).toBe(
      '2 of 3 test tasks call tools that tools.json does not have (b, c, d, … 4 in all): those tasks ' +
        'cannot succeed. Are tools.json and tasks.jsonl from the same dataset folder?',
    );
  });
});
