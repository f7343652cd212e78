import { linearForward, type LinearHeadWeights } from '../ml/linear-head';
import { trainLinearHead, type LabelledExample, type TrainLinearHeadOptions } from '../ml/train-linear-head';
import { cacheOf, type RetrieverContext } from './context';
import type { EmbeddingCache } from './embedding-cache';
import { buildInput, featureSpec, featureTexts, type FeatureSpec, type InputForm } from './features';
import { acceptableTools } from './metrics';
import {
  END_OF_PLAN,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
  type ScoredTool,
} from './retriever';
import { holdOut } from './tasks';

/** Training knobs passed through to `trainLinearHead` (labels, validation and seed are set here). */
export type HeadTrainingOptions = Omit<
  TrainLinearHeadOptions,
  'labels' | 'validation' | 'validationFraction' | 'seed'
>;

export interface LinearRetrieverOptions {
  /** Share of the training TASKS held out (whole plans, so no prefix of a held-out plan is trained on). */
  validationFraction?: number;
  /** Retrain on all tasks for the best epoch count after early stopping and τ selection. Default true. */
  refit?: boolean;
  /** τ candidates (Appendix C sweeps the threshold on validation). */
  thresholds?: number[];
  /**
   * `next`: the target of a prefix is the plan's next tool (DTDR Appendix C, eq. 2). `acceptable`: every
   * tool the plan DAG allows next (multi-label). Default `next`.
   */
  targets?: 'next' | 'acceptable';
  /** Feature layout knobs (history decay, length buckets). */
  features?: Partial<Pick<FeatureSpec, 'historyDecay' | 'lengthBuckets'>>;
  training?: HeadTrainingOptions;
}

export interface LinearRetrieverFitReport {
  trainTasks: number;
  validationTasks: number;
  examples: number;
  validationExamples: number;
  labels: number;
  inputDim: number;
  bestEpoch: number;
  epochsRun: number;
  trainLoss: number;
  validationLoss: number;
  tau: number;
  /** On the validation prefixes, with the head trained without them. */
  validation: { setF1: number; mrr: number; top1: number; meanSetSize: number };
  refit: boolean;
  seconds: number;
}

/** Hooks for a composite method (hybrid) that tunes itself on the same held-out tasks. */
export interface FitHooks {
  /** Runs after training on the kept tasks and before the refit; the retriever ranks with the kept-only head. */
  afterValidation?: (held: RetrievalTask[]) => void | Promise<void>;
}

