import { contentWords } from '../../embed/tokenize';
import { toolText } from '../candidates';
import type { RetrieverContext } from '../context';
import type { RetrievalQuery, Retriever, ScoredTool } from '../retriever';

export interface Bm25Params {
  k1: number;
  b: number;
}

/**
 * Okapi BM25 (Robertson & Zaragoza 2009) with the non-negative idf of Lucene:
 *   idf(w) = ln(1 + (N − df + 0.5) / (df + 0.5)),
 *   score(d, q) = Σ_{w ∈ q} idf(w) · tf·(k1 + 1) / (tf + k1·(1 − b + b·|d|/avgdl)),
 * summing over the query's tokens with repeats (as rank_bm25 does).
 */
export class Bm25Index {
  /** word → the documents holding it and its count there. */
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[];
  private readonly avgdl: number;
  private readonly idf = new Map<string, number>();

  constructor(
    docs: readonly string[][],
    private readonly params: Bm25Params = { k1: 1.2, b: 0.75 },
  ) {
    docs.forEach((d, doc) => {
      const tf = new Map<string, number>();
      for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const [w, f] of tf) {
        let list = this.postings.get(w);
        if (!list) this.postings.set(w, (list = []));
        list.push({ doc, tf: f });
      }
    });
    this.lengths = docs.map((d) => d.length);
    this.avgdl = docs.length === 0 ? 0 : this.lengths.reduce((a, b) => a + b, 0) / docs.length;
    const n = docs.length;
    for (const [w, list] of this.postings) {
      const df = list.length;
      this.idf.set(w, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
    }
  }

  /** Score of every document for a tokenised query. */
  scores(query: readonly string[]): Float64Array {
    const { k1, b } = this.params;
    const out = new Float64Array(this.lengths.length);
    for (const w of query) {
      const idf = this.idf.get(w) as number;
      for (const { doc, tf } of this.postings.get(w) ?? []) {
        const norm = 1 - b + (b * (this.lengths[doc] as number)) / this.avgdl;
        out[doc] = (out[doc] as number) + (idf * tf * (k1 + 1)) / (tf + k1 * norm);
      }
    }
    return out;
  }
}

/** BM25 tokens: content words (split names, no stopwords, plurals stripped). */
export const bm25Tokens = (text: string): string[] => contentWords(text);

/**
 * BM25 baseline (DTDR §5): the query against each tool's name words + description. It sees neither the
 * history nor END_OF_PLAN (no text describes it), and ranks only tools sharing a word with the query;
 * scores are normalised to sum to 1.
 */
export class Bm25Retriever implements Retriever {
  readonly id = 'bm25';
  private readonly index: Bm25Index;
  private readonly names: string[];

  constructor(ctx: RetrieverContext) {
    this.names = ctx.catalogue.map((t) => t.name);
    this.index = new Bm25Index(ctx.catalogue.map((t) => bm25Tokens(toolText(t))));
  }

  async fit(): Promise<void> {}

  rank(q: RetrievalQuery): ScoredTool[] {
    const s = this.index.scores(bm25Tokens(q.query));
    let total = 0;
    const hits: { tool: string; raw: number }[] = [];
    s.forEach((v, i) => {
      if (v > 0) {
        hits.push({ tool: this.names[i] as string, raw: v });
        total += v;
      }
    });
    hits.sort((a, b) => b.raw - a.raw || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
    return hits.map((h) => ({ tool: h.tool, score: h.raw / total, why: `bm25 ${h.raw.toFixed(2)}` }));
  }
}
