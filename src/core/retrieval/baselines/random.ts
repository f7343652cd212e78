import { mulberry32, type Random } from '../../util/prng';
import { shuffled } from '../../util/shuffle';
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
    const a = shuffled(this.names, this.rand);
    const p = 1 / a.length;
    return a.map((tool) => ({ tool, score: p, why: 'random' }));
  }
}
