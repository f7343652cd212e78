import { mulberry32 } from '../util/prng';
import { linearForward } from '../ml/linear-head';
import { chooseDirectionScale, fitPairDirection, logSigmoid } from '../ml/pair-direction';
import { chooseGateScales, fitLookalikeGate, gateChoiceNote } from '../ml/pair-lookalike';
import { trainLinearHead, type LabelledExample } from '../ml/train-linear-head';
import type { FittedLinkScorer, LinkMethod, LinkTrainingInput } from './link-method';
import { randomNegatives, trainingHardNegatives } from './negatives';
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
  // A (near-)constant feature's spread is float noise: leave it unscaled rather than divide by it.
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j] as number) > 1e-6 ? Math.sqrt(sd[j] as number) : 1;
  return (x) => Float32Array.from(x, (v, j) => (v - (mean[j] as number)) / (sd[j] as number));
}

/**
 * Logistic regression on simple pair features (pair-features.ts: text cosine, log in/out behavioural degrees
 * of both ends, Adamic–Adar, output→input field similarity, shared standardized parameter, relation).
 * Trained with the project's linear-head trainer (one sigmoid, BCE, Adam, L2, early stopping on the
 * validation pairs) on the input graph's behavioural edges against as many random non-edges of the same
 * relation (seeded); with `hardNegatives` (the `logregHard` ablation, issue 16) also against the reversed
 * pair and a look-alike target of each. Off by default: at equal weight the hard negatives cost ~0.09 of
 * random-pair AUC (/work/notes/bench-16.md). The baseline the HGT has to beat (issue 5), and the
 * directional features' own measure.
 */
export function makeLogregMethod(
  id: string,
  options: { hardNegatives: boolean; directionGate: boolean; lookalikeGate?: boolean },
): LinkMethod {
  return {
    id,
    fit: (input) =>
      fitLogreg(input, options.hardNegatives, options.directionGate, options.lookalikeGate ?? false),
  };
}

/** With the direction gate (pair-direction.ts), as the HGT has it: the pair features' own measure. */
export const logregMethod: LinkMethod = makeLogregMethod('logreg', {
  hardNegatives: false,
  directionGate: true,
});
/**
 * Also with a look-alike gate (pair-lookalike.ts; issue 16, fourth pass): fitted on the input graph's links
 * against their look-alike targets, κ with λ on validation. An ablation: it did not raise same-category AUC
 * (/work/notes/bench-16.md), so neither `logreg` nor the HGT has it.
 */
export const logregLookalikeMethod: LinkMethod = makeLogregMethod('logregLookalike', {
  hardNegatives: false,
  directionGate: true,
  lookalikeGate: true,
});
export const logregNoGateMethod: LinkMethod = makeLogregMethod('logregNoGate', {
  hardNegatives: false,
  directionGate: false,
});
export const logregHardMethod: LinkMethod = makeLogregMethod('logregHard', {
  hardNegatives: true,
  directionGate: false,
});

async function fitLogreg(
  { build, graph, io, categories, validation, seed }: LinkTrainingInput,
  hardNegatives: boolean,
  withGate: boolean,
  withLookalike: boolean,
): Promise<FittedLinkScorer> {
  const ctx: PairFeatureContext = { graph, embeddings: build.embeddings, io };
  const positives: LinkPair[] = graph.behaviouralEdges().map(({ src, dst }) => ({ src, dst }));
  // The trainer knows only the input graph, so its negatives avoid only the input graph's edges.
  const negatives = randomNegatives(graph, positives, mulberry32(seed + 101));
  // Hard negatives (issue 16): without them nothing in training says which way a link runs.
  const hard = hardNegatives
    ? trainingHardNegatives(graph, positives, {
        embeddings: build.embeddings,
        ...(categories ? { categories } : {}),
      })
    : { reversed: [], similar: [] };
  const raw = [
    ...positives.map((p) => pairFeatures(ctx, p, 'edge')),
    ...negatives.map((p) => pairFeatures(ctx, p)),
    ...hard.reversed.map((p) => pairFeatures(ctx, p, 'reversed')),
    ...hard.similar.map((p) => pairFeatures(ctx, p)),
  ];
  const scale = standardizer(raw);
  // Class balance by repetition: with hard negatives each positive ×3 against one random, one reversed and
  // one look-alike negative, so the classes weigh the same and each kind of negative a third (fixed a priori).
  const nPos = positives.length;
  const repeat = hardNegatives ? 3 : 1;
  const train: LabelledExample[] = raw.flatMap((x, i) => {
    const example = { x: scale(x), positives: i < nPos ? [0] : [] };
    return Array.from({ length: i < nPos ? repeat : 1 }, () => example);
  });
  // Model selection sees the hard cases too: the validation positives' reversed pairs and look-alikes
  // (drawn from the input graph, like the training ones) join the validation's random negatives.
  const valPos = validation.pairs.filter((_, i) => validation.labels[i]);
  const valHard = hardNegatives
    ? trainingHardNegatives(graph, valPos, {
        embeddings: build.embeddings,
        ...(categories ? { categories } : {}),
      })
    : { reversed: [], similar: [] };
  const val: LabelledExample[] = [
    ...validation.pairs.map((p, i) => ({
      x: scale(pairFeatures(ctx, p)),
      positives: validation.labels[i] ? [0] : [],
    })),
    ...[...valHard.reversed, ...valHard.similar].map((p) => ({
      x: scale(pairFeatures(ctx, p)),
      positives: [],
    })),
  ];
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
  // The link logit (linearForward gives σ of it; the gate is added in logit space).
  const logit = (x: Float32Array) => {
    const z = scale(x);
    let s = fitted.head.b[0] as number;
    for (let j = 0; j < z.length; j++) s += (w[j] as number) * (z[j] as number);
    return s;
  };
  const gate = withGate
    ? withLookalike
      ? fitGates(ctx, graph, positives, validation, logit, build.embeddings, categories)
      : { ...fitGate(ctx, graph, positives, validation, logit), look: undefined, kappa: 0 }
    : undefined;
  const gateNote = gate
    ? gate.look
      ? `; gates λ ${gate.choice.lambda} κ ${gate.kappa} (${gateChoiceNote(gate.choice)})`
      : `; direction gate λ ${gate.choice.lambda} (val AUC / reversed: ${gate.choice.tried.map((t) => `λ ${t.lambda} ${t.auc.toFixed(3)}/${t.reversedAuc.toFixed(3)}`).join(', ')})`
    : '';
  return {
    epochs: fitted.epochsRun,
    secondsPerEpoch: seconds / Math.max(1, fitted.epochsRun),
    note: `best epoch ${fitted.bestEpoch}; weights ${PAIR_FEATURES.map((f, j) => `${f} ${(w[j] as number).toFixed(2)}`).join(', ')}${gateNote}`,
    score: async (pairs) =>
      Float64Array.from(pairs, (p) => {
        const x = pairFeatures(ctx, p);
        if (!gate) return linearForward(fitted.head, scale(x))[0] as number;
        const look = gate.look ? logSigmoid(gate.kappa * (dot(gate.look.w, x) + gate.look.b)) : 0;
        return logit(x) + logSigmoid(gate.choice.lambda * dot(gate.delta, x)) + look;
      }),
  };
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += (a[j] as number) * (b[j] as number);
  return s;
};

