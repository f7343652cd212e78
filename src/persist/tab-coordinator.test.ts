import { describe, expect, it } from 'vitest';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import { emptyChange } from '../core/world/world-snapshot';
import { TabCoordinator, type LocksLike } from './tab-coordinator';
import { isQuotaExceeded, StorageFullError } from './storage-full-error';
import { withFullReport } from './storage-status';

describe('storage full', () => {
  it('recognises the quota error and reports it before rethrowing', async () => {
    expect(isQuotaExceeded(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaExceeded(new Error('other'))).toBe(false);
    const failing = new MemoryWorldStore('x');
    failing.write = () => Promise.reject(new StorageFullError('trace "t"'));
    const seen: string[] = [];
    const store = withFullReport(failing, (m) => seen.push(m));
    await expect(store.write(emptyChange())).rejects.toThrow(/^Storage is full: saving trace "t" failed/);
    expect(seen[0]).toMatch(/Export the world/);
  });
});

describe('tab coordination', () => {
  it('is solo without Web Locks and passes writes through', async () => {
    const locks = Object.getOwnPropertyDescriptor(globalThis.navigator ?? {}, 'locks');
    const t = new TabCoordinator({ ingest: async () => undefined });
    const s = await t.start();
    if (!locks) expect(s.role).toBe('solo');
    const inner = new MemoryWorldStore('x');
    const store = t.wrap(inner);
    await store.write({ ...emptyChange(), traces: [] });
    expect(store.pendingRecords()).toBe(inner.pendingRecords());
  });
});

/** One lock, first come first served, released when the holder's promise settles. */
function fakeLocks(): LocksLike & { release: () => void } {
  let held = false;
  const waiting: (() => void)[] = [];
  let release = () => undefined as void;
  const grant = (cb: (l: unknown) => unknown) => {
    held = true;
    void Promise.resolve(cb({})).finally(() => undefined);
    release = () => {
      held = false;
      waiting.shift()?.();
    };
  };
  return {
    release: () => release(),
    request: (async (_name: string, a: unknown, b?: unknown) => {
      const options = (typeof a === 'function' ? {} : a) as { ifAvailable?: boolean };
      const cb = (typeof a === 'function' ? a : b) as (l: unknown) => unknown;
      if (!held) return grant(cb);
      if (options.ifAvailable) return cb(null);
      waiting.push(() => grant(cb));
    }) as LocksLike['request'],
  };
}

describe('two tabs', () => {
  it('a follower saves its traces through the owner, once each, and is told why', async () => {
    const locks = fakeLocks();
    const ownerStore = new MemoryWorldStore('x');
    const stored: string[] = [];
    const channelName = `t-${Math.random()}`;
    const owner = new TabCoordinator({
      locks,
      channelName,
      ingest: async (t) => {
        if (stored.includes(t.id)) throw Object.assign(new Error('dup'), { dup: true });
        stored.push(t.id);
      },
      isDuplicate: (e) => (e as { dup?: boolean }).dup === true,
    });
    const follower = new TabCoordinator({ locks, channelName, ingest: async () => undefined });
    expect((await owner.start()).role).toBe('owner');
    const f = await follower.start();
    expect(f.role).toBe('follower');
    expect(f.message).toMatch(/Another tab of NaviAgent Web owns the saved world/);
    const store = follower.wrap(ownerStore);
    const trace = (id: string) => ({ id, query: 'q', calls: [], seq: 0, ingestedAt: 0 });
    await store.write({ ...emptyChange(), traces: [trace('b-1')] });
    await store.write({ ...emptyChange(), traces: [trace('b-1')] }); // a duplicate counts as stored
    await expect(
      store.replace(await new MemoryWorldStore('y').load().then(() => ({}) as never)),
    ).rejects.toThrow(/not possible in this tab/);
    expect(stored).toEqual(['b-1']);
    expect(store.pendingRecords()).toBe(0);
    // The owner closes: the follower takes the lock and asks for a reload before it writes.
    locks.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(follower.state.role).toBe('took-over');
    await expect(store.write({ ...emptyChange(), traces: [trace('b-2')] })).rejects.toThrow(
      /reload this tab/,
    );
    owner.close();
    follower.close();
  });

  it("the owner publishes each change's records; followers receive them, the owner does not, a follower cannot publish", async () => {
    const locks = fakeLocks();
    const channelName = `p-${Math.random()}`;
    const make = () => new TabCoordinator({ locks, channelName, ingest: async () => undefined });
    const owner = make();
    const a = make();
    const b = make();
    expect((await owner.start()).role).toBe('owner');
    await a.start();
    await b.start();
    const got: { tab: string; type: string; traces: string[] }[] = [];
    for (const [tab, c] of [
      ['owner', owner],
      ['a', a],
      ['b', b],
    ] as const)
      c.onPublished((m) =>
        got.push({ tab, type: m.type, traces: m.type === 'changed' ? m.change.traces.map((t) => t.id) : [] }),
      );
    const trace = { id: 't-1', query: 'q', calls: [], seq: 48, ingestedAt: 0 };
    owner.publish({ type: 'changed', change: { ...emptyChange(), traces: [trace] } });
    a.publish({ type: 'replaced' }); // a follower has nothing to publish: ignored
    owner.publish({ type: 'replaced' });
    await new Promise((r) => setTimeout(r, 20));
    expect(got.sort((x, y) => x.tab.localeCompare(y.tab) || x.type.localeCompare(y.type))).toEqual([
      { tab: 'a', type: 'changed', traces: ['t-1'] },
      { tab: 'a', type: 'replaced', traces: [] },
      { tab: 'b', type: 'changed', traces: ['t-1'] },
      { tab: 'b', type: 'replaced', traces: [] },
    ]);
    for (const c of [owner, a, b]) c.close();
  });
});
