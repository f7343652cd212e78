import { numberOfWords } from '../util/number-words';
import type { ZeroShotEvidence } from './zero-shot-scores';

/**
 * Late fusion of the zero-shot parts (issue 17, fourth pass): one linear score per catalogue tool over
 * features every catalogue has without a single plan — BM25, TF-IDF cosine and embedding cosine of the whole
 * request and of its uncovered rest (after calls), their reciprocal ranks, the history (called, last called,
 * weighted by how much of the request is left), and the schema prior "consumes what the last call returned"
 * (`io-prior.ts`) — plus a stop score for END_OF_PLAN. The weights are fitted on *other* datasets' plans
 * (`fitZeroShotFusion`, a listwise softmax; scripts/fit-zero-shot-fusion.ts), so what transfers is how
 * much each kind of evidence is worth, never which words mean which tool.
 *
 * Fifth pass (issue 17): three cues for the step after a call and a second lexical view. `simLast`, the
 * TF-IDF likeness of a tool's text to the last called tool's (the next call is often its sibling in the
 * same API: weight +3.5 … +4.2 on every fold); `lastCount` / `lastList`, the last tool while the request names
 * or lists more items than it was called for (`enumeratedItems`: "holidays in Japan and Germany", "three
 * jokes"); BM25 / TF-IDF over name + description alone (`plain-text-scores.ts`). Leave-one-dataset-out
 * MRR w/o end 0.601 → 0.626 (lexical), 0.604 → 0.628 (encoder); toolalpaca −0.051 → −0.019 against BM25,
 * inside the 95 % interval (BENCHMARKS.md).
 *
 * Sixth pass (issue 17): `translation`, the request's score under a word-association model learned on other
 * catalogues' (request, gold tool) pairs (`translation-model.ts`, Berger & Lafferty 1999 with IBM Model 1),
 * per request word: it links a request word to different tool words ("find" → "search"), which BM25 and
 * TF-IDF cannot, at the first step where the history adds nothing. Validation (the held-out datasets' train plans, 8 datasets, development
 * harness) MRR w/o end 0.610 → 0.622, first step 0.635 → 0.650; leave-one-dataset-out test plans 0.626 →
 * 0.635 (lexical), first step 0.651 → 0.660 (BENCHMARKS.md).
 */
export const FUSION_FEATURES = [
  'bm25',
  'tfidf',
  'cos',
  'residualBm25',
  'residualTfidf',
  'residualCos',
  'called',
  'last',
  'calledCue',
  'calledWeakRest',
  'io',
  'ioEarlier',
  'rrBm25',
  'rrTfidf',
  'rrCos',
  'tfidfRaw',
  'residualTfidfRaw',
  'laterBm25',
  'laterTfidf',
  'laterCos',
  'residualBm25Strong',
  // Equal to residualTfidfRaw (max-normalised residual × its max): redundant, kept so the fitted and
  // measured weights stay as they are; the L2 term splits the weight between the two.
  'residualTfidfStrong',
  // Fifth pass (issue 17): the catalogue's own tool-to-tool likeness and the request's count of items.
  'simLast',
  'lastCount',
  'lastList',
  // The request against name + description alone (`plain-text-scores.ts`), beside the detailed texts.
  'bm25Plain',
  'tfidfPlain',
  'rrPlain',
  // Sixth pass (issue 17): a word-association model learned on other catalogues (`translation-model.ts`).
  'translation',
] as const;
export type FusionFeature = (typeof FUSION_FEATURES)[number];
export const FEATURE_COUNT = FUSION_FEATURES.length;

/** END_OF_PLAN's features (after a call; END is never ranked before one). */
export const END_FEATURES = ['bias', 'cover', 'restStrength', 'cue', 'logSteps', 'calledTfidf'] as const;
export const END_FEATURE_COUNT = END_FEATURES.length;

/** Features that exist only for called tools: END's score takes the best called tool's score without them. */
const CALLED_TERMS: readonly number[] = (
  ['called', 'last', 'calledCue', 'calledWeakRest', 'lastCount', 'lastList'] as const
).map((f) => FUSION_FEATURES.indexOf(f));
const CALLED = FUSION_FEATURES.indexOf('called');

