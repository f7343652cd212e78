import { toolText } from './candidates';
import { cacheOf, type RetrieverContext } from './context';
import type { EmbeddingCache } from './embedding-cache';
import {
  END_OF_PLAN,
  type CandidateTool,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
  type ScoredTool,
} from './retriever';
import { PlainTextScorer } from './plain-text-scores';
import { detailedToolText } from './tool-details';
import { ioMatchWords, splitKeys } from './io-prior';
import {
  endRow,
  endScore,
  enumerationCue,
  enumeratedItems,
  FEATURE_COUNT,
  featureRow,
  linearScores,
  reciprocalRanks,
  restStrengthOf,
  type FusionPoint,
  type FusionWeights,
} from './zero-shot-fusion';
import { SHIPPED_FUSION_WEIGHTS } from './zero-shot-fusion-weights';
import { shippedTranslationModel } from './shipped-translation';
import {
  TranslationScorer,
  translationEvidence,
  translationTokens,
  type TranslationModel,
} from './translation-model';
import { ZeroShotScorer, type ZeroShotEvidence } from './zero-shot-scores';

/**
 * The hybrid's behaviour when nothing is familiar: a catalogue seen for the first time, no plan history.
 *
 * Default since issue 17's fourth pass, `fusion: 'learned'`: a linear late fusion (`zero-shot-fusion.ts`)
 * of BM25, TF-IDF cosine (`tfidf.ts`) and the embedder's cosine — of the whole request and of its rest
 * after calls — their reciprocal ranks, the history (called / last called) and the schema prior "consumes
 * what the last call returned" (`io-prior.ts`), with END_OF_PLAN at its own stop score but never first
 * (`endFloor` 2). The weights are fitted on other datasets' train plans (`fitZeroShotFusion`; shipped:
 * every shared dataset's, `zero-shot-fusion-weights.ts`), never on the catalogue being ranked: what
 * transfers is how much each kind of evidence is worth, not which words mean which tool. Leave-one-
 * dataset-out (scripts/eval-encoder-lodo.ts, each fold fitted without the held-out dataset), validation on
 * the held-out datasets' train plans (8 datasets, lexical; MRR / MRR w/o end / recall@5): third pass
 * 0.495 / 0.579 / 0.669, learned fusion 0.552 / 0.591 / 0.760 (END anywhere 0.630 / 0.530 / 0.760; never
 * ranked 0.420 / 0.606 / 0.477). Fifth pass: + likeness to the last called tool, the request's count of
 * items, and name + description alone as a second lexical view (zero-shot-fusion.ts): validation (the
 * held-out datasets' train plans) 0.592 → 0.610 MRR w/o end in the development harness.
 * Sixth pass: + `translation`, a word-association table learned on the shared datasets (IBM Model 1,
 * `translation-model.ts`; shipped as models/translation-table.json, loaded by `fit`): leave-one-dataset-out
 * MRR w/o end 0.626 → 0.635 (lexical), first step 0.651 → 0.660. Test figures: BENCHMARKS.md, "Tool retrieval encoder
 * (zero-shot)".
 *
 * The third pass's fixed fusions ('score', 'rrf') stay selectable; their constants are fixed in advance,
 * none fitted to a dataset's plans:
 *
 *   text:    name words + description + the schema's parameter names and descriptions (`tool-details.ts`).
 *   fusion:  'score' u(t) = w·bm25(t) + (1 − w)·cos(t), each max-normalised (zero-shot-scores.ts);
 *            'rrf'   u(t) = 1/(k + rank_bm25(t)) + 1/(k + rank_cos(t)) (Cormack et al. 2009).
 *   after calls: the BM25 part is (1 − ω)·bm25 + ω·residual (the request's words no called tool covers, what
 *            is left to do); called tools are scaled by ρ (default 1: a tool may be called again, bfcl).
 *   anchor:  after a call the ranking is fused once more, by reciprocal rank, with BM25's whole-request
 *            ranking (weight β): the residual may lift the rest of the request's tool, but a tool the request
 *            names twice ("holidays in Japan and Germany") is not pushed far from where BM25 keeps it.
 *   stop:    END_OF_PLAN never ranks before any call. 'afterCalled' (default): END ranks just below the best
 *            called tool — a rank, not a score, so no threshold to transfer: a done request has END second
 *            (after the tool it just called), a repeated call keeps that tool first, and the rest of the
 *            request's tool, lifted by the residual, stays above both. 'score' (the first pass):
 *            END = θ + δ, δ = best whole-request u among called tools − best among the others.
 *
 * Why these (issue 17, third pass; chosen on the datasets' *train* splits, lexical embedder, then judged
 * leave-one-dataset-out on the test splits, scripts/eval-encoder-lodo.ts). Train splits of the seven datasets
 * with multi-step plans, MRR / MRR w/o end / recall@5: first pass (score stop, no anchor, fixed w = ½)
 * 0.459 / 0.564 / 0.568; 'afterCalled' 0.483 / 0.560 / 0.664; + β = ½ 0.486 / 0.562 / 0.672 (β raised
 * ultratool / ultratool_graph / api_bank, where tools are called again, and cost seal_tools); + the adaptive
 * BM25 weight 0.488 / 0.573 / 0.666 (shipped). Figures: BENCHMARKS.md, "Tool retrieval encoder (zero-shot)".
 */
