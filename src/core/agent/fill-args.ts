import { splitWords } from '../embed/tokenize';
import { tokenOfShape } from '../trace/produced-inputs';
import type { Tool } from '../tools/tool';
import { effectOf } from '../tools/same-purpose';
import { dateForInput } from './date-for-input';
import { isoDate, PART_OF_DAY } from './dates';
import { SPACED_DATE_TIME, toolFields, type FieldInfo } from './field-kind';
import {
  firstWords,
  keywords,
  labelledValue,
  namedTitle,
  residualText,
  spelledOutContent,
  withoutChannel,
  withoutStructured,
} from './free-text';
import { countryCodeIn } from './countries';
import { englishFor, languageFor, plainlyEnglish } from './languages';
import { numberAbout, numberInOrder } from './number-context';
import { flagSaid } from './flags';
import { thingName } from './thing-name';
import { heldPartOfDay } from './time-of-day';
import { PERCENT, currencyOf, localDateTime, recipientsFirst, unitOf, type Literal } from './literals';
import { contentWords, stem, wordsOf } from './target-choice';
import { escapeRegExp } from '../util/escape-regexp';
import { homeEnds } from './lookups';

/**
 * Arguments for one tool from what is known without an LLM (the graph-only engine's argument filling):
 * values earlier calls returned or the user gave (by standardized parameter), then the request's
 * literals matched by the kind of value each input wants, then the sub-intent's free text for text
 * inputs. A required input none of them fills is left out and reported as missing, never invented:
 * the planner finds a producer for it or the agent asks.
 */
export interface FillInput {
  tool: Tool;
  /** The sub-intent's words and the literals found in them (spans relative to `intent`). */
  intent: string;
  intentLiterals: readonly Literal[];
  /** Literals of the whole request (persons and places said once serve every sub-intent). */
  requestLiterals: readonly Literal[];
  /** A sub-intent that refers back ("…that day", "…her") may take any literal of the request. */
  inherit?: boolean;
  /** A value already known for this input (earlier output, user answer), by field name. */
  known: (field: string) => { value: unknown; source: string } | undefined;
  /** Reference day (epoch ms), for "today" when only a time is given. */
  today: number;
  /**
   * Inputs the world's plans fill from another tool's output, with the shapes of the values they got:
   * no quoted phrase stands in for them, a word of the same coded shape does ("SKU-3").
   */
  produced?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The day of a calendar event the part names by its title ("Is dinner with Hugo still on?"). */
  eventDay?: string;
  /** The city of that event ("What's the weather looking like for my dinner with Hugo?" is Paris's). */
  eventCity?: string;
  /** The city the user lives in: a required city input the request leaves out takes it. */
  homeCity?: string;
}

export interface FilledArgs {
  args: Record<string, unknown>;
  /** Where each argument came from: `earlier call`, `user`, `request`, `request text`, `derived`, `request guess` (`GUESS`). */
  sources: Record<string, string>;
  /** Required inputs with no value. */
  missing: FieldInfo[];
}

const ENUM_SYNONYMS: Record<string, string[]> = {
  walking: ['walk', 'on foot', 'walking'],
  driving: ['drive', 'drove', 'car', 'driving'],
  cycling: ['bike', 'cycle', 'bicycle', 'cycling'],
  transit: ['bus', 'train', 'tram', 'metro', 'subway', 'public transport', 'transit'],
};

/**
 * The source of a value read from the one content word a request leaves over ("schedule a visit to
 * tour the home" → a name "tour"): the weakest reading, which anything known replaces.
 */
export const GUESS = 'request guess';

/** The source of a city taken from where the user lives (environment state). */
export const HOME = 'home city';

