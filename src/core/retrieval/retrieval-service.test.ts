import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { Embedder } from '../embed/embedder';
import { ToolWorld } from '../world/world';
import { END_OF_PLAN } from './retriever';
import { demoLabels, demoWorld, fakeHead } from './retrieval-fixtures.test-util';
import { RetrievalService, tasksFromWorld } from './retrieval-service';
import { NoTracesError } from './no-traces-error';
import { CancelledError } from '../util/cancelled-error';
import { type TrainingProgress, type ValidationFigures } from './model-status';

describe('RetrievalService', () => {
  it('turns traces into tasks of their successful calls', async () => {
    const world = await demoWorld();
    const tasks = tasksFromWorld(world);
    const completed = world.traces.filter((t) => t.calls.at(-1)?.status === 'ok');
    expect(completed.length).toBeGreaterThan(40);
    expect(tasks).toHaveLength(completed.length);
    expect(tasks.flatMap((t) => t.tools)).toHaveLength(
      completed.flatMap((t) => t.calls.filter((c) => c.status === 'ok')).length,
    );
    for (const t of tasks) {
      expect(t.tools.length).toBe(t.deps.length);
      t.deps.forEach((d, i) => d.forEach((j) => expect(j).toBeLessThan(i)));
    }
  });

  it('ranks the next tool with the product retriever trained on the world, and encodes every prompt', async () => {
    const world = await demoWorld();
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(world);
    const first = await service.rank({
      query: 'Email Alice Martin the notes about the budget',
      history: [],
      prompts: 'all',
    });
    expect(first.method).toBe('hybrid');
    expect(first.trainedOn).toBe(tasksFromWorld(world).length);
    expect(first.candidates[0]!.tool).toBe('contacts_search');
    const next = await service.rank({
      query: 'Email Alice Martin the notes about the budget',
      history: ['contacts_search', 'notes_search'],
    });
    expect(next.candidates[0]!.tool).toBe('mail_send');
    // Prompts are built only when asked for.
    expect(next.prompts).toEqual([]);
    const done = await service.rank({
      query: 'Email Alice Martin the notes about the budget',
      history: ['contacts_search', 'notes_search', 'mail_send'],
    });
    expect(done.candidates[0]!.tool).toBe(END_OF_PLAN);
    expect(first.prompts.map((p) => p.encoding)).toEqual([
      'none',
      'hardMask',
      'softMask',
      'weightedHard',
      'weightedSoft',
      'demonstrations',
    ]);
    const none = first.prompts.find((p) => p.encoding === 'none')!;
    const hard = first.prompts.find((p) => p.encoding === 'hardMask')!;
    // A hard mask lists 5 of the 20 tools: fewer prompt tokens than listing all.
    expect(hard.constantTokens + hard.variableTokens).toBeLessThan(none.constantTokens + none.variableTokens);
  });

  it('names an unknown method', async () => {
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(await demoWorld());
    await expect(service.rank({ query: 'x', history: [], method: 'nope' })).rejects.toThrow(
      /Unknown retrieval method "nope"/,
    );
  });
});

const QUERY = 'Email Alice Martin the notes about the budget';

