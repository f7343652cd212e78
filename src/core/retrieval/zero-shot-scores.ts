import { Bm25Index, bm25Tokens } from './baselines/bm25';
import { TfIdfIndex } from './tfidf';
import { toolText } from './candidates';
import type { EmbeddingCache } from './embedding-cache';
import type { CandidateTool } from './retriever';

/**
 * Zero-shot evidence for every catalogue tool given a request: BM25 and the embedding cosine, each divided
 * by its best value for this request so both lie in [0, 1] with the top tool at 1 (raw BM25 grows with the
 * query's length and idf, cosines of the lexical embedder stay near 0.3; dividing by the max makes one
 * mixing weight and one temperature mean the same thing for every request).
 */
export interface ZeroShotEvidence {
  bm25: Float32Array;
  cos: Float32Array;
  /**
   * BM25 of the request's words that no called tool's text contains, max-normalised (all zeros before the
   * first call, or when the called tools cover every word): what the request still asks for. After
   * `GetUserToken` for "add a meeting … my username is … password …", it is the meeting part.
   */
  residual: Float32Array;
  /**
   * TF-IDF cosine of the whole request (`tfidf.ts`), raw (in [0, 1], comparable across requests and
   * catalogues: 0.6 means most of the request's weight is in that tool's text) and max-normalised.
   */
  tfidfRaw: Float64Array;
  tfidf: Float32Array;
  /** The same for the words no called tool covers (all zeros before the first call, or when all are). */
  residualTfidfRaw: Float64Array;
  residualTfidf: Float32Array;
  /** Share of the request's words some called tool's text contains (0 before the first call). */
  cover: number;
  /** The uncovered words, joined: the text whose embedding is the residual cosine ('' when none). */
  residualText: string;
}

/**
 * The zero-shot score of the hybrid: u(t) = α · ((1 − ω) · bm25(t) + ω · residual(t)) + (1 − α) · cos(t),
 * all max-normalised; before the first call (empty residual) ω is not applied.
 */
export function fuseZeroShot(
  ev: ZeroShotEvidence,
  alpha: number,
  out: Float64Array,
  omega = 0,
): Float64Array {
  const w = ev.residual === ev.bm25 ? 0 : omega;
  for (let t = 0; t < ev.bm25.length; t++) {
    const b = (1 - w) * (ev.bm25[t] as number) + w * (ev.residual[t] as number);
    out[t] = alpha * b + (1 - alpha) * (ev.cos[t] as number);
  }
  return out;
}

/**
 * BM25 and cosine of a request against a fixed catalogue. The catalogue is indexed and embedded once
 * (`prepare`); the scores of the last request are remembered, since a plan ranks the same request at
 * every step.
 */
export class ZeroShotScorer {
  private readonly bm25: Bm25Index;
  private readonly tfidfIndex: TfIdfIndex;
  /** Each catalogue tool's BM25 words, to tell which request words the called tools cover. */
  private readonly words: Set<string>[];
  /** Each catalogue tool's BM25 words in order, for tool-to-tool TF-IDF cosines (`toolSimilarities`). */
  private readonly docs: string[][];
  private matrix = new Float32Array(0);
  private last: { query: string; tokens: string[]; ev: ZeroShotEvidence } | undefined;

  constructor(
    private readonly tools: readonly CandidateTool[],
    private readonly cache: EmbeddingCache,
    /** The text a tool is indexed and embedded by (the zero-shot hybrid adds schema details). */
    private readonly textOf: (t: CandidateTool) => string = toolText,
  ) {
    const docs = tools.map((t) => bm25Tokens(textOf(t)));
    this.bm25 = new Bm25Index(docs);
    this.tfidfIndex = new TfIdfIndex(docs);
    this.words = docs.map((d) => new Set(d));
    this.docs = docs;
  }

