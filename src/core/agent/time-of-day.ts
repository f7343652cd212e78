/**
 * "If I have no meetings on Friday afternoon": a calendar tool lists the whole day, and the morning's
 * budget review must not decide the afternoon (eighth QA pass: the whole day's events decided). The part
 * of the day a condition names narrows every list of timed items in the result to the ones that overlap it.
 */

/** Hours [from, to) of each part of the day, as people mean them. */
const PERIODS: readonly (readonly [RegExp, number, number])[] = [
  // "clear until the evening", "free before lunch": the day up to that part of it (twenty-fifth QA pass read
  // the evening itself).
  [/\b(?:until|till|up\s+to|before)\s+(?:the\s+)?(?:lunch(?:\s*time)?|afternoon|midday|noon)\b/i, 5, 12],
  [/\b(?:until|till|up\s+to|before)\s+(?:the\s+)?evening\b/i, 5, 17],
  [/\b(?:until|till|up\s+to|before)\s+(?:tonight|night)\b/i, 5, 18],
  [/\bmornings?\b/i, 5, 12],
  // "Is Monday lunchtime free?": the hours people lunch in.
  [/\blunch\s*times?\b/i, 12, 14],
  [/\b(?:afternoons?|after lunch)\b/i, 12, 18],
  [/\bevenings?\b/i, 17, 22],
  [/\b(?:tonight|nights?)\b/i, 18, 24],
];

/**
 * "block friday afternoon", "hold tomorrow morning for the move": a part of the day held in the calendar is
 * held whole — the working hours of it, not an hour from its usual time (nineteenth QA pass: 14:00–15:00).
 * Only for a command that holds time, with no clock time and no length said.
 */
export function heldPartOfDay(intent: string, timeSaid: string): { from: string; to: string } | undefined {
  // "Block Wednesday morning after the museum": held from an event on, not the whole morning.
  if (
    !/^(?:(?:please|kindly|can you|could you)\s+)*(?:block|hold|reserve|keep)\b/i.test(intent.trim()) ||
    /\b(?:after|before|once|until|till)\b/i.test(intent)
  )
    return undefined;
  const part = /^(?:(?:this|the|in the)\s+)?\w*\s*(morning|afternoon|evening)$/i.exec(timeSaid.trim())?.[1];
  return part ? HELD_PARTS[part.toLowerCase()] : undefined;
}

const HELD_PARTS: Record<string, { from: string; to: string }> = {
  morning: { from: '09:00', to: '12:00' },
  afternoon: { from: '13:00', to: '17:00' },
  evening: { from: '18:00', to: '21:00' },
};

/** The hours of the part of the day `text` names, if it names one. */
export function periodSaid(text: string): { from: number; to: number; said: string } | undefined {
  for (const [re, from, to] of PERIODS) {
    const m = re.exec(text);
    if (m) return { from, to, said: m[0] };
  }
  return undefined;
}

const CLOCK = /^\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})/;

/** Hours since midnight of a local date-time string ("2026-12-04T16:00:00" → 16), or null. */
function hourOf(value: unknown): number | null {
  const m = typeof value === 'string' ? CLOCK.exec(value) : null;
  return m ? Number(m[1]) + Number(m[2]) / 60 : null;
}

/** An item's span in hours: its start field, and its end field when it has one (else a point). */
export function spanOf(item: Record<string, unknown>): [number, number] | null {
  const keys = Object.keys(item);
  const pick = (re: RegExp) => keys.filter((k) => re.test(k)).map((k) => hourOf(item[k]));
  const start = pick(/^(?:start|begin|from|time|date_?time|when)|(?:^|_)start/i).find((h) => h !== null);
  if (start === undefined || start === null) return null;
  const end = pick(/^(?:end|until|to)$|(?:^|_)end/i).find((h) => h !== null);
  return [start, end !== undefined && end !== null && end > start ? end : start];
}

/**
 * `result` with each list of timed items cut to those overlapping the period `condition` names (a count
 * beside the list follows it); the result as it is when no period is named or nothing in it is timed.
 */
export function narrowToPeriod(condition: string, result: unknown): unknown {
  const period = periodSaid(condition);
  if (!period) return result;
  const overlaps = (item: unknown): boolean | null => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return null;
    const span = spanOf(item as Record<string, unknown>);
    if (!span) return null;
    const [start, end] = span;
    return end > start ? start < period.to && end > period.from : start >= period.from && start < period.to;
  };
  const walk = (value: unknown, depth: number): unknown => {
    if (depth > 4 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      const verdicts = value.map(overlaps);
      // Only a list of timed items is narrowed; a list of anything else is left whole.
      if (value.length === 0 || verdicts.some((v) => v === null)) return value.map((v) => walk(v, depth + 1));
      return value.filter((_, i) => verdicts[i]);
    }
    const out: Record<string, unknown> = {};
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [k, v] of entries) out[k] = walk(v, depth + 1);
    // "count: 3" beside the list of three events follows the list.
    const lists = entries.filter(([k, v]) => Array.isArray(v) && (out[k] as unknown[]).length !== v.length);
    if (lists.length === 1)
      for (const [k, v] of entries)
        if (/^(?:count|total|number)$/i.test(k) && typeof v === 'number')
          out[k] = (out[lists[0]![0]] as unknown[]).length;
    return out;
  };
  return walk(result, 0);
}
