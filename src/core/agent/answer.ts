import { clip, type TurnState } from './turn-state';

/**
 * The final answer, composed from what ran and what it returned (grounded: never from a model's memory
 * alone). One line per sub-intent, in order; what could not be done is said, with why.
 */
export function composeAnswer(state: Readonly<TurnState>): string {
  const lines: string[] = [];
  for (const si of state.subIntents) {
    switch (si.status) {
      case 'done': {
        const call = [...state.calls].reverse().find((c) => c.tool === si.target && c.status === 'ok');
        const out = call ? formatValue(call.output) : '';
        lines.push(`✓ ${si.text} — ${si.target}${out ? `: ${out}` : ''}`);
        break;
      }
      case 'answered':
        lines.push(si.note ? `• ${si.note}` : `• ${si.text}`);
        break;
      case 'no-tool':
        lines.push(`✗ ${si.note ?? `No tool can do "${si.text}".`}`);
        break;
      case 'unanswered':
        lines.push(`? ${si.text} — ${si.note ?? 'waiting for an answer'}`);
        break;
      default:
        lines.push(`✗ ${si.text} — ${si.note ?? 'not done'}`);
    }
  }
  if (lines.length === 0) return 'Nothing to do.';
  return lines.join('\n');
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
