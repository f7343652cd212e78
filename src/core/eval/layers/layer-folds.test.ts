import { describe, expect, it } from 'vitest';
import { foldOfTask, isValidationTask, type LayerExample } from '../../ml/layers/layer-examples';
import { RETO_DECODING } from '../../ml/layers/layer-decoding';
import { randomParams, TINY } from '../../ml/layers/layer-params.test-util';
import type { LayerPredictorParams } from '../../ml/layers/layer-spec';
import type { EncodedLayerTask } from '../../ml/layers/train-layers';
import type { Tool } from '../../tools/tool';
import { stringFieldTool } from '../../tools/tool-fixtures.test-util';
import type { LayerDataset } from './layer-dataset';
import { chooseColdWarmDecoding, layerFolds, outOfFoldCalibration } from './layer-folds';

/** A tool with one string input `q` and one string output `<name>_out`. */
const tool = (name: string): Tool => stringFieldTool(name, ['q'], [`${name}_out`]);
const example = (id: string, tools: string[]): LayerExample => ({
  id,
  query: id,
  tools: tools.map(tool),
  layers: tools.map(() => 0),
  edges: [],
});
const encodedOf = (examples: readonly LayerExample[]): EncodedLayerTask[] =>
  examples.map((ex) => ({
    query: new Float32Array(TINY.inputDim).fill(0.1),
    tools: ex.tools.map(() => new Float32Array(TINY.inputDim + TINY.toolExtra).fill(0.2)),
    layers: ex.layers,
    edges: [],
  }));

describe('k-fold split of the train plans by task id', () => {
  it('hashes as the 10 % split does, then takes the thousands (FNV-1a of "a" = 3,826,002,220)', () => {
    // 3,826,002,220 % 1000 = 220 ≥ 100: not validation; ⌊3,826,002,220 / 1000⌋ = 3,826,002 ≡ 2 (mod 5).
    expect(isValidationTask('a')).toBe(false);
    expect(foldOfTask('a', 5)).toBe(2);
    expect(foldOfTask('a', 2)).toBe(0);
    expect(() => foldOfTask('a', 1)).toThrow(RangeError);
  });

  it('puts every train plan (train and validation alike) in exactly one fold, the rest in its train share', () => {
    const train = ['t1', 't2', 't3', 't4', 't5', 't6'].map((id) => example(id, ['x', 'y']));
    const validation = ['v1', 'v2'].map((id) => example(id, ['x', 'z']));
    const data: LayerDataset = { name: 'hand', train, validation, test: [], trainTools: new Set() };
    const folds = layerFolds(data, encodedOf(train.concat(validation)), 3);
    const heldOut = folds.flatMap((f) => f.data.validation.map((ex) => ex.id)).sort();
    expect(heldOut).toEqual(['t1', 't2', 't3', 't4', 't5', 't6', 'v1', 'v2']);
    for (const f of folds) {
      expect(f.data.train.length + f.data.validation.length).toBe(8);
      expect(f.train).toHaveLength(f.data.train.length);
      expect(f.validation).toHaveLength(f.data.validation.length);
      for (const ex of f.data.validation) expect(foldOfTask(ex.id, 3)).toBe(f.index);
      for (const ex of f.data.train) expect(foldOfTask(ex.id, 3)).not.toBe(f.index);
    }
    expect(() => layerFolds(data, encodedOf(train), 3)).toThrow(RangeError);
  });
});

describe('out-of-fold calibration', () => {
  // Two models whose heads ignore the input: σ(−10) ≈ 0 (layer 0) and σ(1) = 0.731 on every threshold.
  const low = randomParams(TINY, 3);
  low.headW.fill(0);
  low.headB.fill(-10);
  const high: LayerPredictorParams = structuredClone(low);
  high.headB.fill(1);
  const K1 = TINY.maxLayers - 1;

  it("reads each plan with the mean of its own fold's models, and flags plans with a tool new to that fold", () => {
    // FNV-1a: ⌊hash / 1000⌋ is even for "p0", odd for "p1", so with k = 2 fold 0 holds p0 and fold 1 p1.
    const plans = [example('p0', ['x', 'y']), example('p1', ['x', 'w'])];
    const data: LayerDataset = {
      name: 'hand',
      train: plans,
      validation: [],
      test: [],
      trainTools: new Set(),
    };
    const folds = layerFolds(data, encodedOf(plans), 2);
    expect(folds.map((f) => f.data.validation.map((ex) => ex.id))).toEqual([['p0'], ['p1']]);
    // Fold 0 has one model "low"; fold 1 "low" and "high": mean (σ(−10) + σ(1)) / 2 = 0.366 per threshold.
    const [p0, p1] = outOfFoldCalibration(folds, [[low], [low, high]], TINY);
    expect(p0!.probs[0]![0]).toBeCloseTo(1 / (1 + Math.exp(10)), 9);
    expect(p1!.tools.map((t) => t.name)).toEqual(['x', 'w']);
    expect(p1!.probs[1]).toHaveLength(K1);
    expect(p1!.probs[1]![2]).toBeCloseTo((1 / (1 + Math.exp(10)) + 1 / (1 + Math.exp(-1))) / 2, 6);
    // y and w appear in one plan each: never in the train share of the fold that holds their plan.
    expect([p0!.cold, p1!.cold]).toEqual([true, true]);
    // x alone: both plans' x is seen by the other fold, a plan of x only would be warm.
    const xOnly = [example('p0', ['x']), example('p1', ['x'])];
    const warm = layerFolds({ ...data, train: xOnly }, encodedOf(xOnly), 2);
    expect(outOfFoldCalibration(warm, [[low], [low]], TINY).map((t) => t.cold)).toEqual([false, false]);
    expect(() => outOfFoldCalibration(folds, [[low]], TINY)).toThrow(RangeError);
  });

  it('chooses a decoding for warm and for cold plans separately', () => {
    // Gold [0, 1] with expected layers 0.1 and 0.5 (no probability over ½): thresholds tie the pair, a
    // margin orders it. Warm plans are tied in gold (thresholds right), cold plans ordered (margins right).
    const probs = [
      [0.1, 0, 0],
      [0.3, 0.2, 0],
    ];
    const task = (i: number, cold: boolean) => ({
      probs,
      tools: [tool(`a${i}`), tool(`b${i}`)],
      gold: cold ? [0, 1] : [0, 0],
      cold,
    });
    const tasks = [0, 1, 2, 3, 4].flatMap((i) => [task(i, false), task(i, true)]);
    const choice = chooseColdWarmDecoding(tasks);
    expect(choice.warm.decoding).toEqual(RETO_DECODING);
    expect(choice.cold.decoding.margin).not.toBeNull();
    expect([choice.cold.wins, choice.cold.losses]).toEqual([5, 0]);
    expect(choice.cold.p).toBeCloseTo(1 / 32, 10);
    expect([choice.warmTasks, choice.coldTasks]).toEqual([5, 5]);
  });
});
