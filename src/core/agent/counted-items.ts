/**
 * "Two reminders: pay rent on the 11th, and start my passport renewal on 5 January.", "Make two notes:
 * 'Offsite menu' saying …, and 'Launch blockers' saying …": several records of one kind, counted, then
 * listed. Read as one command per item, so each is made on its own (fourteenth QA pass: the count read as
 * a number, and a route was asked for). Only when the list has as many items as were counted.
 */

const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, '2': 2, '3': 3, '4': 4, '5': 5 };

/** The command that makes one record of each kind. */
const MAKES: [RegExp, (item: string) => string][] = [
  [
    /^reminders?$/i,
    (item) => (/^(?:to|that|about)\b/i.test(item) ? `remind me ${item}` : `remind me to ${item}`),
  ],
  [/^notes?$/i, (item) => (/^['"“‘]/.test(item) ? `make a note called ${item}` : `make a note ${item}`)],
  [
    /^(?:events?|calendar\s+events?|appointments?|entries|calendar\s+entries)$/i,
    (item) => `add an event ${item}`,
  ],
];

const COUNTED = new RegExp(
  String.raw`^((?:(?:please|can\s+you|could\s+you|i\s+need|i\s+want)\s+)*(?:(?:set|make|create|add|put\s+in|write|jot\s+down|i\s+need)\s+)?(?:me\s+)?)(two|three|four|five|[2-5])\s+(?:new\s+|separate\s+|quick\s+)?(reminders|notes|events|calendar\s+events|appointments|calendar\s+entries|entries)(?:\s+(?:please|for\s+me))?\s*:\s*(.+)$`,
  'is',
);

/** Items of the list: "a, b, and c", "a; b", "'X' saying …, and 'Y' saying …". */
function itemsOf(list: string, count: number): string[] | null {
  const body = list.trim().replace(/[.!]+$/, '');
  for (const sep of [
    /\s*;\s*(?:and\s+)?/i,
    /\s*,?\s+and\s+(?=['"“‘])|\s*,\s+(?=['"“‘])/i,
    /\s*,\s*(?:and\s+)?|\s+and\s+/i,
  ]) {
    const items = body
      .split(sep)
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length === count) return items;
  }
  return null;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function withCountedItems(request: string): string {
  const m = COUNTED.exec(request.trim());
  if (!m) return request;
  const count = COUNTS[m[2]!.toLowerCase()]!;
  const make = MAKES.find(([kind]) => kind.test(m[3]!))?.[1];
  const items = itemsOf(m[4]!, count);
  if (!make || !items) return request;
  return `${items.map((item) => capitalized(make(item))).join('. ')}.`;
}

/** Records one verb makes: "an event", "a reminder", "a note", "a calendar entry". */
const RECORD = String.raw`(?:an?\s+(?:new\s+|quick\s+|separate\s+)?(?:event|reminder|note|calendar\s+(?:event|entry)|appointment))\b`;
const TWO_RECORDS = new RegExp(
  String.raw`^((?:(?:please|can\s+you|could\s+you)\s+)*)(add|create|make|set(?:\s+up)?|put\s+in|schedule)\s+(${RECORD}.*?)\s*,?\s+and\s+(?:also\s+)?(${RECORD}.*)$`,
  'is',
);
const MAKE_ONE = (record: string) =>
  /reminder/i.test(record) ? 'Set' : /note/i.test(record) ? 'Make' : 'Add';

/**
 * "Add an event next Saturday 10:00-12:00 called 'Garden: tulips' and a reminder on Friday at 6pm to buy
 * compost": one verb, two records, each made (fourteenth QA pass: only the reminder was). Quoted words are
 * never split.
 */
export function withRecordsListed(request: string): string {
  const quoted: string[] = [];
  const masked = request.replace(/(["“‘'])(?:(?!\1).)+\1/g, (q) => `\uE002${quoted.push(q) - 1}\uE002`);
  const m = TWO_RECORDS.exec(masked.trim());
  if (!m) return request;
  const unmask = (t: string) => t.replace(/\uE002(\d+)\uE002/g, (_x, i: string) => quoted[Number(i)]!);
  const first = `${m[1]}${m[2]} ${m[3]!.trim().replace(/[,.;]+$/, '')}`;
  return unmask(`${capitalized(first)}. ${MAKE_ONE(m[4]!)} ${m[4]!.trim()}`);
}