describe('RetrievalService models', () => {
  it('ranks DTDR-L with the shipped head when it fits the world, and says so', async () => {
    const service = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () => fakeHead(demoLabels(), 'units_convert'),
    });
    service.reset(await demoWorld());
    const r = await service.rank({ query: QUERY, history: [], method: 'dtdrL' });
    expect(r.source).toEqual({
      kind: 'shipped',
      file: 'models/fake.onnx',
      runtime: 'test runtime',
      labels: 21,
      tau: 0.5,
    });
    expect(r.candidates[0]).toMatchObject({ tool: 'units_convert', score: expect.closeTo(0.9, 5) });
    const status = await service.status();
    expect(status.dtdrL.kind).toBe('shipped');
    expect(status.shippedHead).toEqual({ file: 'models/fake.onnx', serving: true, note: null });
    // The hybrid tunes on held-out plans, so it always trains here.
    expect(status.hybrid.kind).toBe('untrained');
  });

  it('falls back to training, with the reason, when the head does not fit or does not load', async () => {
    const world = await demoWorld();
    const otherTools = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () => fakeHead([...demoLabels(), 'flights_book'], 'units_convert'),
    });
    otherTools.reset(world);
    const r = await otherTools.rank({ query: QUERY, history: [], method: 'dtdrL' });
    expect(r.source.kind).toBe('trained');
    expect(r.candidates[0]!.tool).toBe('contacts_search');
    const note = (await otherTools.status()).shippedHead.note;
    expect(note).toMatch(
      /1 of its labels are not tools of this world \(flights_book\).*trained in this browser/,
    );

    const fewerLabels = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () =>
        fakeHead(
          demoLabels().filter((l) => l !== 'mail_send'),
          'units_convert',
        ),
    });
    fewerLabels.reset(world);
    expect((await fewerLabels.status()).shippedHead.note).toMatch(
      /this world has 1 tool models\/fake.onnx was not trained on and could never rank \(mail_send\)/,
    );

    const missing = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () => {
        throw new Error('models/fake.onnx was not found (HTTP 404).');
      },
    });
    missing.reset(world);
    expect((await missing.rank({ query: QUERY, history: [], method: 'dtdrL' })).source.kind).toBe('trained');
    expect((await missing.status()).shippedHead).toEqual({
      file: null,
      serving: false,
      note: 'models/fake.onnx was not found (HTTP 404). DTDR-L is trained in this browser instead.',
    });
  });

  it('retrains with progress; DTDR-L then serves from the trained head with its validation figures', async () => {
    const progress: (TrainingProgress | null)[] = [];
    const service = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () => fakeHead(demoLabels(), 'units_convert'),
      onProgress: (p) => progress.push(p),
    });
    const world = await demoWorld();
    service.reset(world);
    const status = await service.retrain();
    const stages = progress.map((p) => p?.stage ?? null);
    expect(stages[0]).toBe('embedding');
    expect(stages).toContain('training');
    expect(stages).toContain('refit');
    expect(stages.at(-1)).toBeNull();
    const epochs = progress.filter((p) => p?.stage === 'training').map((p) => p!.epoch!);
    expect(epochs.slice(1)).toEqual(epochs.slice(1).map((_, i) => i + 1));
    expect(progress.find((p) => p?.stage === 'training' && p.epoch)!.loss).toBeGreaterThan(0);
    const traces = tasksFromWorld(world).length;
    expect(status.dtdrL).toMatchObject({ kind: 'trained', traces, embedderId: 'lexical-hash-tfidf' });
    const v = (status.dtdrL as { validation: ValidationFigures }).validation;
    expect(v.plans).toBeGreaterThan(0);
    expect(v.mrr).toBeGreaterThan(0.5);
    expect(status.shippedHead.serving).toBe(false);
    expect(status.shippedHead.note).toMatch(/Retrained on this world/);
    const r = await service.rank({ query: QUERY, history: [], method: 'dtdrL' });
    expect(r.source.kind).toBe('trained');
    expect(r.candidates[0]!.tool).toBe('contacts_search');
  });

  it('cancels a retrain and keeps the previous model serving', async () => {
    let cancelOnTraining = false;
    const service: RetrievalService = new RetrievalService(new LexicalEmbedder(), {
      onProgress: (p) => {
        if (cancelOnTraining && p?.stage === 'training') service.cancel();
      },
    });
    service.reset(await demoWorld());
    const before = await service.rank({ query: QUERY, history: ['contacts_search'] });
    cancelOnTraining = true;
    const err = await service.retrain().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect((err as Error).message).toBe('Training cancelled: the previous model keeps serving.');
    const after = await service.rank({ query: QUERY, history: ['contacts_search'] });
    expect(after.source).toEqual(before.source);
    expect(after.candidates).toEqual(before.candidates);
    expect((await service.status()).training).toBe(false);
  });

  it('switches embedder: re-embeds and retrains, and a cancelled switch keeps the old one', async () => {
    const world = await demoWorld();
    const service = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () => fakeHead(demoLabels(), 'units_convert'),
    });
    service.reset(world);
    const other = new RenamedEmbedder('stub-embedder', new LexicalEmbedder({ dimension: 128 }));
    const status = await service.switchEmbedder(other);
    expect(status.embedderId).toBe('stub-embedder');
    expect(status.hybrid).toMatchObject({ kind: 'trained', embedderId: 'stub-embedder' });
    // The shipped head reads lexical vectors: with another embedder DTDR-L is trained here.
    expect(status.dtdrL.kind).toBe('trained');
    expect(status.shippedHead.note).toMatch(
      /reads lexical-hash-tfidf vectors and retrieval now runs on stub-embedder/,
    );
    const r = await service.rank({ query: QUERY, history: [] });
    expect(r.embedderId).toBe('stub-embedder');
    expect(other.calls).toBeGreaterThan(0);

    const slow = new RenamedEmbedder('slow', new LexicalEmbedder(), () => service.cancel());
    await expect(service.switchEmbedder(slow)).rejects.toBeInstanceOf(CancelledError);
    expect((await service.status()).embedderId).toBe('stub-embedder');
    expect((await service.rank({ query: QUERY, history: [] })).embedderId).toBe('stub-embedder');
  });

  it('drops a training job when the world changes under it', async () => {
    const world = await demoWorld();
    const service: RetrievalService = new RetrievalService(new LexicalEmbedder(), {
      onProgress: (p) => {
        if (p?.stage === 'training') service.reset(world);
      },
    });
    service.reset(world);
    await expect(service.retrain()).rejects.toThrow(/The Tool World changed during training/);
  });

  it('says a world without traces cannot train DTDR-L', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(DEMO_TOOLS);
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(world);
    await expect(service.retrain()).rejects.toBeInstanceOf(NoTracesError);
    expect((await service.rank({ query: QUERY, history: [], method: 'qts' })).source).toEqual({
      kind: 'zero-shot',
    });
  });
});

/** Another embedder id over lexical vectors; counts calls and can run a hook on the first one. */
class RenamedEmbedder implements Embedder {
  calls = 0;
  constructor(
    readonly id: string,
    private readonly inner: LexicalEmbedder,
    private readonly onFirstCall?: () => void,
  ) {}
  get dimension() {
    return this.inner.dimension;
  }
  async embed(texts: string[]) {
    if (this.calls++ === 0) this.onFirstCall?.();
    return this.inner.embed(texts);
  }
}
