import { mulberry32, type Random } from '../../util/prng';
import { rowIdf, type ToolEncoderWeights } from './encoder';
import {
  DEFAULT_FEATURE_SPEC,
  encoderFeatures,
  type EncoderFeatureSpec,
  type EncoderFeatures,
} from './features';

/**
 * One request of a training plan: the tool texts it called (positives) and tool texts of its catalogue a
 * lexical ranker or the category confuses with them (hard negatives; never one of its positives).
 */
export interface EncoderExample {
  query: string;
  positives: string[];
  hardNegatives: string[];
}

export interface TrainEncoderOptions {
  dimension: number;
  spec: EncoderFeatureSpec;
  epochs: number;
  /** Requests per step; their positives and one hard negative each are the step's candidates. */
  batchSize: number;
  learningRate: number;
  /** InfoNCE temperature τ: logits are cosines / τ. */
  temperature: number;
  seed: number;
  /** Scale input weights by row IDF over the training tool texts (as the embedder's `fit` does at use). */
  idf: boolean;
  /** Called after every epoch (progress output in scripts). */
  onEpoch?: (epoch: number, meanLoss: number) => void;
}

export const ENCODER_TRAIN_DEFAULTS: Omit<TrainEncoderOptions, 'onEpoch'> = {
  dimension: 128,
  spec: DEFAULT_FEATURE_SPEC,
  epochs: 4,
  batchSize: 128,
  learningRate: 0.01,
  temperature: 0.05,
  seed: 1,
  idf: false,
};

export interface TrainEncoderReport {
  examples: number;
  texts: number;
  steps: number;
  /** Mean InfoNCE loss of each epoch, the first measured while training from the random start. */
  epochLoss: number[];
  seconds: number;
}

/**
 * Contrastive training of the embedding bag (InfoNCE, van den Oord et al. 2018; the in-batch form of
 * dense passage retrieval, Karpukhin et al. 2020): for request i with positive tool p(i), among the step's
 * candidates C (every request's positive and one hard negative each),
 *   loss_i = −log( exp(cos(q_i, t_p(i)) / τ) / Σ_{c ∈ C, c not another positive of i} exp(cos(q_i, t_c) / τ) ).
 * Gradients are written by hand (the model is one sum and a normalisation) and applied with Adam on the
 * rows a step touched only ("lazy" Adam: a row's moments decay when it is used, as in sparse embedding
 * training). Seeded and single-threaded, so the same examples and options give the same bytes.
 */
