import { splitWords } from '../embed/tokenize';
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

/**
 * Beyond DTDR: DTDR-L only knows the tools of its training plans, while zero-shot query–tool similarity
 * (QTS) knows every catalogue tool but nothing about order or when to stop. The hybrid is a mixture of the
 * two next-tool distributions whose weight is decided per query from what can be seen at test time:
 *
 *   stop:      e = σ(logit p_L(END) + κ·δ + β)    DTDR-L's end-of-plan head, plus coverage: δ = best cosine
 *              among the tools called − best among those not called (the query's best match is done)
 *   continue:  mix(t) = λ · P_L(t) + (1 − λ) · P_Q(t)
 *              P_L = DTDR-L's tool probabilities renormalised; P_Q = softmax(cos(q, t) / T) over the
 *              catalogue, tools already called scaled by ρ
 *   trust:     λ = λmax · m^γ · h^η,  m = P_Q mass on tools seen in training, h = share of the history
 *              made of seen tools
 *   score(t) = (1 − e) · mix(t) / max mix,   score(END) = e
 *
 * So where the query points at tools DTDR-L never saw (api_bank: 2 % of test calls seen) the ranking is
 * QTS's, where it points at familiar tools (nestful) it is DTDR-L's, and a tool unseen in training is always
 * ranked by similarity. (T, β, κ, λmax, γ, η, ρ) are tuned on DTDR-L's held-out plans for MRR.
 */
export interface HybridParams {
  temperature: number;
  endBias: number;
  coverageWeight: number;
  lambdaMax: number;
  gamma: number;
  eta: number;
  repeatFactor: number;
}

export interface HybridOptions {
  dtdr?: DtdrLOptions;
  /** Fixed parameters: skip tuning (fields left out keep their defaults). */
  params?: Partial<HybridParams>;
  /** Coordinate-search passes over the grids below. Default 2. */
  passes?: number;
}

const DEFAULT_PARAMS: HybridParams = {
  temperature: 0.05,
  endBias: 0,
  coverageWeight: 0,
  lambdaMax: 0.9,
  gamma: 1,
  eta: 1,
  repeatFactor: 0.5,
};

// γ and η never reach 0: held-out plans come from the training distribution, so they cannot show how much a
// test set drifts to unseen tools; the familiarity gate must stay on whatever the validation prefers.
const GRID: { [K in keyof HybridParams]: number[] } = {
  temperature: [0.01, 0.02, 0.05, 0.1, 0.2],
  endBias: [-2, -1, 0, 1, 2],
  coverageWeight: [0, 2, 5, 10, 20],
  lambdaMax: [0.5, 0.7, 0.85, 0.95, 0.99],
  gamma: [0.5, 1, 2, 4],
  eta: [0.5, 1, 2],
  repeatFactor: [1, 0.5, 0.2, 0.05],
};

export interface HybridReport {
  params: HybridParams;
  validationMrr: number;
  validationPoints: number;
  tuned: boolean;
}

/** The text a catalogue tool is embedded by for similarity: its name as words, then its description. */
export function hybridToolText(t: CandidateTool): string {
  return `${splitWords(t.name).join(' ')}: ${t.description}`;
}

/** Per-prefix inputs the mixture needs, computed once so tuning only redoes the cheap arithmetic. */
interface Evidence {
  /** DTDR-L sigmoid outputs in label order. */
  pL: Float32Array;
  /** Cosine of the query with every catalogue tool. */
  cos: Float32Array;
  /** Candidate indices of the tools already called. */
  called: Set<number>;
  /** Share of the history made of tools seen in training (1 for an empty history). */
  historySeen: number;
}

