import { mulberry32, type Random } from '../../demo/prng';
import type { RetrieverContext } from '../context';
import { END_OF_PLAN, type Retriever, type ScoredTool } from '../retriever';

/** Random guess (DTDR Table 6): a fresh seeded shuffle of the catalogue and END_OF_PLAN at every call. */
export class RandomRetriever implements Retriever {
  readonly id = 'random';
  private readonly rand: Random;
  private readonly names: string[];

  constructor(ctx: RetrieverContext) {
    this.rand = mulberry32(ctx.seed);
    this.names = [...ctx.catalogue.map((t) => t.name), END_OF_PLAN];
  }

  async fit(): Promise<void> {}

  rank(): ScoredTool[] {
    const a = [...this.names];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.rand() * (i + 1));
      [a[i], a[j]] = [a[j] as string, a[i] as string];
    }
    const p = 1 / a.length;
    return a.map((tool) => ({ tool, score: p, why: 'random' }));
  }
}
