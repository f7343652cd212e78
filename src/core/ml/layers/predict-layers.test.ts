import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { STRUCTURE_FEATURES, structureFeatures } from './layer-features';
import { LayerModelError } from './layer-model-error';
import { layerPredictorFromModel, typescriptEnsembleHead, typescriptHead } from './predict-layers';
import { randomParams, TINY } from './layer-params.test-util';
import { typedTool } from '../../tools/tool-fixtures.test-util';

const tool = typedTool;

describe('the structure features a layer model is fed', () => {
  it('mark the element match: UserPosts feeds post ids, LikeCount consumes one', () => {
    const posts = tool('UserPosts', { user_id: 'integer' }, { post_ids: 'array' });
    const likes = tool('LikeCount', { post_id: 'integer' }, { like_count: 'integer' });
    const rows = structureFeatures([posts, likes]);
    const at = (name: (typeof STRUCTURE_FEATURES)[number]) => STRUCTURE_FEATURES.indexOf(name);
    expect(rows.map((r) => r[at('element.feeds')])).toEqual([1, 0]);
    expect(rows.map((r) => r[at('element.consumes')])).toEqual([0, 1]);
    // The shift rule's own match (equal names) sees nothing here.
    expect(rows.map((r) => r[at('schema.consumes')])).toEqual([0, 0]);
  });

  it('a model trained on another set of structure features is refused with what to do', () => {
    const layers = () => Promise.resolve([0]);
    const embedder = new LexicalEmbedder({ dimension: TINY.inputDim });
    expect(() => layerPredictorFromModel({ config: { ...TINY, toolExtra: 11 }, layers }, embedder)).toThrow(
      LayerModelError,
    );
    expect(() => layerPredictorFromModel({ config: { ...TINY, toolExtra: 11 }, layers }, embedder)).toThrow(
      /reads 11 structure features per tool, this app builds 13: retrain/,
    );
    // Text only (no structure features) and the current set are both fed.
    expect(() =>
      layerPredictorFromModel({ config: { ...TINY, toolExtra: 0 }, layers }, embedder),
    ).not.toThrow();
    expect(() =>
      layerPredictorFromModel(
        { config: { ...TINY, toolExtra: STRUCTURE_FEATURES.length }, layers },
        embedder,
      ),
    ).not.toThrow();
  });
});

describe('the retrained ensemble head: mean threshold probabilities, then RETO eq. 9', () => {
  // Heads that ignore the input: every threshold logit equals the bias.
  const constant = (bias: number) => {
    const p = randomParams(TINY, 3);
    p.headW.fill(0);
    p.headB.fill(bias);
    return p;
  };
  const query = new Float32Array(TINY.inputDim).fill(0.1);
  const tools = [new Float32Array(TINY.inputDim + TINY.toolExtra).fill(0.2)];
  const K1 = TINY.maxLayers - 1;

  it('σ(1) = 0.731 and σ(−10) ≈ 0 average to 0.366 < ½: layer 0; σ(2) = 0.881 and σ(0) = 0.5 to 0.69: every threshold', async () => {
    expect(await typescriptHead(constant(1), TINY)(query, tools)).toEqual([K1]);
    expect(await typescriptEnsembleHead([constant(1), constant(-10)], TINY)(query, tools)).toEqual([0]);
    expect(await typescriptEnsembleHead([constant(2), constant(0)], TINY)(query, tools)).toEqual([K1]);
  });

  it('one model reads as typescriptHead; no model is refused', async () => {
    const p = randomParams(TINY, 5);
    const many = Array.from({ length: 3 }, (_, i) => tools[0]!.map((v) => v * (i + 1)));
    expect(await typescriptEnsembleHead([p], TINY)(query, many)).toEqual(
      await typescriptHead(p, TINY)(query, many),
    );
    expect(() => typescriptEnsembleHead([], TINY)).toThrow(LayerModelError);
  });
});
