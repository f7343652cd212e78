/**
 * A one-number result sent on as words: "21.08 km", not "value 21.08" — the unit or currency is the one its
 * call converted to (twenty-first QA pass texted Lucia "value 21.08" for "what 13.1 miles is in km … text
 * her the answer"). Any catalogue's converter: the target is read from an input named for it.
 */

/** Inputs that name what a call converts to: `to_unit`, `to_currency`, `to`, `target_unit`. */
const TARGET_INPUT = /^(?:to|target)(?:[_-]?(?:unit|currency|code))?$/i;

export function measuredResult(output: unknown, args: Readonly<Record<string, unknown>>): string | undefined {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) return undefined;
  const numbers = Object.entries(output as Record<string, unknown>).filter(
    ([k, v]) => typeof v === 'number' && !/(?:^|_)id$/i.test(k),
  );
  if (numbers.length !== 1 || Object.keys(output).length > 2) return undefined;
  const unit = Object.entries(args).find(([k, v]) => TARGET_INPUT.test(k) && typeof v === 'string')?.[1];
  if (typeof unit !== 'string' || !unit.trim()) return undefined;
  const value = numbers[0]![1] as number;
  const shown = Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  return `${shown} ${unit.trim()}`;
}

/**
 * What a call that made something made, said from what it was given: "Do I have anything on Saturday? If not,
 * put a long run in Hyde Park from 8 to 10 and text Jonas the details" sends "long run in Hyde Park, 2026-12-12
 * 08:00–10:00", not the id the calendar answered with ("event id ev-6001", twenty-fourth QA pass). Undefined
 * when the output says more than ids, or the inputs say neither what nor when.
 */
export function madeResult(output: unknown, args: Readonly<Record<string, unknown>>): string | undefined {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) return undefined;
  const keys = Object.keys(output);
  if (keys.length === 0 || !keys.every((k) => /(?:^|_)id$/i.test(k))) return undefined;
  const said = Object.entries(args).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
  );
  // What it says before what it is called: a note's content, a message's body, a reminder's text.
  const what =
    said.find(([k]) => /^(?:body|content|text|message)$/i.test(k))?.[1] ??
    said.find(([k]) => /title|name|subject/i.test(k))?.[1];
  const start = said.find(([k]) => /start|due|time|date/i.test(k) && !/end/i.test(k))?.[1];
  const end = said.find(([k]) => /end/i.test(k))?.[1];
  const where = said.find(([k]) => /location|address|place/i.test(k))?.[1];
  if (what === undefined && start === undefined) return undefined;
  const clock = (v: string) => v.replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/, '$1 $2');
  const when = start
    ? `${clock(start)}${end ? `–${/T(\d{2}:\d{2})/.exec(end)?.[1] ?? clock(end)}` : ''}`
    : undefined;
  return [what, when, where].filter((x): x is string => x !== undefined).join(', ');
}
