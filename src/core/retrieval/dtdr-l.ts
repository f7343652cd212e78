import type { LinearHeadWeights } from '../ml/linear-head';
import { trainLinearHead, type LabelledExample, type TrainLinearHeadOptions } from '../ml/train-linear-head';
import { cacheOf, type RetrieverContext } from './context';
import type { EmbeddingCache } from './embedding-cache';
import {
  buildInput,
  featureSpec,
  featureTexts,
  queryOnlyInputs,
  type FeatureSpec,
  type InputForm,
} from './features';
import { acceptableTools } from './metrics';
import {
  END_OF_PLAN,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
  type ScoredTool,
} from './retriever';
import { holdOut } from './tasks';
import { twoDecimals } from './two-decimals';

/** Training knobs passed through to `trainLinearHead` (labels, validation and seed are set here). */
export type HeadTrainingOptions = Omit<
  TrainLinearHeadOptions,
  'labels' | 'validation' | 'validationFraction' | 'seed'
>;

export interface LinearRetrieverOptions {
  /** Share of the training TASKS held out (whole plans, so no prefix of a held-out plan is trained on). */
  validationFraction?: number;
  /**
   * After early stopping and τ selection, continue training on all tasks (kept + held out) until the
   * held-out loss reaches the training loss of the chosen epoch. Default true.
   */
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
  /** Epochs of the refit that continued the early-stopped run on all plans (0 without a refit). */
  refitEpochs: number;
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
  // Negatives already below σ = 1e-3 are left out of the weight gradient (the bias gradient stays exact):
  // with 2k labels most are, and the backward pass shrinks to positives and hard negatives. On seal_tools
  // this cut a quarter of the training time at the same validation MRR (0.362 vs 0.359 at 1e-4).
  gradientFloor: 1e-3,
};

/** What `fit` leaves behind, kept whole so a FitMemo can restore it (and replay the validation hook). */
interface LinearFitState {
  head: LinearHeadWeights;
  tau: number;
  report: LinearRetrieverFitReport;
  seenCounts: Map<string, number>;
  labelIndex: Map<string, number>;
  /** The head trained on the kept tasks only, their tool counts, and the held-out tasks. */
  validation: { head: LinearHeadWeights; seenCounts: Map<string, number>; held: RetrievalTask[] };
}

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

/**
 * `linearForward` over the non-zeros of x only, reading W transposed (`Wt[i·outputDim + o]`, one contiguous
 * row per non-zero input): lexical inputs are ~80 % zeros, and skipping a zero term leaves a float sum
 * unchanged, while each output still sums its terms in ascending input order from its bias, so the result
 * equals `linearForward`'s bit for bit. Every rank call and every validation prefix runs this.
 */
export function sparseForward(
  head: LinearHeadWeights,
  x: Float32Array,
  Wt = transposeHead(head),
): Float32Array {
  if (x.length !== head.inputDim)
    throw new RangeError(`input has ${x.length} values, the head takes ${head.inputDim}`);
  const out = head.outputDim;
  const z = Float64Array.from(head.b);
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    if (v === 0) continue;
    const row = i * out;
    for (let o = 0; o < out; o++) z[o] = (z[o] as number) + (Wt[row + o] as number) * v;
  }
  const p = new Float32Array(out);
  for (let o = 0; o < out; o++) p[o] = 1 / (1 + Math.exp(-(z[o] as number)));
  return p;
}

