import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../../core/demo/demo-tools';
import { MemorySandboxStore } from '../../core/sandbox';
import { NOW } from './agent-test-fixtures.test-util';
import { SandboxModel } from './sandbox-model';

const tool = (name: string) => DEMO_TOOLS.find((t) => t.name === name)!;

describe('SandboxModel', () => {
  it('follows the tools’ changes, undoes one and resets all', async () => {
    const model = new SandboxModel({ openStore: async () => new MemorySandboxStore(), now: () => NOW });
    const rt = await model.runtime();
    expect(model.getState()).toMatchObject({
      phase: 'ready',
      storeLabel: 'sandbox (in memory)',
      message: null,
    });
    const seeded = model.getState().sandbox!.notes.length;
    await rt.call(tool('notes_create'), { title: 'A', content: 'a' });
    await rt.call(tool('notes_create'), { title: 'B', content: 'b' });
    expect(model.getState().sandbox!.notes).toHaveLength(seeded + 2);
    const [first] = model.getState().sandbox!.changes;
    await model.undo(first!.id);
    expect(model.getState().sandbox!.notes.map((n) => n.title)).not.toContain('A');
    expect(model.getState().message?.text).toMatch(/^Undone: /);
    await model.reset();
    expect(model.getState().sandbox!.changes).toHaveLength(0);
    expect(model.getState().sandbox!.notes).toHaveLength(seeded);
  });

  it('runs in memory, with a warning, when its database cannot be opened', async () => {
    const model = new SandboxModel({
      openStore: async () => {
        throw new Error('IndexedDB is disabled');
      },
      now: () => NOW,
    });
    await model.runtime();
    expect(model.getState().phase).toBe('ready');
    expect(model.getState().message).toMatchObject({ level: 'warn' });
    expect(model.getState().message!.text).toContain('IndexedDB is disabled');
  });
});
