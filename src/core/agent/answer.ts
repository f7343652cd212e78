import { DETOUR_LABEL } from '../execute/reto/detour';
import { isApiSimulated } from '../execute/simulator';
import type { CallView } from './agent-events';
import { clip, type SubIntentState, type TurnState } from './turn-state';

/**
 * The final answer, grounded (RETO §3.3 Finish): composed only from what ran — each call, what it
 * returned, what failed and why, which detour was taken — never from a model's memory. One line per
 * sub-intent in order (what was asked, the tool that served it, what it returned, in words when the
 * output is small), then one line per failed call with its reason and the way around it, or a plain
 * statement that there was none. Missing data is said, not filled in.
 */
export function composeAnswer(state: Readonly<TurnState>): string {
  const lines: string[] = [];
  for (const si of state.subIntents) lines.push(subIntentLine(si, state.calls));
  // A call tried again after the same failure is one line, with the number of attempts.
  const failures = new Map<string, { n: number; call: CallView }>();
  for (const c of state.calls)
    if (c.status === 'error') {
      const line = failureLine(c);
      failures.set(line, { n: (failures.get(line)?.n ?? 0) + 1, call: c });
    }
  // A single failure a sub-intent's line already explains is not said twice; a detour or several
  // attempts add something, so they are.
  const said = state.subIntents.map((si) => si.note ?? '').join('\n');
  for (const [line, { n, call }] of failures) {
    const message = call.failure?.message.replace(/\.$/, '');
    if (n === 1 && !call.detour && message && said.includes(message)) continue;
    lines.push(n > 1 ? `${line.replace(/\.$/, '')} (${n} attempts).` : line);
  }
  if (lines.length === 0) return 'Nothing to do.';
  return lines.join('\n');
}

function subIntentLine(si: SubIntentState, calls: readonly CallView[]): string {
  switch (si.status) {
    case 'done': {
      // The sub-intent's own result: two conversions in one turn each show theirs, not the last call's.
      const call = [...calls].reverse().find((c) => c.tool === si.target && c.status === 'ok');
      if (si.result === undefined && !call) return `✓ ${si.text} — ${si.target ?? 'done'}`;
      const said = describeOutput(si.result !== undefined ? si.result : call?.output);
      // A made-up answer must never read as a real one: the tool had no implementation here.
      const simulated = isApiSimulated(call?.source)
        ? ` (simulated: ${call.tool} has no implementation here)`
        : '';
      const caveat = si.caveat ? `; ${si.caveat}` : '';
      return `✓ ${si.text} — ${si.target ?? call?.tool}${said ? `: ${said}` : ' ran, but returned no data'}${simulated}${caveat}`;
    }
    case 'answered':
      return si.note ? `• ${si.note}` : `• ${si.text}`;
    case 'no-tool':
      return `✗ ${si.note ?? `No tool can do "${si.text}".`}`;
    case 'unanswered':
      return `? ${si.text} — ${si.note ?? 'waiting for an answer'}`;
    default:
      return `✗ Not done: ${si.text} — ${si.note ?? 'no tool call could do it'}`;
  }
}

/** "✗ places_search failed (unavailable: simulated outage). Detour by upstream rerouting through …". */
function failureLine(c: CallView): string {
  const f = c.failure;
  const why = f ? `${f.kind}: ${f.message}` : 'error';
  const head =
    f?.kind === 'rejected-by-gate'
      ? `✗ ${c.tool} was not called: ${f.message}`
      : `✗ ${c.tool} failed (${why})`;
  const d = c.detour;
  if (!d) return `${head}.`;
  const via = d.newTools.length > 0 ? `: used ${d.newTools.join(', ')} instead` : '';
  return `${head}. Detour by ${DETOUR_LABEL[d.mode]}${via}.`;
}

const UNITS: [RegExp, string][] = [
  [/_c$/, ' °C'],
  [/_f$/, ' °F'],
  [/_km$/, ' km'],
  [/_m$/, ' m'],
  [/_kg$/, ' kg'],
  [/_minutes?$/, ' min'],
  [/_seconds?$/, ' s'],
  [/_percent$/, ' %'],
];