/** W as [inputDim × outputDim], the layout `sparseForward` reads. */
export function transposeHead(head: LinearHeadWeights): Float32Array {
  const { inputDim, outputDim, W } = head;
  const Wt = new Float32Array(W.length);
  for (let o = 0; o < outputDim; o++)
    for (let i = 0; i < inputDim; i++) Wt[i * outputDim + o] = W[o * inputDim + i] as number;
  return Wt;
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
    const key = this.memoKey();
    const memo = key === undefined ? undefined : this.ctx.fits?.get<LinearFitState>(train, key);
    if (memo) {
      // Same plans, embedder, seed and options: the same head. Replay what a training run does.
      await this.cache.warm(this.textsFor(train));
      this.restore(memo);
      this.head = memo.validation.head;
      this.seenCounts = memo.validation.seenCounts;
      await hooks.afterValidation?.(memo.validation.held);
      this.restore(memo);
      return;
    }
    const state = await this.train(train, hooks);
    this.restore(state);
    if (key !== undefined) this.ctx.fits?.set(train, key, state);
  }

  /**
   * What the fitted head depends on besides the plans: undefined (no reuse) when the options carry callbacks
   * or a signal, whose caller wants to watch this very run.
   */
  private memoKey(): string | undefined {
    const t = this.options.training ?? {};
    if (t.onEpoch || t.signal || t.validationMetric) return undefined;
    const { id, dimension } = this.ctx.embedder;
    return JSON.stringify([this.id, id, dimension, this.ctx.seed, this.spec, this.options]);
  }

  private restore(s: LinearFitState): void {
    this.head = s.head;
    this.tau = s.tau;
    this.report = s.report;
    this.seenCounts = s.seenCounts;
    this.labelIndex = s.labelIndex;
  }

  private async train(train: RetrievalTask[], hooks: FitHooks): Promise<LinearFitState> {
    const started = Date.now();
    const o = this.options;
    const targets = o.targets ?? 'next';
    const fraction = o.validationFraction ?? 0.15;
    const split =
      train.length >= 8 && fraction > 0 ? holdOut(train, fraction, this.ctx.seed) : { kept: train, held: [] };
    await this.cache.warm(this.textsFor(train));
    const labels = [...new Set(train.flatMap((t) => t.tools))].sort();
    labels.push(END_OF_PLAN);
    const labelIndex = new Map(labels.map((l, i) => [l, i]));
    this.labelIndex = labelIndex;
    // Every prefix of a plan shares the query: one group per plan, so the trainer computes that part once.
    const examplesOf = (tasks: readonly RetrievalTask[], firstGroup: number): LabelledExample[] =>
      tasks.flatMap((task, i) =>
        prefixPoints(task, targets).map(({ q, next }) => ({
          x: this.inputVector(q),
          positives: [...new Set(next.map((n) => labelIndex.get(n) as number))],
          group: firstGroup + i,
        })),
      );
    const training = { ...DEFAULT_TRAINING, ...o.training, sharedInputs: queryOnlyInputs(this.spec) };
    const seed = this.ctx.seed;
    const trainExamples = examplesOf(split.kept, 0);
    const valExamples = examplesOf(split.held, split.kept.length);
    // Early stopping on the validation MRR against the acceptable next tools (what the evaluation scores).
    const valAcceptable = split.held.flatMap((task) =>
      Array.from({ length: task.tools.length + 1 }, (_, t) =>
        acceptableTools(task, t)
          .map((a) => labelIndex.get(a))
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
    const validationState = { head: first.head, seenCounts: this.seenCounts, held: split.held };
    await hooks.afterValidation?.(split.held);

    // Refit on all plans (the held-out ones bring tools the kept plans never call) by continuing the
    // early-stopped run, weights and Adam state, on kept + held until the held-out loss falls to the
    // training loss at the chosen epoch (Goodfellow et al., Deep Learning §7.8, Alg. 7.3), at most as many
    // epochs as the first run kept. Retraining from scratch for that many epochs cost as much as the first
    // run again; the continuation usually stops earlier (seal_tools: 6 of 10 epochs, ultratool_graph: 1 of 6)
    // and reaches the cap only where the held-out plans bring many tools the kept ones never call.
    const refit = (o.refit ?? true) && split.held.length > 0;
    let head = first.head;
    let trainLoss = first.losses[first.bestEpoch - 1] ?? Number.NaN;
    let refitEpochs = 0;
    if (refit) {
      const all = await trainLinearHead([...trainExamples, ...valExamples], {
        ...training,
        epochs: first.bestEpoch,
        labels,
        seed,
        validation: valExamples,
        validationFraction: 0,
        resume: first.checkpoint,
        stopAtValidationLoss: trainLoss,
      });
      head = all.head;
      refitEpochs = all.epochsRun;
      trainLoss = all.losses[all.losses.length - 1] ?? Number.NaN;
    }
    return {
      head,
      tau: this.tau,
      seenCounts: toolCounts(train),
      labelIndex,
      validation: validationState,
      report: {
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
        refitEpochs,
        seconds: (Date.now() - started) / 1000,
      },
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

  /** σ(W·x + b) for every label, in `head.labels` order (equal to `linearForward`, bit for bit). */
  probabilities(q: RetrievalQuery): Float32Array {
    if (!this.head) throw new Error(`${this.id}: call fit() before rank()`);
    if (this.transposed?.head !== this.head)
      this.transposed = { head: this.head, Wt: transposeHead(this.head) };
    return sparseForward(this.head, this.inputVector(q), this.transposed.Wt);
  }

  /** Probability of one label (0 for a tool the head has no row for). */
  labelProbability(p: Float32Array, tool: string): number {
    const i = this.labelIndex.get(tool);
    return i === undefined ? 0 : (p[i] as number);
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    const p = this.probabilities(q);
    const head = this.head as LinearHeadWeights;
    const labels = head.labels;
    const after =
      this.spec.form === 'query'
        ? 'from the query'
        : q.history.length === 0
          ? 'at the start'
          : `after ${q.history[q.history.length - 1]}`;
    // Sorting indices on numbers (probability, then the label's place in name order) instead of objects on
    // strings: a rank call over seal_tools' 2,104 labels took 4 ms, 3 of them in the sort.
    const byName = this.nameOrder(head);
    const order = [...labels.keys()].sort(
      (a, b) => (p[b] as number) - (p[a] as number) || (byName[a] as number) - (byName[b] as number),
    );
    return order.map((i) => {
      const score = p[i] as number;
      return { tool: labels[i] as string, score, why: `${this.id} p=${twoDecimals(score)} ${after}` };
    });
  }

  private nameOrderOf: { head: LinearHeadWeights; order: Int32Array } | undefined;
  /** The current head's W transposed, for `sparseForward` (a second copy of W: 9 MB for seal_tools). */
  private transposed: { head: LinearHeadWeights; Wt: Float32Array } | undefined;

  /** Each label's position among the labels sorted by name (ties in probability rank by name). */
  private nameOrder(head: LinearHeadWeights): Int32Array {
    if (this.nameOrderOf?.head !== head) {
      const sorted = [...head.labels.keys()].sort((a, b) => {
        const [x, y] = [head.labels[a] as string, head.labels[b] as string];
        return x < y ? -1 : x > y ? 1 : 0;
      });
      const order = new Int32Array(head.labels.length);
      sorted.forEach((label, pos) => (order[label] = pos));
      this.nameOrderOf = { head, order };
    }
    return this.nameOrderOf.order;
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