export interface ZeroShotHybridOptions {
  /** Index and embed each tool with its schema details (`CandidateTool.details`) when it has them. */
  details: boolean;
  /**
   * 'learned' (default): the linear late fusion of `zero-shot-fusion.ts` with `weights` (fitted on other
   * datasets' plans; ranks END by its own stop score). 'score' / 'rrf': the third pass's fixed fusions below
   * (residual, anchor and stop options apply to them only).
   */
  fusion: 'rrf' | 'score' | 'learned';
  /** The learned fusion's weights (default: fitted on every shared dataset's train split). */
  weights: FusionWeights;
  /**
   * The word-association model of the learned fusion's `translation` feature (`translation-model.ts`):
   * 'shipped' (default) = models/translation-table.json, loaded by `fit`; null = none (the feature is 0).
   */
  translation: TranslationModel | 'shipped' | null;
  /** The learned fusion never ranks END above this place (1 = anywhere; 2 = never first). */
  endFloor: number;
  /**
   * The learned fusion keeps the last called tool at this place or better (0 = off): a request that lists
   * several things calls a tool again (toolalpaca: 55 % of the later steps), which the fit, pooled over
   * datasets that rarely repeat, under-weights. Tried with 3, not shipped: no change on validation
   * (MRR w/o end 0.590 vs 0.591) nor on the test plans (toolalpaca 0.737 vs 0.730, lexical).
   */
  repeatCeiling: number;
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
  /** β: weight of BM25's whole-request ranking in the reciprocal-rank fusion after a call (0 = off). */
  bm25Anchor: number;
  stop: 'score' | 'afterCalled';
  /** θ of the 'score' stop rule. */
  endOffset: number;
}

export const ZERO_SHOT_HYBRID_DEFAULTS: ZeroShotHybridOptions = {
  details: true,
  fusion: 'learned',
  weights: SHIPPED_FUSION_WEIGHTS,
  translation: 'shipped',
  endFloor: 2,
  repeatCeiling: 0,
  rrfK: 10,
  bm25Weight: 0.5,
  // Train splits (lexical): MRR w/o end 0.562 → 0.573, MRR 0.486 → 0.488 (see above).
  adaptive: true,
  residualWeight: 0.5,
  // Leave-one-dataset-out, 0.5 cost bfcl and toolalpaca (a tool is often called again) 0.05–0.10 of MRR
  // w/o end; the residual already moves the lexical weight off the words a called tool covers.
  repeatFactor: 1,
  bm25Anchor: 0.5,
  stop: 'afterCalled',
  endOffset: 0.5,
};

