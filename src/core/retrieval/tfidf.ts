import { bm25Tokens } from './baselines/bm25';

/**
 * TF-IDF cosine over a fixed catalogue (Salton & Buckley 1988; sublinear tf as in Manning et al., IR book
 * §6.4.1): w(t, d) = (1 + ln tf(t, d)) · idf(t), idf(t) = ln((1 + N) / (1 + df(t))) + 1, the document
 * frequencies counted over the catalogue's tool texts only (a catalogue seen for the first time has no
 * requests yet), every vector L2-normalised. Words are BM25's (split names, no stopwords, plurals
 * stripped); a request word no tool has carries no weight.
 *
 * Why next to BM25: on the zero-shot datasets BM25 grows with repeated and long matches, the cosine rewards
 * a tool whose *whole* text is about the request; the two disagree often enough that their fusion beats
 * either (scripts/eval-encoder-lodo.ts, issue 17 fourth pass).
 */
export class TfIdfIndex {
  private readonly idf = new Map<string, number>();
  /** word → (tool, normalised weight) postings, so a request touches only the tools sharing a word. */
  private readonly postings = new Map<string, { doc: number; w: number }[]>();
  readonly size: number;

  constructor(docs: readonly string[][]) {
    this.size = docs.length;
    const df = new Map<string, number>();
    for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
    for (const [w, f] of df) this.idf.set(w, Math.log((1 + docs.length) / (1 + f)) + 1);
    docs.forEach((d, doc) => {
      const v = this.vector(d);
      for (const [w, x] of v) {
        let list = this.postings.get(w);
        if (!list) this.postings.set(w, (list = []));
        list.push({ doc, w: x });
      }
    });
  }

  /** Unit-length sublinear TF-IDF vector of a token list (words outside the catalogue dropped). */
  vector(tokens: readonly string[]): Map<string, number> {
    const tf = new Map<string, number>();
    for (const w of tokens) if (this.idf.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
    const v = new Map<string, number>();
    let norm = 0;
    for (const [w, f] of tf) {
      const x = (1 + Math.log(f)) * (this.idf.get(w) as number);
      v.set(w, x);
      norm += x * x;
    }
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (const [w, x] of v) v.set(w, x * inv);
    }
    return v;
  }

  /** Cosine of the token list with every catalogue tool (0 for a tool sharing no word). */
  scores(tokens: readonly string[]): Float64Array {
    const out = new Float64Array(this.size);
    for (const [w, x] of this.vector(tokens))
      for (const { doc, w: y } of this.postings.get(w) ?? []) out[doc] = (out[doc] as number) + x * y;
    return out;
  }

  /** Convenience: the cosine of a text (BM25's tokens). */
  scoresOfText(text: string): Float64Array {
    return this.scores(bm25Tokens(text));
  }
}
