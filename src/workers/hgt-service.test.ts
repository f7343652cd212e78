import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../core/demo/demo-tools';
import { demoTraces } from '../core/demo/demo-traces';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { HGT_MODEL_NAME } from '../core/link-model/hgt-app-manifest';
import { hgtAppSplit } from '../core/link-model/hgt-app-split';
import { trainAppHgt } from '../core/link-model/hgt-app-train';
import { HgtOnnxRunner } from '../core/ml/hgt/hgt-onnx-runner';
import type { HgtGraphTensors, HgtPairs } from '../core/graph-tensors/tensor-spec';
import { previousName } from '../core/ml/model-promotion';
import { edgeWeight } from '../core/graph/weights';
import type { Trace } from '../core/trace/trace';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import { ToolWorld } from '../core/world/world';
import type { HgtModelFile } from './hgt-model-files';
import { HgtService, type HgtRunner } from './hgt-service';

async function demoWorld(extra: Trace[] = []): Promise<ToolWorld> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(DEMO_TOOLS);
  for (const t of [...demoTraces(), ...extra]) await world.ingestTrace(t);
  return world;
}

/** A trace linking two tools the demo traces never chain: it adds a new api→api edge. */
const NEW_LINK: Trace = {
  id: 'new-link',
  query: 'convert then remind',
  calls: [
    {
      tool: 'units_convert',
      args: { value: 3, from: 'km', to: 'mi' },
      output: { value: 1.86 },
      status: 'ok',
      startedAt: 0,
      durationMs: 1,
    },
    {
      tool: 'date_add',
      args: { date: '2024-01-01', days: 3 },
      output: { date: '2024-01-04' },
      status: 'ok',
      startedAt: 1,
      durationMs: 1,
    },
  ],
};

let shipped: HgtModelFile;

beforeAll(async () => {
  // A small real model, trained briefly on the demo world, stands in for models/twnm-hgt.onnx.
  const split = await hgtAppSplit(await demoWorld());
  const model = await trainAppHgt(split, {
    origin: 'shipped',
    createdAt: '2026-01-01T00:00:00.000Z',
    epochs: 2,
    config: { hidden: 16 },
    trainingData: { description: 'test', traces: 48, lastTraceSeq: 47 },
  });
  shipped = { bytes: model.bytes, manifest: model.manifest, file: 'models/twnm-hgt.onnx' };
}, 30_000);

const realRunner = (bytes: Uint8Array): Promise<HgtRunner> => HgtOnnxRunner.create(bytes);

/** A runner that scores pairs by a rule instead of a model (promotion tests need known AUCs). */
function ruleRunner(score: (u: number, v: number) => number): HgtRunner {
  return {
    run: async (_g: HgtGraphTensors, pairs: HgtPairs) => ({
      scores: Float32Array.from(pairs.src, (u, i) => score(u, pairs.dst[i] as number)),
      ms: 0,
    }),
    release: async () => undefined,
  };
}

const services: HgtService[] = [];
function service(options: Partial<ConstructorParameters<typeof HgtService>[0]> = {}): HgtService {
  const s = new HgtService({ loadShipped: async () => shipped, createRunner: realRunner, ...options });
  services.push(s);
  return s;
}
afterEach(() => services.splice(0).forEach((s) => s.cancel()));