export interface FusionWeights {
  /** One weight per `FUSION_FEATURES`. */
  tool: number[];
  /** One weight per `END_FEATURES`; null = END is never ranked (the tool ranking alone). */
  end: number[] | null;
}

/** Reciprocal-rank scale: k / (k + rank), rank 1 = best (so the top tool gets k/(k+1) ≈ 1 with k = 10). */
const RR_K = 10;

/**
 * How much the request enumerates, capped at 3, over 3: its commas, semicolons and "and"s, numbers and
 * number words, and words that ask for several of a kind ("each", "both", "respectively", "different") —
 * a request that lists several things ("weather in Paris, Rome and Oslo", "find me 3 jokes") is more
 * likely to call a tool again (toolalpaca, bfcl).
 */
export function enumerationCue(query: string): number {
  const marks = query.match(ENUMERATION) ?? [];
  return Math.min(3, marks.length) / 3;
}
const ENUMERATION =
  /,|;|\band\b|\b\d+\b|\b(two|three|four|five|six|seven|eight|nine|ten|each|both|respectively|several|multiple|different|various|every)\b/gi;

/**
 * How many things of a kind the request asks for, read from its words alone: `list` = 1 + its separators
 * (commas, semicolons, "and", "&", "then", "also", "as well as", "vs", "versus"; at most 5), `named` = the
 * largest count it names in words ("two" … "ten", "both", "couple", "pair" = 2; 0 when none). A request
 * with more items than calls of the last tool so far ("holidays in Japan and Germany" after one holiday
 * call, "find me three jokes" after two) is likely to call that tool again (features `lastList`,
 * `lastCount`). Digits are not counts here ("at 5 pm", "5 Tesla").
 */
export function enumeratedItems(query: string): { list: number; named: number } {
  const separators = query.match(SEPARATORS)?.length ?? 0;
  let named = 0;
  for (const m of query.matchAll(COUNT_WORDS))
    named = Math.max(named, PAIRS[(m[1] as string).toLowerCase()] ?? numberOfWords(m[1] as string) ?? 0);
  return { list: 1 + Math.min(4, separators), named };
}
const SEPARATORS = /,|;|\band\b|&|\bthen\b|\balso\b|\bas well as\b|\bvs\.?\b|\bversus\b/gi;
const COUNT_WORDS = /\b(two|three|four|five|six|seven|eight|nine|ten|both|couple|pair)\b/gi;
/** Words for two that are no numbers; the numbers themselves are `numberOfWords`'. */
const PAIRS: Record<string, number> = { both: 2, couple: 2, pair: 2 };

/** k/(k + rank) of each tool with a positive score, 0 elsewhere (ties broken by index, as a sort would). */
export function reciprocalRanks(x: ArrayLike<number>, k = RR_K): Float32Array {
  const idx = Array.from({ length: x.length }, (_, i) => i).filter((i) => (x[i] as number) > 0);
  idx.sort((a, b) => (x[b] as number) - (x[a] as number) || a - b);
  const out = new Float32Array(x.length);
  idx.forEach((i, r) => (out[i] = k / (k + r + 1)));
  return out;
}

/** Everything the features read for one (request, history) point besides the scorer's evidence. */
export interface FusionPoint {
  ev: ZeroShotEvidence;
  /** Max-normalised cosine of the uncovered rest of the request (zeros before a call). */
  residualCos: ArrayLike<number>;
  /** Reciprocal ranks of the whole request's BM25, TF-IDF and cosine (`reciprocalRanks`). */
  rr: { bm25: ArrayLike<number>; tfidf: ArrayLike<number>; cos: ArrayLike<number> };
  called: ReadonlySet<number>;
  last: number | undefined;
  /** io(t): how much of t's inputs the last call's outputs fill; ioEarlier: best over earlier calls. */
  io: ArrayLike<number>;
  ioEarlier: ArrayLike<number>;
  cue: number;
  steps: number;
  /** Best raw TF-IDF cosine of the uncovered rest (0 before a call): how much of the request is left. */
  restStrength: number;
  /** TF-IDF cosine of each tool's text with the last called tool's (zeros before a call). */
  simLast: ArrayLike<number>;
  /** How many times the history holds the last called tool (0 before a call). */
  lastCalls: number;
  /** `enumeratedItems` of the request. */
  items: { list: number; named: number };
  /** BM25, TF-IDF and BM25's reciprocal ranks over name + description only (`PlainTextScorer`). */
  plain: { bm25: ArrayLike<number>; tfidf: ArrayLike<number>; rrBm25: ArrayLike<number> };
  /** The request's translation-model score per request word (`translationEvidence`); zeros: no model. */
  translation: ArrayLike<number>;
}

