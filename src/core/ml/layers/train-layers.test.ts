import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../util/cancelled-error';
import { layerMetrics } from './layer-metrics';
import { plantedTasks, TINY } from './layer-params.test-util';
import { LAYER_TRAIN_DEFAULTS, predictLayers, trainLayerPredictor } from './train-layers';

describe('training the layer predictor', () => {
  const config = { ...TINY, inputDim: 4, toolExtra: 0, hidden: 16, heads: 4, ffn: 16, maxLayers: 3 };

  it('learns a planted order (feature 0 > 0 ⇒ later layer) well past the one-layer baseline', async () => {
    const train = plantedTasks(300, config, 1);
    const validation = plantedTasks(60, config, 2);
    const test = plantedTasks(100, config, 3);
    const epochs: number[] = [];
    const result = await trainLayerPredictor(train, validation, config, {
      ...LAYER_TRAIN_DEFAULTS,
      epochs: 8,
      lr: 3e-3,
      onEpoch: (e) => epochs.push(e.epoch),
    });
    expect(epochs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const predicted = predictLayers(result.params, config, test);
    const m = layerMetrics(
      test.map((t, i) => ({ gold: t.layers, predicted: predicted[i]!, edges: t.edges })),
    );
    const oneLayer = layerMetrics(
      test.map((t) => ({ gold: t.layers, predicted: t.layers.map(() => 0), edges: t.edges })),
    );
    expect(m.pairwise).toBeGreaterThan(0.9);
    expect(m.pairwise).toBeGreaterThan(oneLayer.pairwise + 0.3);
    expect(result.history[result.bestEpoch - 1]!.validation!.pairwise).toBe(
      Math.max(...result.history.map((h) => h.validation!.pairwise)),
    );
  });

  it('stops with CancelledError when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new CancelledError('training cancelled'));
    await expect(
      trainLayerPredictor(plantedTasks(20, config, 1), [], config, {
        ...LAYER_TRAIN_DEFAULTS,
        signal: controller.signal,
      }),
    ).rejects.toSatisfy(
      (e: unknown) => CancelledError.isInstance(e) || (e as Error).name === 'CancelledError',
    );
  });
});