describe('HgtService scores (onnxruntime-web, wasm)', () => {
  it('scores every edge once, reuses the cache, and rescores once after a burst of graph changes', async () => {
    const svc = service({ debounceMs: 30 });
    const world = await demoWorld();
    svc.worldChanged(world);
    const { provider } = await svc.weights();
    expect(provider?.id).toBe('link:hgt');
    expect(svc.runs).toBe(1);
    const edges = [...world.graph.edges()];
    const weights = edges.map((e) => provider!.weight(e));
    expect(weights.every((w) => w > 0 && w < 1)).toBe(true);
    // p_uv, not w̃: at least some edges differ from their statistical weight.
    expect(edges.some((e, i) => Math.abs(weights[i]! - edgeWeight(world.graph, e)) > 0.05)).toBe(true);
    await svc.weights();
    expect(svc.runs).toBe(1);

    // Two changes in a row: the stale table serves meanwhile. The new api→api edge was a candidate link of
    // the first run, so it keeps that prediction; an edge the run never saw falls back to w̃.
    const changed = await demoWorld([NEW_LINK]);
    svc.worldChanged(await demoWorld());
    svc.worldChanged(changed);
    const stale = (await svc.weights()).provider!;
    expect(svc.runs).toBe(1);
    const newEdge = changed.graph.edge('api:units_convert|api:date_add');
    expect(newEdge).toBeDefined();
    expect(stale.weight(newEdge!)).toBe(provider!.weight(newEdge!));
    const unseen = { ...newEdge!, id: 'api:units_convert|param:nowhere', target: 'param:nowhere' };
    expect(stale.weight(unseen)).toBe(0);
    expect((await svc.status()).scores?.fresh).toBe(false);

    await new Promise((r) => setTimeout(r, 300));
    expect(svc.runs).toBe(2);
    expect((await svc.status()).scores).toMatchObject({ fresh: true, edges: changed.graph.edgeCount });
    const fresh = (await svc.weights()).provider!;
    expect(fresh.weight(newEdge!)).not.toBe(stale.weight(newEdge!));
  });

  it('predicts next tools that are not edges yet, best first, for API nodes only', async () => {
    const svc = service();
    const world = await demoWorld();
    svc.worldChanged(world);
    const r = await svc.predictions('api:contacts_search', 5);
    expect(r.note).toBeNull();
    expect(r.links).toHaveLength(5);
    for (const l of r.links) {
      expect(world.graph.edge(`api:contacts_search|${l.target}`)).toBeUndefined();
      expect(l.target).not.toBe('api:contacts_search');
      expect(l.label).toBe(world.graph.node(l.target)!.label);
    }
    const ps = r.links.map((l) => l.p);
    expect(ps).toEqual([...ps].sort((a, b) => b - a));
    const param = [...world.graph.nodes()].find((n) => n.kind === 'param')!;
    expect((await svc.predictions(param.id)).note).toMatch(/API nodes/);
  });

  it('a status check reads the shipped manifest only; the ONNX file is fetched once scores are wanted', async () => {
    let bytesLoads = 0;
    const svc = service({
      loadShipped: async () => {
        bytesLoads++;
        return shipped;
      },
      loadShippedManifest: async () => ({ manifest: shipped.manifest, file: shipped.file }),
    });
    svc.worldChanged(await demoWorld());
    const status = await svc.status();
    expect(status.model?.file).toBe('models/twnm-hgt.onnx');
    expect(status.model?.lastTraceSeq).toBe(shipped.manifest.trainingData.lastTraceSeq);
    expect(bytesLoads).toBe(0);
    const scored = await svc.status(true);
    expect(scored.scores?.edges).toBeGreaterThan(0);
    expect(bytesLoads).toBe(1);
  });

  it('reports a missing model and gives no weights instead of failing', async () => {
    const svc = service({
      loadShipped: async () => {
        throw new Error('models/twnm-hgt.onnx was not found (HTTP 404): run `npm run train`.');
      },
    });
    svc.worldChanged(await demoWorld());
    const w = await svc.weights();
    expect(w.provider).toBeNull();
    expect(w.note).toMatch(/twnm-hgt.onnx was not found .*npm run train.*statistical weights/);
    const status = await svc.status();
    expect(status.model).toBeNull();
    expect(status.problem).toBe(w.note);
    expect((await svc.predictions('api:mail_send')).links).toEqual([]);
  });
});

