import { leaves, valueKey } from '../graph/value-flow';
import type { ParamRef } from '../graph/param-standardizer';
import { referencesIn } from '../plan/references';
import type { Trace } from './trace';

/** Recorded uses of a parameter (from a person or an output) before its share says anything. */
const MIN_USES = 3;
/** Share of those uses filled from another call's output above which users are not asked for it. */
const PRODUCED_SHARE = 0.8;

/**
 * How a world's traces filled each standardized input: from the person (its value is in the request)
 * or from an earlier call's output (a `$k.field` reference, or a value an earlier call returned that the
 * request does not contain). Some values are the tools' own — a catalogue's SKU, a session token, a
 * search result's id — and the plans always look them up first; a request never states them, and a
 * quoted phrase in it ("order 3 of "red gadget"") is the thing to look up, not the value. A use that is
 * neither (a gold plan's literal without outputs) says nothing and is not counted. Counted per
 * standardized parameter, so a tool the traces never called shares what its look-alike inputs showed.
 */
export class ProducedInputs {
  private readonly byUser = new Map<string, number>();
  private readonly byOutput = new Map<string, number>();
  private readonly shapes = new Map<string, Set<string>>();

  constructor(traces: readonly Trace[], nodeOf: (ref: ParamRef) => string | null) {
    for (const trace of traces) {
      const query = trace.query.toLowerCase();
      const returned = new Set<string>();
      trace.calls.forEach((call, i) => {
        for (const [field, value] of Object.entries(call.args)) {
          const node = nodeOf({ tool: call.tool, direction: 'in', field });
          if (!node) continue;
          const values = leaves(value);
          const referenced = referencesIn(value).some((r) => r.step < i);
          const stated = values.length > 0 && values.every((v) => query.includes(String(v).toLowerCase()));
          const fromOutput = referenced || (!stated && values.some((v) => returned.has(valueKey(v))));
          const into = fromOutput ? this.byOutput : stated ? this.byUser : null;
          into?.set(node, (into.get(node) ?? 0) + 1);
          if (fromOutput && !referenced) {
            const seen = this.shapes.get(node) ?? new Set<string>();
            for (const v of values) seen.add(valueShape(v));
            this.shapes.set(node, seen);
          }
        }
        if (call.status === 'ok') for (const v of leaves(call.output)) returned.add(valueKey(v));
      });
    }
  }

  /** True when the traces filled `node` at least MIN_USES times, nearly always from an earlier output. */
  alwaysProduced(node: string): boolean {
    const out = this.byOutput.get(node) ?? 0;
    const n = out + (this.byUser.get(node) ?? 0);
    return n >= MIN_USES && out / n >= PRODUCED_SHARE;
  }

  /** The shapes (`valueShape`) of the values earlier outputs gave `node` ("SKU-0" → "A-9"). */
  shapesOf(node: string): ReadonlySet<string> {
    return this.shapes.get(node) ?? new Set();
  }
}

/** A value's shape: runs of capitals → A, of small letters → a, of digits → 9 ("SKU-0042" → "A-9"). */
export const valueShape = (v: unknown): string =>
  String(v)
    .replace(/\p{Lu}+/gu, 'A')
    .replace(/\p{Ll}+/gu, 'a')
    .replace(/\p{N}+/gu, '9');

/**
 * A word of `text` with one of `shapes`, when a shape mixes letters and digits (a code, not a word or a
 * plain number: "SKU-3" for "A-9", never "order" or "3").
 */
export function tokenOfShape(text: string, shapes: ReadonlySet<string>): string | undefined {
  const coded = [...shapes].filter((s) => /9/.test(s) && /[Aa]/.test(s));
  if (coded.length === 0) return undefined;
  for (const raw of text.split(/[\s,;!?()"'“”‘’]+/)) {
    const token = raw.replace(/[.:]+$/, '');
    if (token && coded.includes(valueShape(token))) return token;
  }
  return undefined;
}
