import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../util/prng';
import { initOrt } from '../ort-runtime';
import { exportLayerPredictor } from './export-layers';
import { predictTaskLogits } from './layer-forward';
import { LayerModelError } from './layer-model-error';
import { LayerOnnxRunner, readLayerModel } from './layer-onnx-runner';
import { plantedTasks, randomParams, TINY } from './layer-params.test-util';
import { DEFAULT_LAYER_CONFIG, type LayerPredictorConfig } from './layer-spec';
import { LAYER_TRAIN_DEFAULTS, trainLayerPredictor } from './train-layers';

const vec = (rand: () => number, n: number) => Float32Array.from({ length: n }, () => rand() * 2 - 1);

describe('layer predictor ONNX export', () => {
  it('onnxruntime-web gives the TypeScript forward’s logits (≤ 1e-4), tiny and shipped sizes, 1…6 tools', async () => {
    await initOrt({ numThreads: 1 });
    const shipped: LayerPredictorConfig = { ...DEFAULT_LAYER_CONFIG, inputDim: 32, toolExtra: 3 };
    for (const config of [TINY, shipped]) {
      const params = randomParams(config, 21);
      const runner = await LayerOnnxRunner.create(exportLayerPredictor(params, config, 'test vectors'));
      const rand = mulberry32(5);
      let worst = 0;
      for (const n of [1, 2, 6]) {
        const q = vec(rand, config.inputDim);
        const tools = Array.from({ length: n }, () => vec(rand, config.inputDim + config.toolExtra));
        const want = predictTaskLogits(params, config, q, tools);
        const got = await runner.logits(q, tools);
        expect(got.length).toBe(want.length);
        for (let i = 0; i < want.length; i++)
          worst = Math.max(worst, Math.abs((got[i] as number) - (want[i] as number)));
      }
      expect(worst).toBeLessThan(1e-4);
      await runner.release();
    }
  });

  it('the model states its config and features; wrong widths and foreign bytes are refused', async () => {
    await initOrt({ numThreads: 1 });
    const bytes = exportLayerPredictor(randomParams(TINY, 1), TINY, 'lexical 6');
    expect(readLayerModel(bytes)).toEqual({ config: TINY, features: 'lexical 6' });
    const runner = await LayerOnnxRunner.create(bytes);
    await expect(runner.logits(new Float32Array(5), [])).rejects.toThrow(/query vector has 5 values/);
    await expect(runner.logits(new Float32Array(6), [new Float32Array(6)])).rejects.toThrow(/reads 8/);
    await runner.release();
    expect(() => readLayerModel(Uint8Array.of(1, 2, 3))).toThrow(LayerModelError);
  });

  it('same data and seed ⇒ the same ONNX bytes; another seed ⇒ other bytes', async () => {
    const config = { ...TINY, dropout: 0.1 };
    const train = plantedTasks(40, config, 1);
    const options = { ...LAYER_TRAIN_DEFAULTS, epochs: 2, batchTasks: 8 };
    const bytes = async (seed: number) =>
      exportLayerPredictor(
        (await trainLayerPredictor(train, [], config, { ...options, seed })).params,
        config,
        'x',
      );
    const a = await bytes(3);
    const b = await bytes(3);
    const c = await bytes(4);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });
});
