import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvalSession, type EvalBackend } from './eval-session';

const dir = resolve(import.meta.dirname, '../../../e2e/fixtures/eval-mini');
const toolsJson = readFileSync(`${dir}/tools.json`, 'utf8');
const tasksJsonl = readFileSync(`${dir}/tasks.jsonl`, 'utf8');
const unused: EvalBackend = {
  run: () => Promise.reject(new Error('not run here')),
  cancel: () => undefined,
};

describe('EvalSession: what the files held that is not used', () => {
  it('says how many lines of tasks.jsonl were skipped (a file cut short, a stray line)', () => {
    const session = new EvalSession(() => unused);
    const lines = tasksJsonl.trim().split('\n');
    const cut = `${lines.join('\n')}\nnot json at all\n${lines[0]!.slice(0, 40)}`;
    session.load([
      { path: 'mini/tools.json', text: toolsJson },
      { path: 'mini/tasks.jsonl', text: cut },
    ]);
    expect(session.getState().dataset).toMatchObject({ name: 'mini', tools: 7, train: 6, test: 6 });
    expect(session.getState().loadWarning).toBe('2 lines of tasks.jsonl are not tasks and were skipped.');

    session.load([
      { path: 'mini/tools.json', text: toolsJson },
      { path: 'mini/tasks.jsonl', text: tasksJsonl },
    ]);
    expect(session.getState().loadWarning).toBeNull();
  });

  it('after files it cannot use, says which dataset Run still uses', () => {
    const session = new EvalSession(() => unused);
    session.load([
      { path: 'mini/tools.json', text: toolsJson },
      { path: 'mini/tasks.jsonl', text: tasksJsonl },
    ]);
    session.load([
      { path: 'other/tools.json', text: '{"tools": [' },
      { path: 'other/tasks.jsonl', text: tasksJsonl },
    ]);
    expect(session.getState().loadError).toMatch(
      /tools\.json is not a tool catalogue.* The dataset loaded before \(mini\) is still the one Run uses\.$/,
    );
    expect(session.getState().dataset?.name).toBe('mini');
  });
});
