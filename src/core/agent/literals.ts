import type { LexiconEntry } from '../execute/tool-runtime';
import { findDates, findDurations, findTimes } from './dates';
import { escapeRegExp } from '../util/escape-regexp';

/**
 * Values a request states outright: what the graph-only engine can put into arguments without an LLM.
 * Each literal keeps its character span so the words it came from can be removed from free text
 * ("Remind me to call Anna tomorrow at 9" → the reminder's text is "call Anna").
 */
export type LiteralKind =
  | 'date'
  | 'time'
  | 'duration'
  | 'email'
  | 'phone'
  | 'url'
  | 'quoted'
  | 'money'
  | 'currency'
  | 'quantity'
  | 'number'
  | 'entity';

export interface Literal {
  kind: LiteralKind;
  /** Normalized value: YYYY-MM-DD, HH:MM, minutes, a number, an ISO currency code, the entity's name… */
  value: string | number;
  /** Entity kind from the lexicon (`person`, `city`, `place`…) or the unit of a quantity. */
  sub?: string;
  start: number;
  end: number;
  /** The words as written. */
  text: string;
  /** For a place the lexicon knows, the city it lies in. */
  within?: string;
  /** A person said as an owner ("Bob's launch risks"): whose thing it is, not whom it goes to. */
  possessive?: true;
}

/**
 * The literals with each person said as an owner after the other people: "email Bob's launch risks to
 * Carol" goes to Carol (twelfth QA pass: it went to Bob, the first person named).
 */
export function recipientsFirst(literals: readonly Literal[]): readonly Literal[] {
  if (!literals.some((l) => l.possessive) || !literals.some((l) => l.sub === 'person' && !l.possessive))
    return literals;
  return [...literals.filter((l) => !l.possessive), ...literals.filter((l) => l.possessive)];
}

/** The `sub` of a number said as a percentage ("10%", "7 percent"); its value is the number itself. */
export const PERCENT = 'percent';

const CURRENCIES: Record<string, string> = {
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  $: 'USD',
  us$: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '€': 'EUR',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  '£': 'GBP',
  sterling: 'GBP',
  jpy: 'JPY',
  yen: 'JPY',
  '¥': 'JPY',
  chf: 'CHF',
  franc: 'CHF',
  francs: 'CHF',
  cad: 'CAD',
  aud: 'AUD',
  cny: 'CNY',
  yuan: 'CNY',
  inr: 'INR',
  rupee: 'INR',
  rupees: 'INR',
  sek: 'SEK',
  nok: 'NOK',
  dkk: 'DKK',
  pln: 'PLN',
  brl: 'BRL',
  mxn: 'MXN',
  krw: 'KRW',
  won: 'KRW',
  // What people call them (independent request set: "2,000 Canadian dollars" was 2 USD).
  'us dollar': 'USD',
  'us dollars': 'USD',
  'canadian dollar': 'CAD',
  'canadian dollars': 'CAD',
  'australian dollar': 'AUD',
  'australian dollars': 'AUD',
  'new zealand dollar': 'NZD',
  'new zealand dollars': 'NZD',
  nzd: 'NZD',
  'hong kong dollar': 'HKD',
  'hong kong dollars': 'HKD',
  hkd: 'HKD',
  'singapore dollar': 'SGD',
  'singapore dollars': 'SGD',
  sgd: 'SGD',
  'swiss franc': 'CHF',
  'swiss francs': 'CHF',
  'japanese yen': 'JPY',
  'british pound': 'GBP',
  'british pounds': 'GBP',
  'pound sterling': 'GBP',
  'swedish krona': 'SEK',
  'swedish kronor': 'SEK',
  krona: 'SEK',
  kronor: 'SEK',
  'norwegian krone': 'NOK',
  'norwegian kroner': 'NOK',
  'danish krone': 'DKK',
  'danish kroner': 'DKK',
  zloty: 'PLN',
  'polish zloty': 'PLN',
  'chinese yuan': 'CNY',
  renminbi: 'CNY',
  rmb: 'CNY',
  'indian rupee': 'INR',
  'indian rupees': 'INR',
  'korean won': 'KRW',
  'mexican peso': 'MXN',
  'mexican pesos': 'MXN',
  'brazilian real': 'BRL',
  'brazilian reais': 'BRL',
  'czech koruna': 'CZK',
  czk: 'CZK',
  huf: 'HUF',
  forint: 'HUF',
  'turkish lira': 'TRY',
  // "six hundred bucks": dollars, said casually ("120 bucks - Canadian ones" names its own).
  buck: 'USD',
  bucks: 'USD',
};

