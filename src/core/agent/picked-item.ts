import { describeOutput } from './answer';
import { rankLabel } from './rank-label';
import type { SubIntentState } from './turn-state';

/**
 * "… and show me the first one", "… then the newest": an ordinal that points into what an earlier part
 * found. As words for choosing a tool it only misleads ("first" took the request to a "first free slot"
 * finder), so `withoutOrdinalReference` takes it out; when no tool serves what is left, the item itself
 * is the answer (`pickedItem`).
 */
const ORDINAL_REFERENCE =
  /\bthe\s+(first|second|third|last|latest|newest|oldest|top)(?:\s+(?:one|item|result|entry))?\b/i;

export function withoutOrdinalReference(text: string): string {
  return text.replace(ORDINAL_REFERENCE, ' ').replace(/\s+/g, ' ').trim();
}

/** The item an ordinal part points to in the list an earlier part it builds on returned, described. */
export function pickedItem(si: SubIntentState, parts: readonly SubIntentState[]): string | undefined {
  const m = ORDINAL_REFERENCE.exec(si.text);
  if (!m) return undefined;
  for (const rank of si.dependsOn) {
    const earlier = parts.find((p) => p.rank === rank);
    if (earlier?.status !== 'done') continue;
    const list = firstList(earlier.result);
    if (!list || list.length === 0) continue;
    // By position in the list as the tool returned it; "newest" and "oldest" need an order it may not have.
    const which = m[1]!.toLowerCase();
    const index = POSITION[which];
    if (index === undefined) return undefined;
    const item = list[index < 0 ? list.length - 1 : Math.min(index, list.length - 1)];
    return `The ${which} of what ${rankLabel(rank)} found: ${describeOutput(item)}`;
  }
  return undefined;
}

const POSITION: Record<string, number> = { first: 0, top: 0, second: 1, third: 2, last: -1 };

/** The first array in a result: the result itself, or one of its fields. */
function firstList(result: unknown): unknown[] | undefined {
  if (Array.isArray(result)) return result;
  if (result && typeof result === 'object')
    for (const v of Object.values(result)) if (Array.isArray(v)) return v;
  return undefined;
}