/** Feature rows as one [n × F] row-major matrix. */
function flatRows(rows: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(rows.length * PAIR_FEATURES.length);
  rows.forEach((r, i) => out.set(r, i * PAIR_FEATURES.length));
  return out;
}

/** Δ of the direction gate: the input graph's one-way links against their reverses (own edge out). */
function fitDelta(
  ctx: PairFeatureContext,
  graph: LinkTrainingInput['graph'],
  positives: readonly LinkPair[],
) {
  const oneWay = positives.filter((p) => !graph.hasEdge(p.dst, p.src));
  return fitPairDirection(
    flatRows(oneWay.map((p) => pairFeatures(ctx, p, 'edge'))),
    flatRows(oneWay.map((p) => pairFeatures(ctx, { src: p.dst, dst: p.src }, 'reversed'))),
  );
}

/**
 * The direction gate of the features alone, as the HGT trainer fits it (train-hgt.ts `fitDirectionGate`):
 * Δ from the input graph's links against their reverses (own edge out), λ on the validation pairs.
 */
function fitGate(
  ctx: PairFeatureContext,
  graph: LinkTrainingInput['graph'],
  positives: readonly LinkPair[],
  validation: LinkTrainingInput['validation'],
  logit: (x: Float32Array) => number,
) {
  const delta = fitDelta(ctx, graph, positives);
  const part = (pairs: readonly LinkPair[]) => {
    const xs = pairs.map((p) => pairFeatures(ctx, p));
    return { z: xs.map(logit), a: xs.map((x) => dot(delta, x)) };
  };
  const valPos = validation.pairs.filter((_, i) => validation.labels[i]);
  const choice = chooseDirectionScale({
    pos: part(valPos),
    neg: part(validation.pairs.filter((_, i) => !validation.labels[i])),
    rev: part(valPos.filter((p) => !graph.hasEdge(p.dst, p.src)).map((p) => ({ src: p.dst, dst: p.src }))),
  });
  return { delta, choice };
}

/**
 * Both gates of the features alone, as the HGT trainer fits them: Δ (direction) from the input graph's links
 * against their reverses, Γ (look-alike) from the same links against their look-alike targets, λ and κ
 * together on the validation pairs (pair-lookalike.ts `chooseGateScales`).
 */
function fitGates(
  ctx: PairFeatureContext,
  graph: LinkTrainingInput['graph'],
  positives: readonly LinkPair[],
  validation: LinkTrainingInput['validation'],
  logit: (x: Float32Array) => number,
  embeddings: readonly Float32Array[],
  categories: LinkTrainingInput['categories'],
) {
  const delta = fitDelta(ctx, graph, positives);
  const sim = { embeddings, ...(categories ? { categories } : {}) };
  const look = fitLookalikeGate(
    flatRows(positives.map((p) => pairFeatures(ctx, p, 'edge'))),
    flatRows(trainingHardNegatives(graph, positives, sim).similar.map((p) => pairFeatures(ctx, p))),
    PAIR_FEATURES.length,
  );
  const part = (pairs: readonly LinkPair[]) => {
    const xs = pairs.map((p) => pairFeatures(ctx, p));
    return { z: xs.map(logit), a: xs.map((x) => dot(delta, x)), c: xs.map((x) => dot(look.w, x) + look.b) };
  };
  const valPos = validation.pairs.filter((_, i) => validation.labels[i]);
  const valHard = trainingHardNegatives(graph, valPos, sim);
  const choice = chooseGateScales({
    pos: part(valPos),
    neg: part(validation.pairs.filter((_, i) => !validation.labels[i])),
    rev: part(valHard.reversed),
    sim: part(valHard.similar),
  });
  return { delta, look, kappa: choice.kappa, choice };
}
