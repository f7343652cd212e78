import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hgtAppSplit } from '../core/link-model/hgt-app-split';
import { HgtOnnxRunner } from '../core/ml/hgt/hgt-onnx-runner';
import { rocAuc } from '../core/ml/roc-auc';
import { parseKnownValues } from '../core/search/known-values';
import { ToolWorld } from '../core/world/world';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { fetchShippedHgt } from './hgt-model-files';
import type { AppToolchainRequest } from './hgt-protocol';
import { modelsFetch, MODELS_BASE, MODELS_DIR } from './models-fetch.test-util';
import { demoWorldSnapshot } from './world-worker-api.test-util';
import { WorldWorkerApi } from './world-worker-api';

const shippedManifest = () =>
  JSON.parse(readFileSync(resolve(MODELS_DIR, 'twnm-hgt.manifest.json'), 'utf8')) as Record<string, unknown>;

async function api(overrides: Parameters<typeof modelsFetch>[0] = {}) {
  const a = new WorldWorkerApi({
    hgt: { loadShipped: () => fetchShippedHgt(MODELS_BASE, modelsFetch(overrides)) },
  });
  const snapshot = await demoWorldSnapshot();
  await a.load(snapshot);
  const world = await ToolWorld.fromSnapshot(snapshot, new LexicalEmbedder());
  const { known } = parseKnownValues(world, 'name = Alice Martin\nsubject = Hi\nbody = See you');
  const request = (weights: AppToolchainRequest['weights']): AppToolchainRequest => ({
    target: 'mail_send',
    method: 'alpha-beta',
    weights,
    known,
  });
  return { a, request };
}

describe('WorldWorkerApi with the shipped HGT (models/twnm-hgt.onnx, onnxruntime-web wasm)', () => {
  it('plans a toolchain on the HGT p_uv and reports the shipped model with its figures', async () => {
    const { a, request } = await api();
    const result = await a.plan(request('hgt'));
    expect(result.weightsUsed).toBe('HGT (learned p_uv)');
    expect(result.weightsNote).toBeNull();
    expect(result.plan.at(-1)?.tool).toBe('mail_send');
    expect(result.missing).toEqual([]);
    const status = await a.hgtStatus();
    const manifest = shippedManifest();
    expect(status.model).toMatchObject({
      origin: 'shipped',
      file: 'models/twnm-hgt.onnx',
      config: { hidden: 64, heads: 8, layers: 2 },
      testAuc: (manifest.metrics as { testAuc: number }).testAuc,
    });
    expect(status.problem).toBeNull();
    expect(status.newTraces).toBe(0);
    // Scored on the graph it was trained on: the manifest's edge count (114 since the free-slot search
    // took an earliest time).
    const edges = (manifest.trainingData as { edges: number }).edges;
    expect(edges).toBe(114);
    expect(status.scores).toMatchObject({ fresh: true, edges });
    expect(status.scores!.candidates).toBeGreaterThan(0);
  });

  it("computes the shipped model's held-out AUC on the demo world exactly as its manifest reports it", async () => {
    // The worker's world comes from a snapshot (another iteration order than npm run train's world); the
    // split is canonical, so "the same current validation set" really is the same set.
    const world = await ToolWorld.fromSnapshot(await demoWorldSnapshot(), new LexicalEmbedder());
    const split = await hgtAppSplit(world);
    const runner = await HgtOnnxRunner.create(
      new Uint8Array(readFileSync(resolve(MODELS_DIR, 'twnm-hgt.onnx'))),
    );
    const { scores } = await runner.run(split.input.tensors, split.check.pairs);
    await runner.release();
    const metrics = shippedManifest().metrics as { testAuc: number; testPairs: number };
    expect(split.check.labels.length).toBe(metrics.testPairs);
    expect(rocAuc(scores, split.check.labels)).toBeCloseTo(metrics.testAuc, 3);
  });

  it('falls back to statistical weights when the model file is missing, and says why', async () => {
    const { a, request } = await api({ 'twnm-hgt.onnx': null });
    const hgt = await a.plan(request('hgt'));
    const dynamic = await a.plan(request('dynamic'));
    expect(hgt.weightsUsed).toBe('dynamic w̃');
    expect(hgt.weightsNote).toMatch(/models\/twnm-hgt.onnx was not found \(HTTP 404.*npm run train/);
    expect(hgt.weightsNote).toMatch(/statistical weights/);
    expect(hgt.plan).toEqual(dynamic.plan);
    const status = await a.hgtStatus();
    expect(status.model).toBeNull();
    expect(status.problem).toBe(hgt.weightsNote);
  });

  it('refuses a model file that does not match its manifest', async () => {
    const manifest = { ...shippedManifest(), bytes: 123 };
    const { a, request } = await api({ 'twnm-hgt.manifest.json': JSON.stringify(manifest) });
    const hgt = await a.plan(request('hgt'));
    expect(hgt.weightsUsed).toBe('dynamic w̃');
    expect(hgt.weightsNote).toMatch(
      /has 57\d{4} bytes but .* says 123: they come from different training runs/,
    );
  });

  it('refuses a manifest whose features the app cannot rebuild', async () => {
    const m = shippedManifest();
    const input = m.input as { embedder: Record<string, unknown> };
    const manifest = {
      ...m,
      input: { ...input, embedder: { ...input.embedder, idf: 'fitted on the nodes' } },
    };
    const { a } = await api({ 'twnm-hgt.manifest.json': JSON.stringify(manifest) });
    expect((await a.hgtStatus()).problem).toMatch(/IDF weights.*npm run train/);
  });
});
