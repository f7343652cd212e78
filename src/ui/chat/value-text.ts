/** A value in one short line: strings as they are, the rest as compact JSON, cut at `max` characters. */
export function valueText(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Milliseconds as people read them: "0.4 ms", "12 ms", "1.3 s". */
export function msText(ms: number): string {
  if (ms < 1) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
