import { toolText } from '../candidates';
import { cacheOf, type RetrieverContext } from '../context';
import type { EmbeddingCache } from '../embedding-cache';
import type { RetrievalQuery, Retriever, ScoredTool } from '../retriever';

/**
 * Query–tool similarity, "QTS (Vanilla)" (DTDR §5): cosine between the query embedding and each tool's
 * name + description embedding, the same for every step. END_OF_PLAN has no text, so it is never ranked.
 */
export class QtsRetriever implements Retriever {
  readonly id = 'qts';
  private readonly cache: EmbeddingCache;
  /** Tool embeddings, row-major [tools × dim]. */
  private matrix = new Float32Array(0);
  private dim = 0;
  private readonly names: string[];

  constructor(private readonly ctx: RetrieverContext) {
    this.cache = cacheOf(ctx);
    this.names = ctx.catalogue.map((t) => t.name);
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    return [q.query];
  }

  /** Embeds the catalogue (no training data is used). */
  async fit(): Promise<void> {
    const texts = this.ctx.catalogue.map(toolText);
    await this.cache.warm(texts);
    const vs = texts.map((t) => this.cache.get(t));
    this.dim = vs[0]?.length ?? 0;
    this.matrix = new Float32Array(vs.length * this.dim);
    vs.forEach((v, i) => this.matrix.set(v, i * this.dim));
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    const qv = this.cache.get(q.query);
    // Only the query's non-zero coordinates matter (lexical embeddings are mostly zeros).
    const nz: number[] = [];
    for (let d = 0; d < qv.length; d++) if (qv[d] !== 0) nz.push(d);
    const names = this.names;
    // Both sides are unit vectors (Embedder contract), so the dot product is the cosine.
    const sims = new Float64Array(names.length);
    for (let i = 0; i < names.length; i++) {
      const row = i * this.dim;
      let s = 0;
      for (const d of nz) s += (qv[d] as number) * (this.matrix[row + d] as number);
      sims[i] = s;
    }
    const order = names.map((_, i) => i);
    order.sort((a, b) => {
      const diff = (sims[b] as number) - (sims[a] as number);
      if (diff !== 0) return diff;
      const [x, y] = [names[a] as string, names[b] as string];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return order.map((i) => {
      const s = sims[i] as number;
      return { tool: names[i] as string, score: s, why: `query similarity ${s.toFixed(2)}` };
    });
  }
}
