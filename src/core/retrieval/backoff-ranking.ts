import type { RankedNext } from './markov-table';
import type { ScoredTool } from './retriever';

/** One distribution in a back-off chain (best first, probabilities summing to 1) and the reason to show. */
export interface BackoffTier {
  ranked: readonly RankedNext[] | undefined;
  why: string;
}

/**
 * Ranks tools by the first tier that exists, with its exact probabilities, then appends the tools it lacks
 * from the later tiers in order, each such fill tier scaled to half the lowest score above it: scores keep
 * decreasing down the list, and filled-in tools only order what the real candidates leave unranked.
 */
export function backoffRanking(tiers: readonly BackoffTier[]): ScoredTool[] {
  const out: ScoredTool[] = [];
  const seen = new Set<string>();
  for (const tier of tiers) {
    if (!tier.ranked || tier.ranked.length === 0) continue;
    const scale = out.length === 0 ? 1 : (out[out.length - 1] as ScoredTool).score / 2;
    for (const { tool, p } of tier.ranked) {
      if (seen.has(tool)) continue;
      seen.add(tool);
      out.push({ tool, score: p * scale, why: tier.why });
    }
  }
  return out;
}
