import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../demo/prng';
import { linearForward } from './linear-head';
import { trainLinearHead, type LabelledExample } from './train-linear-head';

const LABELS = ['a', 'b', 'c', 'd', 'e'];

/** Planted rule: x[i] = 1 ⇒ label i (i < 5); features 5–11 are noise. Every example has 1–3 labels. */
function plantedSet(n: number, seed: number): LabelledExample[] {
  const rand = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const x = new Float32Array(12);
    const positives: number[] = [];
    for (let i = 0; i < 5; i++) if (rand() < 0.35) positives.push(i);
    if (positives.length === 0) positives.push(Math.floor(rand() * 5));
    for (const p of positives) x[p] = 1;
    for (let i = 5; i < 12; i++) x[i] = rand() < 0.5 ? rand() : 0;
    return { x, positives };
  });
}

describe('trainLinearHead', () => {
  it('learns a planted rule: every label right on unseen data, low loss', async () => {
    const epochs: number[] = [];
    const { head, losses, valLosses } = await trainLinearHead(plantedSet(400, 1), {
      labels: LABELS,
      epochs: 80,
      learningRate: 0.05,
      onEpoch: (e) => epochs.push(e),
    });
    expect(epochs[0]).toBe(1);
    expect(losses[losses.length - 1]!).toBeLessThan(losses[0]!);
    expect(Math.min(...valLosses)).toBeLessThan(0.25);
    const test = plantedSet(200, 2);
    let correct = 0;
    for (const e of test) {
      const p = linearForward(head, e.x);
      const predicted = [...p.keys()].filter((i) => p[i]! >= 0.5);
      if (predicted.join() === [...e.positives].sort().join()) correct++;
    }
    expect(correct / test.length).toBe(1);
  });

  it('is deterministic for a seed', async () => {
    const data = plantedSet(120, 3);
    const run = (seed: number) => trainLinearHead(data, { labels: LABELS, epochs: 5, seed });
    const [a, b, c] = await Promise.all([run(4), run(4), run(5)]);
    expect(Buffer.from(a.head.W.buffer).equals(Buffer.from(b.head.W.buffer))).toBe(true);
    expect(Buffer.from(a.head.b.buffer).equals(Buffer.from(b.head.b.buffer))).toBe(true);
    expect(a.losses).toEqual(b.losses);
    expect(Buffer.from(a.head.W.buffer).equals(Buffer.from(c.head.W.buffer))).toBe(false);
  });

  it('stops early on validation loss and keeps the best epoch', async () => {
    // Labels unrelated to the inputs: anything learnt beyond the label frequencies is overfitting.
    const rand = mulberry32(6);
    const noise = Array.from({ length: 60 }, () => ({
      x: Float32Array.from({ length: 40 }, () => rand()),
      positives: [Math.floor(rand() * 5)],
    }));
    const r = await trainLinearHead(noise, {
      labels: LABELS,
      epochs: 200,
      patience: 3,
      l2: 0,
      validationFraction: 0.3,
    });
    expect(r.epochsRun).toBeLessThan(200);
    const best = Math.min(...r.valLosses);
    expect(r.valLosses[r.bestEpoch - 1]).toBe(best);
  });

  it('cancels through an AbortSignal', async () => {
    const controller = new AbortController();
    const run = trainLinearHead(plantedSet(200, 7), {
      labels: LABELS,
      epochs: 50,
      signal: controller.signal,
      onEpoch: (e) => e === 2 && controller.abort(new Error('stop')),
    });
    await expect(run).rejects.toThrow('stop');
  });

  it('rejects label indices outside the head', async () => {
    const bad = [{ x: new Float32Array(3), positives: [7] }];
    await expect(trainLinearHead(bad, { labels: ['x'] })).rejects.toThrow(RangeError);
  });
});