const DEFAULT_THRESHOLDS = [0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

const DEFAULT_TRAINING: HeadTrainingOptions = {
  epochs: 60,
  batchSize: 32,
  learningRate: 0.05,
  lrDecay: 0.98,
  l2: 1e-4,
  patience: 3,
};

/** One labelled point per plan prefix, t = 0 … L (t = L: END_OF_PLAN), gold prefix as history. */
function prefixPoints(
  task: RetrievalTask,
  targets: 'next' | 'acceptable',
): { q: RetrievalQuery; next: string[] }[] {
  return Array.from({ length: task.tools.length + 1 }, (_, t) => ({
    q: { query: task.query, history: task.tools.slice(0, t) },
    next:
      targets === 'next'
        ? [t < task.tools.length ? (task.tools[t] as string) : END_OF_PLAN]
        : acceptableTools(task, t),
  }));
}

/** 1 / rank of the best-scoring label in `ok` (ties: lower index first); 0 when `ok` is empty. */
function reciprocalRank(scores: ArrayLike<number>, ok: readonly number[]): number {
  if (ok.length === 0) return 0;
  let best = ok[0] as number;
  for (const i of ok)
    if ((scores[i] as number) > (scores[best] as number) || (scores[i] === scores[best] && i < best))
      best = i;
  const s = scores[best] as number;
  let above = 0;
  for (let i = 0; i < scores.length; i++)
    if ((scores[i] as number) > s || (scores[i] === s && i < best)) above++;
  return 1 / (above + 1);
}

/** Occurrences of each tool in the plans. */
export function toolCounts(tasks: readonly RetrievalTask[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tasks) for (const name of t.tools) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

/**
 * A linear head over frozen embeddings that scores the next tool: DTDR-L (`separate` / `joint` inputs) and
 * static learned retrieval (`query`). Labels are the tools of the training plans plus END_OF_PLAN; one
 * sigmoid each, trained with the summed BCE (DTDR Appendix C). `rank` orders by probability; `retrieve`
 * returns the set above τ, picked on held-out plans for set F1.
 */
export class LinearHeadRetriever implements Retriever {
  readonly learnsFromTraces = true;
  readonly spec: FeatureSpec;
  protected readonly cache: EmbeddingCache;
  head: LinearHeadWeights | undefined;
  tau = 0.5;
  report: LinearRetrieverFitReport | undefined;
  /** Tool occurrences in the plans the current head was trained on (familiarity, for the hybrid). */
  seenCounts = new Map<string, number>();
  private labelIndex = new Map<string, number>();

  constructor(
    readonly id: string,
    form: InputForm,
    protected readonly ctx: RetrieverContext,
    protected readonly options: LinearRetrieverOptions = {},
  ) {
    this.cache = cacheOf(ctx);
    this.spec = featureSpec(form, ctx.embedder.dimension, options.features);
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    return featureTexts(this.spec, q);
  }

  /** The head's input for (query, history): what the ONNX export of the head takes as `x`. */
  inputVector(q: RetrievalQuery): Float32Array {
    return buildInput(this.spec, q, this.cache);
  }

  async fit(train: RetrievalTask[], hooks: FitHooks = {}): Promise<void> {
    if (train.length === 0) throw new RangeError(`${this.id}: needs at least one training plan`);
    const started = Date.now();
    const o = this.options;
    const targets = o.targets ?? 'next';
    const fraction = o.validationFraction ?? 0.15;
    const split =
      train.length >= 8 && fraction > 0 ? holdOut(train, fraction, this.ctx.seed) : { kept: train, held: [] };
    await this.cache.warm(this.textsFor(train));
    const labels = [...new Set(train.flatMap((t) => t.tools))].sort();
    labels.push(END_OF_PLAN);
    this.labelIndex = new Map(labels.map((l, i) => [l, i]));
    const examplesOf = (tasks: readonly RetrievalTask[]): LabelledExample[] =>
      tasks.flatMap((task) =>
        prefixPoints(task, targets).map(({ q, next }) => ({
          x: this.inputVector(q),
          positives: [...new Set(next.map((n) => this.labelIndex.get(n) as number))],
        })),
      );
    const training = { ...DEFAULT_TRAINING, ...o.training };
    const seed = this.ctx.seed;
    const trainExamples = examplesOf(split.kept);
    const valExamples = examplesOf(split.held);
    // Early stopping on the validation MRR against the acceptable next tools (what the evaluation scores).
    const valAcceptable = split.held.flatMap((task) =>
      Array.from({ length: task.tools.length + 1 }, (_, t) =>
        acceptableTools(task, t)
          .map((a) => this.labelIndex.get(a))
          .filter((i): i is number => i !== undefined),
      ),
    );
    const first = await trainLinearHead(trainExamples, {
      ...training,
      labels,
      seed,
      validation: valExamples,
      validationFraction: 0,
      validationMetric: (z, i) => reciprocalRank(z, valAcceptable[i] ?? []),
    });
    this.head = first.head;
    this.seenCounts = toolCounts(split.kept);
    const validation = this.chooseTau(split.held, o.thresholds ?? DEFAULT_THRESHOLDS);
    await hooks.afterValidation?.(split.held);

    const refit = (o.refit ?? true) && split.held.length > 0;
    let trainLoss = first.losses[first.bestEpoch - 1] ?? Number.NaN;
    if (refit) {
      const all = await trainLinearHead([...trainExamples, ...valExamples], {
        ...training,
        epochs: first.bestEpoch,
        labels,
        seed,
        validationFraction: 0,
      });
      this.head = all.head;
      trainLoss = all.losses[all.losses.length - 1] ?? Number.NaN;
    }
    this.seenCounts = toolCounts(train);
    this.report = {
      trainTasks: split.kept.length,
      validationTasks: split.held.length,
      examples: trainExamples.length,
      validationExamples: valExamples.length,
      labels: labels.length,
      inputDim: first.head.inputDim,
      bestEpoch: first.bestEpoch,
      epochsRun: first.epochsRun,
      trainLoss,
      validationLoss: first.valLosses[first.bestEpoch - 1] ?? Number.NaN,
      tau: this.tau,
      validation,
      refit,
      seconds: (Date.now() - started) / 1000,
    };
  }

  private textsFor(tasks: readonly RetrievalTask[]): string[] {
    const texts = new Set<string>();
    for (const task of tasks) {
      for (let t = 0; t <= task.tools.length; t++)
        for (const s of featureTexts(this.spec, { query: task.query, history: task.tools.slice(0, t) }))
          texts.add(s);
    }
    return [...texts];
  }

  /** Picks τ maximising the mean F1 of {p ≥ τ} against the acceptable set over the held-out prefixes. */
  private chooseTau(held: readonly RetrievalTask[], thresholds: readonly number[]) {
    const points = held.flatMap((task) =>
      Array.from({ length: task.tools.length + 1 }, (_, t) => ({
        p: this.probabilities({ query: task.query, history: task.tools.slice(0, t) }),
        ok: new Set(acceptableTools(task, t)),
      })),
    );
    const labels = (this.head as LinearHeadWeights).labels;
    if (points.length === 0)
      return { setF1: Number.NaN, mrr: Number.NaN, top1: Number.NaN, meanSetSize: Number.NaN };
    let best = { tau: 0.5, f1: -1, size: 0 };
    for (const tau of thresholds) {
      let f1 = 0;
      let size = 0;
      for (const { p, ok } of points) {
        let hits = 0;
        let n = 0;
        p.forEach((v, i) => {
          if (v < tau) return;
          n++;
          if (ok.has(labels[i] as string)) hits++;
        });
        size += n;
        if (hits > 0) f1 += (2 * hits) / (n + ok.size);
      }
      // Ties keep the higher τ: a smaller set for the same F1 makes a shorter prompt.
      if (f1 >= best.f1) best = { tau, f1, size };
    }
    this.tau = best.tau;
    let rr = 0;
    let top1 = 0;
    for (const { p, ok } of points) {
      const order = [...p.keys()].sort((a, b) => (p[b] as number) - (p[a] as number) || a - b);
      const first = order.findIndex((i) => ok.has(labels[i] as string));
      if (first >= 0) rr += 1 / (first + 1);
      if (first === 0) top1++;
    }
    const n = points.length;
    return { setF1: best.f1 / n, mrr: rr / n, top1: top1 / n, meanSetSize: best.size / n };
  }

  /** σ(W·x + b) for every label, in `head.labels` order. */
  probabilities(q: RetrievalQuery): Float32Array {
    if (!this.head) throw new Error(`${this.id}: call fit() before rank()`);
    return linearForward(this.head, this.inputVector(q));
  }

  /** Probability of one label (0 for a tool the head has no row for). */
  labelProbability(p: Float32Array, tool: string): number {
    const i = this.labelIndex.get(tool);
    return i === undefined ? 0 : (p[i] as number);
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    const p = this.probabilities(q);
    const labels = (this.head as LinearHeadWeights).labels;
    const after =
      this.spec.form === 'query'
        ? 'from the query'
        : q.history.length === 0
          ? 'at the start'
          : `after ${q.history[q.history.length - 1]}`;
    return labels
      .map((tool, i) => ({ tool, score: p[i] as number }))
      .sort((a, b) => b.score - a.score || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0))
      .map((s) => ({ ...s, why: `${this.id} p=${s.score.toFixed(2)} ${after}` }));
  }

  /** The retrieved set: candidates with p ≥ τ, best first (what a hard mask keeps in the prompt). */
  retrieve(q: RetrievalQuery): ScoredTool[] {
    return this.rank(q).filter((s) => s.score >= this.tau);
  }
}

export interface DtdrLOptions extends LinearRetrieverOptions {
  /** `separate` (default, variant b) or `joint` (variant a, the paper's query ⊕ history string). */
  variant?: 'separate' | 'joint';
}

/** DTDR-L (DTDR §4.1, Appendix C): a linear head over the frozen embedding of query and history. */
export class DtdrL extends LinearHeadRetriever {
  constructor(ctx: RetrieverContext, options: DtdrLOptions = {}) {
    const variant = options.variant ?? 'separate';
    super(variant === 'joint' ? 'dtdrLJoint' : 'dtdrL', variant, ctx, options);
  }
}