export function fillArguments(input: FillInput): FilledArgs {
  const { tool, intent, intentLiterals, requestLiterals } = input;
  const args: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  const missing: FieldInfo[] = [];
  const ownFirst = recipientsFirst(intentLiterals);
  const lit = (kind: Literal['kind'], sub?: string): Literal | undefined =>
    ownFirst.find((l) => l.kind === kind && (sub === undefined || l.sub === sub)) ??
    (kind === 'entity' || kind === 'email' || kind === 'phone' || input.inherit
      ? requestLiterals.find((l) => l.kind === kind && (sub === undefined || l.sub === sub))
      : undefined);
  const set = (field: string, value: unknown, source: string) => {
    if (value === undefined || value === null || value === '') return false;
    args[field] = value;
    sources[field] = source;
    return true;
  };
  const lower = intent.toLowerCase();
  const usedNumbers = new Set<Literal>();
  const fields = toolFields(tool.parameters);
  const textFields = fields.filter((f) => f.kind === 'text' || f.kind === 'title');

  const byline =
    fields.some((f) => TITLE_INPUT.test(f.name)) && fields.some((f) => AUTHOR_INPUT.test(f.name))
      ? titleAndAuthor(intent)
      : undefined;
  for (const f of fields) {
    const k = input.known(f.name);
    // Known values win for everything but free text, which this sub-intent's own words decide.
    // What the user answered always wins; other known values win for everything but free text,
    // which this sub-intent's own words decide.
    const free = f.kind === 'text' || f.kind === 'title' || f.kind === 'query';
    // One end of a route the request writes out ("… there from 10 Rue de Rivoli") is that end, whatever
    // address an earlier call found (fifth QA pass: Bob's address became the origin as well).
    const statedEnd =
      f.kind === 'address' && f.side && k?.source !== 'user'
        ? (routeEnd(intent, intentLiterals, f.side) ?? streetAddress(intent, f.side))
        : undefined;
    if (statedEnd !== undefined && set(f.name, statedEnd, 'request')) continue;
    // "If yes, block 9-11 for a long run": hours the part says itself are the event's, not the free slot an
    // earlier call found (eighteenth QA pass booked the half hour the slot search returned).
    const ownTime =
      f.kind === 'datetime' && k?.source !== 'user' && intentLiterals.some((l) => l.kind === 'time');
    if (k && !ownTime && (k.source === 'user' || !free) && set(f.name, k.value, k.source)) continue;
    // "Is Dune by Frank Herbert available?": a work and its author, for a tool that takes both.
    const work = byline
      ? TITLE_INPUT.test(f.name)
        ? byline.title
        : AUTHOR_INPUT.test(f.name)
          ? byline.author
          : undefined
      : undefined;
    if (work !== undefined && set(f.name, work, 'request')) continue;
    // "an avatar in pixel style as png": a style, format or colour said as a word before its name.
    const modifier = f.kind === 'other' && f.type === 'string' ? modifierOf(intent, f) : undefined;
    if (modifier !== undefined && set(f.name, modifier, 'request')) continue;
    // "by author Tolkien", "for member 42": a value right after the input's own name is that input's.
    const direct =
      DIRECT_KINDS.has(f.kind) && ['string', 'number', 'integer'].includes(f.type)
        ? valueAfterName(intent, f)
        : undefined;
    if (direct !== undefined && set(f.name, direct, 'request')) {
      // "for year 2020": that number is the year's, no other input's.
      const said = intentLiterals.find(
        (l) =>
          l.kind === 'number' &&
          !usedNumbers.has(l) &&
          (l.value === direct || Number(l.value) / 100 === direct),
      );
      if (said) usedNumbers.add(said);
      continue;
    }
    // "check-in on April 10 and check-out on April 15": each date input takes its own.
    const date = dateForInput(f, intent, intentLiterals) ?? (lit('date')?.value as string | undefined);
    const time = (lit('time')?.value as string | undefined) ?? partOfTodaySaid(intent);
    let value: unknown;
    switch (f.kind) {
      case 'email':
        value = lit('email')?.value;
        break;
      case 'phone':
        value = lit('phone')?.value;
        break;
      case 'url':
        value = lit('url')?.value;
        break;
      case 'date':
        // "Is dinner with Hugo still on?": an event named by its title, with no day said, is on its own day.
        value = date ?? input.eventDay ?? (f.required && time ? isoDate(input.today) : undefined);
        break;
      case 'time':
        value = time;
        break;
      case 'date-or-datetime':
        value = time ? localDateTime(date ?? isoDate(input.today), time) : date;
        break;
      case 'datetime': {
        if (!time && !date) break;
        // "from 2026-12-10 09:00 to 2026-12-10 17:00": the end takes the last time said (seventh QA
        // pass: it was the start plus an hour).
        const times = intentLiterals.filter((l) => l.kind === 'time');
        if (f.bound === 'end' && times.length >= 2) {
          // The end of the range the start opens ("from 9:30 to 10:30"), not a time said later in the
          // request's context ("… still in my calendar for tomorrow at 9:30": an event ending as it began).
          const at = times.findIndex((l) => l.value === time);
          const next = times[at + 1];
          const ranged =
            next !== undefined &&
            /^\s*(?:-|–|to|till|until)\s*$/i.test(intent.slice(times[at]!.end, next.start));
          value = localDateTime(
            date ?? isoDate(input.today),
            (ranged ? next : times[times.length - 1])!.value as string,
          );
          break;
        }
        const timeLit = lit('time');
        const held =
          times.length === 1 && !lit('duration') && timeLit ? heldPartOfDay(intent, timeLit.text) : undefined;
        if (held) {
          value = localDateTime(date ?? isoDate(input.today), f.bound === 'end' ? held.to : held.from);
          break;
        }
        const start = localDateTime(date ?? isoDate(input.today), time ?? '09:00');
        if (f.bound === 'end') {
          const minutes = (lit('duration')?.value as number | undefined) ?? 60;
          value = plusMinutes(start, minutes);
        } else value = start;
        break;
      }
      case 'duration-minutes':
        value = lit('duration')?.value ?? numberNear(intentLiterals, lower, /min/);
        break;
      case 'currency': {
        const money = lit('money');
        const named = intentLiterals.filter((l) => l.kind === 'currency').map((l) => l.value as string);
        if (f.side === 'to')
          value = targetWord(intent, currencyOf) ?? named.find((c) => c !== money?.sub) ?? named[1];
        else {
          // The source is never the currency the request converts *to*: "100 XYZ to EUR" with XYZ
          // unknown is a missing source (asked or reported), not EUR → EUR.
          const to = targetWord(intent, currencyOf);
          value = money?.sub ?? named.find((c) => c !== to);
        }
        break;
      }
      case 'unit': {
        const q = lit('quantity');
        // "10 pounds" is read as money first; for a unit input its word is the unit.
        const moneyUnit = lit('money')?.text.replace(/[\d.,\s]/g, '');
        // "How many kilos is 12 stone?", "convert 5 US gallons to litres": a unit said on its own word is
        // the other end (fourteenth QA pass asked for it).
        const unitLits = intentLiterals.filter((l) => l.kind === 'entity' && l.sub === 'unit');
        const units = unitLits.map((l) => l.value);
        // The source is the unit said right after a number ("5 US gallons"), not "5k" (thousands, or km?).
        const afterNumber = unitLits.find((l) => /\d[\d.,]*\s+$/.test(intent.slice(0, l.start)))?.value;
        const target = targetWord(intent, unitOf, q?.sub);
        value =
          f.side === 'to'
            ? (target ??
              (q ? otherUnitSaid(intent, q.sub) : undefined) ??
              (q ? units.find((u) => u !== q.sub) : undefined))
            : (q?.sub ??
              (moneyUnit ? (unitOf(moneyUnit) ?? undefined) : undefined) ??
              (afterNumber !== target ? afterNumber : undefined));
        break;
      }
      case 'number': {
        const n = f.name.toLowerCase();
        // "a discount of 10%", "a tax rate of 7%": a percentage goes to an input for one, and only there
        // (as 0.07 where the tool wants the rate "as a decimal").
        const percent = intentLiterals.find((l) => l.sub === PERCENT && !usedNumbers.has(l));
        const number = intentLiterals.find((l) => l.kind === 'number' && l.sub !== PERCENT);
        if (percent && PERCENT_INPUT.test(`${n} ${f.description.toLowerCase()}`)) {
          value = DECIMAL_RATE.test(f.description) ? Number(percent.value) / 100 : percent.value;
          usedNumbers.add(percent);
        } else if (/amount|price|cost|sum|money/.test(n))
          // "The exchange rate from GBP to JPY" is the value of one unit.
          value = lit('money')?.value ?? number?.value ?? (/\brates?\b/.test(lower) ? 1 : undefined);
        else if (/\bdays?\b/.test(n.replace(/_/g, ' '))) value = daysIn(lower);
        else {
          // Several number inputs: each takes the number its words are about ("20 miles a day, 3 meat
          // meals a week"), else an amount of money, else — for a required one — the next number no other
          // input's words claim ("the sum of 2 and 3"); an optional one takes no number that is not about
          // it ("for year 2020" is no `top_n`). A percentage only when no other is left ("at 40%
          // brightness").
          const plain = intentLiterals.filter(
            (l) => (l.kind === 'number' || l.kind === 'quantity') && !usedNumbers.has(l),
          );
          const whole = plain.filter((l) => l.sub !== PERCENT);
          const about = numberAbout(intent, f, whole) ?? numberAbout(intent, f, plain);
          const money = lit('money')?.value;
          const next =
            about ??
            (money === undefined && f.required
              ? whole.length > 0
                ? numberInOrder(
                    intent,
                    f,
                    fields.filter((x) => x.kind === 'number'),
                    whole,
                  )
                : plain[0]
              : undefined);
          value = about?.value ?? (f.required ? (money ?? next?.value) : undefined);
          if (next) usedNumbers.add(next);
        }
        if (typeof value === 'number' && f.type === 'integer' && !Number.isInteger(value)) value = undefined;
        break;
      }
      case 'person': {
        // "the vessel named MSC Seaview": a thing's name is its whole proper name, or what is quoted.
        value =
          lit('entity', 'person')?.value ??
          (namesAThing(f) ? (lit('quoted')?.value ?? thingName(intent, intentLiterals)) : undefined) ??
          capitalizedName(intent, intentLiterals);
        const left =
          value === undefined && namesAThing(f) ? soleOtherWord(intent, intentLiterals, tool) : undefined;
        if (left !== undefined && set(f.name, left, GUESS)) continue;
        break;
      }
      case 'city':
        // "the weather in Rome": a city no lexicon knows is still the capitalized words after "in"
        // (fifth QA pass asked "What is the city?"). Not after "from"/"to": a route's ends have their
        // own inputs.
        // "a cafe near Hyde Park", "the weather at the Eiffel Tower": a known place's city.
        value =
          lit('entity', 'city')?.value ??
          lit('entity', 'place')?.within ??
          (f.side
            ? placeName(intent, intentLiterals, f.side)
            : // "the current weather for Denver": after "for" when nothing follows "in".
              (placeName(intent, intentLiterals, 'in') ?? placeName(intent, intentLiterals, 'for')));
        // "a cafe near Upper Street": a street is no city (twelfth QA pass: the search failed on city
        // "Upper Street"); the search then looks where the tool looks by default.
        if (typeof value === 'string' && STREET_WORD.test(value)) value = undefined;
        // "What's the weather looking like for my dinner with Hugo?": where the event is (twenty-second QA
        // pass gave London's weather for a dinner in Paris).
        if (value === undefined && !f.side && input.eventCity && set(f.name, input.eventCity, 'request'))
          continue;
        // "Will it rain tomorrow?": where the user lives, when the tool needs a city and none is said
        // (twelfth QA pass asked "What is the city to forecast?"). Not for a route's ends.
        if (
          value === undefined &&
          f.required &&
          !f.side &&
          input.homeCity &&
          set(f.name, input.homeCity, HOME)
        )
          continue;
        break;
      case 'address':
        // "from the Louvre to Gare du Nord": each end of a route goes to its own side, never one
        // place (or one lookup) to both.
        // "Find flights to Paris": no route, but the place after "to" is where to.
        if (f.side) {
          // null: the end is someone's home, for a lookup to fill.
          const end = routeEnd(intent, intentLiterals, f.side);
          value =
            end === null
              ? undefined
              : (end ?? streetAddress(intent, f.side) ?? placeName(intent, intentLiterals, f.side));
        } else value = streetAddress(intent);
        break;
      case 'enum':
        value = enumIn(lower, f.enum ?? [], f.description);
        break;
      case 'boolean':
        value = flagSaid(f, intent);
        break;
      case 'country-code':
        // "public holidays in France" → "FR" (seventh QA pass on toolalpaca asked for the two-letter code).
        value = countryCodeIn(intent);
        break;
      case 'language': {
        value = languageFor(f, intent);
        // "Translate 'Hello, how are you?' to Spanish": the source nobody named is the quoted text's.
        const quoted = lit('quoted')?.value;
        if (value === undefined && f.side === 'from' && typeof quoted === 'string' && plainlyEnglish(quoted))
          if (set(f.name, englishFor(f), 'derived')) continue;
        break;
      }
      case 'query': {
        // "a cafe near Hyde Park": a place said after "near" is where to look, not what (eighth QA pass
        // searched for Hyde Park); its words leave the keywords too.
        const places = intentLiterals.filter((l) => l.kind === 'entity' && l.sub === 'place');
        const near = places.find((l) => NEAR.test(intent.slice(0, l.start)));
        const place = places.find((l) => l !== near);
        // Blanked, not cut: the other literals keep their offsets.
        const from = near ? NEAR.exec(intent.slice(0, near.start))!.index : 0;
        const asked = near
          ? `${intent.slice(0, from)}${' '.repeat(near.end - from)}${intent.slice(near.end)}`
          : intent;
        const askedLiterals = near ? intentLiterals.filter((l) => l !== near) : intentLiterals;
        // A query the tool describes as a place ("The location(s) you want weather data for") is one.
        const where = /\b(?:locations?|city|cities|place)\b/.test(f.description.toLowerCase())
          ? placeName(intent, intentLiterals)
          : undefined;
        value =
          lit('quoted')?.value ??
          place?.value ??
          where ??
          (keywords(asked, askedLiterals, ownWords(tool)) ||
            keywords(asked, askedLiterals) ||
            // "Read my latest email", "List all my notes": no keyword, the newest of everything.
            everything(intent));
        break;
      }
      case 'title':
      case 'text':
        value = freeText(f, textFields, intent, intentLiterals, effectOf(tool) === 'send');
        if (value === undefined && k) {
          set(f.name, k.value, k.source);
          continue;
        }
        break;
      case 'other':
        // A quoted phrase is the value of a required input the user states ("the file "a.txt""), but
        // not of one the tools produce: in "order 3 of "red gadget"" it names what to look the SKU up by.
        value = f.required && !input.produced?.has(f.name) ? lit('quoted')?.value : undefined;
        break;
      case 'id':
        // "Show the pet by id 42", "order #A-17": a tool with one id input takes the id the request
        // gives by the generic word; with several, only each input's own name decides (above).
        value = fields.filter((x) => x.kind === 'id').length === 1 ? genericId(intent) : undefined;
        if (typeof value === 'string' && f.type === 'integer')
          value = /^\d+$/.test(value) ? Number(value) : undefined;
        break;
      default:
        value = undefined;
    }
    const shapes = value === undefined ? input.produced?.get(f.name) : undefined;
    if (shapes) value = tokenOfShape(intent, shapes);
    if (
      set(
        f.name,
        value,
        f.kind === 'text' || f.kind === 'title' || f.kind === 'query' ? 'request text' : 'request',
      )
    )
      continue;
    if (f.type === 'string' && set(f.name, namedValue(intent, f.name), 'request')) continue;
    if (f.type === 'string' && f.required && set(f.name, spaceName(intent, f, tool), 'request')) continue;
    if (
      f.type === 'array' &&
      f.required &&
      set(f.name, enumerated(intent, intentLiterals, tool, f.name), 'request')
    )
      continue;
    if (f.required) missing.push(f);
  }
  // "Format: %Y-%m-%d %H:%M:%S": the date-time as the tool writes it, with a space (api_bank's agenda).
  for (const f of fields)
    if (f.kind === 'datetime' && SPACED_DATE_TIME.test(f.description) && typeof args[f.name] === 'string')
      args[f.name] = (args[f.name] as string).replace(/^(\d{4}-\d{2}-\d{2})T/, '$1 ');
  // "What's the date in 2 days?" of a tool that adds days to a date: the days are the offset and the
  // date is today, not "in 2 days" once more (seventh QA pass: today + 4). So for "arrives 14 days from
  // today" (twenty-fourth QA pass: 2026-12-20 + 14).
  const relative = intentLiterals.find(
    (l) =>
      l.kind === 'date' &&
      /^(?:in\s+\d+\s+(?:days?|weeks?)|(?:\d+|a)\s+(?:days?|weeks?)\s+from\s+(?:now|today))$/i.test(l.text),
  );
  const offset = fields.find((f) => f.kind === 'number' && /\bdays?\b/.test(f.name.replace(/_/g, ' ')));
  if (relative && offset && typeof args[offset.name] === 'number')
    for (const f of fields)
      if (f.kind === 'date' && args[f.name] === relative.value && sources[f.name] !== 'user') {
        args[f.name] = isoDate(input.today);
        sources[f.name] = 'request';
      }
  // An interval's end nobody stated: its start plus the stated duration, else one hour.
  const start = fields.find(
    (f) => f.kind === 'datetime' && f.bound === 'start' && typeof args[f.name] === 'string',
  );
  for (const f of missing.filter((x) => x.kind === 'datetime' && x.bound === 'end')) {
    if (!start) break;
    const end = plusMinutes(args[start.name] as string, (lit('duration')?.value as number | undefined) ?? 60);
    // A start that is not a date-time (an earlier call's "00:58"): nothing to derive the end from.
    if (end === undefined) continue;
    args[f.name] = end;
    sources[f.name] = 'derived';
    missing.splice(missing.indexOf(f), 1);
  }
  // A subject or title nobody stated is the first words of the text that was given (never the reverse).
  const text = textFields.find((f) => f.kind === 'text' && typeof args[f.name] === 'string');
  for (const f of missing.filter((x) => x.kind === 'title')) {
    if (!text) break;
    args[f.name] = firstWords(args[text.name] as string, 8);
    sources[f.name] = 'derived';
    missing.splice(missing.indexOf(f), 1);
  }
  return { args, sources, missing };
}

