import { describe, expect, it } from 'vitest';
import { cosine } from '../embed/embedder';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { HAND_TOOLS, HAND_TRACES } from '../graph/fixtures.test-util';
import { ToolWorld } from '../world/world';
import { buildHgtGraph } from './graph-tensors';
import { checkGraphTensors, HGT_RELATIONS } from './tensor-spec';
import { HgtShapeError } from './hgt-shape-error';

async function handWorld(): Promise<ToolWorld> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(HAND_TOOLS);
  for (const t of HAND_TRACES) await world.ingestTrace(t);
  return world;
}

const DIM = 256;
/** The four statistics after the text vector: σ(log1p n_succ), σ(r_succ), σ(log1p deg_in), σ(log1p deg_out). */
function stats(x: Float32Array, row: number): number[] {
  return Array.from(x.slice(row * (DIM + 4) + DIM, (row + 1) * (DIM + 4)));
}
const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

// The hand world (fixtures.test-util.ts): find_city 2 ok + 1 failed call, get_weather 2 ok + 1 failed,
// send_text 1 ok; 9 edges, among them find_city → get_weather (w̃ 1/3) and get_weather → send_text (w̃ 1).
describe('buildHgtGraph', () => {
  it('lays out API rows first and fills eq. 13 features with σ(log1p(count))', async () => {
    const { tensors, indexOf, texts } = await buildHgtGraph(await handWorld());
    checkGraphTensors(tensors);
    expect(tensors.apiCount).toBe(3);
    expect(tensors.paramCount).toBe(5);
    expect(tensors.inputDim).toBe(DIM + 4);
    expect(tensors.nodeIds.slice(0, 3).sort()).toEqual(['api:find_city', 'api:get_weather', 'api:send_text']);
    expect(tensors.edgeSrc.length).toBe(9);

    const fc = indexOf.get('api:find_city')!;
    // n_succ 2 → σ(ln 3) = 3/4; r_succ 2/3; deg_in 1 (query) → 2/3; deg_out 2 (city, get_weather) → 3/4.
    const s = stats(tensors.xApi, fc);
    expect(s[0]).toBeCloseTo(0.75, 6);
    expect(s[1]).toBeCloseTo(sigmoid(2 / 3), 6);
    expect(s[2]).toBeCloseTo(2 / 3, 6);
    expect(s[3]).toBeCloseTo(0.75, 6);
    expect(texts[fc]).toBe('find city: Find a city (query)');
    const city = indexOf.get('param:1')!;
    expect(texts[city]).toBe('city: Name of the city; City to report on');

    const edge = (s: string, d: string) =>
      [...tensors.edgeSrc].findIndex(
        (src, k) => src === indexOf.get(s) && tensors.edgeDst[k] === indexOf.get(d),
      );
    const k = edge('api:find_city', 'api:get_weather');
    expect(tensors.edgeW[k]).toBeCloseTo(1 / 3, 6);
    expect(HGT_RELATIONS[tensors.edgeRel[k]!]).toBe('api->api');
    expect(HGT_RELATIONS[tensors.edgeRel[edge('param:2', 'param:3')]!]).toBe('param->param');
    expect(HGT_RELATIONS[tensors.edgeRel[edge('param:0', 'api:find_city')]!]).toBe('param->api');
  });

  it('drops excluded edges from the edges and the degrees', async () => {
    const { tensors, indexOf } = await buildHgtGraph(await handWorld(), {
      excludeEdges: new Set(['api:find_city|api:get_weather']),
    });
    expect(tensors.edgeSrc.length).toBe(8);
    const fc = indexOf.get('api:find_city')!;
    const gw = indexOf.get('api:get_weather')!;
    expect(stats(tensors.xApi, fc)[3]).toBeCloseTo(2 / 3, 6); // deg_out 2 → 1
    expect(stats(tensors.xApi, gw)[2]).toBeCloseTo(2 / 3, 6); // deg_in 2 → 1
    expect(stats(tensors.xApi, fc)[0]).toBeCloseTo(0.75, 6); // its counts stay
  });

  it('hides a cold-start node: never invoked, weight 0 on its edges, degrees from the edges left', async () => {
    const { tensors, indexOf } = await buildHgtGraph(await handWorld(), {
      hiddenNodes: new Set(['api:get_weather']),
      excludeEdges: new Set(['api:get_weather|api:send_text']),
    });
    const gw = indexOf.get('api:get_weather')!;
    const s = stats(tensors.xApi, gw);
    expect(s[0]).toBeCloseTo(0.5, 6);
    expect(s[1]).toBeCloseTo(0.5, 6);
    expect(s[2]).toBeCloseTo(0.75, 6); // in: city, find_city
    expect(s[3]).toBeCloseTo(2 / 3, 6); // out: forecast only
    for (let k = 0; k < tensors.edgeSrc.length; k++) {
      const touches = tensors.edgeSrc[k] === gw || tensors.edgeDst[k] === gw;
      if (touches) expect(tensors.edgeW[k]).toBe(0);
    }
    // send_text's own edges keep their weights: message → send_text has w̃ 1.
    const st = indexOf.get('api:send_text')!;
    const k = [...tensors.edgeDst].findIndex(
      (d, i) => d === st && tensors.edgeSrc[i] === indexOf.get('param:3'),
    );
    expect(tensors.edgeW[k]).toBe(1);
  });

  it('reuses given vectors and refuses ones of the wrong size', async () => {
    const world = await handWorld();
    const first = await buildHgtGraph(world);
    const given = new Map(first.tensors.nodeIds.map((id, i) => [id, first.embeddings[i]!]));
    const second = await buildHgtGraph(world, { embeddings: given });
    expect(second.embeddings[0]).toBe(first.embeddings[0]);
    expect(cosine(first.embeddings[0]!, first.embeddings[0]!)).toBeCloseTo(1, 6);
    given.set('api:find_city', new Float32Array(3));
    await expect(buildHgtGraph(world, { embeddings: given })).rejects.toThrow(HgtShapeError);
  });
});
