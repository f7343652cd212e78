import { WHOLE_RESULT_FIELD } from '../tools/tool';
import { UnresolvedReferenceError } from './unresolved-reference-error';

/**
 * The one grammar of references to earlier steps' outputs in plan arguments (the shared datasets'
 * format). Every module that reads, writes, rewrites or substitutes references goes through here, so
 * "a $5 budget" means the same thing to the graph, the planner and the executor.
 *
 * - A WHOLE-STRING reference is an argument that is exactly `$<step>` (the whole output) or
 *   `$<step>.<field>` followed by deeper segments: `$0.events.0.title`, `$0.author[0].id`. The field is a
 *   name (a letter or `_`, then letters, digits, `_`, `-`); deeper segments are names or list indices
 *   (`.0` or `[0]`, NESTFUL writes both). A key that is not a name (`Exchange Rate`, `pm2.5_level`) is
 *   written quoted: `$0["Exchange Rate"]`. Substitution gives the referenced value with its own type.
 * - Inside longer text only the BRACED form `{$<step>.<field>…}` is a reference (NESTFUL: "5 * {$0.Exchange
 *   Rate}"); between braces a name may contain spaces. Substitution writes the value as text.
 * - `\{$1.x}` is an escaped literal: not a reference; substitution drops the backslash.
 * - Nothing else is: "a $5 budget", "$1.5", "costs $3", "US$10", "$20-$30" are plain text and are never
 *   rewritten. (A field must start with a letter, so `$1.5` is a price, not step 1's field "5".)
 */

/** A reference to step `step`'s output. */
export interface Reference {
  step: number;
  /** The output field read (a key of the step's output), or null for the whole output (`$k`). */
  field: string | null;
  /** Segments below the field: object keys or list indices (`$0.events.0.title` → `['0', 'title']`). */
  path: readonly string[];
}

/** What a rewrite turns a reference into; `path` defaults to the original reference's. */
export interface ReferenceTarget {
  step: number;
  field: string | null;
  path?: readonly string[];
}

/** A reference found in a string, with where it is written. */
interface Occurrence {
  ref: Reference;
  /** Span of its text: the whole string, or `{…}` with the braces. */
  start: number;
  end: number;
  whole: boolean;
  /** Braced and preceded by a backslash: a literal, not a reference. */
  escaped: boolean;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined): boolean => c !== undefined && /[A-Za-z_]/.test(c);
const isNameChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_-]/.test(c);
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const INDEX = /^\d+$/;

type Segment = { value: string; end: number } | null;

/** A name at `i`; between braces it may contain spaces, never at its end. */
function readName(s: string, i: number, braced: boolean): Segment {
  if (!isNameStart(s[i])) return null;
  let j = i + 1;
  while (isNameChar(s[j]) || (braced && s[j] === ' ')) j++;
  while (s[j - 1] === ' ') j--;
  return { value: s.slice(i, j), end: j };
}

function readIndex(s: string, i: number): Segment {
  let j = i;
  while (isDigit(s[j])) j++;
  return j === i ? null : { value: s.slice(i, j), end: j };
}

/** `[0]` or `["any key"]` from just after the `[`; an index is not allowed as the field itself. */
function readBracket(s: string, i: number, first: boolean): Segment {
  let seg: Segment;
  if (s[i] === '"') {
    let j = i + 1;
    while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
    if (j >= s.length) return null;
    try {
      seg = { value: JSON.parse(s.slice(i, j + 1)) as string, end: j + 1 };
    } catch {
      return null;
    }
  } else {
    seg = first ? null : readIndex(s, i);
  }
  return seg && s[seg.end] === ']' ? { value: seg.value, end: seg.end + 1 } : null;
}

/** Reads `$<step>` and its segments from `s[at] === '$'`; null when what follows is malformed. */
function scan(s: string, at: number, braced: boolean): { ref: Reference; end: number } | null {
  if (s[at] !== '$') return null;
  const digits = readIndex(s, at + 1);
  if (!digits) return null;
  const segments: string[] = [];
  let i = digits.end;
  for (;;) {
    const first = segments.length === 0;
    let seg: Segment;
    if (s[i] === '.') seg = readName(s, i + 1, braced) ?? (first ? null : readIndex(s, i + 1));
    else if (s[i] === '[') seg = readBracket(s, i + 1, first);
    else break;
    if (!seg) return null;
    segments.push(seg.value);
    i = seg.end;
  }
  const [field = null, ...path] = segments;
  return { ref: { step: Number(digits.value), field, path }, end: i };
}

/** The references written in one string: the string itself, or its braced references in order. */
function occurrences(s: string): Occurrence[] {
  const whole = parseReference(s);
  if (whole) return [{ ref: whole, start: 0, end: s.length, whole: true, escaped: false }];
  const out: Occurrence[] = [];
  for (let i = s.indexOf('{$'); i >= 0; i = s.indexOf('{$', i + 1)) {
    const got = scan(s, i + 1, true);
    if (!got || s[got.end] !== '}') continue;
    out.push({ ref: got.ref, start: i, end: got.end + 1, whole: false, escaped: s[i - 1] === '\\' });
  }
  return out;
}

/** The reference an argument is, when the whole string is one (`$3`, `$0.city`, `$0.items.0.id`); else null. */
export function parseReference(s: string): Reference | null {
  const got = scan(s, 0, false);
  return got && got.end === s.length ? got.ref : null;
}