/** Best raw residual TF-IDF cosine: `FusionPoint.restStrength`. */
export function restStrengthOf(ev: ZeroShotEvidence): number {
  let m = 0;
  for (const v of ev.residualTfidfRaw) if (v > m) m = v;
  return m;
}

/** The feature row of tool t (FUSION_FEATURES order) written into out[offset..]. */
export function featureRow(p: FusionPoint, t: number, out: Float32Array | Float64Array, offset = 0): void {
  // Written field by field (no temporary array): the app scores every catalogue tool at every step.
  const ev = p.ev;
  const later = p.called.size > 0 ? 1 : 0;
  const rest = later * p.restStrength;
  const isCalled = p.called.has(t) ? 1 : 0;
  const rb = later * (ev.residual[t] as number);
  const rt = later * (ev.residualTfidf[t] as number);
  const b = ev.bm25[t] as number;
  const tf = ev.tfidf[t] as number;
  const c = ev.cos[t] as number;
  let i = offset;
  out[i++] = b;
  out[i++] = tf;
  out[i++] = c;
  out[i++] = rb;
  out[i++] = rt;
  out[i++] = later * (p.residualCos[t] as number);
  out[i++] = isCalled;
  out[i++] = t === p.last ? 1 : 0;
  out[i++] = isCalled * p.cue;
  out[i++] = isCalled * (1 - rest);
  out[i++] = p.io[t] as number;
  out[i++] = p.ioEarlier[t] as number;
  out[i++] = p.rr.bm25[t] as number;
  out[i++] = p.rr.tfidf[t] as number;
  out[i++] = p.rr.cos[t] as number;
  out[i++] = ev.tfidfRaw[t] as number;
  out[i++] = later * (ev.residualTfidfRaw[t] as number);
  out[i++] = later * b;
  out[i++] = later * tf;
  out[i++] = later * c;
  out[i++] = rb * rest;
  out[i++] = rt * rest;
  // The next tool is often a sibling of the last one (same API or family: fit weight > 0 on every fold),
  // which the residual, blind to what was just called, does not see. Called tools get 0.
  out[i++] = isCalled ? 0 : (p.simLast[t] as number);
  const isLast = t === p.last ? 1 : 0;
  out[i++] = isLast * (p.items.named > p.lastCalls ? 1 : 0);
  out[i++] = isLast * (p.items.list > p.lastCalls ? 1 : 0);
  out[i++] = p.plain.bm25[t] as number;
  out[i++] = p.plain.tfidf[t] as number;
  out[i++] = p.plain.rrBm25[t] as number;
  out[i++] = p.translation[t] as number;
}

/** END's feature row (END_FEATURES order). */
export function endRow(p: FusionPoint): Float32Array {
  let calledTfidf = 0;
  for (const c of p.called) calledTfidf = Math.max(calledTfidf, p.ev.tfidfRaw[c] ?? 0);
  return Float32Array.of(1, p.ev.cover, p.restStrength, p.cue, Math.log(1 + p.steps), calledTfidf);
}

/** w · x for each of the m rows of x (row-major, FEATURE_COUNT wide). */
export function linearScores(w: ArrayLike<number>, x: ArrayLike<number>, m: number, out: Float64Array): void {
  for (let j = 0; j < m; j++) {
    let v = 0;
    for (let f = 0; f < FEATURE_COUNT; f++) v += (w[f] as number) * (x[j * FEATURE_COUNT + f] as number);
    out[j] = v;
  }
}