/**
 * A value the request gives by the input's own name: "papers on the topic of sustainability" gives
 * `topic`, "with the genre set to jazz" gives `genre`. Up to five words after "the <name> of / is / set
 * to / :", stopping at punctuation or a joining word.
 */
export function namedValue(intent: string, field: string): string | undefined {
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return undefined;
  const name = words.split(/\s+/).map(escapeRegExp).join('[\\s_-]+');
  const m = new RegExp(
    `\\bthe ${name} (of|is|set to|=|:) +((?:(?!\\b(?:and|then|for|with|in|to|from|by|on|at)\\b)[^,.;!?\\s]+ ?){1,5})`,
    'i',
  ).exec(intent);
  if (!m) return undefined;
  const value = m[2]!.trim();
  // "the topic of sustainability" names the topic; "the address of the museum" and "the capital of
  // France" name something else's: after "of", only a plain lower-case phrase is the value itself.
  if (
    m[1]!.toLowerCase() === 'of' &&
    !/^(?!(?:the|a|an|this|that|my|your|his|her|its|our|their)\b)[a-z0-9]/.test(value)
  )
    return undefined;
  return value.replace(/^(?:the|a|an) /i, '') || undefined;
}

/**
 * The things a request lists for an array of strings: "Add milk, eggs and butter to my shopping list" →
 * ["milk", "eggs", "butter"] (the words left after the command, cut before "to/into/on my …"). Each item
 * is at most four words; an input whose items are not strings is left alone. From an unseen catalogue,
 * whose `items` input was asked of the user.
 */
function enumerated(
  intent: string,
  literals: readonly Literal[],
  tool: Tool,
  field: string,
): string[] | undefined {
  const items = tool.parameters.properties?.[field]?.items;
  const type =
    items && typeof items === 'object' && !Array.isArray(items)
      ? (items as { type?: unknown }).type
      : undefined;
  if (type !== undefined && type !== 'string') return undefined;
  const rest = residualText(intent, literals)
    .replace(/\s+(?:to|into|onto|on|in|from)\s+(?:my|the|our|your)\b.*$/i, '')
    .replace(/[.!?]+$/, '');
  const listed = rest
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i)
    .map((x) => x.trim().replace(/^(?:some|a|an|the)\s+/i, ''))
    .filter(Boolean);
  if (listed.length === 0 || listed.some((x) => x.split(/\s+/).length > 4)) return undefined;
  return listed;
}

const TITLE_INPUT = /(?:^|_)(?:title|book_?title|book_?name|song|album|track)$/i;
const AUTHOR_INPUT = /(?:^|_)(?:author|writer|artist|composer|by)$/i;
/** Words that open a request, not a title: "Is Dune by …", "Find The Hobbit by …" keeps "The". */
const OPENING =
  /^(?:is|are|was|do|does|did|can|could|would|will|has|have|please|find|get|search|look|show|check|reserve|borrow|renew|read|play|buy|order|listen)$/i;

/**
 * "Dune by Frank Herbert", "“The Hobbit” by J.R.R. Tolkien": a capitalized title and the capitalized
 * name after "by" (unseen-catalogue QA: the whole question became the title).
 */