/** A number as written: "2,000" and "2,000.50" group thousands, "3,5" is a decimal comma. */
export function parseAmount(written: string): number {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(written)) return Number(written.replace(/,/g, ''));
  return Number(written.replace(',', '.'));
}

/** A number in a request: thousands grouped with commas first ("2,000"), then plain or decimal ones. */
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`;

/** Units a quantity may carry; the canonical names are what unit-conversion tools usually take. */
const UNITS: Record<string, string> = {
  km: 'km',
  kilometer: 'km',
  kilometers: 'km',
  kilometre: 'km',
  kilometres: 'km',
  m: 'm',
  meter: 'm',
  meters: 'm',
  metre: 'm',
  metres: 'm',
  cm: 'cm',
  mm: 'mm',
  mi: 'miles',
  mile: 'miles',
  miles: 'miles',
  ft: 'feet',
  foot: 'feet',
  feet: 'feet',
  in: 'inches',
  inch: 'inches',
  inches: 'inches',
  yd: 'yards',
  yard: 'yards',
  yards: 'yards',
  kg: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  // "two and a half kilos in pounds" (sixteenth QA pass read pounds as money).
  kilo: 'kg',
  kilos: 'kg',
  g: 'g',
  gram: 'g',
  grams: 'g',
  lb: 'pounds',
  lbs: 'pounds',
  // Also a currency (GBP): which one a request means is the chosen tool's field kind, unit or currency.
  pound: 'pounds',
  pounds: 'pounds',
  stone: 'stone',
  tonne: 'tonnes',
  tonnes: 'tonnes',
  oz: 'ounces',
  ounce: 'ounces',
  ounces: 'ounces',
  l: 'liters',
  liter: 'liters',
  liters: 'liters',
  litre: 'liters',
  litres: 'liters',
  ml: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  milliliter: 'ml',
  milliliters: 'ml',
  cup: 'cups',
  cups: 'cups',
  pint: 'pints',
  pints: 'pints',
  quart: 'quarts',
  quarts: 'quarts',
  'fl oz': 'fl oz',
  'fluid ounce': 'fl oz',
  'fluid ounces': 'fl oz',
  tablespoon: 'tbsp',
  tablespoons: 'tbsp',
  tbsp: 'tbsp',
  teaspoon: 'tsp',
  teaspoons: 'tsp',
  tsp: 'tsp',
  centimeter: 'cm',
  centimeters: 'cm',
  centimetre: 'cm',
  centimetres: 'cm',
  millimeter: 'mm',
  millimeters: 'mm',
  millimetre: 'mm',
  millimetres: 'mm',
  gallon: 'gallons',
  gallons: 'gallons',
  c: 'celsius',
  celsius: 'celsius',
  '°c': 'celsius',
  'degrees celsius': 'celsius',
  'degree celsius': 'celsius',
  'degrees fahrenheit': 'fahrenheit',
  'degrees c': 'celsius',
  'degree c': 'celsius',
  'degrees f': 'fahrenheit',
  'degree f': 'fahrenheit',
  'degree fahrenheit': 'fahrenheit',
  f: 'fahrenheit',
  fahrenheit: 'fahrenheit',
  '°f': 'fahrenheit',
  kelvin: 'kelvin',
};

/** A unit word (e.g. in "to miles"), canonical, or null. */
export const unitOf = (word: string): string | null => UNITS[word.toLowerCase()] ?? null;
/** A currency word or symbol (e.g. "euros", "€", "usd"), as an ISO code, or null. */
export const currencyOf = (word: string): string | null => CURRENCIES[word.toLowerCase()] ?? null;

/** Whether `text` asks for a unit that is no currency: "… to kg", "how many ounces …". */
export function convertsToUnit(text: string): boolean {
  for (const m of text.matchAll(/\b(?:to|into|in|how many)\s+([^\s,.?!]+)/gi))
    if (unitOf(m[1]!) && !currencyOf(m[1]!)) return true;
  return false;
}

/** Every literal in `text`, non-overlapping, in order. `lexicon`: names the tools' data knows. */
export function findLiterals(text: string, today: number, lexicon: readonly LexiconEntry[] = []): Literal[] {
  const found: Literal[] = [];
  const taken = (s: number, e: number) => found.some((l) => s < l.end && l.start < e);
  const add = (l: Omit<Literal, 'text'>) => {
    if (!taken(l.start, l.end)) found.push({ ...l, text: text.slice(l.start, l.end) });
  };
  const each = (re: RegExp, f: (m: RegExpExecArray) => void) => {
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g')))
      f(m as RegExpExecArray);
  };

  // Quoted text first: whatever is inside quotes is the user's exact words, not dates or names.
  each(/"([^"]+)"|“([^”]+)”|'([^']{2,})'(?![a-z])/, (m) =>
    add({ kind: 'quoted', value: (m[1] ?? m[2] ?? m[3])!, start: m.index, end: m.index + m[0].length }),
  );
  each(/\bhttps?:\/\/[^\s"']+/i, (m) =>
    add({ kind: 'url', value: m[0], start: m.index, end: m.index + m[0].length }),
  );
  each(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/, (m) =>
    add({ kind: 'email', value: m[0], start: m.index, end: m.index + m[0].length }),
  );
  each(/(?<![\w-])\+?\d[\d ().-]{6,}\d(?![\w-])/, (m) => {
    // "2026-12-10 09:00" is a date and a time (seventh QA pass read it as the phone number 2026121009).
    if (/\d{4}-\d{2}-\d{2}/.test(m[0]) || m[0].replace(/\D/g, '').length < 7) return;
    add({ kind: 'phone', value: m[0].replace(/[^\d+]/g, ''), start: m.index, end: m.index + m[0].length });
  });
  // "in 2 hours", "in 30 minutes", "in an hour": a moment from now (`today` is the current instant), as a
  // date on "in" and a time on the rest, before a duration can claim "2 hours". Not "put in 2 hours from
  // 2pm" (a length put in the calendar; eighteenth QA pass started it at noon today).
  for (const m of text.matchAll(
    /\b(?<!\b(?:put|pencil|fit|squeeze|slot|pop)\s+)in\s+(an?|half an|\d+(?:\.\d+)?)\s*(hours?|hrs?|minutes?|mins?)\b(?!\s+(?:from|starting|at|of|for)\b)/gi,
  )) {
    const n = /^an?$/i.test(m[1]!) ? 1 : /^half/i.test(m[1]!) ? 0.5 : Number(m[1]);
    const at = new Date(today + Math.round(/^h/i.test(m[2]!) ? n * 60 : n) * 60_000).toISOString();
    add({ kind: 'date', value: at.slice(0, 10), start: m.index, end: m.index + 2 });
    add({ kind: 'time', value: at.slice(11, 16), start: m.index + 3, end: m.index + m[0].length });
  }
  const cur = Object.keys(CURRENCIES)
    .map(escapeRegExp)
    .sort((a, b) => b.length - a.length)
    .join('|');
  // "9k EUR", "12k euros": thousands said short, before "at 9" can be read as a time (twentieth QA pass:
  // "approved at 9k EUR" was 09:00).
  each(new RegExp(`\\b(${NUMBER})k\\s?(${cur})(?![\\w])`, 'i'), (m) =>
    add({
      kind: 'money',
      value: parseAmount(m[1]!) * 1000,
      sub: currencyOf(m[2]!)!,
      start: m.index,
      end: m.index + m[0].length,
    }),
  );
  for (const d of findDates(text, today)) add({ kind: 'date', value: d.date, start: d.start, end: d.end });
  for (const t of findTimes(text)) add({ kind: 'time', value: t.time, start: t.start, end: t.end });
  for (const d of findDurations(text))
    add({ kind: 'duration', value: d.minutes, start: d.start, end: d.end });

  // Money: "100 EUR", "€20", "20 euros", "$5.50"
  each(new RegExp(`(?<![\\w.])(${cur})\\s?(${NUMBER})\\b|\\b(${NUMBER})\\s?(${cur})(?![\\w])`, 'i'), (m) => {
    const amount = parseAmount((m[2] ?? m[3])!);
    const word = (m[1] ?? m[4])!;
    // "10 pounds to kg" weighs: a word that is a unit as well as a currency is a unit where the
    // request converts it into a unit that is no currency.
    if (unitOf(word) && convertsToUnit(text)) return;
    add({
      kind: 'money',
      value: amount,
      sub: currencyOf((m[1] ?? m[4])!)!,
      start: m.index,
      end: m.index + m[0].length,
    });
  });
  // A currency named alone ("into yen", "in USD").
  each(new RegExp(`(?<![\\w])(${cur})(?![\\w])`, 'i'), (m) => {
    if (m[1] === '$' || /^(f|c|in|m|g|l)$/i.test(m[1]!) || (unitOf(m[1]!) && convertsToUnit(text))) return;
    add({ kind: 'currency', value: currencyOf(m[1]!)!, start: m.index, end: m.index + m[0].length });
  });
  // Quantities with units: "5 km", "20 °C", "3.5 miles"
  const units = Object.keys(UNITS)
    .map(escapeRegExp)
    .sort((a, b) => b.length - a.length)
    .join('|');
  // Not the minutes of a time: "09:00 in Lisbon" is no 0 inches.
  each(new RegExp(`(?<![\\w:,])(-?(?:${NUMBER}))\\s?(${units})(?![\\w])`, 'i'), (m) =>
    add({
      kind: 'quantity',
      value: parseAmount(m[1]!.replace(/^-/, '')) * (m[1]!.startsWith('-') ? -1 : 1),
      sub: unitOf(m[2]!)!,
      start: m.index,
      end: m.index + m[0].length,
    }),
  );
  // "Send Lucía a text": a name with an accent the contacts spell without is the same name. Folded a
  // letter at a time, so every index still points into `text`.
  const lower = [...text.toLowerCase()].map((c) => (c.length === 1 ? c.normalize('NFD')[0]! : c)).join('');
  const says = (alias: string) =>
    new RegExp(`(?<![\\w])${escapeRegExp(alias.toLowerCase())}(?![\\w])`).test(lower);
  // The cities the request names: "the museum" said with one of them is that city's museum.
  const citiesSaid = new Set(
    lexicon
      .filter((e) => e.kind === 'city' && [e.value, ...(e.aliases ?? [])].some(says))
      .map((e) => e.value),
  );
  const local = (e: LexiconEntry) => e.within !== undefined && citiesSaid.has(e.within);
  // Names the tools know, longest first so "New York" wins over "York"; of two alike, the one in a city
  // the request names.
  const names = lexicon
    .flatMap((e) =>
      [e.value, ...(e.aliases ?? []), ...(local(e) ? (e.localAliases ?? []) : [])].map((alias) => ({
        alias,
        entry: e,
      })),
    )
    .filter((x) => x.alias.trim().length >= 2)
    .sort((a, b) => b.alias.length - a.alias.length || Number(local(b.entry)) - Number(local(a.entry)));
  for (const { alias, entry } of names) {
    const re = new RegExp(`(?<![\\w])${escapeRegExp(alias.toLowerCase())}(?![\\w])`, 'g');
    for (const m of lower.matchAll(re))
      add({
        kind: 'entity',
        value: entry.value,
        sub: entry.kind,
        start: m.index,
        end: m.index + m[0].length,
        ...(entry.within ? { within: entry.within } : {}),
        ...(entry.kind === 'person' && /^['’]s\b/.test(lower.slice(m.index + m[0].length))
          ? { possessive: true as const }
          : {}),
      });
  }
  each(/(?<![\w.$€£])-?\d+(?:\.\d+)?(?:\s?%|\s?percent\b)?(?!\w|\.\d)/, (m) => {
    // "The total is 100." ends the number at the sentence's period; "1.2.3" is no number.
    const percent = /%|percent$/.test(m[0]);
    add({
      kind: 'number',
      value: Number(m[0].replace(/\s?(?:%|percent)$/, '')),
      ...(percent ? { sub: PERCENT } : {}),
      start: m.index,
      end: m.index + m[0].length,
    });
  });
  return found.sort((a, b) => a.start - b.start);
}

/** `date` + `time` as an ISO 8601 local date-time ("2026-11-25T09:00:00"). */
export const localDateTime = (date: string, time: string): string => `${date}T${time}:00`;
