import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { STRUCTURE_FEATURES, structureFeatures } from './layer-features';
import { LayerModelError } from './layer-model-error';
import { layerPredictorFromModel } from './predict-layers';
import { TINY } from './layer-params.test-util';
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
