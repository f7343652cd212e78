import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringFieldTool } from '../core/tools/tool-fixtures.test-util';
import { loadLayerPredictor } from './layer-predictor';

const SHIPPED = resolve(import.meta.dirname, '../../models/reto-layers.onnx');

const serve = (body: Uint8Array | string, type: string, status = 200): typeof fetch =>
  (async () =>
    new Response(typeof body === 'string' ? body : new Blob([new Uint8Array(body)]), {
      status,
      headers: { 'content-type': type },
    })) as typeof fetch;

const tool = stringFieldTool;

describe('loading the layer predictor in the app', () => {
  it('a missing model (404 or the SPA’s HTML page) or foreign bytes give no predictor', async () => {
    expect(await loadLayerPredictor('/models/', serve('', 'text/plain', 404))).toBeNull();
    expect(await loadLayerPredictor('/models/', serve('<html></html>', 'text/html'))).toBeNull();
    expect(
      await loadLayerPredictor('/models/', serve(Uint8Array.of(1, 2, 3), 'application/octet-stream')),
    ).toBeNull();
  });

  it.skipIf(!existsSync(SHIPPED))(
    'the shipped model predicts one layer per tool, a consumer after its producer',
    async () => {
      const predict = await loadLayerPredictor(
        '/models/',
        serve(new Uint8Array(readFileSync(SHIPPED)), 'application/octet-stream'),
      );
      expect(predict).not.toBeNull();
      const layers = await predict!('search for the movie, then get its credits', [
        tool('search_movie', ['query'], ['id']),
        tool('movie_credits', ['movie_id'], ['cast']),
      ]);
      expect(layers).toHaveLength(2);
      expect(layers[1]!).toBeGreaterThan(layers[0]!);
    },
  );
});
