import type { Literal } from './literals';
import type { SplitIntent } from './sub-intents';

/** Kinds of named things a tool input takes one at a time: a forecast per city, a search per place. */
const ONE_AT_A_TIME = new Set(['city', 'place']);

const SENDING = /^(?:please\s+)?(?:send|email|e-mail|mail|text|message|tell)\b/i;

/** What may stand between two items of a list: ", ", " and ", ", and ", " and in ", " or ". */
const SEPARATOR = /^\s*(?:,\s*(?:and\s+|or\s+)?|(?:,\s*)?(?:and|or|&)\s+)(?:(?:in|for|at|of|to)\s+)?$/i;

/**
 * "What is the weather in Paris, Berlin and Lisbon?" asks three things of a tool that takes one city:
 * one request per item, each with the list replaced by that item ("… in Berlin?"). Only lists of named
 * places the tools' data knows (lexicon literals of one kind), and of people a message is sent to;
 * "schedule a meeting with Anna and Bob" is one meeting, and anything else is left whole. `literals` are those found in `text`.
 */
export function fanOutList(text: string, literals: readonly Literal[]): string[] {
  // A message goes to one address: "text Anna and Bob that …" is two messages.
  const sends = SENDING.test(text);
  // "Email anna@example.com and bob@example.com …" as well (seventh QA pass emailed only the first).
  const named = literals
    .filter((l) =>
      l.kind === 'entity'
        ? ONE_AT_A_TIME.has(String(l.sub)) || (sends && l.sub === 'person')
        : sends && (l.kind === 'email' || l.kind === 'phone'),
    )
    .sort((a, b) => a.start - b.start);
  const sort = (l: Literal) => `${l.kind}:${String(l.sub ?? '')}`;
  for (let i = 0; i < named.length; i++) {
    const run = [named[i]!];
    for (let j = i + 1; j < named.length; j++) {
      const prev = run[run.length - 1]!;
      const next = named[j]!;
      if (sort(next) !== sort(prev) || !SEPARATOR.test(text.slice(prev.end, next.start))) break;
      run.push(next);
    }
    if (run.length < 2) continue;
    const before = text.slice(0, run[0]!.start);
    const after = text.slice(run[run.length - 1]!.end);
    return run.map((l) => `${before}${l.text}${after}`);
  }
  return [text];
}

/**
 * Every sub-intent fanned out by `fanOutList`, renumbered; a later part that builds on a fanned one
 * builds on all its copies ("… and email the forecasts to Anna").
 */
export function fanOutIntents(
  intents: readonly SplitIntent[],
  literalsOf: (text: string) => readonly Literal[],
): SplitIntent[] {
  const ranksOf = new Map<number, number[]>();
  const out: SplitIntent[] = [];
  for (const si of intents) {
    const texts = fanOutList(si.text, literalsOf(si.text));
    const ranks: number[] = [];
    for (const text of texts) {
      const rank = out.length + 1;
      ranks.push(rank);
      // On 0 no part checks it (the user is asked): there is no rank to map.
      const on = si.condition
        ? si.condition.on === 0
          ? 0
          : ranksOf.get(si.condition.on)?.at(-1)
        : undefined;
      out.push({
        rank,
        text,
        dependsOn: si.dependsOn.flatMap((d) => ranksOf.get(d) ?? []),
        ...(si.condition && on !== undefined ? { condition: { ...si.condition, on } } : {}),
      });
    }
    ranksOf.set(si.rank, ranks);
  }
  return out;
}
