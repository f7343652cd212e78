import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchemaObject, Tool } from '../../tools/tool';
import { canonicalFormat, GATE_FORMATS } from './gate-formats';
import type { GateIssue } from './gate-report';
import { previewValue } from './value-preview';

/** What the gate made of one call's arguments. */
export interface GateCheck {
  ok: boolean;
  /** The arguments without the dropped keys: what is sent when `ok`. */
  args: Record<string, unknown>;
  /** Every problem found, dropped keys included. */
  issues: GateIssue[];
  /** The problems that refuse the call (every issue but `unknown-key`). */
  errors: GateIssue[];
  dropped: string[];
}

export interface SchemaGateOptions {
  /** Deepest nesting an argument may have (default 32). */
  maxDepth?: number;
  /** Most values (array items, object entries) the gate walks in one call (default 100,000). */
  maxNodes?: number;
}

/** Keys that are never passed to a tool unless its schema declares them (prototype pollution). */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * RETO's Schema Gate (§3.4, eq. 11): before a call runs, its arguments are checked against the tool's
 * JSON Schema — required fields, types, enums, formats and the other keywords Ajv knows — with every
 * problem reported (`allErrors`, so repair sees them all), unknown top-level keys dropped, and non-finite
 * numbers and runaway nesting refused (JSON cannot carry them; Ajv lets NaN through as a number). Each
 * tool's schema is compiled once and cached on the schema object. The gate never throws for bad input.
 */
export class SchemaGate {
  private readonly ajv = new Ajv({
    strict: false,
    allErrors: true,
    logger: false,
    validateFormats: true,
    formats: GATE_FORMATS,
  });
  private readonly compiled = new WeakMap<JsonSchemaObject, ValidateFunction | Error>();
  /** Schemas compiled so far (each tool's once). */
  compilations = 0;
  private readonly maxDepth: number;
  private readonly maxNodes: number;

  constructor(options: SchemaGateOptions = {}) {
    this.maxDepth = options.maxDepth ?? 32;
    this.maxNodes = options.maxNodes ?? 100_000;
  }