const logit = (p: number) => Math.log(Math.max(p, 1e-7) / Math.max(1 - p, 1e-7));
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class Hybrid implements Retriever {
  readonly id = 'hybrid';
  readonly learnsFromTraces = true;
  readonly dtdr: DtdrL;
  params: HybridParams;
  report: HybridReport | undefined;
  private readonly cache: EmbeddingCache;
  private readonly tools: CandidateTool[];
  private toolMatrix = new Float32Array(0);
  /** Catalogue tools, then training-plan tools missing from the catalogue, then END_OF_PLAN. */
  private candidates: string[] = [];
  private candidateIndex = new Map<string, number>();
  /** Candidate index of each DTDR-L label, and the label of each candidate (−1: none). */
  private labelCandidate = new Int32Array(0);
  private candidateLabel = new Int32Array(0);
  private endLabel = -1;
  private seenMask = new Uint8Array(0);
  private lastCos: { query: string; cos: Float32Array } | undefined;

  constructor(
    private readonly ctx: RetrieverContext,
    private readonly options: HybridOptions = {},
  ) {
    this.cache = cacheOf(ctx);
    // One cache for both parts, so the caller warms each text once.
    this.dtdr = new DtdrL({ ...ctx, cache: this.cache }, options.dtdr);
    this.tools = ctx.catalogue;
    this.params = { ...DEFAULT_PARAMS, ...options.params };
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    return [...new Set([q.query, ...this.dtdr.textsToEmbed(q)])];
  }

  async fit(train: RetrievalTask[]): Promise<void> {
    const texts = this.tools.map(hybridToolText);
    await this.cache.warm(texts);
    const d = this.ctx.embedder.dimension;
    this.toolMatrix = new Float32Array(this.tools.length * d);
    texts.forEach((text, i) => this.toolMatrix.set(unit(this.cache.get(text)), i * d));
    await this.cache.warm(train.map((t) => t.query));
    this.lastCos = undefined;
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
      validationMrr: Number.NaN,
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
  }

  /** cos(query, tool) for every catalogue tool (remembered for the last query: a plan ranks it at every step). */
  private cosines(query: string): Float32Array {
    if (this.lastCos?.query === query) return this.lastCos.cos;
    const q = this.cache.get(query);
    const d = this.ctx.embedder.dimension;
    // Lexical query vectors are mostly zeros: dot only the non-zeros.
    const idx: number[] = [];
    let norm = 0;
    for (let i = 0; i < d; i++) {
      const v = q[i] as number;
      if (v !== 0) {
        idx.push(i);
        norm += v * v;
      }
    }
    const cos = new Float32Array(this.tools.length);
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let t = 0; t < this.tools.length; t++) {
        const row = t * d;
        let s = 0;
        for (const i of idx) s += (q[i] as number) * (this.toolMatrix[row + i] as number);
        cos[t] = s * inv;
      }
    }
    this.lastCos = { query, cos };
    return cos;
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
      cos: this.cosines(q.query),
      called,
      historySeen: q.history.length === 0 ? 1 : seenCalls / q.history.length,
    };
  }

  /** Scores of every candidate (by candidate index) under `params`, and the trust λ in DTDR-L. */
  private combine(ev: Evidence, params: HybridParams): { scores: Float64Array; lambda: number } {
    const { temperature: T, endBias, coverageWeight, lambdaMax, gamma, eta, repeatFactor } = params;
    const nTools = this.tools.length;
    const scores = new Float64Array(this.candidates.length);

    // P_Q: softmax over the catalogue, shifted by the max for stability; called tools scaled by ρ.
    let maxCos = -Infinity;
    let maxCalled = -Infinity;
    let maxUncalled = -Infinity;
    for (let t = 0; t < nTools; t++) {
      const c = ev.cos[t] as number;
      maxCos = Math.max(maxCos, c);
      if (ev.called.has(t)) maxCalled = Math.max(maxCalled, c);
      else maxUncalled = Math.max(maxUncalled, c);
    }
    const coverage = maxCalled > -Infinity && maxUncalled > -Infinity ? maxCalled - maxUncalled : 0;
    let z = 0;
    for (let t = 0; t < nTools; t++) {
      let w = Math.exp(((ev.cos[t] as number) - maxCos) / T);
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
    const e =
      this.endLabel >= 0 ? 1 / (1 + Math.exp(-(logit(endP) + coverageWeight * coverage + endBias))) : 0;
    const scale = maxMix > 0 ? (1 - e) / maxMix : 0;
    for (let c = 0; c < end; c++) scores[c] = (scores[c] as number) * scale;
    scores[end] = e;
    return { scores, lambda };
  }

  /** Coordinate search over GRID for MRR on the held-out prefixes (ties keep the current value). */
  private tune(held: readonly RetrievalTask[]): HybridReport {
    const points = held.flatMap((task) =>
      Array.from({ length: task.tools.length + 1 }, (_, t) => {
        const q = { query: task.query, history: task.tools.slice(0, t) };
        const ok = acceptableTools(task, t)
          .map((a) => this.candidateIndex.get(a))
          .filter((i): i is number => i !== undefined);
        return { ev: this.evidence(q), ok };
      }),
    );
    if (points.length === 0 || this.options.params)
      return {
        params: this.params,
        validationMrr: Number.NaN,
        validationPoints: points.length,
        tuned: false,
      };
    const names = this.candidates;
    const mrr = (params: HybridParams) => {
      let sum = 0;
      for (const { ev, ok } of points) {
        if (ok.length === 0) continue;
        const { scores } = this.combine(ev, params);
        // Rank of the best acceptable candidate = 1 + candidates ahead of it (score, then name, as rank sorts).
        let best = ok[0] as number;
        for (const c of ok) if (ahead(scores, names, c, best)) best = c;
        let above = 0;
        for (let c = 0; c < scores.length; c++) if (ahead(scores, names, c, best)) above++;
        sum += 1 / (above + 1);
      }
      return sum / points.length;
    };
    let params = { ...this.params };
    let score = mrr(params);
    for (let pass = 0; pass < (this.options.passes ?? 2); pass++) {
      for (const key of Object.keys(GRID) as (keyof HybridParams)[]) {
        for (const value of GRID[key]) {
          if (value === params[key]) continue;
          const trial = { ...params, [key]: value };
          const s = mrr(trial);
          if (s > score) {
            score = s;
            params = trial;
          }
        }
      }
    }
    this.params = params;
    return { params, validationMrr: score, validationPoints: points.length, tuned: true };
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    if (!this.dtdr.head) throw new Error('hybrid: call fit() before rank()');
    const ev = this.evidence(q);
    const { scores, lambda } = this.combine(ev, this.params);
    const order = [...scores.keys()].sort(
      (a, b) =>
        (scores[b] as number) - (scores[a] as number) ||
        byName(this.candidates[a] as string, this.candidates[b] as string),
    );
    return order.map((c) => {
      const tool = this.candidates[c] as string;
      const li = this.candidateLabel[c] as number;
      const pl = li < 0 ? 0 : (ev.pL[li] as number);
      const cos = c < this.tools.length ? (ev.cos[c] as number) : 0;
      const why =
        tool === END_OF_PLAN
          ? `hybrid: DTDR-L end-of-plan p=${pl.toFixed(2)}`
          : this.seenMask[c]
            ? `hybrid: DTDR-L p=${pl.toFixed(2)}, query similarity ${cos.toFixed(2)}, trust ${lambda.toFixed(2)}`
            : `hybrid: not in training plans, query similarity ${cos.toFixed(2)}`;
      return { tool, score: scores[c] as number, why };
    });
  }
}

/** True when candidate a ranks before b: higher score, or the same score and an earlier name. */
function ahead(scores: Float64Array, names: readonly string[], a: number, b: number): boolean {
  const sa = scores[a] as number;
  const sb = scores[b] as number;
  return sa > sb || (sa === sb && (names[a] as string) < (names[b] as string));
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return v;
  const inv = 1 / Math.sqrt(n);
  return v.map((x) => x * inv);
}