export class ZeroShotHybrid implements Retriever {
  readonly id = 'zeroShotHybrid';
  readonly learnsFromTraces = false;
  private readonly cache: EmbeddingCache;
  private readonly scorer: ZeroShotScorer;
  private readonly plain: PlainTextScorer;
  private readonly names: string[];
  private readonly index: Map<string, number>;
  private readonly catalogue: readonly CandidateTool[];
  private readonly ioMemo = new Map<number, Float32Array>();
  private readonly simMemo = new Map<number, Float64Array>();
  private readonly nameOrder: Int32Array;
  /** Each tool's inputs as word lists, split on first use. */
  private inputWords: string[][][] | undefined;
  private rrMemo: { query: string; rr: FusionPoint['rr'] } | undefined;
  private translator: TranslationScorer | undefined;
  private trMemo: { query: string; tr: FusionPoint['translation'] } | undefined;
  readonly options: ZeroShotHybridOptions;

  constructor(ctx: RetrieverContext, options: Partial<ZeroShotHybridOptions> = {}) {
    this.cache = cacheOf(ctx);
    this.options = { ...ZERO_SHOT_HYBRID_DEFAULTS, ...options };
    this.scorer = new ZeroShotScorer(
      ctx.catalogue,
      this.cache,
      this.options.details ? detailedToolText : toolText,
    );
    this.plain = new PlainTextScorer(ctx.catalogue);
    this.catalogue = ctx.catalogue;
    this.names = ctx.catalogue.map((t) => t.name);
    const sorted = this.names
      .map((_, i) => i)
      .sort((a, b) => {
        const [x, y] = [this.names[a] as string, this.names[b] as string];
        return x < y ? -1 : x > y ? 1 : 0;
      });
    this.nameOrder = new Int32Array(this.names.length);
    sorted.forEach((i, r) => (this.nameOrder[i] = r));
    this.index = new Map(this.names.map((n, i) => [n, i]));
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    if (this.options.fusion !== 'learned') return [q.query];
    const rest = this.scorer.residualText(q.query, this.calledOf(q.history));
    return rest === '' ? [q.query] : [q.query, rest];
  }

  private calledOf(history: readonly string[]): Set<number> {
    const called = new Set<number>();
    for (const h of history) {
      const i = this.index.get(h);
      if (i !== undefined) called.add(i);
    }
    return called;
  }

  /**
   * io(t) of every tool given the called tool `u`, memoised per u (a plan ranks several steps after the same
   * call); the memo is emptied past 256 entries so a 4,000-tool catalogue cannot grow it to n × n floats.
   */
  private ioAfter(u: number): Float32Array {
    let v = this.ioMemo.get(u);
    if (v) return v;
    if (this.ioMemo.size >= 256) this.ioMemo.clear();
    v = new Float32Array(this.names.length);
    const outs = splitKeys(this.catalogue[u]?.io?.outputs ?? []);
    if (outs.length > 0) {
      this.inputWords ??= this.catalogue.map((t) => splitKeys(t.io?.inputs ?? []));
      this.inputWords.forEach((inputs, i) => (v[i] = ioMatchWords(inputs, outs)));
    }
    this.ioMemo.set(u, v);
    return v;
  }

  /** TF-IDF likeness of every tool's text to tool u's, memoised per u like `ioAfter`. */
  private similarTo(u: number): Float64Array {
    let v = this.simMemo.get(u);
    if (v) return v;
    if (this.simMemo.size >= 256) this.simMemo.clear();
    v = this.scorer.toolSimilarities(u);
    this.simMemo.set(u, v);
    return v;
  }

