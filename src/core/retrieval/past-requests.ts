import { Bm25Index, bm25Tokens } from './baselines/bm25';
import type { RetrievalTask } from './retriever';

/** How many of the past requests BM25 ranks most similar are compared word for word. */
const NEAREST = 10;
/** Past requests read by `leaveOneOutQuantile` (each costs one BM25 query over all of them). */
const LOO_SAMPLE = 200;
/**
 * The leave-one-out quantile under which a request counts as novel (`isNovel`): about 1 request in 20
 * like the past ones is taken for novel (scripts/eval-product-blend.ts: 0.05 and 0.10 equal or better
 * than no novelty check on every shared dataset, 0.25 costs restbench MRR).
 */
export const NOVELTY_QUANTILE = 0.05;

/**
 * The requests a world has already served (its traces' queries), to say how familiar a new one is: the
 * largest Jaccard overlap of content words with a past request (BM25 finds the candidates). A model that
 * learnt plans from those requests predicts well for a request like them and guesses for one unlike
 * them, whatever its validation score says about requests like its training ones.
 */
export class PastRequests {
  private readonly index: Bm25Index;
  private readonly words: Set<string>[];

  constructor(tasks: readonly Pick<RetrievalTask, 'query'>[]) {
    const tokens = tasks.map((t) => bm25Tokens(t.query));
    this.index = new Bm25Index(tokens);
    this.words = tokens.map((t) => new Set(t));
  }

  get size(): number {
    return this.words.length;
  }

  /** Largest word overlap (Jaccard, 0–1) of `query` with a past request; 0 when none shares a word. */
  familiarity(query: string): number {
    return this.overlap(bm25Tokens(query), -1);
  }

  private floor: number | undefined;

  /**
   * Whether `query` is unlike the past requests: its familiarity is under what they share with each
   * other (`leaveOneOutQuantile(NOVELTY_QUANTILE)`, computed once). What was learnt from them — and
   * validated on them — is not evidence about it.
   */
  isNovel(query: string): boolean {
    this.floor ??= this.leaveOneOutQuantile(NOVELTY_QUANTILE);
    return this.familiarity(query) < this.floor;
  }

  /**
   * How familiar the past requests are with each other: the `quantile` of each one's familiarity with the
   * others (leave-one-out, over at most `sample` of them, evenly spaced, so the figure is deterministic).
   * A model trained and validated on these requests has been checked on requests at least this familiar;
   * a new request under it is outside what its validation saw (see `RequestNovelty`). With fewer than two
   * past requests nothing can be left out: 1, i.e. only a repeat of the one request counts as familiar.
   */
  leaveOneOutQuantile(quantile: number, sample = LOO_SAMPLE): number {
    const n = this.words.length;
    if (n < 2) return 1;
    const step = Math.max(1, Math.floor(n / sample));
    const f: number[] = [];
    for (let i = 0; i < n; i += step) f.push(this.overlap([...this.words[i]!], i));
    f.sort((a, b) => a - b);
    return f[Math.floor(Math.min(1, Math.max(0, quantile)) * (f.length - 1))]!;
  }

  /** Largest Jaccard overlap of `tokens` with a past request other than `skip` (−1: none skipped). */
  private overlap(tokens: readonly string[], skip: number): number {
    if (tokens.length === 0 || this.words.length === 0) return 0;
    const mine = new Set(tokens);
    const scores = this.index.scores(tokens);
    const near: number[] = [];
    scores.forEach((s, i) => s > 0 && i !== skip && near.push(i));
    near.sort((a, b) => scores[b]! - scores[a]! || a - b);
    let best = 0;
    for (const i of near.slice(0, NEAREST)) {
      const theirs = this.words[i]!;
      let shared = 0;
      for (const w of mine) if (theirs.has(w)) shared++;
      best = Math.max(best, shared / (mine.size + theirs.size - shared));
    }
    return best;
  }
}
