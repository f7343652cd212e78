import type { RetrieverContext } from './context';
import { LinearHeadRetriever, type LinearRetrieverOptions } from './dtdr-l';

/**
 * Static learned retrieval (TinyAgent ToolRAG; DTDR's "LR" baseline): the DTDR-L head and training on the
 * query alone, so every step of a plan gets the same ranking — the tools the query's plans use, END_OF_PLAN
 * among them. DTDR §6 reports it drifting to the most frequent tools; it is here to measure what history adds.
 */
export class StaticLR extends LinearHeadRetriever {
  constructor(ctx: RetrieverContext, options: LinearRetrieverOptions = {}) {
    super('staticLR', 'query', ctx, options);
  }
}