  /** The request's translation-model score per request word (`translationEvidence`; zeros: no model). */
  private translationOf(query: string): FusionPoint['translation'] {
    if (this.trMemo?.query === query) return this.trMemo.tr;
    const tr = this.translator
      ? translationEvidence(this.translator, query)
      : new Float64Array(this.names.length);
    this.trMemo = { query, tr };
    return tr;
  }

  /**
   * Everything the learned fusion reads at one (request, history) point; the request's embedding and that
   * of its uncovered rest must be cached (`textsToEmbed`).
   */
  fusionPoint(q: RetrievalQuery): FusionPoint {
    const called = this.calledOf(q.history);
    const ev = this.scorer.scores(q.query, called);
    const n = this.names.length;
    if (this.rrMemo?.query !== q.query)
      this.rrMemo = {
        query: q.query,
        rr: {
          bm25: reciprocalRanks(ev.bm25),
          tfidf: reciprocalRanks(ev.tfidf),
          cos: reciprocalRanks(ev.cos),
        },
      };
    const lastName = q.history.at(-1);
    const last = lastName === undefined ? undefined : this.index.get(lastName);
    const none = new Float32Array(n);
    const io = last === undefined ? none : this.ioAfter(last);
    const ioEarlier = new Float32Array(n);
    for (const c of called) {
      if (c === last) continue;
      const v = this.ioAfter(c);
      for (let t = 0; t < n; t++) ioEarlier[t] = Math.max(ioEarlier[t] as number, v[t] as number);
    }
    return {
      ev,
      residualCos: called.size > 0 ? this.scorer.cosinesOf(ev.residualText) : none,
      rr: this.rrMemo.rr,
      called,
      last,
      io,
      ioEarlier,
      cue: enumerationCue(q.query),
      steps: q.history.length,
      restStrength: called.size > 0 ? restStrengthOf(ev) : 0,
      simLast: last === undefined ? none : this.similarTo(last),
      lastCalls: last === undefined ? 0 : q.history.filter((h) => h === lastName).length,
      items: enumeratedItems(q.query),
      plain: this.plain.scores(q.query),
      translation: this.translationOf(q.query),
    };
  }

  /** The learned fusion's ranking: w · features per tool, END at its stop score (never before a call). */
  private rankLearned(q: RetrievalQuery): ScoredTool[] {
    const p = this.fusionPoint(q);
    const n = this.names.length;
    const x = new Float32Array(n * FEATURE_COUNT);
    for (let t = 0; t < n; t++) featureRow(p, t, x, t * FEATURE_COUNT);
    const { tool, end } = this.options.weights;
    const scores = new Float64Array(n + 1);
    linearScores(tool, x, n, scores);
    scores[n] = end && q.history.length > 0 ? endScore(tool, end, x, scores, n, endRow(p)).score : -Infinity;
    const order = [...scores.keys()].sort(this.byScore(scores));
    const ceiling = this.options.repeatCeiling - 1;
    const lastAt = p.last === undefined ? -1 : order.indexOf(p.last);
    if (ceiling >= 0 && lastAt > ceiling) order.splice(ceiling, 0, ...order.splice(lastAt, 1));
    const at = order.indexOf(n);
    const floor = Math.min(order.length, this.options.endFloor) - 1;
    if (at >= 0 && at < floor) order.splice(floor, 0, ...order.splice(at, 1));
    return order.map((i) => {
      const s = scores[i] as number;
      if (i === n)
        return {
          tool: END_OF_PLAN,
          score: s,
          why: `zero-shot stop, request covered ${p.ev.cover.toFixed(2)}`,
        };
      const io =
        (p.io[i] as number) > 0
          ? `, takes ${(100 * (p.io[i] as number)).toFixed(0)} % of its inputs from the last call`
          : '';
      return {
        tool: this.names[i] as string,
        score: s,
        why: `zero-shot: words + encoder ${s.toFixed(2)}${io}`,
      };
    });
  }