/** `temperature_c` → ["temperature", " °C"]; `from_email` → ["from email", ""]. */
function fieldWords(key: string): [string, string] {
  for (const [re, unit] of UNITS) if (re.test(key)) return [key.replace(re, '').replace(/_/g, ' '), unit];
  return [key.replace(/_/g, ' '), ''];
}

/**
 * A tool output in words: small objects as "temperature 9 °C, condition light rain", lists as
 * "3 events: Standup (09:00); Lunch (12:30); …", ids only when nothing else was returned; anything larger
 * falls back to `formatValue`. Empty outputs give ''.
 */
export function describeOutput(output: unknown): string {
  if (output === null || output === undefined || output === '') return '';
  if (typeof output !== 'object') return formatValue(output);
  if (Array.isArray(output)) return listText(output, 'items');
  const entries = Object.entries(output as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && v !== null,
  );
  if (entries.length === 0) return '';
  const plain = entries.filter(([k]) => !/(^|_)id$/.test(k) && k !== 'count');
  const shown = plain.length > 0 ? plain : entries;
  if (shown.length > 6) return formatValue(output);
  return shown
    .map(([k, v]) => {
      if (Array.isArray(v)) return listText(v, k.replace(/_/g, ' '));
      const [words, unit] = fieldWords(k);
      // 898 min reads as "14 h 58 min".
      if (unit === ' min' && typeof v === 'number' && v >= 120)
        return `${words} ${Math.floor(v / 60)} h${v % 60 ? ` ${Math.round(v % 60)} min` : ''}`;
      return `${words} ${typeof v === 'object' ? formatValue(v, 1) : `${formatValue(v)}${unit}`}`;
    })
    .join(', ');
}

function listText(list: unknown[], noun: string): string {
  if (list.length === 0) return `no ${noun}`;
  // One note or message found is shown with what it says: "the gift ideas note, what did I put for Bob?"
  // is answered by its text, not its title alone (thirteenth QA pass).
  const said = list.length === 1 ? contentOf(list[0]) : undefined;
  if (said !== undefined) return `1 ${noun.replace(/s$/, '')}: ${itemText(list[0])} — ${clip(said, 240)}`;
  const items = list.slice(0, 3).map(itemText).filter(Boolean);
  return `${list.length} ${list.length === 1 ? noun.replace(/s$/, '') : noun}${items.length ? `: ${items.join('; ')}` : ''}${list.length > 3 ? '; …' : ''}`;
}

/** What a found item says (a note's content, a message's body), when it has a name besides. */
function contentOf(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const o = item as Record<string, unknown>;
  const named = ['name', 'title', 'subject'].some((k) => typeof o[k] === 'string');
  const text = ['content', 'body', 'snippet'].map((k) => o[k]).find((v) => typeof v === 'string');
  return named && typeof text === 'string' && text.trim() !== '' ? text.replace(/\s*\n\s*/g, ' ') : undefined;
}

/** A list item by its name (title, subject…) and its time or place, when it has them. */
function itemText(item: unknown): string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return formatValue(item, 1);
  const o = item as Record<string, unknown>;
  const name = ['name', 'title', 'subject', 'path', 'text']
    .map((k) => o[k])
    .find((v) => typeof v === 'string');
  const when = ['start_time', 'date', 'due_time', 'time'].map((k) => o[k]).find((v) => typeof v === 'string');
  if (typeof name !== 'string') return formatValue(item, 1);
  return `${clip(name, 60)}${typeof when === 'string' ? ` (${when})` : ''}`;
}

/** A tool output as short text: "name: Anna Keller, email: anna@…", lists as "3 items: …". */
export function formatValue(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return clip(value, 160);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (depth > 0) return `${value.length} items`;
    const shown = value.slice(0, 3).map((v) => formatValue(v, depth + 1));
    return `${value.length} item${value.length === 1 ? '' : 's'}: ${shown.join('; ')}${value.length > 3 ? '; …' : ''}`;
  }
  if (typeof value === 'object') {
    if (depth > 3) return '…';
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined && v !== null,
    );
    const parts = entries
      .filter(([k]) => depth === 0 || !/_id$|^id$/.test(k))
      .slice(0, 6)
      .map(([k, v]) => `${k}: ${formatValue(v, depth + 1)}`);
    return parts.join(', ');
  }
  return String(value);
}