function titleAndAuthor(intent: string): { title: string; author: string } | undefined {
  const m =
    // On one line: a part joined to its situation ("… by Ed Sheeran\nI need …") ends the name there.
    /(["“']?\p{Lu}[\p{L}\p{N}'’:-]*(?:[ \t]+(?:of|the|and|a|an|in|on|to|for|\p{Lu}[\p{L}\p{N}'’:-]*)){0,7}?["”']?)[ \t]+by[ \t]+(\p{Lu}[\p{L}.'’-]*(?:[ \t]+\p{Lu}[\p{L}.'’-]*){0,3})/u.exec(
      intent,
    );
  if (!m) return undefined;
  const words = m[1]!.split(/\s+/);
  while (words.length > 1 && OPENING.test(words[0]!)) words.shift();
  const title = words.join(' ').replace(/^["“']|["”']$/g, '');
  if (!title || OPENING.test(title)) return undefined;
  return { title, author: m[2]!.replace(/[.,]$/, '') };
}

/** Input names for a part of a building or a site: a room, a zone, a floor. */
const SPACE = /(?:^|_|\b)(room|area|zone|floor|space|site|garden|yard|building|wing)$/i;
/** Words after "in the" that are times or the world, not a part of a building. */
const NOT_A_SPACE = new Set(
  'morning afternoon evening night day week weekend month year future past meantime world house home way end middle future'.split(
    ' ',
  ),
);

/**
 * The room (zone, floor…) a request names, for an input named for one that the request does not state
 * by name: "the living room" → "living room", "in the bedroom" → "bedroom", "the kitchen lights" →
 * "kitchen" (a word right before what the tool acts on). From an unseen smart-home catalogue, whose
 * `room` inputs were asked of the user in every request.
 */
function spaceName(intent: string, f: FieldInfo, tool: Tool): string | undefined {
  const noun = SPACE.exec(f.name)?.[1]?.toLowerCase();
  if (!noun) return undefined;
  const said = new RegExp(String.raw`\b(?:the|my|our|in|at|of|for)\s+((?:[a-z]+\s+)?${noun})\b`, 'i').exec(
    intent,
  );
  if (said && !/^(?:the|my|our|a|an)\s/i.test(said[1]!)) return said[1]!.toLowerCase();
  const inThe = /\b(?:in|at)\s+(?:the|my|our)\s+([a-z]+)\b/i.exec(intent);
  if (inThe && !NOT_A_SPACE.has(inThe[1]!.toLowerCase())) return inThe[1]!.toLowerCase();
  const objects = contentWordsOf(tool.name);
  for (const m of intent.matchAll(/\bthe\s+([a-z]+)\s+([a-z]+)\b/gi))
    if (objects.has(m[2]!.toLowerCase().replace(/s$/, '')) && !objects.has(m[1]!.toLowerCase()))
      return m[1]!.toLowerCase();
  return undefined;
}

/** A search tool's own name words, which say what it searches, not what for ("search_recipes" → recipe). */
const ownWords = (tool: Tool): Set<string> => contentWordsOf(tool.name);

/** The words of a tool name, singular ("turn_on_lights" → turn, on, light). */
function contentWordsOf(name: string): Set<string> {
  return new Set(splitWords(name).map((w) => w.replace(/s$/, '')));
}

/** "id 42", "ID: x-7", "#42", "no. 17": the value after the generic word for an identifier. */
function genericId(intent: string): string | undefined {
  const m =
    /(?:\b(?:id|identifier|no\.|number)[ \t]*(?:is|=|:)?[ \t]*|#)(\p{N}[\p{L}\p{N}_-]*|\p{L}+[-_]?\p{N}[\p{L}\p{N}_-]*)/iu.exec(
      intent,
    );
  return m?.[1];
}

/** An input that takes a percentage (`discount_percentage`, "The tax rate", `tip_percent`). */
const PERCENT_INPUT = /percent|\brates?\b|_rate\b|\bpct\b|%/;

/** A rate the tool wants as a fraction: "The tax rate as a decimal", "between 0 and 1". */
const DECIMAL_RATE =
  /\b(?:as a (?:decimal|fraction)|in decimal|decimal form|between 0 and 1|0(?:\.0)? ?(?:-|to) ?1)\b/i;

/** Inputs a value named right after the input's own name can fill (not dates, texts or enums). */
const DIRECT_KINDS = new Set(['other', 'id', 'person', 'number', 'city']);

/** Inputs whose value is a modifier word said before their name ("pixel style", "png format"). */
const MODIFIED = /^(?:style|format|type|mode|colou?r|theme|size|shape|flavou?r|genre|category|level)$/i;
/** Formats said after "as" ("as png", "as a PDF"). */
const FILE_FORMATS =
  'png|jpe?g|gif|svg|webp|bmp|pdf|csv|json|xml|txt|html|md|mp3|mp4|wav|ogg|docx?|xlsx?|zip|ya?ml';
/** Words that never are such a modifier. */
const NO_MODIFIER = new Set(
  'a an the any some this that which what my your our their its same other new different favorite favourite preferred file image output default specific certain particular'.split(
    ' ',
  ),
);

/**
 * "in pixel style", "the png format", "as png": the word before a style-like input's name, or after "as"
 * for a format (toolalpaca QA left both out of an avatar). Undefined when the request says none.
 */
function modifierOf(intent: string, f: FieldInfo): string | undefined {
  // One word only: in "the cuisine type \"192.168…\"" the word before "type" is the name's own.
  const name = f.name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]/g, ' ')
    .trim();
  if (!MODIFIED.test(name)) return undefined;
  const before = new RegExp(`\\b([\\p{L}\\p{N}][\\p{L}\\p{N}-]*)\\s+${escapeRegExp(name)}\\b`, 'iu').exec(
    intent,
  )?.[1];
  if (before && !NO_MODIFIER.has(before.toLowerCase()) && !/^\d+$/.test(before)) return before;
  if (/^format$/i.test(name)) {
    const as = new RegExp(`\\bas\\s+(?:an?\\s+)?\\.?(${FILE_FORMATS})\\b`, 'i').exec(intent)?.[1];
    if (as) return as.toLowerCase();
  }
  return undefined;
}

/**
 * The value the request gives right after the input's name: "author Tolkien" for `author`, "member 42"
 * for `member_id` (a trailing id / name / number of the name may be left out). Only a value that cannot
 * be an ordinary word: capitalized words (not for number or id inputs) or a token that starts with a digit.
 */
const caseless = (pattern: string): string =>
  pattern.replace(/\p{L}/gu, (c) =>
    c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`,
  );

function valueAfterName(intent: string, f: FieldInfo): string | number | undefined {
  const words = f.name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const wordLists = [
    words,
    words.length > 1 && /^(?:id|name|number|no)$/.test(words.at(-1)!) ? words.slice(0, -1) : [],
  ].filter((w) => w.length > 0 && w.join('').length >= 3);
  // Any case before a value: "ISBN 978-0441013593" names the input `isbn` (unseen-catalogue QA). The
  // value keeps its own case rules, so the name is made caseless letter by letter, not with the i flag.
  // After a value only lower case: in "New York City" or "the Central Library" the name is part of it.
  const names = wordLists.map((w) => w.map((x) => caseless(escapeRegExp(x))).join('[\\s_-]+'));
  const lowerNames = wordLists.map((w) => w.map(escapeRegExp).join('[\\s_-]+'));
  const numeric = f.kind === 'number' || f.kind === 'id';
  // A dot between digits is a decimal point ("latitude 41.9676"), one before a space ends the sentence.
  const token = String.raw`\p{N}(?:[\p{L}\p{N}_-]|\.(?=\p{N}))*`;
  // "password mySecretPass123", "code abc123": a word with a digit or an inner capital is no ordinary word.
  const coded = String.raw`\p{Ll}[\p{Ll}_-]*(?:\p{N}|\p{Lu})[\p{L}\p{N}_-]*`;
  const value = numeric
    ? `(${token})`
    : String.raw`(${token}|${coded}|\p{Lu}[\p{L}\p{N}'-]*(?:[ \t]+\p{Lu}[\p{L}\p{N}'-]*){0,3})`;
  // "a discount percentage of 10": a number may follow "of" ("the author of Dune" is no author).
  const link = numeric ? '(?:is|=|:|of)' : '(?:is|=|:)';
  for (const name of names) {
    // On one line: "My username is JohnSmith123\nMy password …" ends the value at the line break.
    // "the confirmation number is JH748" for `confirmation`: the name's generic last word may be said.
    const m = new RegExp(
      String.raw`\b${name}(?:[ \t]+(?:number|id|code|no\.?))?[ \t]+(?:${link}[ \t]+)?${value}`,
      'u',
    ).exec(intent);
    if (!m) continue;
    const v = m[1]!;
    // "Where is City Dental Care?": a capitalised name word before more capitals opens a name (the city
    // searched was "Dental Care"; twenty-first QA pass). "ISBN 978-…", "city: Paris" still give values.
    const linked = /[ \t](?:is|=|:)[ \t]+$/.test(m[0].slice(0, m[0].length - v.length));
    if (/^\p{Lu}/u.test(m[0]) && /^\p{Lu}/u.test(v) && !linked) continue;
    // "a tax rate of 7%" for "The tax rate as a decimal" is 0.07.
    const fraction =
      /^\s?(?:%|percent\b)/.test(intent.slice(m.index + m[0].length)) && DECIMAL_RATE.test(f.description);
    if (f.kind === 'number')
      return /^-?\d+(?:\.\d+)?$/.test(v) ? Number(v) / (fraction ? 100 : 1) : undefined;
    if (f.type === 'integer') return /^\d+$/.test(v) ? Number(v) : undefined;
    return v;
  }
  if (numeric) return undefined;
  // "… in the Asia region": capitalized words right before the input's name, after an article or a
  // preposition (never the sentence's first word).
  for (const name of lowerNames) {
    const m = new RegExp(
      // "at the JX001 hotel": a code counts as much as a capitalized word.
      String.raw`\b(?:the|in|for|of|from|at|on)[ \t]+(\p{Lu}[\p{L}\p{N}'-]*(?:[ \t]+\p{Lu}[\p{L}\p{N}'-]*){0,2})[ \t]+${name}\b`,
      'u',
    ).exec(intent);
    if (m) return m[1];
  }
  return undefined;
}

/** One free-text input: the spelled-out content, a named title, or the sub-intent's own words. */
function freeText(
  f: FieldInfo,
  all: FieldInfo[],
  intent: string,
  literals: readonly Literal[],
  sends = false,
): string | undefined {
  // "… with subject Hello and body See you soon": each text input takes what follows its own name.
  // Only between two or more such inputs: one alone takes the free text as before.
  const texts = all.filter((x) => x.kind === 'title' || x.kind === 'text');
  const labels = texts.flatMap((x) => labelsOf(x.name));
  for (const label of labelsOf(f.name)) {
    const given = texts.length > 1 ? labelledValue(intent, label, labels) : null;
    if (given) return given;
  }
  const quoted = literals.find((l) => l.kind === 'quoted')?.value as string | undefined;
  const content = spelledOutContent(intent);
  // "an event called Team sync next Monday from 10:00": the dates and times are other inputs' values.
  // The request's own line first: the situation on a line after it is no part of the name ("… a note called
  // Christmas presents\nI want to keep a list of presents …").
  const ownLine = intent.split('\n')[0]!;
  const title =
    (ownLine.length < intent.length
      ? namedTitle(
          withoutStructured(
            ownLine,
            literals.filter((l) => l.end <= ownLine.length),
          ),
        )
      : null) ?? namedTitle(withoutStructured(intent, literals));
  // "reply to alice yes still on but i have to leave by 1pm": a message takes no time, so a time said in
  // it is what it says (twenty-fifth QA pass sent "i have to leave for pickup").
  const timed = all.some((x) => ['datetime', 'date-or-datetime', 'date', 'time'].includes(x.kind));
  // Only inside what is said ("I have to leave by 1pm"): "text Dan at 3pm that I'm late" says when to send.
  // A time written in from an event ("… at 10:30 on 2026-11-25 after the budget review") was not said.
  const saidInside = (l: Literal) =>
    (l.kind === 'time' || l.kind === 'duration') &&
    !/^\s*on\s+\d{4}-\d{2}-\d{2}\b/.test(intent.slice(l.end)) &&
    (/\b(?:i|i['’](?:m|ll|d|ve)|we|we['’](?:re|ll)|you|you['’](?:re|ll))\s/i.test(intent.slice(0, l.start)) ||
      // "text Hugo to confirm 7pm at Saffron House": what is confirmed is said.
      /\b(?:confirm(?:ing)?|see\s+you|meet(?:ing)?|moved?\s+to|push(?:ed)?\s+to|still)\s+(?:(?:at|for|on)\s+)?$/i.test(
        intent.slice(0, l.start),
      ));
  const residual = residualText(intent, sends && !timed ? literals.filter((l) => !saidInside(l)) : literals);
  const twoParts = all.some((x) => x.kind === 'title') && all.some((x) => x.kind === 'text');
  if (f.kind === 'title') {
    // "can you just reply to her that yes …": the asking and the act are no subject (twenty-second QA pass).
    const said = residual
      .replace(
        /^(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:just\s+)?(?:reply|write\s+back|text|e-?mail|tell|message)\s+(?:to\s+)?(?:him|her|them)\s+(?=that\s)/i,
        '',
      )
      .replace(/^that\s+(?=\S)/i, '');
    // "Send Bob an email saying thanks for the report": nothing but the words said is left for a
    // subject, so they give it.
    // "a note with my shopping list: eggs, milk, bread": what the list is called comes before the colon
    // (ninth QA pass titled it "with my shopping list: eggs, milk, bread").
    // A quote after the colon is part of the list, not the title ("… banner, and add 'fix API docs' at the end").
    // A clock's colon ("see you at 12:30") is none.
    const listColon = said.search(/(?<!\d):|:(?!\d)/);
    const colon =
      content && (!quoted || (listColon >= 0 && listColon < said.indexOf(quoted))) ? listColon : -1;
    const named =
      colon > 0
        ? stripTail(
            said
              .slice(0, colon)
              .replace(/^(?:with|of|for|about|containing)\s+(?:(?:my|our|the|a|an)\s+)?/i, '')
              .trim(),
          )
        : '';
    const t =
      title ??
      (twoParts
        ? named || firstWords(stripTail(said), 8) || firstWords(content ?? quoted ?? '', 8)
        : (quoted ?? content ?? said));
    // "a dentist appointment" → "dentist appointment": a title has no article.
    // "Add Carla's party to my calendar": where it goes is no part of the title.
    const bare = withoutChannel(t)
      .replace(/^(?:a|an|the)\s+/i, '')
      // "a calendar event for the team offsite" is called "team offsite": the kind is the tool's.
      .replace(/^(?:calendar\s+)?(?:event|entry)\s+(?:for|about)\s+(?:(?:a|an|the|my|our)\s+)?(?=\S)/i, '')
      .replace(
        /(?:^|\s+)(?:to|in|on|into)\s+(?:my|the)\s+(?:calendar|diary|agenda|schedule|notes|reminders|list)\b/i,
        '',
      )
      // "block out 7 to 8 tomorrow morning for a workout": the part of the day went with the times.
      .replace(/^(?:morning|afternoon|evening)\s+for\s+(?:(?:a|an|the|my)\s+)?(?=\S)/i, '')
      // "block out Thursday 2 to 4pm in my calendar for offsite prep": what the time is for is the title.
      .replace(/^\s*for\s+(?=\S)/i, '')
      // "… and invite Alice": whom it is sent to is another input.
      .replace(/\s+and\s+invite\s+\S.*$/i, '')
      // "email Berg back about the marathon plan": writing back is the reply, not its subject.
      .replace(/^back\s+(?=(?:about|regarding|re|on)\b)/i, '')
      // "afternoon tea at my house, 27 Upper Street, …, for an hour or so": what the address and the length
      // left behind ("afternoon tea at my house,, or so").
      .replace(/(?:\s*,)+\s*(?:or\s+so\b)?\s*$/i, '')
      .replace(/(?:\s*,){2,}/g, ',')
      // "Add tempo run Tue 7-8am to my calendar": the dash the times left is no part of the title.
      .replace(/\s+[-–—]$/, '')
      // "a haircut thursday 5:30pm, it takes about 45 mins": how long it takes is the end time's.
      .replace(
        /,?\s*(?:(?:it|that|which)(?:['’]ll|\s+will|\s+should)?\s+takes?|lasting|for)\s+(?:about|around|roughly|approx(?:imately)?)?\s*$/i,
        '',
      );
    // "Invite Anna to a project review" → "Project review with Anna": the invitation is the event.
    const invited =
      /^invite\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\s+(?:to|for)\s+(?:a|an|the)?\s*(\S.*)$/iu.exec(
        bare,
      );
    if (invited) return `${invited[2]![0]!.toUpperCase()}${invited[2]!.slice(1)} with ${invited[1]}`;
    // "Book an hour with Alice … to go over the Q3 numbers" → "Go over the Q3 numbers with Alice": what the
    // time is for, with whom (sixteenth QA pass: "with Alice to go over the Q3 numbers").
    const withFor =
      /^with\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)\s+(?:to|for)\s+(?:(?:a|an|the)\s+)?(\S.*)$/u.exec(
        bare,
      );
    if (withFor) return `${withFor[2]![0]!.toUpperCase()}${withFor[2]!.slice(1)} with ${withFor[1]}`;
    // "Schedule a meeting with Bob" → "Meeting with Bob", not "with Bob": the command took the noun.
    const noun = /\b(meeting|appointment|call|event|session|interview|review)\b/i.exec(intent)?.[1];
    if (noun && /^(?:with|about|for|on|regarding)\b/i.test(bare))
      return `${noun[0]!.toUpperCase()}${noun.slice(1).toLowerCase()} ${bare}`;
    // "Schedule an hour with Alice": time with someone is a meeting ("with Alice" alone named nothing).
    if (/^with\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?$/u.test(bare)) return `Meeting ${bare}`;
    // "Email Lena about the launch date": the subject is "launch date", not "about the launch date".
    const topic = /^(?:about|regarding|concerning|re:?)\s+(?:(?:the|a|an|our|my)\s+)?(\S.*)$/i.exec(
      bare,
    )?.[1];
    if (topic) return topic;
    // "Email Anna to bring the slides": the subject is what she is asked, "Bring the slides".
    const asked = sends ? askedToDo(bare, intent) : null;
    return asked ?? (bare || undefined);
  }
  // "Forward the email about the launch to Anna": what goes is a message that exists, which a search
  // and a read give (ninth QA pass sent "about the launch" as the body).
  if (sends && !quoted && /^(?:please\s+)?forward\b/i.test(intent.trim())) return undefined;
  // "Email Anna that the offsite moved to Friday": what is said is the whole clause after "that", its
  // dates and times included (the residual has them taken out).
  // "Tell Carol I'll be there at 5": after the recipient, the message is the rest as said.
  // "tell Dan no thanks by text": how it goes is no part of what is said.
  const toldSaid = sends ? TELL_SOMEONE.exec(intent.trim())?.[2] : undefined;
  const toldRaw = toldSaid === undefined ? undefined : withoutChannel(toldSaid);
  // "Text Bob the report" names a thing to send, not words: a producer or the user says what goes in.
  const told = toldRaw && !namesNoContent(toldRaw) ? toldRaw : undefined;
  // "send him a message that the train is delayed": the words after "a message that" (seventh QA pass
  // sent "a message that …").
  // "can you text Dan that I'm running late?": the question mark is the asking's, not the message's
  // (twenty-first QA pass sent "I'm running late?").
  const politeAsk = /^(?:(?:ok|so|hey|and)\s+)?(?:can|could|would|will)\s+(?:you|u)\b/i.test(intent.trim());
  const end = politeAsk ? /[.!?]+$/ : /[.!]+$/;
  // "make a note that Maya's birthday is 6 December …": the day said is the note's too (twenty-second QA pass
  // wrote "Maya's birthday is so I don't forget").
  const clause =
    /^(?:(?:an?\s+)?(?:message|text(?:\s+message)?|sms|e-?mail|note)\s+)?that\s/i.test(residual) ||
    /^(?:(?:please|can\s+you|could\s+you|and)\s+)*(?:make|add|create|write|jot|take|save)\s+(?:down\s+)?(?:an?\s+)?(?:new\s+)?note\s+(?:down\s+)?that\s/i.test(
      intent.trim(),
    )
      ? // To the end of its line: the situation said beside it ("ugh sick today") is on a line of its own.
        /\bthat\s+(.+?)[.!]*$/im.exec(intent)?.[1]?.replace(end, '')
      : told?.replace(end, '');
  // "Create a note with the title Ideas": what another text input's label gave it is no part of this
  // one (seventh QA pass wrote "the title Ideas" as the note).
  let said = clause ?? residual;
  if (texts.length > 1)
    for (const other of texts.filter((x) => x.name !== f.name))
      for (const label of labelsOf(other.name)) {
        const given = labelledValue(intent, label, labels);
        if (!given) continue;
        said = said
          .replace(
            new RegExp(
              `(?:\\b(?:with|and)\\s+)?(?:(?:the|a|an)\\s+)?\\b${escapeRegExp(label)}\\b\\s*(?:[:=]|is)?\\s*${escapeRegExp(given)}`,
              'i',
            ),
            '',
          )
          .trim();
      }
  // "… called Shopping with eggs and milk": the content follows "with".
  // "make a new note 'Berlin packing list' with passport, …": a quote that named the title is no content
  // (twenty-second QA pass wrote the title twice); the kind said before it ("a new note") is none either.
  const quoteIsTitle = title !== null && quoted !== undefined && quoted.trim() === title;
  // "a note called 'Finals plan' - stats monday, …": what follows the name after a dash, as said (its days
  // too).
  const afterName =
    title && twoParts
      ? new RegExp(`["“'‘]?${escapeRegExp(title)}["”'’]?\\s+[-–—]\\s+(\\S[^\\n]*)$`, 'imu')
          .exec(intent)?.[1]
          ?.replace(/[.!]+$/, '')
      : undefined;
  const rest =
    title && twoParts
      ? stripTitle(
          said.replace(/^(?:(?:a|an|the|my)\s+)?(?:new\s+)?(?:note|list|entry)\s+(?=\S)/i, ''),
          title,
        ).replace(/^(?:with|containing)\s+(?=\S)/i, '')
      : said;
  const t = content ?? afterName ?? (quoteIsTitle && rest !== said ? undefined : quoted) ?? rest;
  // "Send Anna the quarterly report", "send Bob a message": a thing named or the kind of text, not the
  // words to send — a producer (the file's content) or the user says what goes in. (A reminder "for my
  // dentist appointment" is its own words.)
  if (sends && t && !content && !quoted && said === residual && namesNoContent(t)) return undefined;
  // "Text Bob to bring a coat": what he is asked to do is the message, "Bring a coat" (eighth QA pass
  // sent "to bring a coat").
  const asked = sends && !content && !quoted && t ? askedToDo(t, intent) : null;
  return asked ?? (t || undefined);
}

/**
 * "tonight", "this evening", "this afternoon": a day said with its hour, which the date literal covers ("dinner
 * with Maya tonight" began at 09:00, "remind me tonight" had no time; nineteenth QA pass). The hours are
 * `findTimes`' own for the same words (`PART_OF_DAY`).
 */
function partOfTodaySaid(intent: string): string | undefined {
  const m = /\b(?:to(night)|this\s+(evening|afternoon|morning))\b/i.exec(intent);
  return m ? PART_OF_DAY[(m[1] ?? m[2]!).toLowerCase()] : undefined;
}

/** "to bring a coat" after "text Bob": what the person is asked to do, as said to them ("Bring a coat"). */
function askedToDo(text: string, intent: string): string | null {
  // "to say my train gets in at noon" says something; it asks nothing of them (nineteenth QA pass: the
  // subject was "Say my train gets into Paris").
  const m = /^to\s+(\p{Ll}.*)$/u.exec(text);
  const said = m ? /^(?:say|tell\s+(?:him|her|them))\s+(?:that\s+)?(\S.*)$/i.exec(m[1]!) : null;
  if (said) return `${said[1]![0]!.toUpperCase()}${said[1]!.slice(1)}`;
  const told =
    /\b(?:text|message|tell|ask|sms|e-?mail|mail|write)\s+(?:\p{Lu}\p{L}*|him|her|them)\s+(?:(?:anyways?|regardless|all\s+the\s+same)\s+)?to\s/iu;
  return m && told.test(intent) ? `${m[1]![0]!.toUpperCase()}${m[1]!.slice(1)}` : null;
}

/** "near", "close to" … right before a place: it says where, not what. */
const NEAR = /\b(?:near|nearby|close to|next to|around|by|beside)\s+(?:the\s+)?$/i;

/** The words a request may call an input by: its name ("email body") and its last word ("body"). */
function labelsOf(name: string): string[] {
  const words = splitWords(name);
  const last = words[words.length - 1];
  return [...new Set([words.join(' '), ...(last && last.length > 2 ? [last] : [])])].filter(Boolean);
}

/** A reference ("the quarterly report", "my notes") or a bare kind of text ("a message"), up to four words. */
function namesNoContent(text: string): boolean {
  const t = text.trim().replace(/[.!?]+$/, '');
  // "the offsite is ready" says something: a reference has no verb.
  if (/\b(?:is|are|was|were|will|has|have|had|can|could|should|would|be|been|am)\b/i.test(t)) return false;
  // "the meeting moved to Friday": a verb in the past after the thing says something.
  if (/^\S+\s+\S+\s+\p{L}+ed\b/iu.test(t)) return false;
  return (
    /^(?:the|my|our|this|these|those|his|their)\s+(?:[\p{L}\p{N}'-]+\s+){0,3}[\p{L}\p{N}'-]+$/iu.test(t) ||
    /^(?:a|an|some)\s+(?:short\s+|quick\s+|new\s+)?(?:message|e-?mail|mail|text|note|sms|reply|line|(?:(?:video(?:\s+call)?|zoom|teams|meet(?:ing)?|call|invite|booking)\s+)?link)$/i.test(
      t,
    )
  );
}

// "email saying thanks …" leaves no subject: the kind of text and what it says are not its title.
const stripTail = (s: string) =>
  s
    .replace(
      /(?:^|\s+)(?:saying|that says|with the text|asking|(?:letting|to let) (?:him|her|them) know)\b.*$/i,
      '',
    )
    // "Shoot a quick email", "a short message": the kind of text and how it goes are no subject.
    .replace(
      /^(?:(?:shoot|drop|fire off|send|write)\s+)?(?:(?:an?|the)\s+)?(?:(?:short|quick|brief|little)\s+)?(?:e-?mail|mail|message|text|note|sms|line)(?:\s+to)?(?:\s*:\s*|$)/i,
      '',
    )
    // "email her back saying …": "back" is how, not what about.
    .replace(/^(?:back|again)$/i, '');
// "a new note 'Berlin packing list' with …": the quoted name right after the kind is the title too.
// Nothing left but the name: the part says no content of its own (the caller keeps what it had).
const stripTitle = (s: string, title: string) =>
  s
    .replace(
      new RegExp(
        `(?:\\b(?:called|titled|named)\\s+|^)["“'‘]?${escapeRegExp(title)}["”'’]?(?![\\p{L}\\p{N}])`,
        'iu',
      ),
      '',
    )
    .trim() || s;

/** A local ISO date-time `minutes` later, or undefined when `localIso` is not one. */
function plusMinutes(localIso: string, minutes: number): string | undefined {
  const ms = Date.parse(`${localIso}Z`) + minutes * 60_000;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 19) : undefined;
}

/**
 * A unit or currency named after "to", "into" or "in" ("convert 5 km to miles") or asked for with "how
 * many" ("how many pounds is 10 kg"); never `source`, the one converted from.
 */
function targetWord(text: string, of: (w: string) => string | null, source?: string): string | undefined {
  for (const m of text.matchAll(/\b(?:to|into|in|how many|how much)\s+([^\s,.?!]+)/gi)) {
    const v = of(m[1]!);
    if (v && v !== source) return v;
  }
  return undefined;
}

/**
 * "Our new oven … only shows Fahrenheit - what's 175 °C?": with no "to …", the one other unit the request
 * names is the target (eleventh QA pass: it asked for the unit). None when it names several or none.
 */
function otherUnitSaid(text: string, source: string | undefined): string | undefined {
  const said = new Set(
    (text.match(/[\p{L}°]+/gu) ?? [])
      .map((w) => unitOf(w))
      .filter((u): u is string => u !== null && u !== source),
  );
  return said.size === 1 ? [...said][0] : undefined;
}

/** A signed day count: "in 10 days", "3 weeks later", "5 days before" → -5; "stay 4 nights" is 4 days. */
function daysIn(lower: string): number | undefined {
  const m = /(-?\d+)\s*(days?|weeks?|nights?)\b(\s+(?:before|earlier|ago|back))?/.exec(lower);
  if (!m) return undefined;
  const n = Number(m[1]) * (m[2]!.startsWith('week') ? 7 : 1);
  return m[3] ? -n : n;
}

function numberNear(literals: readonly Literal[], lower: string, unit: RegExp): number | undefined {
  for (const l of literals) {
    if (l.kind === 'number' && unit.test(lower.slice(l.end, l.end + 8))) return l.value as number;
  }
  return undefined;
}

/**
 * The word a search gets when the request names no keyword but asks for the newest of everything or
 * for a list: "Read my latest email" → "latest", "List my notes" → "all".
 */
export function everything(intent: string): string | undefined {
  const word = /\b(latest|newest|recent|last|all)\b/i.exec(intent)?.[1]?.toLowerCase();
  // "Check my inbox", "What's in my inbox?", "Any new emails?": what is in it, newest first.
  return (
    word ??
    // "Who emailed me yesterday?", "who's written to me today": every message, newest first.
    (/^(?:please\s+)?(?:list|show|check|open)\b|^what(?:'s|’s| is)\s+(?:in|new in)\b|^any\s+new\b|^who(?:['’]s|\s+has)?\s+(?:e-?mailed|mailed|written\s+to|wrote\s+to|messaged|sent)\s+me\b/i.test(
      intent.trim(),
    )
      ? 'all'
      : undefined)
  );
}

