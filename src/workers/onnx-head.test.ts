import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../core/demo/demo-tools';
import { demoTraces } from '../core/demo/demo-traces';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { RetrievalService } from '../core/retrieval/retrieval-service';
import { END_OF_PLAN } from '../core/retrieval/retriever';
import { ToolWorld } from '../core/world/world';
import { loadShippedHead, SHIPPED_DTDR_L, TS_RUNTIME } from './onnx-head';
import { modelsFetch, MODELS_BASE, MODELS_DIR } from './models-fetch.test-util';
import { ShippedHeadError } from './shipped-head-error';

const MODELS = MODELS_DIR;
const BASE = MODELS_BASE;

const manifest = () => JSON.parse(readFileSync(resolve(MODELS, `${SHIPPED_DTDR_L}.manifest.json`), 'utf8'));

async function demoWorld() {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces()) await world.ingestTrace(t);
  return world;
}

describe('loadShippedHead (onnxruntime-web, wasm)', () => {
  it('runs models/dtdr-l-demo.onnx and ranks the demo plan step by step', async () => {
    const head = await loadShippedHead({ modelsUrl: BASE, name: SHIPPED_DTDR_L, fetch: modelsFetch() });
    expect(head.file).toBe('models/dtdr-l-demo.onnx');
    expect(head.runtime).toBe(TS_RUNTIME);
    expect(head.labels).toContain(END_OF_PLAN);
    const service = new RetrievalService(new LexicalEmbedder(), { loadShippedHead: async () => head });
    service.reset(await demoWorld());
    const query = 'Email Alice Martin the notes about the budget';
    const steps = [[], ['contacts_search'], ['contacts_search', 'notes_search']];
    const tops = [];
    for (const history of steps) {
      const r = await service.rank({ query, history, method: 'dtdrL' });
      expect(r.source).toMatchObject({ kind: 'shipped', file: 'models/dtdr-l-demo.onnx' });
      expect(r.trainedOn).toBe(0);
      for (const c of r.candidates) expect(c.score).toBeGreaterThanOrEqual(0);
      tops.push(r.candidates[0]!.tool);
    }
    expect(tops).toEqual(['contacts_search', 'notes_search', 'mail_send']);
    // A batch scores each row like a single call.
    const x = new Float32Array(manifest().input.shape[1]);
    x[0] = 1;
    const [a, b] = await head.score([x, new Float32Array(x.length)]);
    const [single] = await head.score([x]);
    expect(Array.from(a!)).toEqual(Array.from(single!));
    expect(Array.from(b!)).not.toEqual(Array.from(a!));
  });

  it('runs the linear head on the TypeScript forward without onnxruntime-web, within 1e-5 of it', async () => {
    const ts = await loadShippedHead({ modelsUrl: BASE, name: SHIPPED_DTDR_L, fetch: modelsFetch() });
    const ort = await loadShippedHead({
      modelsUrl: BASE,
      name: SHIPPED_DTDR_L,
      fetch: modelsFetch(),
      runtime: 'ort',
    });
    expect(ts.runtime).toBe(TS_RUNTIME);
    expect(ort.runtime).toBe('onnxruntime-web wasm');
    // Inputs as retrieval builds them: the demo query with growing histories.
    const dim = manifest().input.shape[1] as number;
    const rows = [0, 1, 2, 3].map((seed) => {
      const x = new Float32Array(dim);
      for (let i = seed; i < dim; i += 7 + seed) x[i] = ((i * 31 + seed) % 13) / 13;
      return x;
    });
    const [a, b] = [await ts.score(rows), await ort.score(rows)];
    let maxErr = 0;
    rows.forEach((_, r) =>
      a[r]!.forEach((p, o) => (maxErr = Math.max(maxErr, Math.abs(p - (b[r]![o] as number))))),
    );
    expect(maxErr).toBeLessThanOrEqual(1e-5);
    // Same ranking on every row.
    const order = (p: Float32Array) => [...p.keys()].sort((i, j) => (p[j] as number) - (p[i] as number));
    rows.forEach((_, r) => expect(order(a[r]!)).toEqual(order(b[r]!)));
  });

  it('names a missing file and how to write it', async () => {
    const err = await loadShippedHead({
      modelsUrl: BASE,
      name: SHIPPED_DTDR_L,
      fetch: modelsFetch({ 'dtdr-l-demo.onnx': null }),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShippedHeadError);
    expect((err as ShippedHeadError).problem).toBe('missing');
    expect((err as Error).message).toMatch(
      /models\/dtdr-l-demo\.onnx was not found \(HTTP 404.*npm run train/,
    );
  });

  it('refuses a manifest that does not match its model', async () => {
    const fewer = manifest();
    fewer.labels = fewer.labels.filter((l: string) => l !== 'units_convert');
    const err = await loadShippedHead({
      modelsUrl: BASE,
      name: SHIPPED_DTDR_L,
      fetch: modelsFetch({ 'dtdr-l-demo.manifest.json': JSON.stringify(fewer) }),
    }).catch((e: unknown) => e);
    expect((err as ShippedHeadError).problem).toBe('invalid');
    expect((err as Error).message).toMatch(/gives 21 outputs but its manifest lists 20 labels/);

    const resized = { ...manifest(), bytes: 12 };
    const sizeErr = await loadShippedHead({
      modelsUrl: BASE,
      name: SHIPPED_DTDR_L,
      fetch: modelsFetch({ 'dtdr-l-demo.manifest.json': JSON.stringify(resized) }),
    }).catch((e: unknown) => e);
    expect((sizeErr as Error).message).toMatch(/different training runs/);
  });
});
