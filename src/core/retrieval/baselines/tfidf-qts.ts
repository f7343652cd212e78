import { bm25Tokens } from './bm25';
import { toolText } from '../candidates';
import type { RetrieverContext } from '../context';
import type { RetrievalQuery, Retriever, ScoredTool } from '../retriever';
import { TfIdfIndex } from '../tfidf';

/**
 * Query–tool similarity with TF-IDF cosine instead of an embedder (`tfidf.ts`: sublinear tf, idf from the
 * catalogue): the same for every step, END never ranked, only tools sharing a word with the request. The
 * zero-shot baseline the issue quotes ("plain TF-IDF cosine").
 */
export class TfIdfRetriever implements Retriever {
  readonly id = 'tfidf';
  private readonly index: TfIdfIndex;
  private readonly names: string[];

  constructor(ctx: RetrieverContext) {
    this.names = ctx.catalogue.map((t) => t.name);
    this.index = new TfIdfIndex(ctx.catalogue.map((t) => bm25Tokens(toolText(t))));
  }

  async fit(): Promise<void> {}

  rank(q: RetrievalQuery): ScoredTool[] {
    const s = this.index.scores(bm25Tokens(q.query));
    const idx = [...s.keys()].filter((i) => (s[i] as number) > 0);
    idx.sort((a, b) => (s[b] as number) - (s[a] as number) || a - b);
    return idx.map((i) => ({
      tool: this.names[i] as string,
      score: s[i] as number,
      why: `TF-IDF cosine ${(s[i] as number).toFixed(2)}`,
    }));
  }
}