/** "Tell Carol (that) I'll be there at 5": the name, then the words to send. */
const TELL_SOMEONE =
  // The name is matched atomically (a lookahead and its back-reference), so "Tell Anna Keller the …"
  // never gives "Keller the …" as the message.
  // A name typed in lower case is one word ("tell bob i'll be late").
  /^(?:[Pp]lease\s+)?(?:[Tt]ell|[Tt]ext|[Mm]essage)\s+(?=(\p{Lu}[\p{L}-]*(?:\s+(?!I\b|I['’])\p{Lu}[\p{L}-]*)?|(?!(?:me|us|about|to|that|a|an|the)\b)\p{Ll}[\p{L}-]*))\1\s+(?:that\s+)?((?!(?:about|to)\b)\S.*)$/u;

/** Words that make a `…_name` input a person's name; any other (`plant_name`) names a thing. */
const PERSON_NAME =
  /\b(?:first|last|full|given|family|sur|user|contact|recipient|attendee|person|customer|author|owner|guest|employee|patient|member|player|artist|sender|receiver|driver|passenger|student|teacher|doctor|client|account|display|nick|middle)\b/;

/** A `<thing>_name` input whose thing is no person ("plant_name", "product_name"). */
function namesAThing(f: FieldInfo): boolean {
  const n = f.name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]/g, ' ')
    .toLowerCase();
  return /\w\s+name$/.test(n) && !PERSON_NAME.test(n);
}

/**
 * "How often should I water my tomato?" for `watering_schedule(plant_name)`: the one content word of the
 * request the tool's own text does not explain is the thing it asks about. Two or more: unsure, asked.
 */
function soleOtherWord(intent: string, literals: readonly Literal[], tool: Tool): string | undefined {
  const own = wordsOf(tool).all;
  const rest = contentWords(keywords(intent, literals)).filter(
    (w) => !own.has(stem(w)) && !LEAD_WORDS.has(w),
  );
  return rest.length === 1 ? rest[0] : undefined;
}

/** Question and frequency words that are never what a request is about. */
const LEAD_WORDS = new Set(['often', 'much', 'many', 'long', 'should', 'best', 'way', 'need', 'know']);

/**
 * Where a route's end stops: a preposition, a time word, or a travel mode said after it ("to Baker Street
 * walking" — third QA pass; only -ing forms, since "train" or "bus" can be part of a place's name).
 */
const END_STOP = String.raw`(?=\s+(?:by|on|in|at|via|with|using|tomorrow|today|tonight|now|walking|driving|cycling|biking)\b|[,.?!;]|$)`;

/** "from A to B", "to B from A": the two ends of a route, as spans of the text. */
const ROUTE = [
  {
    re: new RegExp(String.raw`\bfrom\s+(.+?)\s+to\s+(.+?)` + END_STOP, 'i'),
    from: 1,
    to: 2,
  },
  {
    re: new RegExp(String.raw`\bto\s+(.+?)\s+from\s+(.+?)` + END_STOP, 'i'),
    from: 2,
    to: 1,
  },
  // "How far is Berlin from Paris by car?"
  {
    re: new RegExp(String.raw`\b(?:far|long|distance)\b.*?\bis\s+(.+?)\s+from\s+(.+?)` + END_STOP, 'i'),
    from: 2,
    to: 1,
  },
  // "the distance between Paris and Berlin": the first is where from.
  {
    // The second end stops at the next "and" or "then" ("… and Los Angeles and then convert …").
    re: new RegExp(String.raw`\bbetween\s+(.+?)\s+and\s+(.+?)(?:(?=\s+(?:and|then)\b)|${END_STOP})`, 'i'),
    from: 1,
    to: 2,
  },
  // "… how far Marseille is from Nice", "how far away the Louvre lies from …"
  {
    re: new RegExp(String.raw`\bfar\s+(?:away\s+)?(.+?)\s+(?:is|lies|are)\s+from\s+(.+?)` + END_STOP, 'i'),
    from: 2,
    to: 1,
  },
];

/**
 * The `side` end of a route the text names: the place a literal found inside that end ("the Louvre" →
 * "Louvre Museum"), else the end's own words without "the" ("Eiffel Tower") for the tool to look up.
 */
const BACK_TO_A_PLACE =
  /^(?:(?:walk|drive|cycle|bike|ride|go|get|travel|head|commute)\s+)?(?:there|here|it|that place)$/i;

function routeEnd(
  text: string,
  literals: readonly Literal[],
  side: 'from' | 'to',
): string | null | undefined {
  const homes = homeEnds(text).map((h) => h.name.toLowerCase());
  for (const { re, from, to } of ROUTE) {
    const m = new RegExp(re.source, 'id').exec(text);
    if (!m?.indices) continue;
    const group = side === 'from' ? from : to;
    const [start, end] = m.indices[group]!;
    const place = literals.find(
      (l) =>
        l.kind === 'entity' && (l.sub === 'place' || l.sub === 'city') && l.start >= start && l.end <= end,
    );
    const words = m[group]!.replace(/^(?:the|a|an)\s+/i, '').trim();
    // "from 27 Upper Street, London to …": the street address, not the city in it. The end may stop at
    // the comma ("… there from 12 Calle Mayor, Madrid"): the address then runs on to its city.
    const street = writtenAddress(m[group]!);
    if (street) {
      if (!/^,\s*\p{Lu}/u.test(text.slice(end))) return street[0];
      const whole = writtenAddress(text.slice(start));
      return whole && whole.index === street.index && whole[0].startsWith(street[0]) ? whole[0] : street[0];
    }
    // "to walk there from …": "there" is a place said before, not one this end names.
    if (!place && BACK_TO_A_PLACE.test(words)) return undefined;
    // "to Anna's home": her address is looked up (a contact's record has it), not sent as words.
    if (
      !place &&
      literals.some((l) => l.kind === 'entity' && l.sub === 'person' && l.start >= start && l.end <= end) &&
      (/['’]s\s+(?:home|house|place|flat|apartment|address|home address)$/i.test(words) ||
        // "… from Eve's": a home end said bare (`homeEnds`), looked up too.
        (/^\p{Lu}\p{L}+['’]s$/u.test(words) && homes.includes(words.slice(0, -2).toLowerCase())) ||
        // "… me to walk to Carol's to get the kids": the end runs past the home said bare.
        homes.includes(
          (/(?:^|\bto\s+)(\p{Lu}\p{L}+)['’]s(?=\s+(?:to|by|on|in)\b)/u.exec(words)?.[1] ?? '').toLowerCase(),
        ))
    )
      return null;
    return place ? String(place.value) : words || undefined;
  }
  return undefined;
}

/**
 * A street address the request writes out. `side`: for one end of a route, never the address the
 * other end's preposition introduces ("directions there from 10 Rue de Rivoli": that is no destination).
 */
function streetAddress(text: string, side?: 'from' | 'to'): string | undefined {
  const found = writtenAddress(text);
  if (!found || !side) return found?.[0];
  const before = text.slice(0, found.index);
  return (side === 'to' ? /\bfrom\s+$/i : /\bto\s+$/i).test(before) ? undefined : found[0];
}

// Spaces within a line only: "… at 40 Baker Street, London\nBudget review …" is no address of two lines
// (held-out set 27 put "London\nBudget" in the event's place).
function writtenAddress(text: string): RegExpExecArray | null {
  const m =
    /\b\d{1,5}[ \t]+(?:[A-Z][\w'-]*[ \t]+){0,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Way|Place|Square|Drive|Dr|Rue|Strasse|Straße|Calle|Rua|Avenida|Dori)\b(?:,[ \t]*[A-Z][\w'-]*(?:[ \t]+[A-Z][\w'-]*)*)?/.exec(
      text,
    );
  // "10 Rue de Rivoli, Paris", "5 Calle del Prado": the street's kind comes first in many languages
  // (fifth QA pass took "10 Rue" for the whole address).
  const first =
    /\b\d{1,5}[ \t]+(?:Rue|Calle|Rua|Via|Avenida|Avenue|Boulevard|Place|Plaza|Piazza|Viale|Corso)[ \t]+(?:(?:de|du|des|la|le|les|del|de la|da|do|dos|das|di|della)[ \t]+)*[A-Z][\w'-]*(?:[ \t]+[A-Z][\w'-]*){0,2}(?:,[ \t]*[A-Z][\w'-]*(?:[ \t]+[A-Z][\w'-]*)*)?/.exec(
      text,
    );
  return first && (!m || first[0].length > m[0].length) ? first : m;
}

/**
 * The enum value the request names: the value itself (a code of one or two letters only as a word of its
 * own — "m" is not the start of "make"), its synonyms, or the label the description gives it ("m: Metric,
 * s: Scientific, f: Fahrenheit" → "in Fahrenheit" is "f").
 */
function enumIn(lower: string, values: unknown[], description = ''): unknown {
  const labels = enumLabels(description, values);
  for (const v of values) {
    if (typeof v !== 'string') continue;
    const code = v.toLowerCase();
    const words = ENUM_SYNONYMS[code] ?? [code];
    const named = (w: string) =>
      new RegExp(w.length <= 2 ? `(?<![\\w'’])${escapeRegExp(w)}(?![\\w'’])` : `\\b${escapeRegExp(w)}`).test(
        lower,
      );
    // The travel words are whole words: "car" is not the start of "Carol's" (twentieth QA pass drove there).
    const word = (w: string) => new RegExp(`\\b${escapeRegExp(w)}(?:s|es|ing|ed)?\\b`).test(lower);
    if ((ENUM_SYNONYMS[code] ? words.some(word) : words.some(named)) || labels.get(v)?.some(named)) return v;
  }
  return undefined;
}

/** "code: Label" pairs a description explains its enum with, by value. */
function enumLabels(description: string, values: unknown[]): Map<unknown, string[]> {
  const out = new Map<unknown, string[]>();
  for (const v of values) {
    if (typeof v !== 'string' || v.length === 0) continue;
    const m = new RegExp(
      `(?:^|[\\s,;(\\[])${escapeRegExp(v)}\\s*[:=]\\s*([A-Za-z][A-Za-z ]{2,30}?)(?=\\s*(?:[,;).\\]]|$))`,
      'i',
    ).exec(description);
    if (m) out.set(v, [m[1]!.trim().toLowerCase()]);
  }
  return out;
}

const NOT_A_PLACE =
  /^(?:I|The|A|An|This|That|My|Our|Your|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Fahrenheit|Celsius)$/;

/**
 * A place the request names after "in", "at", "near", "for", "to" or "from": "a run in San
 * Francisco" → "San Francisco" (up to four capitalized words, none a month, weekday or unit). For a
 * location query when no lexicon knows the place (a city or address input has its own rules: "from X to Y"
 * and "San Ramon, CA" need more than the first capitalized words).
 */
export function placeName(
  text: string,
  literals: readonly Literal[],
  after: 'any' | 'in' | 'for' | 'to' | 'from' = 'any',
): string | undefined {
  // The words of a place stay on one line: "in London\nI'm planning …" is London.
  const pattern =
    after === 'any'
      ? /\b(?:in|at|near|for|to|from)\s+((?:[A-Z][\p{L}'-]*)(?:[ \t]+[A-Z][\p{L}'-]*){0,3})/gu
      : // A state code stays with its city: "in Austin, TX".
        new RegExp(
          String.raw`\b(?:${PLACE_AFTER[after]})\s+((?:[A-Z][\p{L}'-]*)(?:[ \t]+[A-Z][\p{L}'-]*){0,3}(?:,[ \t]*[A-Z]{2}\b)?)`,
          'gu',
        );
  for (const m of text.matchAll(pattern)) {
    const start = m.index + m[0].length - m[1]!.length;
    if (literals.some((l) => l.kind !== 'entity' && start < l.end && l.start < start + m[1]!.length))
      continue;
    const words = m[1]!.split(/\s+/);
    while (words.length > 0 && NOT_A_PLACE.test(words[words.length - 1]!)) words.pop();
    if (words.length === 0 || NOT_A_PLACE.test(words[0]!)) continue;
    return words.join(' ');
  }
  return undefined;
}

/** The last word of a street's name: what no city is called. */
const STREET_WORD =
  /\s(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Way|Place|Square|Sq|Drive|Dr|Row|Terrace|Crescent|Close|Gardens|Mews|Hill|Park|Bridge)\.?$/;

const PLACE_AFTER = { in: 'in|at|near', for: 'for', to: 'to', from: 'from' } as const;

/**
 * A capitalized word that is not the sentence's first and not a known non-name ("Anna" in "call Anna"); a
 * line may start with "The project description is …" (a merged statement), so function words never count.
 */
function capitalizedName(text: string, literals: readonly Literal[]): string | undefined {
  // Not after "in", "at" or "near": "the JX001 hotel in Beijing" names a place there, not the guest.
  // Nor inside a longer capitalized run: "in New York City" names no "York City" (a sentence's first
  // word is no part of one: "Email Anna Keller").
  for (const m of text.matchAll(
    /(?<=\s)(?<!\b(?:in|at|near)\s+)(?<!\s[A-Z][\w'’-]*[ \t]+)([A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?)/g,
  )) {
    // A city or a place the lexicon knows is no person ("a pharmacy in London" named no contact).
    if (
      literals.some(
        (l) =>
          (l.kind !== 'entity' || l.sub !== 'person') && m.index < l.end && l.start < m.index + m[0].length,
      )
    )
      continue;
    if (
      /^(I|The|A|An|This|That|These|Those|My|Our|Your|His|Her|Their|It|We|You|He|She|They|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Please)$/.test(
        m[1]!,
      )
    )
      continue;
    return m[1];
  }
  return undefined;
}
