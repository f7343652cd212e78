import type { AgentAction } from './agent-action';
import { describeOutput } from './answer';
import {
  conditionVerdict,
  TEMPERATURE_SAID,
  textRead,
  WEATHER_WORDS,
  type ConditionVerdict,
  type PartCondition,
} from './condition';
import { narrowToPeriod, periodSaid } from './time-of-day';
import { clip, conditionWords, type SubIntentState } from './turn-state';

/** `si.asked` key of the yes-or-no question about a part's condition (asked once per turn). */
export const CONDITION_ASKED = '#condition';

const SECOND_PERSON: Record<string, string> = {
  i: 'you',
  "i'm": "you're",
  'i’m': 'you’re',
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  am: 'are',
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  we: 'you',
  "we're": "you're",
  us: 'you',
  our: 'your',
  ours: 'yours',
};

/** The user's words said back to them: "I have no meetings" → "you have no meetings". */
export function toSecondPerson(text: string): string {
  let afterI = false;
  return text.replace(/[\p{L}'’]+/gu, (w) => {
    const lower = w.toLowerCase();
    // "am" only after "I" ("I am free"); "us" only as a word, never "US" (the country).
    const swap = (lower === 'am' && !afterI) || w === 'US' ? undefined : SECOND_PERSON[lower];
    afterI = lower === 'i';
    return swap ?? w;
  });
}

/**
 * The verdict on a part's condition from one result. A condition that echoes a question ("Did Grace send
 * her invoice? If so …") is read on the question's words, and where they say nothing a search that found
 * something is a yes, as for "if so" after a search.
 */
function verdictOn(c: PartCondition, result: unknown): ConditionVerdict {
  const verdict = conditionVerdict(
    c.asked ?? c.text,
    c.negated,
    result,
    c.event,
    c.eventAt,
    c.during,
    c.gone,
  );
  // Finding something says yes, but not a forecast: there always is one ("is it going to be cold …? if so").
  const forecast = c.asked !== undefined && (WEATHER_WORDS.test(c.asked) || TEMPERATURE_SAID.test(c.asked));
  return verdict === 'unknown' && c.asked !== undefined && !forecast
    ? conditionVerdict('so', c.negated, result)
    : verdict;
}

/**
 * What a part with a condition does next, once the part that checks it is settled: nothing (null: the
 * condition holds, go on), a direct answer that it was not done (it does not hold), or a yes-or-no
 * question when the result does not say (a forecast of "10 °C" says nothing of "cold").
 */
export function conditionAction(si: SubIntentState, parts: readonly SubIntentState[]): AgentAction | null {
  const c = si.condition;
  if (!c) return null;
  // The part it was said after decides; when its result does not say, the latest earlier part whose
  // result does ("Email Bob the weather in Berlin and if it snows, remind me …": the forecast, looked up
  // for the email, not the email's message id).
  const checked = parts
    .filter((p) => p.rank <= c.on && p.status === 'done' && p.result !== undefined)
    .sort((a, b) => (a.rank === c.on ? -1 : b.rank === c.on ? 1 : b.rank - a.rank))
    .map((p) => ({ part: p, verdict: verdictOn(c, p.result) }));
  const decided = checked.find((x) => x.verdict !== 'unknown') ?? checked[0];
  const on = decided?.part ?? parts.find((p) => p.rank === c.on);
  const result = on?.status === 'done' ? on.result : undefined;
  const verdict =
    c.answer !== undefined ? (c.answer !== c.negated ? 'holds' : 'fails') : (decided?.verdict ?? 'unknown');
  if (verdict === 'holds') return null;
  const base = { dependency_rank: si.rank, intent: si.text };
  // What decided it, as it decided: the afternoon's events for "no meetings on Friday afternoon".
  const words = c.asked ?? c.text;
  const period = periodSaid(words);
  const narrowed = period && result !== undefined ? narrowToPeriod(words, result) : result;
  const said = narrowed !== undefined ? describeOutput(narrowed) : '';
  const within = narrowed !== result && period ? ` in the ${period.said.toLowerCase()}` : '';
  // "… the tooling budget in my note is more than 5k": the clause of the note it was read in.
  const read = result !== undefined ? textRead(words, result) : undefined;
  const found = !on?.target
    ? ''
    : read
      ? `${on.target} found "${clip(read, 160)}"`
      : said
        ? `${on.target} returned${within} ${clip(said, 160)}`
        : '';
  if (verdict === 'fails')
    return {
      ...base,
      action: 'direct_answer',
      analysis: 'answered',
      answer:
        `Not done: you asked for "${clip(si.text, 80)}" ${c.negated ? '' : 'only '}${
          c.asked !== undefined
            ? `if the answer to "${toSecondPerson(c.asked)}?" is ${c.negated ? 'no' : 'yes'}`
            : toSecondPerson(conditionWords(c))
        }, and ` +
        (c.answer !== undefined
          ? `you said ${c.answer ? 'it is so' : 'it is not so'}.`
          : `${found || 'that does not hold'}.`),
    };
  if (si.asked.has(CONDITION_ASKED))
    return {
      ...base,
      action: 'direct_answer',
      analysis: 'unanswered',
      answer: `Not done: I could not tell whether ${toSecondPerson(c.text)}${found ? ` (${found})` : ''}.`,
    };
  return {
    ...base,
    action: 'clarify_intent',
    params: { condition: true },
    // A tool's name starts the sentence as it is spelt: it is what the user sees on the graph.
    answer: `${found ? `${found}. Does that mean` : 'I could not check this myself. Is it so that'} ${toSecondPerson(c.text)}? (yes or no)`,
  };
}
