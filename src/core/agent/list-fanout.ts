import { addDays } from './dates';
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
export function fanOutList(
  text: string,
  literals: readonly Literal[],
  today?: string,
  takesSpan: (text: string) => boolean = () => false,
): string[] {
  const days = fanOutDays(text, literals, today, takesSpan);
  if (days) return days;
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
    // "the distance between Paris and Berlin" is one question about the pair.
    if (/\bbetween\s+(?:the\s+)?$/i.test(before)) continue;
    const after = text.slice(run[run.length - 1]!.end);
    return run.map((l) => `${before}${l.text}${after}`);
  }
  return [text];
}

/** A question or a lookup ("What am I doing …", "Show …", "Will it rain …"), not an act. */
const LOOKS_UP =
  /^(?:please\s+)?(?:what|what's|when|where|how|is|are|will|would|do|does|am|show|list|check|get|find|tell me|give me|look up)\b/i;

/** "for the next 3 days", "over the coming 2 days": that many days from today (a week at most). */
const NEXT_DAYS = /\b(?:(?:for|over|in|during)\s+)?(?:the\s+)?(?:next|coming|following)\s+([2-7])\s+days\b/i;

/**
 * "What am I doing this weekend?", "the weather in Tokyo for the next 3 days": a tool that takes one day
 * is asked once per day (ninth QA pass: Saturday only, or today only), each copy naming its day. Only for
 * questions and lookups: "schedule a run this weekend" is one event.
 */
function fanOutDays(
  text: string,
  literals: readonly Literal[],
  today: string | undefined,
  takesSpan: (text: string) => boolean,
): string[] | null {
  if (!today || !LOOKS_UP.test(text.trim())) return null;
  const weekend = literals.find((l) => l.kind === 'date' && /weekend/i.test(l.text));
  const next = weekend ? null : NEXT_DAYS.exec(text);
  // Asked only once a span is said: it ranks every tool. A tool that takes the span answers in one call.
  if ((!weekend && !next) || takesSpan(text)) return null;
  if (weekend) {
    const saturday = String(weekend.value);
    // Said on a Sunday, "this weekend" is what is left of it: today, one day.
    if (new Date(`${saturday}T12:00:00Z`).getUTCDay() === 0) return null;
    return [saturday, addDays(saturday, 1)].map(
      (d) => `${text.slice(0, weekend.start)}on ${d}${text.slice(weekend.end)}`,
    );
  }
  if (!next) return null;
  return Array.from(
    { length: Number(next[1]) },
    (_, i) =>
      `${text.slice(0, next.index)}on ${addDays(today, i + 1)}${text.slice(next.index + next[0].length)}`,
  );
}

/**
 * Every sub-intent fanned out by `fanOutList`, renumbered; a later part that builds on a fanned one
 * builds on all its copies ("… and email the forecasts to Anna").
 */
export function fanOutIntents(
  intents: readonly SplitIntent[],
  literalsOf: (text: string) => readonly Literal[],
  takesSpan: (text: string) => boolean = () => false,
): SplitIntent[] {
  const ranksOf = new Map<number, number[]>();
  // The day "the next 3 days" count from, as the literals read "today".
  const today = literalsOf('today').find((l) => l.kind === 'date')?.value as string | undefined;
  const out: SplitIntent[] = [];
  for (const si of intents) {
    const texts = fanOutList(si.text, literalsOf(si.text), today, takesSpan);
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