  check(tool: Tool, args: unknown): GateCheck {
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      const e: GateIssue = {
        field: '',
        rule: 'type',
        value: previewValue(args),
        message: 'the arguments must be a JSON object',
      };
      return { ok: false, args: {}, issues: [e], errors: [e], dropped: [] };
    }
    const { kept, dropped } = this.dropUnknown(tool.parameters, args as Record<string, unknown>);
    const issues: GateIssue[] = dropped.map((k) => ({
      field: k,
      rule: 'unknown-key',
      value: previewValue((args as Record<string, unknown>)[k]),
      message: RESERVED.has(k) ? 'reserved name, dropped' : `not a parameter of ${tool.name}, dropped`,
    }));
    const errors = this.walk(kept);
    if (errors.every((e) => e.rule !== 'depth')) errors.push(...this.schemaErrors(tool, kept));
    issues.push(...errors);
    return { ok: errors.length === 0, args: kept, issues, errors, dropped };
  }

  /** Top-level keys the schema does not declare are dropped (RETO); an open schema keeps them. */
  private dropUnknown(
    schema: JsonSchemaObject,
    args: Record<string, unknown>,
  ): { kept: Record<string, unknown>; dropped: string[] } {
    const props = schema.properties;
    // A schema that declares no property at all (`{}` — toolalpaca writes its parameters in the
    // description) says nothing about keys: it is open unless it says otherwise.
    const declaresNone = props === undefined || Object.keys(props).length === 0;
    const open = declaresNone
      ? schema.additionalProperties !== false
      : schema.additionalProperties === true ||
        typeof schema.additionalProperties === 'object' ||
        schema.patternProperties !== undefined;
    const dropped: string[] = [];
    const entries: [string, unknown][] = [];
    for (const k of Object.keys(args)) {
      if (args[k] === undefined) continue; // JSON has no undefined: the key is simply absent
      const declared = props !== undefined && Object.hasOwn(props, k);
      if (declared || (open && !RESERVED.has(k))) entries.push([k, args[k]]);
      else dropped.push(k);
    }
    // fromEntries defines own properties, so a declared "__proto__" stays data and never a prototype.
    return { kept: Object.fromEntries(entries), dropped };
  }

  /** Non-finite numbers and nesting beyond `maxDepth` (Ajv checks neither). */
  private walk(args: Record<string, unknown>): GateIssue[] {
    const errors: GateIssue[] = [];
    let nodes = 0;
    const visit = (v: unknown, path: string, depth: number): void => {
      if (errors.length > 20) return;
      if (++nodes > this.maxNodes) {
        if (nodes === this.maxNodes + 1)
          errors.push({ field: path, rule: 'depth', message: `more than ${this.maxNodes} values` });
        return;
      }
      if (typeof v === 'number' && !Number.isFinite(v)) {
        errors.push({ field: path, rule: 'type', value: String(v), message: 'must be a finite number' });
      } else if (v !== null && typeof v === 'object') {
        if (depth >= this.maxDepth) {
          errors.push({ field: path, rule: 'depth', message: `nested deeper than ${this.maxDepth} levels` });
          return;
        }
        if (Array.isArray(v)) v.forEach((x, i) => visit(x, join(path, String(i)), depth + 1));
        else
          for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], join(path, k), depth + 1);
      }
    };
    for (const k of Object.keys(args)) visit(args[k], k, 1);
    return errors;
  }

  private schemaErrors(tool: Tool, args: Record<string, unknown>): GateIssue[] {
    const validate = this.validator(tool.parameters);
    if (validate instanceof Error)
      return [
        {
          field: '',
          rule: 'constraint',
          message: `the schema of ${tool.name} cannot be checked: ${validate.message}`,
        },
      ];
    if (validate(args)) return [];
    const seen = new Set<string>();
    const out: GateIssue[] = [];
    for (const e of validate.errors ?? []) {
      const issue = issueOf(e, args);
      const key = `${issue.field}|${issue.rule}|${issue.message}`;
      if (!seen.has(key) && seen.add(key)) out.push(issue);
    }
    return out;
  }

  private validator(schema: JsonSchemaObject): ValidateFunction | Error {
    let v = this.compiled.get(schema);
    if (!v) {
      this.compilations++;
      try {
        v = this.ajv.compile(withCanonicalFormats(schema));
      } catch (e) {
        v = e instanceof Error ? e : new Error(String(e));
      }
      this.compiled.set(schema, v);
    }
    return v;
  }
}

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** `/a/0/b` → `a.0.b` (JSON Pointer escapes undone). */
function fieldOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function valueAt(args: unknown, pointer: string): unknown {
  let v = args;
  for (const raw of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    v = Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined;
  }
  return v;
}

function issueOf(e: ErrorObject, args: Record<string, unknown>): GateIssue {
  const field = fieldOf(e.instancePath);
  const value = previewValue(valueAt(args, e.instancePath));
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return {
        field: join(field, String(p.missingProperty)),
        rule: 'required',
        message: 'is required',
      };
    case 'type':
      return { field, rule: 'type', value, message: `must be ${String(p.type)}` };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((x) => previewValue(x, 40));
      const shown = allowed.length > 8 ? `${allowed.slice(0, 8).join(', ')}, …` : allowed.join(', ');
      return { field, rule: 'enum', value, message: `must be one of ${shown}` };
    }
    case 'format':
      return {
        field,
        rule: 'format',
        value,
        message: `must be a ${String(p.format)}${FORMAT_HINT[String(p.format)] ?? ''}`,
      };
    default:
      return { field, rule: 'constraint', value, message: e.message ?? e.keyword };
  }
}

const FORMAT_HINT: Record<string, string> = {
  date: ' (YYYY-MM-DD)',
  time: ' (HH:MM or HH:MM:SS)',
  'date-time': ' (YYYY-MM-DDTHH:MM:SS)',
};

/**
 * The schema with formats written in words replaced by the standard name they mean, so they are checked
 * (a copy, only when needed; the catalogue's schema is never changed).
 */
function withCanonicalFormats(schema: JsonSchemaObject): JsonSchemaObject {
  let changed = false;
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'format' && typeof x === 'string' && !(x in GATE_FORMATS)) {
        const c = canonicalFormat(x);
        if (c) {
          out[k] = c;
          changed = true;
          continue;
        }
      }
      out[k] = rewrite(x);
    }
    return out;
  };
  const copy = rewrite(schema) as JsonSchemaObject;
  return changed ? copy : schema;
}
