import { LIMITS } from './limits';

/** What a walk over a JSON value checks; any subset of LIMITS' figures. */
export interface JsonLimits {
  maxDepth: number;
  maxStringChars: number;
  maxWidth: number;
  maxValues: number;
}

export const JSON_LIMITS: JsonLimits = {
  maxDepth: LIMITS.maxDepth,
  maxStringChars: LIMITS.maxStringChars,
  maxWidth: LIMITS.maxWidth,
  maxValues: LIMITS.maxValues,
};

/** Where a value broke a limit (a JSON path from `root`) and why. */
export interface JsonProblem {
  path: string;
  reason: string;
}

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string | number | null;
  /** Set when the frame's children were pushed: popping it again leaves the object's subtree. */
  exit?: boolean;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `root.a[3]["odd key"]`, shortened in the middle when deep, so a 3,000-level path stays readable. */
export function pathOf(frame: Frame | null, root: string): string {
  const parts: string[] = [];
  for (let f = frame; f && f.key !== null; f = f.parent) {
    parts.push(
      typeof f.key === 'number'
        ? `[${f.key}]`
        : IDENT.test(f.key)
          ? `.${f.key}`
          : `[${JSON.stringify(f.key)}]`,
    );
  }
  parts.reverse();
  const shown =
    parts.length > 12
      ? [...parts.slice(0, 8), `…(${parts.length - 10} more levels)…`, ...parts.slice(-2)]
      : parts;
  const tail = shown.join('');
  return root === '' ? tail.replace(/^\./, '') || '$' : `${root}${tail}`;
}

const kindOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

/**
 * The first place `value` breaks a limit or is not plain JSON, or null. Walks with its own stack (no
 * recursion, so no `RangeError` however deep the input), visits each value once, stops at the first
 * problem and at `maxValues`. Finds: nesting deeper than `maxDepth`, strings longer than `maxStringChars`,
 * objects or lists wider than `maxWidth`, NaN and ±Infinity, functions, symbols, bigints, cycles, and
 * objects that are not plain (class instances, a changed prototype).
 */
export function jsonProblem(
  value: unknown,
  limits: JsonLimits = JSON_LIMITS,
  root = '$',
): JsonProblem | null {
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: null }];
  const onPath = new Set<object>();
  let visited = 0;
  const fail = (f: Frame, reason: string): JsonProblem => ({ path: pathOf(f, root), reason });
  while (stack.length > 0) {
    const f = stack.pop()!;
    const v = f.value;
    if (f.exit) {
      onPath.delete(v as object);
      continue;
    }
    if (++visited > limits.maxValues)
      return fail(f, `the input holds more than ${limits.maxValues.toLocaleString('en')} values`);
    switch (typeof v) {
      case 'string':
        if (v.length > limits.maxStringChars)
          return fail(
            f,
            `a string of ${v.length.toLocaleString('en')} characters is longer than the limit of ${limits.maxStringChars.toLocaleString('en')}`,
          );
        continue;
      case 'number':
        if (!Number.isFinite(v)) return fail(f, `${String(v)} is not a JSON number`);
        continue;
      case 'boolean':
      case 'undefined':
        continue;
      case 'object':
        break;
      default:
        return fail(f, `${kindOf(v)} is not a JSON value`);
    }
    if (v === null) continue;
    if (f.depth >= limits.maxDepth)
      return fail(f, `nested more than ${limits.maxDepth} levels deep (the limit is ${limits.maxDepth})`);
    if (onPath.has(v)) return fail(f, 'the value contains itself (a cycle)');
    const proto = Object.getPrototypeOf(v) as unknown;
    const isArray = Array.isArray(v);
    if (isArray && (proto !== Array.prototype || Object.keys(v).length !== (v as unknown[]).length))
      return fail(f, 'a list with named members or a changed prototype is not plain JSON');
    if (!isArray && proto !== Object.prototype && proto !== null)
      return fail(f, 'an object that is not plain JSON (a class instance or a changed prototype)');
    const keys = isArray ? null : Object.keys(v);
    const width = isArray ? (v as unknown[]).length : keys!.length;
    if (width > limits.maxWidth)
      return fail(
        f,
        `${isArray ? 'a list of' : 'an object with'} ${width.toLocaleString('en')} ${isArray ? 'items' : 'members'} is wider than the limit of ${limits.maxWidth.toLocaleString('en')}`,
      );
    onPath.add(v);
    stack.push({ ...f, exit: true });
    const depth = f.depth + 1;
    if (isArray) {
      const list = v as unknown[];
      for (let i = list.length - 1; i >= 0; i--) stack.push({ value: list[i], depth, parent: f, key: i });
    } else {
      const obj = v as Record<string, unknown>;
      for (let i = keys!.length - 1; i >= 0; i--) {
        const k = keys![i]!;
        stack.push({ value: obj[k], depth, parent: f, key: k });
      }
    }
  }
  return null;
}
