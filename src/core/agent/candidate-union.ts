import type { ScoredTool } from '../retrieval/retriever';

/** The retrieval methods `retrieve_api` asks: the DTDR hybrid, and query–tool embedding match. */
export const RETRIEVE_METHODS = { history: 'hybrid', match: ['qts', 'bm25'] } as const;

/**
 * NaviAgent's retrieve_api turns a description into candidates; DTDR's hybrid ranks the tool most
 * likely to be called *next* given the history, which for a fresh request is often a lookup rather than
 * the tool the request is about. The union with plain embedding match keeps the latter in view: the
 * hybrid's list first (its order carries the history), then matched tools it did not rank.
 */
export function unionCandidates(
  history: readonly ScoredTool[],
  matches: readonly (readonly ScoredTool[])[],
  topK: number,
): ScoredTool[] {
  const out: ScoredTool[] = history.slice(0, topK).map((c) => ({ ...c }));
  const seen = new Set(out.map((c) => c.tool));
  for (const match of matches)
    for (const c of match.slice(0, topK)) {
      if (seen.has(c.tool)) continue;
      seen.add(c.tool);
      out.push({ tool: c.tool, score: c.score, why: c.why ?? `text match ${c.score.toFixed(2)}` });
    }
  return out;
}

/**
 * The candidates in the order learnt plans give them (tools the order lacks after, as they were): what
 * the graph policy's tie-break reads. A request unlike the traced ones is shown and prompted in the
 * zero-shot order (its first tool is found far more often), but between tools its words rate alike, which
 * tools past plans use is still the better guess ("Do I have any meetings on Wednesday?" lists the day).
 */
export function inLearntOrder<T extends { tool: string }>(
  candidates: readonly T[],
  order: readonly string[] | undefined,
): readonly T[] {
  if (!order) return candidates;
  const at = new Map(order.map((t, i) => [t, i]));
  return candidates
    .map((c, i) => ({ c, key: at.get(c.tool) ?? order.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.c);
}

/**
 * The candidates with `target` first (marked), the others in their order; as they are without one. What
 * the chat shows and an LLM's prompt lists: next-tool retrieval ranks what is called next, and a question
 * ("Any emails from Anna …?") ranks the sender high that the request's words rule out.
 */
export function withTargetFirst<T extends { tool: string; why?: string }>(
  candidates: readonly T[],
  target: string | undefined,
): T[] {
  const at = target === undefined ? -1 : candidates.findIndex((c) => c.tool === target);
  if (at <= 0) return [...candidates];
  const chosen = candidates[at]!;
  const mark = "the request's words point here";
  return [
    { ...chosen, why: chosen.why ? `${mark}; ${chosen.why}` : mark },
    ...candidates.filter((_, i) => i !== at),
  ];
}
