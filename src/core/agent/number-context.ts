import type { FieldInfo } from './field-kind';
import type { Literal } from './literals';
import { contentWords, stem } from './target-choice';

/**
 * Which of a request's numbers a plain number input takes. In "I drive 20 miles a day, consume 3 meat
 * meals a week and produce 500 lbs of trash in a year" each number is followed by what it counts, and
 * the inputs are named for it (`daily_miles`, `meat_meals_per_week`, `annual_trash_weight`): a number
 * goes to the input whose name or description shares the words around it; in order only where no words
 * decide, and an optional input never takes a number that is not about it ("the highest grossing bank
 * for year 2020" gives the year, not `top_n`).
 */

/** Words after a number say what it counts ("3 meat meals"); one before may too ("rating of 5"). */
const AFTER = 3;
const BEFORE = 2;

function around(intent: string, l: Literal): Set<string> {
  const after = contentWords(intent.slice(l.end)).slice(0, AFTER);
  const before = contentWords(intent.slice(0, l.start)).slice(-BEFORE);
  return new Set([...after, ...before].map(stem));
}

const fieldWords = (f: FieldInfo): Set<string> =>
  new Set(contentWords(`${f.name} ${f.description}`).map(stem));

/** Shared words of a number's surroundings and an input's name and description (`words`, given once). */
function overlap(intent: string, l: Literal, f: FieldInfo, words = fieldWords(f)): number {
  let n = 0;
  for (const w of around(intent, l)) if (words.has(w)) n++;
  return n;
}

/** The number among `free` whose surroundings share most words with `field`'s name and description. */
export function numberAbout(intent: string, field: FieldInfo, free: readonly Literal[]): Literal | undefined {
  let best: Literal | undefined;
  let bestScore = 0;
  const words = fieldWords(field);
  for (const l of free) {
    const s = overlap(intent, l, field, words);
    if (s > bestScore) {
      best = l;
      bestScore = s;
    }
  }
  return best;
}

/** For a required input no number is about: the first that no other input's words claim, else the first. */
export function numberInOrder(
  intent: string,
  field: FieldInfo,
  others: readonly FieldInfo[],
  free: readonly Literal[],
): Literal | undefined {
  return free.find((l) => !others.some((o) => o !== field && overlap(intent, l, o) > 0)) ?? free[0];
}
