import { describe, expect, it } from 'vitest';
import { rocAuc } from '../roc-auc';
import { hgtEmbed, hgtScorePairs } from './hgt-forward';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';
import { plantedTask } from './planted-graph.test-util';
import { CancelledError } from '../../util/cancelled-error';
import { trainHgt, type HgtEpochReport } from './train-hgt';

// Small model so each run takes well under a second on the test machine.
const small = { hidden: 16, heads: 2 } as const;

describe('trainHgt', () => {
  it('lowers the loss on a toy graph', async () => {
    const { graph } = plantedTask(1);
    const { history } = await trainHgt(graph, { config: small, epochs: 30, seed: 3, gamma: 1 });
    // γ = 1 keeps μ_t = 1, so the loss is the same cross-entropy in every epoch and comparable across epochs.
    const first = history[0]!.loss;
    const lastFive = history.slice(-5).reduce((s, r) => s + r.loss, 0) / 5;
    expect(first).toBeGreaterThan(0.6);
    expect(lastFive).toBeLessThan(0.75 * first);
    expect(history.map((r) => r.mu)).toEqual(new Array(30).fill(1));
  });

  it('ranks held-out links of a planted pattern above cross-group pairs (AUC > 0.9)', async () => {
    const { graph, validation } = plantedTask(2);
    const { params, history } = await trainHgt(graph, { config: small, epochs: 40, seed: 1 });
    const auc = rocAuc(
      hgtScorePairs(params, hgtEmbed(params, graph), validation.pairs, graph),
      validation.labels,
    );
    expect(auc).toBeGreaterThan(0.9);
    // The curriculum decays μ_t = μ0·γ^t (eq. 9).
    expect(history[10]!.mu).toBeCloseTo(0.95 ** 10, 10);
    // b_r cancels inside each per-relation softmax, so it is not trained (hgt-param-tensors.ts).
    for (const l of params.layers) expect(Array.from(l.bRel).every((b) => b === 0)).toBe(true);
  });

  it('returns the best validation epoch and reports valAuc every epoch', async () => {
    const { graph, validation } = plantedTask(3);
    const reports: HgtEpochReport[] = [];
    const result = await trainHgt(graph, {
      config: small,
      epochs: 12,
      validation,
      onEpoch: (r) => reports.push(r),
    });
    expect(reports.map((r) => r.epoch)).toEqual([...Array(12).keys()].map((i) => i + 1));
    const aucs = reports.map((r) => r.valAuc!);
    const best = Math.max(...aucs);
    expect(result.bestEpoch).toBe(aucs.indexOf(best) + 1);
    const auc = rocAuc(
      hgtScorePairs(result.params, hgtEmbed(result.params, graph), validation.pairs, graph),
      validation.labels,
    );
    expect(auc).toBeCloseTo(best, 6);
  });

  it('is reproducible: the same seed gives identical parameters, another seed does not', async () => {
    const { graph } = plantedTask(4);
    const run = (seed: number) => trainHgt(graph, { config: small, epochs: 5, seed });
    const [a, b, c] = await Promise.all([run(8), run(8), run(9)]);
    expect(a.params).toEqual(b.params);
    expect(a.history.map((r) => r.loss)).toEqual(b.history.map((r) => r.loss));
    expect(c.params.layers[0]!.Wo).not.toEqual(a.params.layers[0]!.Wo);
  });

  it('stops at the next epoch boundary when its signal aborts', async () => {
    const { graph } = plantedTask(5);
    const controller = new AbortController();
    const seen: number[] = [];
    const run = trainHgt(graph, {
      config: small,
      epochs: 50,
      signal: controller.signal,
      onEpoch: (r) => {
        seen.push(r.epoch);
        if (r.epoch === 2) controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    await expect(run).rejects.toThrow('HGT training cancelled after 2 epoch(s)');
    expect(seen).toEqual([1, 2]);
  });

  it('warm-starts from given params without modifying them', async () => {
    const { graph } = plantedTask(6);
    const first = await trainHgt(graph, { config: small, epochs: 20, seed: 2 });
    const before = first.params.layers[0]!.Wo.slice();
    const warm = await trainHgt(graph, { init: first.params, epochs: 1, seed: 2, mu0: 1, gamma: 1 });
    const cold = await trainHgt(graph, { config: small, epochs: 1, seed: 2, mu0: 1, gamma: 1 });
    expect(first.params.layers[0]!.Wo).toEqual(before);
    expect(warm.history[0]!.lossCE).toBeLessThan(cold.history[0]!.lossCE);
  });

  it('explains what is wrong with its input', async () => {
    const { graph, validation } = plantedTask(7);
    const noEdges = {
      ...graph,
      edgeSrc: new Int32Array(0),
      edgeDst: new Int32Array(0),
      edgeRel: new Int32Array(0),
      edgeW: new Float32Array(0),
    };
    await expect(trainHgt(noEdges, { config: small })).rejects.toThrow(/no edges/);
    await expect(trainHgt(graph, { config: { hidden: 10, heads: 4 } })).rejects.toThrow(HgtShapeError);
    const first = await trainHgt(graph, { config: small, epochs: 1 });
    await expect(trainHgt(graph, { init: first.params, config: { hidden: 32 } })).rejects.toThrow(
      /warm start/,
    );
    const oneClass = { pairs: validation.pairs, labels: new Float32Array(validation.labels.length).fill(1) };
    await expect(trainHgt(graph, { config: small, validation: oneClass })).rejects.toThrow(/both/);
  });
});
