import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/model-status';
import { ToolWorld } from '../core/world/world';
import type { EmbedderChoice, JobOutcome } from '../workers/protocol';
import { LEXICAL_OPTION, type EmbedderOption } from './embedder-options';
import { RetrievalModels } from './retrieval-models';
import type { RetrievalBackend } from './search-client';

const status = (embedderId = 'lexical-hash-tfidf'): RetrievalModelsStatus => ({
  embedderId,
  embedderDimension: 8,
  traces: 3,
  dtdrL: { kind: 'untrained', traces: 3 },
  hybrid: { kind: 'untrained', traces: 3 },
  shippedHead: { file: null, serving: false, note: null },
  training: false,
  newTraces: 0,
  policy: { retrainAfter: 20 },
  autoRetrainError: null,
});

const TINY: EmbedderOption = {
  id: 'transformers:tiny-embedder',
  choice: { kind: 'transformers', model: 'tiny-embedder', dtype: 'q8' },
  label: 'tiny-embedder — test model',
};

/** A worker stand-in whose jobs finish when the test says so. */
class FakeBackend implements RetrievalBackend {
  listener: ((p: TrainingProgress | null) => void) | null = null;
  cancels = 0;
  policies: unknown[] = [];
  async setRetrievalPolicy(policy: unknown): Promise<void> {
    this.policies.push(policy);
  }
  switched: EmbedderChoice[] = [];
  private finishJob: ((o: JobOutcome) => void) | null = null;
  retrievalStatus = async () => status();
  retrain = () => new Promise<JobOutcome>((resolve) => (this.finishJob = resolve));
  setEmbedder = (_w: ToolWorld, _v: number, choice: EmbedderChoice) => {
    this.switched.push(choice);
    return new Promise<JobOutcome>((resolve) => (this.finishJob = resolve));
  };
  cancelTraining = () => {
    this.cancels++;
  };
  onTrainingProgress(listener: (p: TrainingProgress | null) => void) {
    this.listener = listener;
    return () => undefined;
  }
  finish(o: JobOutcome) {
    this.finishJob?.(o);
  }
}

function setup(saved?: EmbedderChoice) {
  const backend = new FakeBackend();
  const map = new Map<string, string>();
  if (saved) map.set('naviagent.retrievalEmbedder', JSON.stringify(saved));
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => map.set(k, v),
  };
  const world = ToolWorld.empty(new LexicalEmbedder());
  const models = new RetrievalModels({
    backend,
    world: () => ({ world, version: 1 }),
    probe: async () => [LEXICAL_OPTION, TINY],
    storage,
  });
  return { backend, models, map };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RetrievalModels', () => {
  it('shows training progress, allows one job at a time, and forwards Cancel', async () => {
    const { backend, models } = setup();
    const done = models.retrain();
    expect(models.getState().job).toBe('retrain');
    void models.chooseEmbedder(TINY.choice);
    expect(backend.switched).toEqual([]);
    backend.listener!({
      label: 'Training DTDR-L',
      stage: 'training',
      done: 3,
      total: 60,
      epoch: 3,
      loss: 0.2,
    });
    expect(models.getState().progress).toMatchObject({ epoch: 3 });
    models.cancel();
    expect(backend.cancels).toBe(1);
    backend.finish({
      ok: false,
      error: {
        name: 'CancelledError',
        code: 'cancelled',
        message: 'Training cancelled: the previous model keeps serving.',
      },
      status: status(),
    });
    await done;
    expect(models.getState()).toMatchObject({
      job: null,
      progress: null,
      message: { level: 'info', text: 'Training cancelled: the previous model keeps serving.' },
    });
  });

  it('switches embedder, saves the choice and names it; a missing model is an error and changes nothing', async () => {
    const { backend, models, map } = setup();
    await models.init();
    const failed = models.chooseEmbedder(TINY.choice);
    backend.finish({
      ok: false,
      error: {
        name: 'EmbeddingModelMissingError',
        code: 'embedding-model-missing',
        message: 'Embedding model "tiny-embedder": file "config.json" is missing',
      },
      status: status(),
    });
    await failed;
    expect(models.getState().message).toMatchObject({
      level: 'error',
      text: expect.stringMatching(/config.json" is missing/),
    });
    expect(models.getState().choice).toEqual({ kind: 'lexical' });
    expect(map.get('naviagent.retrievalEmbedder')).toBeUndefined();

    const ok = models.chooseEmbedder(TINY.choice);
    backend.finish({ ok: true, status: status('transformers:tiny-embedder') });
    await ok;
    expect(models.getState()).toMatchObject({ choice: TINY.choice, embedderLabel: TINY.label, job: null });
    expect(JSON.parse(map.get('naviagent.retrievalEmbedder')!)).toEqual(TINY.choice);
  });

  it('applies the saved choice on start, and says so when its folder is gone', async () => {
    const { backend, models } = setup(TINY.choice);
    const started = models.init();
    await tick();
    expect(backend.switched).toEqual([TINY.choice]);
    backend.finish({ ok: true, status: status('transformers:tiny-embedder') });
    await started;
    expect(models.getState().embedderLabel).toBe(TINY.label);

    const gone = setup({ kind: 'transformers', model: 'all-MiniLM-L6-v2', dtype: 'q8' });
    await gone.models.init();
    expect(gone.backend.switched).toEqual([]);
    expect(gone.models.getState().message?.text).toMatch(
      /all-MiniLM-L6-v2 is not under \/models\/all-MiniLM-L6-v2\/.*lexical/,
    );
    expect(gone.models.getState().status).toEqual(status());
  });
});
