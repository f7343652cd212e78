import { parseRefs } from '../graph/value-flow';
import type { PlanStep } from '../trace/plan-to-trace';
import { WHOLE_RESULT_FIELD } from '../tools/tool';

/**
 * `$k.field` references in plan arguments (the shared dataset format, see value-flow.ts `parseRefs`):
 * reading them, rewriting them when a step is replaced, and substituting executed outputs for them.
 */

/** The reference text for step k's output field. */
export const refTo = (step: number, field: string): string => `$${step}.${field}`;

/** Steps a step reads from: its `deps` plus every step its arguments reference. */
export function stepInputs(step: PlanStep): Set<number> {
  const out = new Set(step.deps);
  for (const v of Object.values(step.args)) for (const r of refsIn(v)) out.add(r.fromCall);
  return out;
}

/** Every reference inside a value, walking lists and dict values. */
export function refsIn(value: unknown): { fromCall: number; field: string | null }[] {
  if (typeof value === 'string') return parseRefs(value);
  if (Array.isArray(value)) return value.flatMap((v) => refsIn(v));
  if (value && typeof value === 'object') return Object.values(value).flatMap((v) => refsIn(v));
  return [];
}

/** Output fields of `step` that the arguments of `steps` reference (`$k` alone counts as `result`). */
export function referencedFields(steps: PlanStep[], step: number): Set<string> {
  const fields = new Set<string>();
  for (const s of steps) {
    for (const v of Object.values(s.args))
      for (const r of refsIn(v)) if (r.fromCall === step) fields.add(r.field ?? WHOLE_RESULT_FIELD);
  }
  return fields;
}

type RefRewrite = (step: number, field: string | null) => string | null;

const WHOLE_HEAD = /^\$(\d+)(?:\.([A-Za-z0-9_-]+))?/;
const EMBEDDED_HEAD = /\{\$(\d+)(?:\.([A-Za-z0-9_-]+))?/g;

/**
 * Rewrites references inside a value: `fn` returns the new `$k.field` head for a reference, or null to
 * keep it. Only the head (`$k` and the first field) changes; a deeper path (`[0].name`) is kept.
 */
export function rewriteRefs(value: unknown, fn: RefRewrite): unknown {
  if (typeof value === 'string') {
    const refs = parseRefs(value);
    if (refs.length === 0) return value;
    if (value.startsWith('$')) {
      return value.replace(
        WHOLE_HEAD,
        (m, k: string, f: string | undefined) => fn(Number(k), f ?? null) ?? m,
      );
    }
    return value.replace(EMBEDDED_HEAD, (m, k: string, f: string | undefined) => {
      const head = fn(Number(k), f ?? null);
      return head === null ? m : `{${head}`;
    });
  }
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, fn));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteRefs(v, fn)]));
  return value;
}

/** A step with its references rewritten and its `deps` recomputed from `deps` minus `drop` plus its refs. */
export function rewriteStep(step: PlanStep, fn: RefRewrite, drop: Set<number> = new Set()): PlanStep {
  const args = Object.fromEntries(Object.entries(step.args).map(([k, v]) => [k, rewriteRefs(v, fn)]));
  const deps = new Set(step.deps.filter((d) => !drop.has(d)));
  for (const v of Object.values(args)) for (const r of refsIn(v)) deps.add(r.fromCall);
  return { ...step, args, deps: [...deps].sort((a, b) => a - b) };
}

/** Thrown when an argument references an output that is not there; the caller decides whose fault it is. */
export class UnresolvedRefError extends Error {
  override readonly name = 'UnresolvedRefError';
  constructor(
    readonly step: number,
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Field `field` of an executed output. A tool without a `returns` schema has one output, `result`:
 * `$k.result` (or `$k`) is the whole output unless the output is an object that has a `result` key.
 */
export function outputField(output: unknown, field: string | null): { found: boolean; value: unknown } {
  if (field === null) return { found: true, value: output };
  if (output && typeof output === 'object' && !Array.isArray(output) && field in output)
    return { found: true, value: (output as Record<string, unknown>)[field] };
  if (field === WHOLE_RESULT_FIELD) return { found: output !== undefined, value: output };
  return { found: false, value: undefined };
}

const PATH_SEGMENT = /\.([A-Za-z0-9_-]+)|\[([^\]]*)\]/g;

function followPath(value: unknown, path: string): unknown {
  let v = value;
  for (const m of path.matchAll(PATH_SEGMENT)) {
    if (v === null || typeof v !== 'object') return undefined;
    const key = m[1] ?? (m[2] ?? '').replace(/^['"]|['"]$/g, '');
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const WHOLE_FULL = /^\$(\d+)(?:\.([A-Za-z0-9_-]+))?(.*)$/;
const EMBEDDED_FULL = /\{\$(\d+)(?:\.([A-Za-z0-9_-]+))?([^}]*)\}/g;

/**
 * Arguments with every reference replaced by the executed value: a whole-string `$k.field[...]` becomes
 * the value itself (any JSON type), an embedded `{$k.field}` becomes its text.
 */
export function substituteRefs(value: unknown, outputs: Record<number, unknown>): unknown {
  const lookup = (k: number, field: string | null, rest: string): unknown => {
    if (!(k in outputs)) throw new UnresolvedRefError(k, field, `step ${k} has not run`);
    const got = outputField(outputs[k], field);
    if (!got.found) throw new UnresolvedRefError(k, field, `step ${k}'s output has no field "${field}"`);
    return rest ? followPath(got.value, rest) : got.value;
  };
  if (typeof value === 'string') {
    if (parseRefs(value).length === 0) return value;
    if (value.startsWith('$')) {
      const m = WHOLE_FULL.exec(value);
      if (m) return lookup(Number(m[1]), m[2] ?? null, m[3] ?? '');
    }
    return value.replace(EMBEDDED_FULL, (_m, k: string, f: string | undefined, rest: string) => {
      const v = lookup(Number(k), f ?? null, rest);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => substituteRefs(v, outputs));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteRefs(v, outputs)]));
  return value;
}

/**
 * Steps in an order they can run: a stable depth-first post-order, so a list already in dependency
 * order is returned unchanged and a step moves only as far as its producers require.
 */
export function orderSteps(steps: PlanStep[]): PlanStep[] {
  const byNumber = new Map(steps.map((s) => [s.step, s]));
  const done = new Set<number>();
  const out: PlanStep[] = [];
  const visit = (s: PlanStep, onPath: Set<number>): void => {
    if (done.has(s.step) || onPath.has(s.step)) return;
    onPath.add(s.step);
    for (const d of [...stepInputs(s)].sort((a, b) => a - b)) {
      const dep = byNumber.get(d);
      if (dep) visit(dep, onPath);
    }
    onPath.delete(s.step);
    done.add(s.step);
    out.push(s);
  };
  for (const s of steps) visit(s, new Set());
  return out;
}