/**
 * END's score: the best called tool's score without its called-only terms (how well the request is served
 * by what was done), plus e · endRow. −∞ when no row is a called tool. Returns the row it took (−1: none).
 */
export function endScore(
  w: ArrayLike<number>,
  e: ArrayLike<number>,
  x: ArrayLike<number>,
  scores: ArrayLike<number>,
  m: number,
  end: ArrayLike<number>,
): { score: number; row: number } {
  let best = -Infinity;
  let row = -1;
  for (let j = 0; j < m; j++) {
    if ((x[j * FEATURE_COUNT + CALLED] as number) <= 0) continue;
    let r = scores[j] as number;
    for (const f of CALLED_TERMS) r -= (w[f] as number) * (x[j * FEATURE_COUNT + f] as number);
    if (r > best) [best, row] = [r, j];
  }
  if (row < 0) return { score: -Infinity, row };
  let v = best;
  for (let f = 0; f < END_FEATURE_COUNT; f++) v += (e[f] as number) * (end[f] as number);
  return { score: v, row };
}

/** One training point: candidate rows, which are acceptable next tools, or END (`isEnd`). */
export interface FusionExample {
  /** [m × FEATURE_COUNT] rows of the candidates (a top-k shortlist plus every acceptable and called tool). */
  x: Float32Array;
  m: number;
  acceptable: Uint8Array;
  isEnd: boolean;
  end: Float32Array;
  /** Catalogue index of each row and the request, so a column can be recomputed (`setTranslationColumns`). */
  tools?: Int32Array;
  query?: string;
}

const TRANSLATION = FUSION_FEATURES.indexOf('translation');

/**
 * Rewrites the translation feature of every row from `translate(query)` (a model that did not see the
 * examples' dataset, scripts/translation-data.ts; an empty array writes 0): the fusion's other features do
 * not depend on the model, so a leave-one-out fold recomputes this one column instead of every point.
 */
export function setTranslationColumns(
  examples: readonly FusionExample[],
  translate: (query: string) => FusionPoint['translation'],
): void {
  for (const ex of examples) {
    if (!ex.tools || ex.query === undefined) continue;
    const tr = translate(ex.query);
    for (let j = 0; j < ex.m; j++) {
      const t = ex.tools[j] as number;
      ex.x[j * FEATURE_COUNT + TRANSLATION] = tr[t] ?? 0;
    }
  }
}

export interface FusionFitOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  /** Fit END's weights (second stage, tool weights frozen); false = END never ranked. */
  fitEnd: boolean;
  /** Weight of END points in END's stage: below 1 trades stop accuracy for the next-tool ranking. */
  endWeight: number;
  /** Tool weights to keep (only END's stage is fitted); absent = fit them first. */
  toolWeights?: readonly number[];
}

export const FUSION_FIT_DEFAULTS: FusionFitOptions = {
  epochs: 150,
  learningRate: 0.05,
  l2: 1e-4,
  fitEnd: true,
  endWeight: 1,
};

/**
 * Fits the fusion weights by a listwise softmax (ListNet-style top-one cross-entropy, Cao et al. 2007):
 * per point, −log Σ_{acceptable} e^{s} / Σ_{all} e^{s}, each group (dataset) weighted equally whatever
 * its size, full-batch Adam from BM25 + TF-IDF = 1 — deterministic, so the same groups give the same bytes.
 * Two stages: the tool weights on the points that are not END (the ranking MRR w/o end counts), then with
 * them frozen END's weights on every point after a call. Returns the weights and the final losses.
 */
