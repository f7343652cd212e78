import { describe, expect, it } from 'vitest';
import type { LayerExample } from '../../ml/layers/layer-examples';
import { randomParams, TINY } from '../../ml/layers/layer-params.test-util';
import { applyShiftRule } from '../../ml/layers/shift-rule';
import type { EncodedLayerTask } from '../../ml/layers/train-layers';
import type { Tool } from '../../tools/tool';
import type { LayerDataset } from './layer-dataset';
import { TraceGraphDepth } from '../../ml/layers/layer-baselines';
import { RETO_DECODING } from '../../ml/layers/layer-decoding';
import { comparePairs, evaluateEnsemble, evaluateLayerMethods, scoreEnsemble } from './layer-evaluation';

const obj = (field: string, required: boolean) => ({
  type: 'object',
  properties: { [field]: { type: 'string', description: field } },
  ...(required ? { required: [field] } : {}),
});
const TOOLS: Tool[] = [
  {
    name: 'find_city',
    description: '',
    parameters: obj('query', true),
    returns: obj('city', false),
    category: '',
    source: 'dataset',
  },
  {
    name: 'get_weather',
    description: '',
    parameters: obj('city', true),
    returns: obj('forecast', false),
    category: '',
    source: 'dataset',
  },
];
// A head whose thresholds are never exceeded: every tool in layer 0, whatever the input.
const params = randomParams(TINY, 3);
params.headW.fill(0);
params.headB.fill(-10);
const encoded = (n: number): EncodedLayerTask[] =>
  Array.from({ length: n }, () => ({
    query: new Float32Array(TINY.inputDim).fill(0.1),
    tools: TOOLS.map(() => new Float32Array(TINY.inputDim + TINY.toolExtra).fill(0.2)),
    layers: [0, 0],
    edges: [],
  }));
const dataset = (gold: number[][]): LayerDataset => ({
  name: 'hand',
  train: [],
  validation: gold.map((layers, i): LayerExample => ({
    id: `v${i}`,
    query: 'q',
    tools: TOOLS,
    layers,
    edges: [],
  })),
  test: [],
  trainTools: new Set(),
});

describe('the calibrated predictor keeps the shift rule unless validation shows it misleads', () => {
  const graph = new TraceGraphDepth([]);
  const withTest = (gold: number[][]): LayerDataset => ({
    ...dataset(gold),
    test: [{ id: 't0', query: 'q', tools: TOOLS, layers: [0, 0], edges: [] }],
  });
  const calibrated = (gold: number[][]) =>
    evaluateLayerMethods(withTest(gold), encoded(1), params, TINY, graph, encoded(gold.length)).all[
      'predictor-calibrated'
    ].pairwise;

  it('drops the rule when gold runs the schema match together on 5 of 5 plans (5–0, p = 1/32)', () => {
    // The schema rule sees find_city.city → get_weather.city; the head puts both in layer 0.
    expect(applyShiftRule(TOOLS, [0, 0])).toEqual([0, 1]);
    const tied = Array.from({ length: 5 }, () => [0, 0]);
    // Test gold ties the pair: without the rule the calibrated predictor is right, RETO's reading is not.
    expect(calibrated(tied)).toBe(1);
  });

  it('keeps the rule when the match is real, or when too few plans say otherwise (2–0, p = 1/4)', () => {
    expect(calibrated(Array.from({ length: 5 }, () => [0, 1]))).toBe(0);
    expect(
      calibrated([
        [0, 0],
        [0, 0],
      ]),
    ).toBe(0);
  });
});

describe('the seed ensemble runs as RETO does: mean head, then the shift rule', () => {
  it('a head that says "later" only in one model of two is outvoted; the rule still orders the match', () => {
    // Model B puts every tool at layer K − 1 (σ(1) = 0.73 on every threshold); with model A (σ(−10) ≈ 0)
    // the mean is 0.37 < ½: layer 0.
    const later = randomParams(TINY, 3);
    later.headW.fill(0);
    later.headB.fill(1);
    const data: LayerDataset = {
      ...dataset([]),
      test: [
        { id: 't0', query: 'q', tools: TOOLS, layers: [0, 1], edges: [[0, 1]] },
        { id: 't1', query: 'q', tools: [...TOOLS].reverse(), layers: [0, 0], edges: [] },
      ],
      trainTools: new Set(['find_city']),
    };
    const m = evaluateEnsemble(data, encoded(2), [params, later], TINY).reto;
    // Both tasks → shift rule: t0 [0, 1] (right), t1 get_weather after find_city = [1, 0] (gold ties: wrong).
    expect(m.all.pairwise).toBe(0.5);
    expect(m.all.executable).toBe(1);
    // Every test task has get_weather, which no train plan used: both are cold.
    expect(m.cold.tasks).toBe(2);
    // The later-model alone, shifted: all tools at layer 3 → one layer; t0 the shift still orders it.
    expect(evaluateEnsemble(data, encoded(2), [later], TINY).reto.all.pairwise).toBe(0.5);
  });
});

describe('paired sign test of two methods on the same test pairs', () => {
  it('counts pairs only one method orders right, over the tasks kept', () => {
    // Gold [0, 1, 1]: pairs (0,1) and (0,2) ordered, (1,2) tied. a = gold; b = one layer gets only (1,2).
    const gold = [
      [0, 1, 1],
      [0, 0],
    ];
    const a = [
      [0, 1, 1],
      [0, 1],
    ];
    const b = [
      [0, 0, 0],
      [0, 0],
    ];
    // Task 0: a wins 2; task 1 (gold tied): b wins 1.
    expect(comparePairs(gold, a, b)).toEqual({ wins: 2, losses: 1, p: 0.5 });
    expect(comparePairs(gold, a, b, (i) => i === 0)).toEqual({ wins: 2, losses: 0, p: 0.25 });
    expect(comparePairs(gold, b, b)).toEqual({ wins: 0, losses: 0, p: 1 });
  });
});

describe('a separate decoding for cold-start test tasks', () => {
  it('reads cold tasks with the cold choice and warm ones with the other', () => {
    // One model, every tool in layer 0. Both tasks hold the schema match city → city; the warm task's
    // gold ties it, the cold task's (renamed copies no train plan used) orders it.
    const renamed = TOOLS.map((t) => ({ ...t, name: `${t.name}_new` }));
    const data: LayerDataset = {
      ...dataset([]),
      test: [
        { id: 'warm', query: 'q', tools: TOOLS, layers: [0, 0], edges: [] },
        { id: 'cold', query: 'q', tools: renamed, layers: [0, 1], edges: [[0, 1]] },
      ],
      trainTools: new Set(['find_city', 'get_weather']),
    };
    const noRule = { decoding: { margin: null, shift: false }, wins: 0, losses: 0, p: 1 };
    const reto = { decoding: RETO_DECODING, wins: 0, losses: 0, p: 1 };
    // Warm without the rule [0, 0] (right), cold with it [0, 1] (right).
    const split = scoreEnsemble(data, encoded(2), [params], TINY, noRule, reto);
    expect(split.predictions.calibrated).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(split.calibrated.all.pairwise).toBe(1);
    expect(split.calibrated.cold.tasks).toBe(1);
    // One decoding for both gets one of the two wrong.
    expect(scoreEnsemble(data, encoded(2), [params], TINY, noRule).calibrated.all.pairwise).toBe(0.5);
    expect(split.reto.all.pairwise).toBe(0.5);
  });
});
