/**
 * A value as short text for reports and prompts. Never throws and never walks far: arguments can be
 * hostile (a 10 MB string, 10,000 nested arrays, a cycle from a buggy runtime), and JSON.stringify on
 * those would be slow or overflow the stack.
 */
export function previewValue(value: unknown, max = 80): string {
  const out = { text: '', budget: max + 1 };
  write(value, 0, out);
  return out.text.length > max ? `${out.text.slice(0, max - 1)}…` : out.text;
}

const MAX_DEPTH = 4;

function write(v: unknown, depth: number, out: { text: string; budget: number }): void {
  if (out.text.length >= out.budget) return;
  const put = (s: string): void => {
    out.text += s.slice(0, Math.max(0, out.budget - out.text.length));
  };
  if (v === null || v === undefined || typeof v === 'boolean') return put(String(v));
  if (typeof v === 'number') return put(String(v));
  if (typeof v === 'string') return put(JSON.stringify(v.length > out.budget ? v.slice(0, out.budget) : v));
  if (typeof v === 'bigint') return put(`${v}n`);
  if (typeof v !== 'object') return put(`<${typeof v}>`);
  if (depth >= MAX_DEPTH) return put(Array.isArray(v) ? '[…]' : '{…}');
  if (Array.isArray(v)) {
    put('[');
    for (let i = 0; i < v.length && out.text.length < out.budget; i++) {
      if (i > 0) put(',');
      write(v[i], depth + 1, out);
    }
    return put(']');
  }
  put('{');
  let first = true;
  for (const k of Object.keys(v)) {
    if (out.text.length >= out.budget) break;
    if (!first) put(',');
    first = false;
    put(`${JSON.stringify(k)}:`);
    write((v as Record<string, unknown>)[k], depth + 1, out);
  }
  put('}');
}