  /** Embeds the catalogue and indexes it for the translation model; the training plans are not used. */
  async fit(_train?: RetrievalTask[]): Promise<void> {
    await this.scorer.prepare();
    const t = this.options.translation;
    const model =
      this.options.fusion !== 'learned' ? null : t === 'shipped' ? await shippedTranslationModel() : t;
    const textOf = this.options.details ? detailedToolText : toolText;
    this.translator = model
      ? new TranslationScorer(
          model,
          this.catalogue.map((c) => translationTokens(textOf(c))),
        )
      : undefined;
    this.trMemo = undefined;
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

  /** Descending score; ties: a tool before END (stopping early leaves the task undone), then by name. */
  private byScore(scores: Float64Array): (a: number, b: number) => number {
    const n = this.names.length;
    const byName = this.nameOrder;
    return (a, b) => {
      const d = (scores[b] as number) - (scores[a] as number);
      if (d !== 0) return d;
      if (a === n || b === n) return a === n ? 1 : -1;
      // Precomputed name order: thousands of tools tie at 0 in a large catalogue.
      return (byName[a] as number) - (byName[b] as number);
    };
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    if (this.options.fusion === 'learned') return this.rankLearned(q);
    const called = new Set<number>();
    for (const h of q.history) {
      const i = this.index.get(h);
      if (i !== undefined) called.add(i);
    }
    const ev = this.scorer.scores(q.query, called);
    const n = this.names.length;
    const whole = this.fused(ev, false);
    const u = called.size > 0 ? this.fused(ev, true) : whole;
    const scores = new Float64Array(n + 1);
    let maxCalled = -Infinity;
    let maxOther = -Infinity;
    let bestCalled = -Infinity;
    for (let t = 0; t < n; t++) {
      scores[t] = (u[t] as number) * (called.has(t) ? this.options.repeatFactor : 1);
      if (called.has(t)) {
        maxCalled = Math.max(maxCalled, whole[t] as number);
        bestCalled = Math.max(bestCalled, scores[t] as number);
      } else maxOther = Math.max(maxOther, whole[t] as number);
    }
    const delta = maxCalled > -Infinity && maxOther > -Infinity ? maxCalled - maxOther : 0;
    // Before any call END is last; a tool call is always needed first. 'afterCalled': END ties with the
    // best called tool, and a tool ranks before END on a tie.
    if (q.history.length === 0) scores[n] = -Infinity;
    else if (this.options.stop === 'afterCalled' && called.size > 0) scores[n] = bestCalled;
    else scores[n] = this.options.endOffset + delta;
    let order = [...scores.keys()].sort(this.byScore(scores));
    if (this.options.bm25Anchor > 0 && called.size > 0) {
      const anchored = anchorToBm25(order, ev.bm25, n, this.options.bm25Anchor, this.options.rrfK);
      order = [...anchored.keys()].sort(this.byScore(anchored));
      scores.set(anchored);
    }
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

/**
 * Reciprocal-rank fusion of the hybrid's ranking `order` (tools 0..n−1 and END = n; weight 1) with BM25's
 * ranking of the whole request (weight β): s(i) = 1/(k + r_h(i)) + β/(k + r_bm25(i)). A tool without any
 * BM25 word gets no BM25 term (as in `addRrf`); END, which BM25 cannot rank, gets its hybrid rank in both
 * so the anchor moves tools around END without moving END itself.
 */
export function anchorToBm25(
  order: readonly number[],
  bm25: ArrayLike<number>,
  n: number,
  beta: number,
  k: number,
): Float64Array {
  const s = new Float64Array(n + 1);
  order.forEach((i, r) => (s[i] = 1 / (k + r + 1)));
  const lex = new Float64Array(n);
  addRrf(lex, bm25, k);
  for (let t = 0; t < n; t++) s[t] = (s[t] as number) + beta * (lex[t] as number);
  const endRank = order.indexOf(n);
  if (endRank >= 0) s[n] = (1 + beta) / (k + endRank + 1);
  return s;
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
