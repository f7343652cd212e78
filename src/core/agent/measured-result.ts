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
