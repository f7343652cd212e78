import { positionGaps, type PairFeatureContext } from '../graph-tensors/pair-features';
import type { LinkMethod } from './link-method';

/**
 * The position prior alone, as a hand rule (issue 16, fifth pass): score = p(v) − p(u), each end's place in a
 * plan — its order rank in the input graph where it has links, else the rank its text neighbours vote for
 * (pair-features.ts `positionGaps`, `blended`). Nothing is fitted; it says how much direction the prior
 * carries (reversed AUC), not whether two tools are linked (random-pair AUC near 0.5 is expected).
 */
export const positionPriorMethod: LinkMethod = positionRule('positionPrior', 'blended');

/**
 * The text half alone: t(v) − t(u), both ends placed by the text → rank regression without their own ranks
 * (and without each other). What the prior says of a tool nobody has called yet.
 */
export const positionPriorTextMethod: LinkMethod = positionRule('positionPriorText', 'text');

function positionRule(id: string, which: 'blended' | 'text'): LinkMethod {
  return {
    id,
    fit: async ({ graph, build, io }) => {
      const ctx: PairFeatureContext = { graph, embeddings: build.embeddings, io };
      return {
        score: async (pairs) => Float64Array.from(pairs, (p) => positionGaps(ctx, p.src, p.dst)[which]),
      };
    },
  };
}