function printSegment(name: string, first: boolean): string {
  if (PLAIN_NAME.test(name) || (!first && INDEX.test(name))) return `.${name}`;
  return `[${JSON.stringify(name)}]`;
}

/** The text of a whole-string reference; `parseReference` reads it back to the same reference. */
export function printReference(step: number, field: string | null, path: readonly string[] = []): string {
  if (!Number.isInteger(step) || step < 0)
    throw new RangeError(`A step number is an integer ≥ 0, got ${step}`);
  if (field === null && path.length > 0) throw new RangeError('A reference path needs a field first');
  if (field === null) return `$${step}`;
  return `$${step}${printSegment(field, true)}${path.map((p) => printSegment(p, false)).join('')}`;
}

/** The text of a reference inside longer text: `{$k.field}`. */
export function printEmbeddedReference(
  step: number,
  field: string | null,
  path: readonly string[] = [],
): string {
  return `{${printReference(step, field, path)}}`;
}

/** `text` with every braced reference escaped, so it stays literal text through substitution. */
export function escapeReferences(text: string): string {
  let out = text;
  for (const o of occurrences(text).reverse()) {
    if (o.whole || o.escaped) continue;
    out = `${out.slice(0, o.start)}\\${out.slice(o.start)}`;
  }
  return out;
}

/** Every reference inside a value, walking lists and object values, in order of appearance. */
export function referencesIn(value: unknown): Reference[] {
  if (typeof value === 'string')
    return occurrences(value)
      .filter((o) => !o.escaped)
      .map((o) => o.ref);
  if (Array.isArray(value)) return value.flatMap((v) => referencesIn(v));
  if (value && typeof value === 'object') return Object.values(value).flatMap((v) => referencesIn(v));
  return [];
}

/** Applies `f` to every string inside a value, keeping lists, objects and other values as they are. */
function mapStrings(value: unknown, f: (s: string) => unknown): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}

/** `s` with each occurrence's span replaced by `f(occurrence)` (null keeps the text as written). */
function splice(s: string, list: Occurrence[], f: (o: Occurrence) => string | null): string {
  let out = '';
  let at = 0;
  for (const o of list) {
    const text = f(o);
    if (text === null) continue;
    out += s.slice(at, o.start) + text;
    at = o.end;
  }
  return at === 0 ? s : out + s.slice(at);
}

const sameTarget = (r: Reference, t: ReferenceTarget): boolean =>
  r.step === t.step &&
  r.field === t.field &&
  (t.path === undefined || (t.path.length === r.path.length && t.path.every((p, i) => p === r.path[i])));

/**
 * References inside a value rewritten by `fn` (null keeps one as written; so does a target equal to the
 * reference). Text around braced references and escaped literals is kept byte for byte.
 */
export function rewriteReferences(value: unknown, fn: (ref: Reference) => ReferenceTarget | null): unknown {
  return mapStrings(value, (s) =>
    splice(s, occurrences(s), (o) => {
      if (o.escaped) return null;
      const t = fn(o.ref);
      if (t === null || sameTarget(o.ref, t)) return null;
      const printed = printReference(t.step, t.field, t.path ?? o.ref.path);
      return o.whole ? printed : `{${printed}}`;
    }),
  );
}

/**
 * Field `field` of an executed output, then `path` below it. A tool without a `returns` schema has one
 * output, `result`: `$k.result` (or `$k`) is the whole output unless the output is an object with a
 * `result` key. `found` says whether the FIELD is there; a missing deeper segment reads as undefined.
 */
export function outputField(
  output: unknown,
  field: string | null,
  path: readonly string[] = [],
): { found: boolean; value: unknown } {
  let head: { found: boolean; value: unknown };
  if (field === null) head = { found: true, value: output };
  else if (output && typeof output === 'object' && !Array.isArray(output) && field in output)
    head = { found: true, value: (output as Record<string, unknown>)[field] };
  else if (field === WHOLE_RESULT_FIELD) head = { found: output !== undefined, value: output };
  else return { found: false, value: undefined };
  let v = head.value;
  for (const key of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return { found: head.found, value: v };
}

/**
 * A value with every reference replaced by the executed output it names: a whole-string reference
 * becomes the value itself (any JSON type), a braced one its text (strings as they are, other values as
 * JSON), an escaped one its literal text. Throws `UnresolvedReferenceError` for a step that has not run
 * or an output without the field.
 */
export function substituteReferences(value: unknown, outputs: Readonly<Record<number, unknown>>): unknown {
  const lookup = (r: Reference): unknown => {
    if (!(r.step in outputs))
      throw new UnresolvedReferenceError(r.step, r.field, `step ${r.step} has not run`);
    const got = outputField(outputs[r.step], r.field, r.path);
    if (!got.found)
      throw new UnresolvedReferenceError(
        r.step,
        r.field,
        `step ${r.step}'s output has no field "${r.field}"`,
      );
    return got.value;
  };
  return mapStrings(value, (s) => {
    const list = occurrences(s);
    if (list.length === 1 && list[0]!.whole) return lookup(list[0]!.ref);
    const unescaped = list.map((o) => (o.escaped ? { ...o, start: o.start - 1 } : o));
    return splice(s, unescaped, (o) => {
      if (o.escaped) return s.slice(o.start + 1, o.end);
      const v = lookup(o.ref);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  });
}
