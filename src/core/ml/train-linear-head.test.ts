import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../util/prng';
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

describe('trainLinearHead: plan groups and resuming', () => {
  /** Groups of 3 examples sharing inputs 0–3 (the "query"); inputs 4–7 differ per example. */
  function groupedSet(groups: number, seed: number): LabelledExample[] {
    const rand = mulberry32(seed);
    return Array.from({ length: groups }, (_, g) => {
      const shared = Array.from({ length: 4 }, () => (rand() < 0.5 ? rand() : 0));
      return Array.from({ length: 3 }, (_, step) => {
        const x = new Float32Array(8);
        x.set(shared);
        x[4 + step] = 1;
        x[7] = rand();
        return { x, positives: [(g + step) % 5], group: g };
      });
    }).flat();
  }
  const bits = (a: Float32Array) => Buffer.from(a.buffer).toString('base64');

  it('computes the shared inputs once per group with the same result as one pass per example', async () => {
    const data = groupedSet(10, 21);
    // One batch per epoch, so grouping cannot change which examples share an Adam step.
    const common = { labels: LABELS, epochs: 4, batchSize: 1000, gradientFloor: 0, validationFraction: 0 };
    const grouped = await trainLinearHead(data, { ...common, sharedInputs: 4 });
    const plain = await trainLinearHead(data, common);
    let maxDiff = 0;
    grouped.head.W.forEach((w, i) => (maxDiff = Math.max(maxDiff, Math.abs(w - plain.head.W[i]!))));
    expect(maxDiff).toBeLessThan(1e-5);
    expect(grouped.losses[3]).toBeCloseTo(plain.losses[3]!, 5);
  });

  it('rejects a group whose members differ in the shared inputs', async () => {
    const data = groupedSet(3, 22);
    data[1]!.x[0] = 42;
    await expect(trainLinearHead(data, { labels: LABELS, sharedInputs: 4 })).rejects.toThrow(
      /group 0 differ/,
    );
  });

  it('resuming a checkpoint continues the run (up to the order gradients are summed in)', async () => {
    const data = groupedSet(8, 23);
    const common = { labels: LABELS, batchSize: 1000, validationFraction: 0, learningRate: 0.05 };
    const six = await trainLinearHead(data, { ...common, epochs: 6 });
    const three = await trainLinearHead(data, { ...common, epochs: 3 });
    const resumed = await trainLinearHead(data, { ...common, epochs: 3, resume: three.checkpoint });
    // One batch per epoch: only the shuffled order of the sums differs from the uninterrupted run.
    let maxDiff = 0;
    resumed.head.W.forEach((w, i) => (maxDiff = Math.max(maxDiff, Math.abs(w - six.head.W[i]!))));
    expect(maxDiff).toBeLessThan(1e-5);
    resumed.losses.forEach((l, i) => expect(l).toBeCloseTo(six.losses[3 + i]!, 5));
    // A fresh run of three more epochs is a different model: the Adam state and step count carried over.
    const fresh = await trainLinearHead(data, { ...common, epochs: 3 });
    let freshDiff = 0;
    fresh.head.W.forEach((w, i) => (freshDiff = Math.max(freshDiff, Math.abs(w - six.head.W[i]!))));
    expect(freshDiff).toBeGreaterThan(1e-3);
    // The checkpoint passed in is not modified.
    expect(bits(three.checkpoint.Wt)).not.toBe(bits(resumed.checkpoint.Wt));
  });

  it('stops at the first epoch whose validation loss reaches the target, keeping that epoch', async () => {
    const data = groupedSet(12, 24);
    const validation = data.slice(0, 9);
    const r = await trainLinearHead(data, {
      labels: LABELS,
      epochs: 50,
      learningRate: 0.05,
      validation,
      stopAtValidationLoss: 2.5,
    });
    const last = r.valLosses.length - 1;
    expect(r.epochsRun).toBeLessThan(50);
    expect(r.valLosses[last]).toBeLessThanOrEqual(2.5);
    expect(r.valLosses.slice(0, last).every((l) => l > 2.5)).toBe(true);
    expect(r.bestEpoch).toBe(r.epochsRun);
  });
});
