import { mulberry32 } from '../util/prng';
import { linearForward } from '../ml/linear-head';
import { trainLinearHead, type LabelledExample } from '../ml/train-linear-head';
import type { LinkMethod } from './link-method';
import { randomNegatives } from './negatives';
import { PAIR_FEATURES, pairFeatures, type PairFeatureContext } from '../graph-tensors/pair-features';
import type { LinkPair } from '../graph-tensors/link-graph';

/** z-scores features with the training set's mean and spread, so one learning rate suits all of them. */
function standardizer(rows: Float32Array[]): (x: Float32Array) => Float32Array {
  const d = rows[0]!.length;
  const mean = new Float64Array(d);
  const sd = new Float64Array(d);
  for (const r of rows)
    for (let j = 0; j < d; j++) mean[j] = (mean[j] as number) + (r[j] as number) / rows.length;
  for (const r of rows)
    for (let j = 0; j < d; j++)
      sd[j] = (sd[j] as number) + ((r[j] as number) - (mean[j] as number)) ** 2 / rows.length;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j] as number) || 1;
  return (x) => Float32Array.from(x, (v, j) => (v - (mean[j] as number)) / (sd[j] as number));
}

/**
 * Logistic regression on simple pair features (pair-features.ts: text cosine, log in/out behavioural degrees
 * of both ends, Adamic–Adar, output→input field similarity, shared standardized parameter, relation).
 * Trained with the project's linear-head trainer (one sigmoid, BCE, Adam, L2, early stopping on the
 * validation pairs) on the input graph's behavioural edges against as many random non-edges of the same
 * relation (seeded). The baseline the HGT has to beat (issue 5).
 */
export const logregMethod: LinkMethod = {
  id: 'logreg',
  fit: async ({ build, graph, io, validation, seed }) => {
    const ctx: PairFeatureContext = { graph, embeddings: build.embeddings, io };
    const positives: LinkPair[] = graph.behaviouralEdges().map(({ src, dst }) => ({ src, dst }));
    // The trainer knows only the input graph, so its negatives avoid only the input graph's edges.
    const negatives = randomNegatives(graph, positives, mulberry32(seed + 101));
    const raw = [
      ...positives.map((p) => pairFeatures(ctx, p, true)),
      ...negatives.map((p) => pairFeatures(ctx, p)),
    ];
    const scale = standardizer(raw);
    const train: LabelledExample[] = raw.map((x, i) => ({
      x: scale(x),
      positives: i < positives.length ? [0] : [],
    }));
    const val: LabelledExample[] = validation.pairs.map((p, i) => ({
      x: scale(pairFeatures(ctx, p)),
      positives: validation.labels[i] ? [0] : [],
    }));
    const t0 = performance.now();
    const fitted = await trainLinearHead(train, {
      labels: ['link'],
      ...(val.length > 0 ? { validation: val } : { validationFraction: 0.15 }),
      epochs: 200,
      patience: 15,
      learningRate: 0.02,
      lrDecay: 1,
      l2: 1e-3,
      seed,
      initBias: 'zero',
      gradientFloor: 0,
    });
    const seconds = (performance.now() - t0) / 1000;
    const w = fitted.head.W;
    return {
      epochs: fitted.epochsRun,
      secondsPerEpoch: seconds / Math.max(1, fitted.epochsRun),
      note: `best epoch ${fitted.bestEpoch}; weights ${PAIR_FEATURES.map((f, j) => `${f} ${(w[j] as number).toFixed(2)}`).join(', ')}`,
      score: async (pairs) =>
        Float64Array.from(pairs, (p) => linearForward(fitted.head, scale(pairFeatures(ctx, p)))[0] as number),
    };
  },
};
