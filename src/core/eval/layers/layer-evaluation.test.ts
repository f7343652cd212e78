import { describe, expect, it } from 'vitest';
import type { LayerExample } from '../../ml/layers/layer-examples';
import { randomParams, TINY } from '../../ml/layers/layer-params.test-util';
import { applyShiftRule } from '../../ml/layers/shift-rule';
import type { EncodedLayerTask } from '../../ml/layers/train-layers';
import type { Tool } from '../../tools/tool';
import type { LayerDataset } from './layer-dataset';
import { shiftHelpsOnValidation } from './layer-evaluation';

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

describe('the calibrated predictor keeps the shift rule only where it orders validation plans as well', () => {
  it('keeps the rule when its schema match is a real dependency, drops it when it is not', () => {
    // The schema rule sees find_city.city → get_weather.city.
    expect(applyShiftRule(TOOLS, [0, 0])).toEqual([0, 1]);
    // Gold says the match is real on 2 of 3 plans: rule 2/3 of pairs right, head alone (one layer) 1/3.
    expect(
      shiftHelpsOnValidation(
        dataset([
          [0, 1],
          [0, 1],
          [0, 0],
        ]),
        encoded(3),
        params,
        TINY,
      ),
    ).toBe(true);
    // Gold runs them together on 2 of 3: the rule is right on 1/3, the head on 2/3.
    expect(
      shiftHelpsOnValidation(
        dataset([
          [0, 0],
          [0, 0],
          [0, 1],
        ]),
        encoded(3),
        params,
        TINY,
      ),
    ).toBe(false);
    // A tie keeps RETO's rule.
    expect(
      shiftHelpsOnValidation(
        dataset([
          [0, 0],
          [0, 1],
        ]),
        encoded(2),
        params,
        TINY,
      ),
    ).toBe(true);
  });
});
