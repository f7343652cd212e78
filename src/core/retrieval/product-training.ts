import type { Embedder } from '../embed/embedder';
import { throwIfAborted } from '../util/cancelled-error';
import { yieldToEvents } from '../util/yield';
import type { EmbeddingCache } from './embedding-cache';
import { toolNameText } from './features';
import { Hybrid, hybridToolText } from './hybrid';
import type { ModelSource, TrainingProgress } from './model-status';
import { NoTracesError } from './no-traces-error';
import type { CandidateTool, RetrievalTask } from './retriever';

/** The DTDR-L inside the product hybrid, trained here; it also serves the `dtdrL` method. */
export interface TrainedProduct {
  hybrid: Hybrid;
  source: Extract<ModelSource, { kind: 'trained' }>;
  /** Training tasks it learnt from (the service's tasks up to this count). */
  tasks: number;
  /** The tools it ranks (the world's active tools when it was trained). */
  catalogue: readonly CandidateTool[];
}

/** Only scales the progress bar: DtdrL's default epoch cap (it stops early on held-out MRR). */
const EPOCH_CAP = 60;
/** Texts embedded between progress reports and cancellation checks. */
const EMBED_CHUNK = 64;

/**
 * One training job of the product retriever: embeds what training reads (in chunks, cancellable, with
 * progress), then fits the hybrid and its DTDR-L (DtdrL yields every 50 ms, so a cancel lands mid-epoch).
 * Works on the copies it is given: traces ingested meanwhile wait for the next job.
 */
export async function trainProduct(
  catalogue: readonly CandidateTool[],
  tasks: readonly RetrievalTask[],
  embedder: Embedder,
  cache: EmbeddingCache,
  signal: AbortSignal,
  emit: (p: TrainingProgress) => void,
): Promise<TrainedProduct> {
  if (tasks.length === 0) throw new NoTracesError();
  const started = Date.now();
  const texts = [
    ...catalogue.map(hybridToolText),
    ...tasks.map((t) => t.query),
    ...tasks.flatMap((t) => t.tools.map(toolNameText)),
  ];
  const missing = [...new Set(texts)].filter((t) => !cache.has(t));
  for (let i = 0; i < missing.length; i += EMBED_CHUNK) {
    emit({
      label: `Embedding texts with ${embedder.id}`,
      stage: 'embedding',
      done: i,
      total: missing.length,
    });
    await cache.warm(missing.slice(i, i + EMBED_CHUNK));
    await yieldToEvents();
    throwIfAborted(signal);
  }
  let stage: 'training' | 'refit' = 'training';
  let lastEpoch = 0;
  let firstRunEpochs = EPOCH_CAP;
  const label = `Training DTDR-L on ${tasks.length} traces`;
  emit({ label, stage, done: 0, total: EPOCH_CAP });
  const hybrid = new Hybrid(
    { catalogue: [...catalogue], embedder, seed: 1, cache },
    {
      dtdr: {
        training: {
          signal,
          onEpoch: (epoch, loss, validationLoss) => {
            // A second run starting at epoch 1 is the refit on all plans for the best epoch count.
            if (epoch <= lastEpoch) {
              stage = 'refit';
              firstRunEpochs = lastEpoch;
            }
            lastEpoch = epoch;
            const total = stage === 'refit' ? firstRunEpochs : Math.max(EPOCH_CAP, epoch);
            const text = stage === 'refit' ? `${label}: refit on all traces` : label;
            emit({ label: text, stage, done: Math.min(epoch, total), total, epoch, loss, validationLoss });
          },
        },
      },
    },
  );
  await hybrid.fit([...tasks]);
  throwIfAborted(signal);
  const report = hybrid.dtdr.report;
  const validation =
    report && report.validationTasks > 0
      ? {
          plans: report.validationTasks,
          mrr: report.validation.mrr,
          top1: report.validation.top1,
          setF1: report.validation.setF1,
          tau: report.tau,
        }
      : null;
  const hybridMrr = hybrid.report?.tuned ? hybrid.report.validationMrr : null;
  return {
    hybrid,
    tasks: tasks.length,
    catalogue,
    source: {
      kind: 'trained',
      traces: tasks.length,
      embedderId: embedder.id,
      epochs: report?.epochsRun ?? 0,
      seconds: (Date.now() - started) / 1000,
      validation,
      hybridMrr,
    },
  };
}
