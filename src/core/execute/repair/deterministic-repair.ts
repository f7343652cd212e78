import type { JsonSchemaObject, Tool } from '../../tools/tool';
import type { GateCheck } from '../gate/schema-gate';
import type { RepairEdit } from '../gate/gate-report';
import { previewValue } from '../gate/value-preview';
import { coerceValue } from './coerce';
import { dateTargetOf, normalizeDate } from './date-normalize';
import { renameTarget } from './key-rename';
import { nearestEnum } from './nearest-enum';
import type { ParamIndex } from './param-index';
import { schemaDefault } from './schema-defaults';

export interface RepairContext {
  /** Standardized parameters for key renames (absent: renames by name only). */
  params?: ParamIndex;
  /** "today" for relative dates (ms since epoch). */
  now?: number;
}

export interface DeterministicRepair {
  args: Record<string, unknown>;
  edits: RepairEdit[];
}

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * RETO's cheap deterministic edits (§3.4, before any LLM): for each problem the gate reported, the one
 * edit that fixes that kind of problem — a dropped key renamed to the input it means, a missing field
 * given the schema's default, a value coerced to its type, an enum value matched to the nearest allowed
 * one, a date rewritten in the asked format. Edits never invent a value the call did not carry (a
 * default is the schema's own). The result goes through the gate again; the caller repeats while edits
 * keep coming.
 */
export function repairArguments(
  tool: Tool,
  raw: Record<string, unknown>,
  check: GateCheck,
  ctx: RepairContext = {},
): DeterministicRepair {
  const args: Record<string, unknown> = { ...check.args };
  const edits: RepairEdit[] = [];
  for (const key of check.dropped) {
    if (RESERVED.has(key)) continue;
    const target = renameTarget(tool, key, new Set(Object.keys(args)), ctx.params);
    if (target === null) continue;
    args[target] = raw[key];
    edits.push({ kind: 'rename', field: target, from: key, to: target, note: `${key} → ${target}` });
  }
  const props = tool.parameters.properties ?? {};
  for (const issue of check.errors) {
    const path = issue.field.split('.');
    const top = path[0]!;
    if (issue.rule === 'required' && path.length === 1) {
      if (Object.hasOwn(args, top)) continue; // a rename filled it
      const d = schemaDefault(props[top]);
      if (d === undefined) continue;
      args[top] = d;
      edits.push({
        kind: 'default',
        field: top,
        to: previewValue(d),
        note: `${top} = schema default ${previewValue(d)}`,
      });
      continue;
    }
    const schema = schemaAt(tool.parameters, path);
    if (!schema || !hasPath(args, path)) continue;
    const before = getAt(args, path);
    let after: unknown;
    let kind: RepairEdit['kind'] = 'coerce';
    // An optional input given as "" or null means "not given" (a wrong type, not one of an enum's values,
    // not a date): left out, as the caller meant, instead of refusing the call.
    const required = path.length === 1 && (tool.parameters.required ?? []).includes(top);
    if (
      (before === null || before === '') &&
      !required &&
      path.length === 1 &&
      (issue.rule !== 'type' || !typeAllows(schema, before))
    ) {
      delete args[top];
      edits.push({
        kind: 'drop',
        field: top,
        from: previewValue(before),
        note: `empty optional ${top} left out`,
      });
      continue;
    }
    if (issue.rule === 'type') {
      after = coerceValue(before, schema);
    } else if (issue.rule === 'enum' && Array.isArray(schema.enum)) {
      kind = 'enum';
      after = nearestEnum(before, schema.enum);
    } else if (issue.rule === 'format') {
      kind = 'date';
      const target = dateTargetOf(schema);
      after = target ? normalizeDate(before, target, ctx.now) : trimmed(before);
      if (!target) kind = 'coerce';
    }
    if (after === undefined || Object.is(after, before)) continue;
    setAt(args, path, after);
    edits.push({
      kind,
      field: issue.field,
      from: previewValue(before, 40),
      to: previewValue(after, 40),
      note: `${issue.field}: ${previewValue(before, 40)} → ${previewValue(after, 40)}`,
    });
  }
  return { args, edits };
}

/**
 * Dates in a field whose description asks for a format the schema does not enforce ("Day to list,
 * YYYY-MM-DD"): the gate cannot refuse them, the tool would. Rewritten before the call when they can be
 * read unambiguously.
 */
export function normalizeHintedDates(
  tool: Tool,
  args: Record<string, unknown>,
  now?: number,
): DeterministicRepair {
  const out = { ...args };
  const edits: RepairEdit[] = [];
  for (const [field, schema] of Object.entries(tool.parameters.properties ?? {})) {
    if (!Object.hasOwn(out, field) || typeof schema.format === 'string') continue;
    const target = dateTargetOf(schema);
    if (!target) continue;
    const after = normalizeDate(out[field], target, now);
    if (after === undefined) continue;
    edits.push({
      kind: 'date',
      field,
      from: previewValue(out[field], 40),
      to: after,
      note: `${field}: ${previewValue(out[field], 40)} → ${after} (as its description asks)`,
    });
    out[field] = after;
  }
  return { args: out, edits };
}

function trimmed(v: unknown): unknown {
  if (typeof v !== 'string') return undefined;
  const t = v.trim().replace(/^mailto:/i, '');
  return t === v ? undefined : t;
}

function typeAllows(schema: JsonSchemaObject, v: unknown): boolean {
  const types =
    typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  return v === null ? types.includes('null') : types.includes('string');
}

function schemaAt(root: JsonSchemaObject, path: string[]): JsonSchemaObject | undefined {
  let s: unknown = root;
  for (const seg of path) {
    if (!s || typeof s !== 'object') return undefined;
    const o = s as JsonSchemaObject;
    if (/^\d+$/.test(seg) && o.items && typeof o.items === 'object')
      s = Array.isArray(o.items) ? o.items[Number(seg)] : o.items;
    else s = o.properties && Object.hasOwn(o.properties, seg) ? o.properties[seg] : undefined;
  }
  return s && typeof s === 'object' ? (s as JsonSchemaObject) : undefined;
}

function hasPath(v: unknown, path: string[]): boolean {
  for (const seg of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, seg)) return false;
    v = (v as Record<string, unknown>)[seg];
  }
  return true;
}

function getAt(v: unknown, path: string[]): unknown {
  for (const seg of path) v = (v as Record<string, unknown>)[seg];
  return v;
}

/** Sets a nested value, copying the containers on the way (the caller's objects are never changed). */
function setAt(root: Record<string, unknown>, path: string[], value: unknown): void {
  let parent: Record<string, unknown> = root;
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i]!;
    const child = parent[seg];
    const copy = Array.isArray(child) ? [...child] : { ...(child as Record<string, unknown>) };
    Object.defineProperty(parent, seg, { value: copy, enumerable: true, writable: true, configurable: true });
    parent = copy as Record<string, unknown>;
  }
  Object.defineProperty(parent, path[path.length - 1]!, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
