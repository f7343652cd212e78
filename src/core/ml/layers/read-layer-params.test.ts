import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../tools/tool';
import { initOrt } from '../ort-runtime';
import { exportLayerPredictor } from './export-layers';
import { layerLexicalEmbedder } from './layer-features';
import { LayerModelError } from './layer-model-error';
import { LayerOnnxRunner } from './layer-onnx-runner';
import { randomParams, TINY } from './layer-params.test-util';
import { namedParams } from './layer-spec';
import { layerPredictorFromModel, typescriptHead } from './predict-layers';
import { readLayerParams } from './read-layer-params';

const SHIPPED = resolve(import.meta.dirname, '../../../../models/reto-layers.onnx');

const tool = (name: string, inputs: string[], outputs: string[]): Tool => ({
  name,
  description: `${name.replace(/_/g, ' ')} tool`,
  parameters: { type: 'object', properties: Object.fromEntries(inputs.map((k) => [k, { type: 'string' }])) },
  returns: { type: 'object', properties: Object.fromEntries(outputs.map((k) => [k, { type: 'string' }])) },
  category: '',
  source: 'dataset',
});

describe('reading a layer model back for the TypeScript forward', () => {
  it('gives back exactly the exported parameters and config', () => {
    const params = randomParams(TINY, 8);
    const read = readLayerParams(exportLayerPredictor(params, TINY, 'x'));
    expect(read.config).toEqual(TINY);
    const want = namedParams(params);
    namedParams(read.params).forEach(([name, data], i) => {
      expect(name).toBe(want[i]![0]);
      expect([...data]).toEqual([...want[i]![1]]);
    });
    expect(() => readLayerParams(Uint8Array.of(9, 9))).toThrow(LayerModelError);
  });

  it.skipIf(!existsSync(SHIPPED))(
    'the shipped model: TypeScript and onnxruntime predictors give the same layers, the shift rule applied',
    async () => {
      await initOrt({ numThreads: 1 });
      const bytes = new Uint8Array(readFileSync(SHIPPED));
      const { config, params } = readLayerParams(bytes);
      const runner = await LayerOnnxRunner.create(bytes);
      const embedder = layerLexicalEmbedder();
      const viaTs = layerPredictorFromModel({ config, layers: typescriptHead(params, config) }, embedder);
      const viaOrt = layerPredictorFromModel(runner, embedder);
      const tools = [
        tool('get_user_token', ['username', 'password'], ['token']),
        tool('add_agenda', ['token', 'content', 'time'], ['status']),
        tool('query_weather', ['city'], ['forecast']),
      ];
      const query = 'Log me in as Jane and add a meeting at 2pm; also what is the weather in Paris?';
      const ts = await viaTs(query, tools);
      expect(await viaOrt(query, tools)).toEqual(ts);
      // add_agenda needs the token get_user_token returns: the shift rule puts it after, whatever the head says.
      expect(ts[1]!).toBeGreaterThan(ts[0]!);
      await runner.release();
    },
  );
});
