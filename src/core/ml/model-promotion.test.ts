import { describe, expect, it } from 'vitest';
import { MemoryWorldStore } from '../world/memory-world-store';
import { previousName, promoteIfNotWorse, restorePrevious } from './model-promotion';

// Models whose "validation score" is written in their first byte, so each case is checkable by eye.
const model = (score: number, savedAt = score) => ({
  bytes: new Uint8Array([score]),
  manifest: { label: `m${score}` },
  savedAt,
});
const scoreOf = async (m: { bytes: Uint8Array }) => (m.bytes[0] as number) / 100;

describe('promoteIfNotWorse', () => {
  it('installs the first model when nothing is stored and there is no shipped fallback', async () => {
    const store = new MemoryWorldStore();
    const r = await promoteIfNotWorse(store, 'hgt', model(80), scoreOf);
    expect(r).toMatchObject({ swapped: true, candidateScore: 0.8, incumbentScore: null });
    expect((await store.getModel('hgt'))?.bytes[0]).toBe(80);
    expect(await store.getModel(previousName('hgt'))).toBeUndefined();
  });

  it('refuses a model that validates worse than the shipped one and stores nothing', async () => {
    const store = new MemoryWorldStore();
    const r = await promoteIfNotWorse(store, 'hgt', model(70), scoreOf, model(75));
    expect(r).toMatchObject({ swapped: false, candidateScore: 0.7, incumbentScore: 0.75 });
    expect(r.reason).toContain('validates worse');
    expect(await store.getModel('hgt')).toBeUndefined();
  });

  it('refuses a worse model and keeps the stored one in use', async () => {
    const store = new MemoryWorldStore();
    await promoteIfNotWorse(store, 'hgt', model(90), scoreOf);
    const r = await promoteIfNotWorse(store, 'hgt', model(89), scoreOf);
    expect(r.swapped).toBe(false);
    expect((await store.getModel('hgt'))?.bytes[0]).toBe(90);
  });

  it('swaps in an equal or better model and keeps the old one as previous', async () => {
    const store = new MemoryWorldStore();
    await promoteIfNotWorse(store, 'hgt', model(80), scoreOf);
    const tie = await promoteIfNotWorse(store, 'hgt', model(80, 2), scoreOf);
    expect(tie.swapped).toBe(true);
    const better = await promoteIfNotWorse(store, 'hgt', model(85), scoreOf);
    expect(better).toMatchObject({ swapped: true, candidateScore: 0.85, incumbentScore: 0.8 });
    expect((await store.getModel('hgt'))?.bytes[0]).toBe(85);
    expect((await store.getModel(previousName('hgt')))?.savedAt).toBe(2);
  });

  it('refuses a candidate whose score is not a number', async () => {
    const store = new MemoryWorldStore();
    const r = await promoteIfNotWorse(store, 'hgt', model(80), async () => Number.NaN);
    expect(r.swapped).toBe(false);
    expect(await store.getModel('hgt')).toBeUndefined();
  });

  it('restorePrevious swaps the two models back', async () => {
    const store = new MemoryWorldStore();
    expect(await restorePrevious(store, 'hgt')).toBe(false);
    await promoteIfNotWorse(store, 'hgt', model(80), scoreOf);
    await promoteIfNotWorse(store, 'hgt', model(85), scoreOf);
    expect(await restorePrevious(store, 'hgt')).toBe(true);
    expect((await store.getModel('hgt'))?.bytes[0]).toBe(80);
    expect((await store.getModel(previousName('hgt')))?.bytes[0]).toBe(85);
  });
});