export function trainToolEncoder(
  examples: readonly EncoderExample[],
  options: Partial<TrainEncoderOptions> = {},
): { weights: ToolEncoderWeights; report: TrainEncoderReport } {
  const o = { ...ENCODER_TRAIN_DEFAULTS, ...options };
  const started = performance.now();
  const D = o.dimension;
  const V = o.spec.buckets;
  const rand = mulberry32(o.seed);
  const table = new Float32Array(V * D);
  // Uniform rows of expected norm 1: at the start the bag is a random projection of the hashed features,
  // so the cosine already behaves like a lexical one (shared words, shared rows) before any training.
  const scale = Math.sqrt(3 / D);
  for (let i = 0; i < table.length; i++) table[i] = (rand() * 2 - 1) * scale;

  // Every text once: features and an index, so positives can be told apart by identity.
  const textIndex = new Map<string, number>();
  const feats: EncoderFeatures[] = [];
  const idOf = (t: string) => {
    let i = textIndex.get(t);
    if (i === undefined) {
      i = feats.length;
      textIndex.set(t, i);
      feats.push(encoderFeatures(t, o.spec));
    }
    return i;
  };
  const data = examples
    .filter((e) => e.positives.length > 0)
    .map((e) => ({
      q: idOf(e.query),
      pos: e.positives.map(idOf),
      neg: e.hardNegatives.map(idOf),
    }));
  if (o.idf) {
    // IDF over the tool texts only (what a deployment fits on: its catalogue), applied to every text.
    const toolTexts = [...new Set(examples.flatMap((e) => [...e.positives, ...e.hardNegatives]))];
    const idf = rowIdf(o.spec, toolTexts);
    for (const f of feats)
      for (let i = 0; i < f.ids.length; i++)
        f.weights[i] = (f.weights[i] as number) * (idf[f.ids[i] as number] as number);
  }

  const grad = new Float64Array(V * D);
  const touched = new Uint8Array(V);
  const m = new Float32Array(V * D);
  const v = new Float32Array(V * D);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  let step = 0;
  const epochLoss: number[] = [];

  for (let epoch = 0; epoch < o.epochs; epoch++) {
    const order = shuffled(data.length, rand);
    let lossSum = 0;
    let lossN = 0;
    for (let s = 0; s < order.length; s += o.batchSize) {
      const batch = order.slice(s, s + o.batchSize).map((i) => data[i] as (typeof data)[number]);
      // Candidates: each request's sampled positive, then one hard negative each, deduplicated.
      const cands: number[] = [];
      const col = new Map<number, number>();
      const colOf = (t: number) => {
        let c = col.get(t);
        if (c === undefined) {
          c = cands.length;
          col.set(t, c);
          cands.push(t);
        }
        return c;
      };
      const targets = batch.map((e) => colOf(e.pos[Math.floor(rand() * e.pos.length)] as number));
      for (const e of batch) if (e.neg.length > 0) colOf(e.neg[Math.floor(rand() * e.neg.length)] as number);

      const qEnc = batch.map((e) => forward(table, D, feats[e.q] as EncoderFeatures));
      const tEnc = cands.map((t) => forward(table, D, feats[t] as EncoderFeatures));
      const dq = batch.map(() => new Float64Array(D));
      const dt = cands.map(() => new Float64Array(D));
      const logits = new Float64Array(cands.length);
      batch.forEach((e, b) => {
        const q = (qEnc[b] as Encoded).out;
        const target = targets[b] as number;
        const positives = new Set(e.pos);
        let max = -Infinity;
        for (let c = 0; c < cands.length; c++) {
          if (c !== target && positives.has(cands[c] as number)) {
            logits[c] = -Infinity;
            continue;
          }
          logits[c] = dot(q, (tEnc[c] as Encoded).out) / o.temperature;
          max = Math.max(max, logits[c] as number);
        }
        let z = 0;
        for (let c = 0; c < cands.length; c++) z += Math.exp((logits[c] as number) - max);
        lossSum += -((logits[target] as number) - max - Math.log(z));
        lossN++;
        const gScale = 1 / (o.temperature * batch.length);
        const dqb = dq[b] as Float64Array;
        for (let c = 0; c < cands.length; c++) {
          if (logits[c] === -Infinity) continue;
          const p = Math.exp((logits[c] as number) - max) / z;
          const g = (p - (c === target ? 1 : 0)) * gScale;
          const t = (tEnc[c] as Encoded).out;
          const dtc = dt[c] as Float64Array;
          for (let k = 0; k < D; k++) {
            dqb[k] = (dqb[k] as number) + g * (t[k] as number);
            dtc[k] = (dtc[k] as number) + g * (q[k] as number);
          }
        }
      });
      const rows: number[] = [];
      const backprop = (enc: Encoded, d: Float64Array, f: EncoderFeatures) => {
        // Through x / ‖x‖: dx = (d − y·(y·d)) / ‖x‖.
        const yd = dot(enc.out, d);
        for (let i = 0; i < f.ids.length; i++) {
          const id = f.ids[i] as number;
          const w = (f.weights[i] as number) / enc.norm;
          if (!touched[id]) {
            touched[id] = 1;
            rows.push(id);
          }
          const r = id * D;
          for (let k = 0; k < D; k++)
            grad[r + k] = (grad[r + k] as number) + w * ((d[k] as number) - (enc.out[k] as number) * yd);
        }
      };
      batch.forEach((e, b) =>
        backprop(qEnc[b] as Encoded, dq[b] as Float64Array, feats[e.q] as EncoderFeatures),
      );
      cands.forEach((t, c) =>
        backprop(tEnc[c] as Encoded, dt[c] as Float64Array, feats[t] as EncoderFeatures),
      );

      step++;
      const c1 = 1 - b1 ** step;
      const c2 = 1 - b2 ** step;
      rows.sort((a, b) => a - b);
      for (const id of rows) {
        const r = id * D;
        for (let k = r; k < r + D; k++) {
          const g = grad[k] as number;
          m[k] = b1 * (m[k] as number) + (1 - b1) * g;
          v[k] = b2 * (v[k] as number) + (1 - b2) * g * g;
          table[k] =
            (table[k] as number) -
            (o.learningRate * ((m[k] as number) / c1)) / (Math.sqrt((v[k] as number) / c2) + eps);
          grad[k] = 0;
        }
        touched[id] = 0;
      }
    }
    const mean = lossN === 0 ? 0 : lossSum / lossN;
    epochLoss.push(mean);
    o.onEpoch?.(epoch, mean);
  }
  return {
    weights: { spec: o.spec, dimension: D, table },
    report: {
      examples: data.length,
      texts: feats.length,
      steps: step,
      epochLoss,
      seconds: (performance.now() - started) / 1000,
    },
  };
}

interface Encoded {
  out: Float64Array;
  norm: number;
}

function forward(table: Float32Array, D: number, f: EncoderFeatures): Encoded {
  const acc = new Float64Array(D);
  for (let i = 0; i < f.ids.length; i++) {
    const r = (f.ids[i] as number) * D;
    const w = f.weights[i] as number;
    for (let k = 0; k < D; k++) acc[k] = (acc[k] as number) + w * (table[r + k] as number);
  }
  let n = 0;
  for (let k = 0; k < D; k++) n += (acc[k] as number) ** 2;
  const norm = Math.sqrt(n) || 1;
  for (let k = 0; k < D; k++) acc[k] = (acc[k] as number) / norm;
  return { out: acc, norm };
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += (a[k] as number) * (b[k] as number);
  return s;
}

function shuffled(n: number, rand: Random): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j] as number, a[i] as number];
  }
  return a;
}
