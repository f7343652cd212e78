import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../../core/demo/demo-tools';
import { MemorySandboxStore } from '../../core/sandbox';
import { NOW } from './agent-test-fixtures.test-util';
import { SandboxModel } from './sandbox-model';
import type { SandboxTabs } from './sandbox-tabs';

const tool = (name: string) => DEMO_TOOLS.find((t) => t.name === name)!;

/** Tabs over one bus, as BroadcastChannel delivers: to every other tab, asynchronously, not to itself. */
function bus() {
  const listeners: { tab: number; listener: () => void }[] = [];
  let delivered: Promise<void> = Promise.resolve();
  const tab = (id: number): SandboxTabs => ({
    announce: () => {
      for (const l of listeners)
        if (l.tab !== id)
          delivered = delivered.then(() => new Promise((r) => setTimeout(r, 0))).then(l.listener);
    },
    onAnnounced: (listener) => {
      const entry = { tab: id, listener };
      listeners.push(entry);
      return () => listeners.splice(listeners.indexOf(entry), 1);
    },
  });
  return {
    tab,
    settled: async () => {
      await delivered;
      await new Promise((r) => setTimeout(r, 10));
    },
  };
}

const titles = (m: SandboxModel) => m.getState().sandbox!.notes.map((n) => n.title);

describe('SandboxModel in two tabs over one store', () => {
  it("keeps both tabs' notes: a tab takes in the other's save before its own next change", async () => {
    const store = new MemorySandboxStore();
    const tabs = bus();
    const a = new SandboxModel({ openStore: async () => store, now: () => NOW, tabs: tabs.tab(1) });
    const b = new SandboxModel({ openStore: async () => store, now: () => NOW, tabs: tabs.tab(2) });
    const [ra, rb] = [await a.runtime(), await b.runtime()];

    const fromB = await rb.call(tool('notes_create'), { title: 'From tab two', content: 'hi' });
    await tabs.settled();
    expect(titles(a)).toContain('From tab two');
    const fromA = await ra.call(tool('notes_create'), { title: 'From tab one', content: 'hi' });
    await tabs.settled();
    expect(fromA.ok && fromB.ok).toBe(true);
    if (fromA.ok && fromB.ok) expect(fromA.output).not.toEqual(fromB.output); // two ids, not note-6001 twice

    // What a reload reads: both notes.
    const reopened = new SandboxModel({ openStore: async () => store, now: () => NOW });
    await reopened.runtime();
    expect(titles(reopened)).toEqual(expect.arrayContaining(['From tab one', 'From tab two']));
    expect(titles(b)).toEqual(expect.arrayContaining(['From tab one', 'From tab two']));
  });
});
