import { cacheOf, type RetrieverContext } from './context';
import type { EmbeddingCache } from './embedding-cache';
import {
  END_OF_PLAN,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
  type ScoredTool,
} from './retriever';
import { ZeroShotScorer, type ZeroShotEvidence } from './zero-shot-scores';

/**
 * The hybrid's behaviour when nothing is familiar: a catalogue seen for the first time, no plan history.
 * Every constant here is fixed in advance, none is fitted to a dataset's plans, because plan statistics
 * (length, order, which words mean which tool) do not transfer to a new catalogue:
 *
 *   fusion:  'rrf'   u(t) = 1/(k + rank_bm25(t)) + 1/(k + rank_cos(t)), max-normalised (Cormack et al. 2009:
 *                    scale-free, so a cosine that spreads over [0.2, 0.8] and a BM25 that is 0 for most tools
 *                    fuse without a learnt weight; a tool with no BM25 word gets no BM25 term);
 *           'score' u(t) = ½·bm25(t) + ½·cos(t), each max-normalised (zero-shot-scores.ts).
 *   after calls: the BM25 part is (1 − ω)·bm25 + ω·residual (the request's words no called tool covers, what
 *           is left to do), called tools are scaled by ρ (default 1: a tool may be called again, bfcl).
 *   stop:   END_OF_PLAN never ranks first before any call; after one, its score is θ + δ with δ = best u among
 *           called tools − best among the others (whole request): when the request's best match is done,
 *           stopping moves up. θ puts END among the tools by how sure that is.
 */
export interface ZeroShotHybridOptions {
  fusion: 'rrf' | 'score';
  rrfK: number;
  /** Weight of BM25 in the score fusion (the cosine gets the rest). */
  bm25Weight: number;
  /**
   * Per request, move BM25's weight towards 1 as far as BM25 is sure: w = a + (1 − a)·(1 − s₂), s₂ = the
   * runner-up's max-normalised BM25 (a clear lexical winner keeps its rank; a crowd of near-ties is left
   * to the cosine). A property of the request and catalogue, not of any training plan.
   */
  adaptive: boolean;
  residualWeight: number;
  repeatFactor: number;
  endOffset: number;
}

export const ZERO_SHOT_HYBRID_DEFAULTS: ZeroShotHybridOptions = {
  fusion: 'score',
  rrfK: 10,
  bm25Weight: 0.5,
  adaptive: false,
  residualWeight: 0.5,
  // Leave-one-dataset-out, 0.5 cost bfcl and toolalpaca (a tool is often called again) 0.05–0.10 of MRR
  // w/o end; the residual already moves the lexical weight off the words a called tool covers.
  repeatFactor: 1,
  endOffset: 0.5,
};

export class ZeroShotHybrid implements Retriever {
  readonly id = 'zeroShotHybrid';
  readonly learnsFromTraces = false;
  private readonly cache: EmbeddingCache;
  private readonly scorer: ZeroShotScorer;
  private readonly names: string[];
  private readonly index: Map<string, number>;
  readonly options: ZeroShotHybridOptions;

  constructor(ctx: RetrieverContext, options: Partial<ZeroShotHybridOptions> = {}) {
    this.cache = cacheOf(ctx);
    this.scorer = new ZeroShotScorer(ctx.catalogue, this.cache);
    this.names = ctx.catalogue.map((t) => t.name);
    this.index = new Map(this.names.map((n, i) => [n, i]));
    this.options = { ...ZERO_SHOT_HYBRID_DEFAULTS, ...options };
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    return [q.query];
  }

  /** Embeds the catalogue; the training plans are not used. */
  async fit(_train?: RetrievalTask[]): Promise<void> {
    await this.scorer.prepare();
  }

  /** Fused zero-shot score of every catalogue tool (whole request, or with the residual after calls). */
  fused(ev: ZeroShotEvidence, withResidual: boolean): Float64Array {
    const o = this.options;
    const n = this.names.length;
    const w = withResidual && ev.residual !== ev.bm25 ? o.residualWeight : 0;
    const lex = new Float64Array(n);
    for (let t = 0; t < n; t++) lex[t] = (1 - w) * (ev.bm25[t] as number) + w * (ev.residual[t] as number);
    const u = new Float64Array(n);
    if (o.fusion === 'score') {
      let a = o.bm25Weight;
      if (o.adaptive) {
        let s1 = 0;
        let s2 = 0;
        for (let t = 0; t < n; t++) {
          const b = ev.bm25[t] as number;
          if (b > s1) [s1, s2] = [b, s1];
          else if (b > s2) s2 = b;
        }
        a += (1 - a) * (s1 > 0 ? 1 - s2 / s1 : 0);
      }
      for (let t = 0; t < n; t++) u[t] = a * (lex[t] as number) + (1 - a) * (ev.cos[t] as number);
    } else {
      addRrf(u, lex, o.rrfK);
      addRrf(u, ev.cos, o.rrfK);
    }
    let max = 0;
    for (const x of u) max = Math.max(max, x);
    if (max > 0) for (let t = 0; t < n; t++) u[t] = (u[t] as number) / max;
    return u;
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    const called = new Set<number>();
    for (const h of q.history) {
      const i = this.index.get(h);
      if (i !== undefined) called.add(i);
    }
    const ev = this.scorer.scores(q.query, called);
    const whole = this.fused(ev, false);
    const u = called.size > 0 ? this.fused(ev, true) : whole;
    const n = this.names.length;
    const scores = new Float64Array(n + 1);
    let maxCalled = -Infinity;
    let maxOther = -Infinity;
    for (let t = 0; t < n; t++) {
      scores[t] = (u[t] as number) * (called.has(t) ? this.options.repeatFactor : 1);
      if (called.has(t)) maxCalled = Math.max(maxCalled, whole[t] as number);
      else maxOther = Math.max(maxOther, whole[t] as number);
    }
    // Before any call END is last; a tool call is always needed first.
    const delta = maxCalled > -Infinity && maxOther > -Infinity ? maxCalled - maxOther : 0;
    scores[n] = q.history.length === 0 ? -Infinity : this.options.endOffset + delta;
    const order = [...scores.keys()].sort((a, b) => {
      const d = (scores[b] as number) - (scores[a] as number);
      if (d !== 0) return d;
      // Ties: a tool before END (stopping early leaves the task undone), then by name.
      if (a === n || b === n) return a === n ? 1 : -1;
      const [x, y] = [this.names[a] as string, this.names[b] as string];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return order.map((i) => {
      if (i === n)
        return {
          tool: END_OF_PLAN,
          score: scores[i] as number,
          why: `zero-shot stop, coverage ${delta.toFixed(2)}`,
        };
      const s = scores[i] as number;
      return { tool: this.names[i] as string, score: s, why: `zero-shot: words + encoder ${s.toFixed(2)}` };
    });
  }
}

/** Adds 1/(k + rank) of each tool with a positive score (rank 1 = best; ties share the better rank). */
function addRrf(out: Float64Array, x: ArrayLike<number>, k: number): void {
  const idx = Array.from({ length: x.length }, (_, i) => i).filter((i) => (x[i] as number) > 0);
  idx.sort((a, b) => (x[b] as number) - (x[a] as number) || a - b);
  let rank = 0;
  let prev = Number.NaN;
  idx.forEach((i, pos) => {
    if (x[i] !== prev) rank = pos + 1;
    prev = x[i] as number;
    out[i] = (out[i] as number) + 1 / (k + rank);
  });
}