  /**
   * TF-IDF cosine of tool u's text with every catalogue tool's (u itself 1 unless its text has no word):
   * how alike two tools are from the catalogue alone, no request needed.
   */
  toolSimilarities(u: number): Float64Array {
    return this.tfidfIndex.scores(this.docs[u] ?? []);
  }

  /** Embeds the catalogue's texts (name words and description, as QTS does). */
  async prepare(): Promise<void> {
    const texts = this.tools.map(this.textOf);
    await this.cache.warm(texts);
    const d = this.cache.embedder.dimension;
    this.matrix = new Float32Array(this.tools.length * d);
    texts.forEach((text, i) => this.matrix.set(unit(this.cache.get(text)), i * d));
    this.last = undefined;
  }

  /**
   * The request must be in the cache. `called`: catalogue indices of the tools called so far; without any,
   * `residual` is `bm25` itself.
   */
  scores(query: string, called: Iterable<number> = []): ZeroShotEvidence {
    if (this.last?.query !== query) {
      const tokens = bm25Tokens(query);
      const bm25 = maxNormalised(this.bm25.scores(tokens));
      const tfidfRaw = this.tfidfIndex.scores(tokens);
      const zeros = new Float32Array(this.tools.length);
      this.last = {
        query,
        tokens,
        ev: {
          bm25,
          cos: maxNormalised(this.cosines(query)),
          residual: bm25,
          tfidfRaw,
          tfidf: maxNormalised(tfidfRaw),
          residualTfidfRaw: new Float64Array(this.tools.length),
          residualTfidf: zeros,
          cover: 0,
          residualText: '',
        },
      };
    }
    const { tokens, ev } = this.last;
    const rest = this.uncovered(tokens, called);
    if (rest === undefined) return ev;
    const residualTfidfRaw = this.tfidfIndex.scores(rest);
    return {
      ...ev,
      residual: maxNormalised(this.bm25.scores(rest)),
      residualTfidfRaw,
      residualTfidf: maxNormalised(residualTfidfRaw),
      cover: tokens.length === 0 ? 0 : 1 - rest.length / tokens.length,
      residualText: rest.join(' '),
    };
  }

  /** The text of the request's words no called tool covers ('' before any call): what the residual embeds. */
  residualText(query: string, called: Iterable<number>): string {
    return this.uncovered(bm25Tokens(query), called)?.join(' ') ?? '';
  }

  /** The tokens no called tool's text holds; undefined when nothing (known) was called. */
  private uncovered(tokens: string[], called: Iterable<number>): string[] | undefined {
    const covering = [...called].map((c) => this.words[c]).filter((w): w is Set<string> => w !== undefined);
    if (covering.length === 0) return undefined;
    return tokens.filter((w) => !covering.some((c) => c.has(w)));
  }

  /** Max-normalised cosine of an arbitrary (cached) text with every catalogue tool; zeros for ''. */
  cosinesOf(text: string): Float32Array {
    return text === '' ? new Float32Array(this.tools.length) : maxNormalised(this.cosines(text));
  }

  private cosines(query: string): Float64Array {
    const q = this.cache.get(query);
    const d = this.cache.embedder.dimension;
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
    const cos = new Float64Array(this.tools.length);
    if (norm === 0) return cos;
    const inv = 1 / Math.sqrt(norm);
    for (let t = 0; t < this.tools.length; t++) {
      const row = t * d;
      let s = 0;
      for (const i of idx) s += (q[i] as number) * (this.matrix[row + i] as number);
      cos[t] = s * inv;
    }
    return cos;
  }
}

/** x / max(x), negatives as 0; all zeros when nothing is positive (no evidence for any tool). */
export function maxNormalised(x: Float64Array): Float32Array {
  let max = 0;
  for (const v of x) if (v > max) max = v;
  const out = new Float32Array(x.length);
  if (max > 0) for (let i = 0; i < x.length; i++) out[i] = Math.max(0, x[i] as number) / max;
  return out;
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return v;
  const inv = 1 / Math.sqrt(n);
  return v.map((x) => x * inv);
}