export function fitZeroShotFusion(
  groups: readonly (readonly FusionExample[])[],
  options: Partial<FusionFitOptions> = {},
): FusionWeights & { toolLoss: number; endLoss: number } {
  const o = { ...FUSION_FIT_DEFAULTS, ...options };
  const w = new Float64Array(FEATURE_COUNT);
  w[FUSION_FEATURES.indexOf('bm25')] = 1;
  w[FUSION_FEATURES.indexOf('tfidf')] = 1;
  if (o.toolWeights) w.set(o.toolWeights);
  const toolLoss = o.toolWeights
    ? NaN
    : adam(w, o, (g) => lossAndGradient(groups, w, null, g, null, o.endWeight));
  if (!o.fitEnd) return { tool: [...w], end: null, toolLoss, endLoss: NaN };
  const e = new Float64Array(END_FEATURE_COUNT);
  const endLoss = adam(e, o, (g) => lossAndGradient(groups, w, e, null, g, o.endWeight));
  return { tool: [...w], end: [...e], toolLoss, endLoss };
}

function adam(theta: Float64Array, o: FusionFitOptions, lossGrad: (g: Float64Array) => number): number {
  const m1 = new Float64Array(theta.length);
  const m2 = new Float64Array(theta.length);
  let loss = NaN;
  for (let ep = 1; ep <= o.epochs; ep++) {
    const g = new Float64Array(theta.length);
    loss = lossGrad(g);
    for (let i = 0; i < theta.length; i++) {
      const gi = (g[i] as number) + o.l2 * (theta[i] as number);
      m1[i] = 0.9 * (m1[i] as number) + 0.1 * gi;
      m2[i] = 0.999 * (m2[i] as number) + 0.001 * gi * gi;
      const mh = (m1[i] as number) / (1 - 0.9 ** ep);
      const vh = (m2[i] as number) / (1 - 0.999 ** ep);
      theta[i] = (theta[i] as number) - (o.learningRate * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return loss;
}

/**
 * Mean listwise loss over groups and its gradient: into gw (tool weights; END absent, END points skipped)
 * or into ge (END weights; only points after a call, END a candidate, tool weights fixed).
 */
function lossAndGradient(
  groups: readonly (readonly FusionExample[])[],
  w: Float64Array,
  e: Float64Array | null,
  gw: Float64Array | null,
  ge: Float64Array | null,
  endWeight: number,
): number {
  let loss = 0;
  let s = new Float64Array(64);
  let p = new Float64Array(64);
  for (const pts of groups) {
    const gWeight = 1 / Math.max(1, pts.length) / groups.length;
    for (const pt of pts) {
      const m = pt.m;
      if (s.length < m) [s, p] = [new Float64Array(m), new Float64Array(m)];
      linearScores(w, pt.x, m, s);
      let endS = -Infinity;
      if (e) {
        endS = endScore(w, e, pt.x, s, m, pt.end).score;
        if (endS === -Infinity) continue;
      } else if (pt.isEnd) continue;
      const pw = gWeight * (pt.isEnd ? endWeight : 1);
      let mx = endS;
      for (let j = 0; j < m; j++) mx = Math.max(mx, s[j] as number);
      let zAll = 0;
      let zOk = 0;
      for (let j = 0; j < m; j++) {
        const q = Math.exp((s[j] as number) - mx);
        p[j] = q;
        zAll += q;
        if (!pt.isEnd && pt.acceptable[j]) zOk += q;
      }
      const qEnd = endS === -Infinity ? 0 : Math.exp(endS - mx);
      zAll += qEnd;
      if (pt.isEnd) zOk += qEnd;
      if (zOk === 0) continue;
      loss += pw * (Math.log(zAll) - Math.log(zOk));
      if (gw) {
        for (let j = 0; j < m; j++) {
          const c = (p[j] as number) / zAll - (pt.acceptable[j] ? (p[j] as number) / zOk : 0);
          if (c === 0) continue;
          for (let f = 0; f < FEATURE_COUNT; f++)
            gw[f] = (gw[f] as number) + pw * c * (pt.x[j * FEATURE_COUNT + f] as number);
        }
      }
      if (ge) {
        const c = qEnd / zAll - (pt.isEnd ? qEnd / zOk : 0);
        for (let f = 0; f < END_FEATURE_COUNT; f++)
          ge[f] = (ge[f] as number) + pw * c * (pt.end[f] as number);
      }
    }
  }
  return loss;
}
