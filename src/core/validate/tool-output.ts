import { LIMITS } from './limits';

export interface ClampedOutput {
  value: unknown;
  /** True when something was cut: a long string, a deep or wide part, a non-JSON value. */
  truncated: boolean;
}

/**
 * A tool output made safe to keep in a trace and to show a prompt: plain JSON, at most
 * `maxToolOutputDepth` deep, lists and objects cut to `maxToolOutputWidth` entries, strings to
 * `maxToolOutputStringChars`, about `maxToolOutputChars` in all. A call that happened is never refused for its
 * output; what is cut is marked (`"…[cut: …]"`). An output within the limits comes back as the same object.
 */
export function clampToolOutput(output: unknown): ClampedOutput {
  let budget: number = LIMITS.maxToolOutputChars;
  let truncated = false;
  const onPath = new Set<object>();
  const cut = (what: string): string => {
    truncated = true;
    return `…[cut: ${what}]`;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (budget <= 0) return cut('output over the size limit');
    switch (typeof v) {
      case 'string':
        if (v.length > LIMITS.maxToolOutputStringChars || v.length > budget) {
          const keep = Math.max(0, Math.min(LIMITS.maxToolOutputStringChars, budget));
          budget -= keep;
          return v.slice(0, keep) + cut(`${v.length.toLocaleString('en')} characters`);
        }
        budget -= v.length + 2;
        return v;
      case 'number':
        budget -= 8;
        if (Number.isFinite(v)) return v;
        truncated = true;
        return null;
      case 'boolean':
        budget -= 5;
        return v;
      case 'undefined':
        return undefined;
      case 'object':
        break;
      default:
        return cut(`a ${typeof v}`);
    }
    if (v === null) return null;
    if (depth >= LIMITS.maxToolOutputDepth)
      return cut(`nested deeper than ${LIMITS.maxToolOutputDepth} levels`);
    if (onPath.has(v)) return cut('a cycle');
    onPath.add(v);
    try {
      if (Array.isArray(v)) {
        const n = Math.min(v.length, LIMITS.maxToolOutputWidth);
        const out: unknown[] = [];
        let same =
          n === v.length && Object.getPrototypeOf(v) === Array.prototype && Object.keys(v).length === n;
        for (let i = 0; i < n; i++) {
          const x = walk(v[i], depth + 1);
          if (x !== v[i]) same = false;
          out.push(x);
        }
        if (n < v.length) out.push(cut(`${(v.length - n).toLocaleString('en')} more items`));
        return same ? v : out;
      }
      const proto = Object.getPrototypeOf(v) as unknown;
      const keys = Object.keys(v);
      const n = Math.min(keys.length, LIMITS.maxToolOutputWidth);
      const out: Record<string, unknown> = {};
      let same = n === keys.length && (proto === Object.prototype || proto === null);
      for (let i = 0; i < n; i++) {
        const k = keys[i]!;
        const orig = (v as Record<string, unknown>)[k];
        const x = walk(orig, depth + 1);
        if (x !== orig) same = false;
        budget -= k.length + 3;
        Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
      }
      if (n < keys.length) out['…'] = cut(`${(keys.length - n).toLocaleString('en')} more fields`);
      if (!same && proto !== Object.prototype && proto !== null) truncated = true;
      return same ? v : out;
    } finally {
      onPath.delete(v);
    }
  };
  const value = walk(output, 0);
  return { value, truncated };
}
