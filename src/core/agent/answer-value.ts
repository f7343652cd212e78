import { isoDate } from './dates';
import type { FieldKind } from './field-kind';
import { currencyOf, findLiterals, localDateTime, unitOf } from './literals';

/**
 * What a user's answer to a question means for the input asked about: "tomorrow at 7 pm" for a
 * date-time becomes 2026-11-25T19:00:00, "euros" for a currency EUR, "3" for a number 3. Anything it
 * cannot read is passed on as typed, for the schema gate and the tool to judge.
 */
export function answerValue(kind: FieldKind, answer: string, today: number): unknown {
  const text = answer.trim();
  const lits = findLiterals(text, today);
  const first = (k: string) => lits.find((l) => l.kind === k)?.value;
  switch (kind) {
    case 'date':
      return first('date') ?? text;
    case 'time':
      return first('time') ?? text;
    case 'datetime':
    case 'date-or-datetime': {
      const date = first('date') as string | undefined;
      const time = first('time') as string | undefined;
      if (time) return localDateTime(date ?? isoDate(today), time);
      if (date) return kind === 'datetime' ? localDateTime(date, '09:00') : date;
      return text;
    }
    case 'currency':
      return currencyOf(text) ?? (first('currency') as string | undefined) ?? text.toUpperCase();
    case 'unit':
      return unitOf(text) ?? text;
    case 'number':
    case 'duration-minutes': {
      const n = first('duration') ?? first('number') ?? first('quantity') ?? first('money');
      return typeof n === 'number' ? n : text;
    }
    case 'email':
      return first('email') ?? text;
    case 'phone':
      return first('phone') ?? text;
    default:
      return text;
  }
}