describe('HgtService retraining and promotion', () => {
  /** Scores the check pairs of the demo world's split right (1) or wrong (0), everything else 0.5. */
  async function checkRule(right: boolean) {
    const split = await hgtAppSplit(await demoWorld());
    const n = split.full.tensors.nodeIds.length;
    const label = new Map<number, number>();
    split.check.pairs.src.forEach((u, i) =>
      label.set(u * n + split.check.pairs.dst[i]!, split.check.labels[i]!),
    );
    return (u: number, v: number) => {
      const l = label.get(u * n + v);
      return l === undefined ? 0.5 : right ? l : 1 - l;
    };
  }

  it('swaps a model in that is not worse, keeps the shipped one as previous, and restores it', async () => {
    const store = new MemoryWorldStore();
    const wrong = await checkRule(false);
    const epochs: number[] = [];
    const events: string[] = [];
    const svc = service({
      // The shipped model ranks every held-out pair wrong (AUC 0); a candidate scores 0.5 everywhere.
      createRunner: async (bytes) => ruleRunner(bytes === shipped.bytes ? wrong : () => 0.5),
      onEvent: (e) => {
        events.push(e.kind);
        if (e.kind === 'epoch') epochs.push(e.point.epoch);
      },
    });
    svc.setModelStore(store);
    svc.worldChanged(await demoWorld());
    const outcome = await svc.retrain({ epochs: 3, hidden: 16 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(epochs).toEqual([1, 2, 3]);
    expect(events.at(-1)).toBe('idle');
    expect(outcome.promotion).toMatchObject({
      swapped: true,
      candidateAuc: 0.5,
      incumbentAuc: 0,
      incumbent: 'shipped',
    });
    expect(outcome.status.model).toMatchObject({
      origin: 'retrained',
      file: 'IndexedDB (twnm-hgt)',
      traces: 48,
    });
    expect(outcome.status.previous?.origin).toBe('shipped');
    expect((await store.getModel(HGT_MODEL_NAME))?.manifest.origin).toBe('retrained');
    expect((await store.getModel(previousName(HGT_MODEL_NAME)))?.bytes.length).toBe(0);

    const restored = await svc.restorePrevious();
    expect(restored.ok && restored.status.model?.origin).toBe('shipped');
    expect(restored.status.previous?.origin).toBe('retrained');
  });

  it('keeps the model in use when the new one validates worse', async () => {
    const store = new MemoryWorldStore();
    const right = await checkRule(true);
    const svc = service({
      createRunner: async (bytes) => ruleRunner(bytes === shipped.bytes ? right : () => 0.5),
    });
    svc.setModelStore(store);
    svc.worldChanged(await demoWorld());
    const outcome = await svc.retrain({ epochs: 2, hidden: 16 });
    expect(outcome.ok && outcome.promotion).toMatchObject({
      swapped: false,
      candidateAuc: 0.5,
      incumbentAuc: 1,
    });
    expect(outcome.status.model?.origin).toBe('shipped');
    expect(outcome.status.previous).toBeNull();
    expect((await store.getModel(HGT_MODEL_NAME))?.manifest.origin).toBe('shipped');
  });

  it('cancel stops training and the model in use keeps serving', async () => {
    const store = new MemoryWorldStore();
    const svc = service({
      onEvent: (e) => {
        if (e.kind === 'epoch' && e.point.epoch === 1) svc.cancel();
      },
    });
    svc.setModelStore(store);
    svc.worldChanged(await demoWorld());
    const outcome = await svc.retrain({ epochs: 200, hidden: 16 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.name).toBe('CancelledError');
    expect(outcome.error.message).toMatch(/cancelled after 1 epoch.*previous model stays in use/);
    expect(outcome.status).toMatchObject({ training: false, model: { origin: 'shipped' } });
    expect(await store.getModel(HGT_MODEL_NAME)).toBeUndefined();
  });

  it('counts traces since the model was trained and refuses a world with too few links', async () => {
    const svc = service();
    svc.worldChanged(await demoWorld([NEW_LINK]));
    expect((await svc.status()).newTraces).toBe(1);
    const tiny = ToolWorld.empty(new LexicalEmbedder());
    await tiny.importTools(DEMO_TOOLS.slice(0, 3));
    svc.worldChanged(tiny);
    const outcome = await svc.retrain({ epochs: 1 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ name: 'TooFewLinksError' });
  });
});
