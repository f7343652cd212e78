import { isTrackable, valueKey } from '../graph/value-flow';
import { referencesIn } from '../plan/references';
import { inputNames, WHOLE_RESULT_FIELD, type JsonSchema, type Tool } from '../tools/tool';
import type { ParamSource } from './inertia-graph';

/** The three levels of AutoTool's hierarchical parameter filling (§4.5), in priority order. */
export type FillLevel = 'backtracking' | 'environment' | 'heuristic';

/** One earlier call of the task, as backtracking reads it. */
export interface FillRecord {
  index: number;
  tool: string;
  args: Record<string, unknown>;
  output: unknown;
}

export interface FillContext {
  tool: Tool;
  /** The task's most recent successful calls, newest first (the caller keeps the last 5). */
  records: readonly FillRecord[];
  nodeOf(tool: string, direction: 'in' | 'out', field: string): string | null;
  /** Dependency sources of an input, strongest first (`ToolInertiaGraph.paramSources`). */
  sourcesOf(tool: string, field: string): readonly ParamSource[];
  /** Environment state: what the task (or the conversation) already knows for this input. */
  environment(field: string, node: string | null): { value: unknown; source: string } | undefined;
  /** Heuristic filling (the agent's literal filling from the request), by field. */
  heuristic(): { args: Record<string, unknown>; sources: Record<string, string> };
  /** Values already used as arguments in this task (`valueKey`): a list gives one not used yet. */
  used: ReadonlySet<string>;
}

export interface FilledParams {
  /** Every required input filled (else the inertial step is abandoned). */
  ok: boolean;
  args: Record<string, unknown>;
  /** Where each argument came from, for the call view: "backtracking · contacts_search.email". */
  sources: Record<string, string>;
  levels: Record<string, FillLevel>;
  /** Required inputs nothing filled. */
  missing: string[];
}

/**
 * Hierarchical parameter filling (§4.5, Appendix A Alg. 2), strictly in priority order per input:
 * 1. dependency backtracking: the input's ParamEdges (observed flows from a tool's field, by count)
 *    looked up in the last records, newest first; a list value
 *    going into a scalar input gives its first element not used yet in the task (the paper picks a
 *    random unused one; first keeps runs reproducible);
 * 2. environment state: values the task knows (user answers, earlier outputs), then the conversation's;
 * 3. heuristics: the agent's literal filling from the request and the sub-intent.
 * Every value must fit the input's schema type (and enum). A required input none of them fills makes
 * the result not ok: the caller falls back to the LLM, nothing is invented.
 */
export function fillParameters(ctx: FillContext): FilledParams {
  const { tool } = ctx;
  const props = tool.parameters.properties ?? {};
  const required = new Set(tool.parameters.required ?? []);
  const args: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  const levels: Record<string, FillLevel> = {};
  const fields = inputNames(tool);
  const set = (field: string, value: unknown, level: FillLevel, from: string) => {
    args[field] = value;
    levels[field] = level;
    sources[field] = `${level} · ${from}`;
  };

  // 1. Dependency backtracking.
  for (const field of fields) {
    const found = backtrack(ctx, field, props[field]);
    if (found) set(field, found.value, 'backtracking', found.from);
  }
  // 2. Environment state.
  for (const field of fields) {
    if (field in args) continue;
    const node = ctx.nodeOf(tool.name, 'in', field);
    const env = ctx.environment(field, node);
    if (!env) continue;
    const value = fit(env.value, props[field], field, ctx.used);
    if (value !== undefined) set(field, value, 'environment', env.source);
  }
  // 3. Heuristics.
  if (fields.some((f) => !(f in args))) {
    const h = ctx.heuristic();
    for (const field of fields) {
      if (field in args || !(field in h.args)) continue;
      const value = fit(h.args[field], props[field], field, ctx.used);
      if (value !== undefined) set(field, value, 'heuristic', h.sources[field] ?? 'request');
    }
  }
  const missing = [...required].filter((f) => !(f in args));
  return { ok: missing.length === 0, args, sources, levels, missing };
}

/** The newest value of the strongest source of the input among the records (Alg. 2, priority 1). */
function backtrack(
  ctx: FillContext,
  field: string,
  schema: JsonSchema | undefined,
): { value: unknown; from: string } | undefined {
  for (const source of ctx.sourcesOf(ctx.tool.name, field)) {
    for (const record of ctx.records) {
      if (source.kind === 'edge' && record.tool !== source.tool) continue;
      for (const f of recordFields(record)) {
        const matches =
          source.kind === 'edge'
            ? f.direction === source.direction && f.field === source.field
            : ctx.nodeOf(record.tool, f.direction, f.field) === source.node;
        if (!matches) continue;
        const value = fit(f.value, schema, field, ctx.used);
        if (value !== undefined)
          return { value, from: `${record.tool}.${f.field}${f.direction === 'in' ? ' (its input)' : ''}` };
      }
    }
  }
  return undefined;
}

/**
 * A record's fields: outputs first (a producer wins over a consumer), then its literal inputs. Declared
 * and undeclared output keys alike: the standardizer says which parameter node each one is.
 */
function recordFields(r: FillRecord): { direction: 'in' | 'out'; field: string; value: unknown }[] {
  const out: { direction: 'in' | 'out'; field: string; value: unknown }[] = [];
  const o = r.output;
  if (o && typeof o === 'object' && !Array.isArray(o)) {
    for (const [field, value] of Object.entries(o as Record<string, unknown>))
      out.push({ direction: 'out', field, value });
  } else if (o !== undefined && o !== null && o !== '') {
    out.push({ direction: 'out', field: WHOLE_RESULT_FIELD, value: o });
  }
  for (const [field, value] of Object.entries(r.args))
    if (referencesIn(value).length === 0) out.push({ direction: 'in', field, value });
  return out;
}

const schemaType = (schema: JsonSchema | undefined): string | undefined => {
  const t = schema?.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  return undefined;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function compatible(value: unknown, type: string | undefined): boolean {
  if (value === undefined || value === null) return false;
  switch (type) {
    case undefined:
    case 'any':
      return value !== '';
    case 'string':
      return typeof value === 'string' && value.trim() !== '';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return true;
  }
}

/** A scalar out of an object: the key named like the input, else its only id-like key. */
function fromObject(o: Record<string, unknown>, field: string): unknown {
  if (field in o) return o[field];
  const ids = Object.keys(o).filter((k) => /(^|_)id$/i.test(k));
  return ids.length === 1 ? o[ids[0]!] : undefined;
}

/**
 * The value as the input takes it, or undefined when it does not fit: type-compatible, in the enum, and
 * for a list going into a non-list input, its first element (or element's field) not used yet.
 */
export function fit(
  value: unknown,
  schema: JsonSchema | undefined,
  field: string,
  used: ReadonlySet<string>,
): unknown {
  const type = schemaType(schema);
  const ok = (v: unknown) =>
    compatible(v, type) && (!Array.isArray(schema?.enum) || (schema.enum as unknown[]).includes(v));
  if (Array.isArray(value) && type !== 'array' && type !== undefined) {
    for (const item of value) {
      const v = isPlainObject(item) ? fromObject(item, field) : item;
      if (ok(v) && !(isTrackable(v) && used.has(valueKey(v)))) return v;
    }
    return undefined;
  }
  if (isPlainObject(value) && type !== 'object' && type !== undefined) {
    const v = fromObject(value, field);
    return ok(v) ? v : undefined;
  }
  return ok(value) ? value : undefined;
}
