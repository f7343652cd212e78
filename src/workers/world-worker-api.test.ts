import { describe, expect, it } from 'vitest';
import { demoWorldSnapshot } from './world-worker-api.test-util';
import { EmbeddingModelMissingError } from '../core/embed/embedding-model-missing-error';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import type { TrainingProgress } from '../core/retrieval/model-status';
import { fromWorkerError } from './worker-error';
import { WorldWorkerApi } from './world-worker-api';

describe('WorldWorkerApi retrieval models', () => {
  it('reports progress to its listener while it retrains, then idles', async () => {
    const api = new WorldWorkerApi();
    await api.load(await demoWorldSnapshot());
    const seen: (TrainingProgress | null)[] = [];
    api.setProgressListener((p) => seen.push(p));
    const outcome = await api.retrain();
    expect(outcome.ok).toBe(true);
    expect(outcome.status.dtdrL.kind).toBe('trained');
    expect(seen.some((p) => p?.stage === 'training' && p.epoch === 1)).toBe(true);
    expect(seen.at(-1)).toBeNull();
  });

  it('keeps the current embedder when the chosen model is missing, and sends the error by name and code', async () => {
    const api = new WorldWorkerApi({
      createEmbedder: async () => {
        throw new EmbeddingModelMissingError({
          model: 'tiny-embedder',
          file: 'config.json',
          lookedAt: '/models/tiny-embedder/config.json',
          expectedFiles: ['config.json'],
        });
      },
    });
    await api.load(await demoWorldSnapshot());
    const outcome = await api.setEmbedder({ kind: 'transformers', model: 'tiny-embedder', dtype: 'q8' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatchObject({
      name: 'EmbeddingModelMissingError',
      code: 'embedding-model-missing',
    });
    expect(EmbeddingModelMissingError.isInstance(fromWorkerError(outcome.error))).toBe(true);
    expect(outcome.error.message).toMatch(
      /"config.json" is missing: looked at "\/models\/tiny-embedder\/config.json"/,
    );
    expect(outcome.status.embedderId).toBe('lexical-hash-tfidf');
  });

  it('switches to another embedder and cancels a switch while it loads', async () => {
    let release: () => void = () => undefined;
    const api = new WorldWorkerApi({
      createEmbedder: async (choice) => {
        if (choice.kind === 'transformers' && choice.model === 'slow')
          await new Promise<void>((r) => (release = r));
        return new LexicalEmbedder({ dimension: 64 });
      },
    });
    await api.load(await demoWorldSnapshot());
    const slow = api.setEmbedder({ kind: 'transformers', model: 'slow', dtype: 'q8' });
    await new Promise((r) => setTimeout(r, 0));
    api.cancelTraining();
    release();
    const outcome = await slow;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.code).toBe('cancelled');
    expect(outcome.status.embedderDimension).toBe(512);
    const ok = await api.setEmbedder({ kind: 'lexical' });
    expect(ok.ok && ok.status.embedderDimension).toBe(64);
    expect(
      (await api.rank({ query: 'Email Alice the budget notes', history: [] })).candidates.length,
    ).toBeGreaterThan(0);
  });
});
