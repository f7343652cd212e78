/**
 * How a next-tool candidate's score reads in the Next tool tab. Only the linear heads (DTDR-L and the
 * static learned baseline) output a probability per tool (a sigmoid each, DTDR Appendix C), so only they
 * show a percentage. The others rank by a score that is not one: the hybrid's tools are its mixture
 * divided by the best tool's (so the first tool always reads near 1 − P(stop), whatever the request,
 * 99.7 % for an emoji in the QA pass), BM25 and the similarities are match strengths, DTDR-C and the
 * static dependency back off to scaled fill-in frequencies.
 */
const PROBABILITY_METHODS: ReadonlySet<string> = new Set(['dtdrL', 'staticLR']);

export interface ScoreText {
  /** What the candidate line shows, e.g. "87.5 %" or "score 0.997". */
  text: string;
  /** What the number is, for the tooltip. */
  title: string;
}

export function isProbabilityMethod(method: string): boolean {
  return PROBABILITY_METHODS.has(method);
}

export function scoreText(method: string, score: number): ScoreText {
  // The zero-shot stop on a world with no tools scores −∞ (nothing to cover); it read "score -Infinity".
  if (!Number.isFinite(score))
    return { text: 'no score', title: `${method}: no score (nothing in this world to compare with)` };
  if (isProbabilityMethod(method))
    return { text: `${(score * 100).toFixed(1)} %`, title: `${method}: probability that this tool is next` };
  return {
    text: `score ${score.toFixed(3)}`,
    title: `${method}: a ranking score, not a probability (higher ranks first)`,
  };
}

/** The line above the candidates: what their numbers mean. */
export function scoreLegend(method: string): string {
  return isProbabilityMethod(method)
    ? `${method} gives each tool a probability of being next.`
    : `${method} scores rank the tools; they are not probabilities.`;
}
