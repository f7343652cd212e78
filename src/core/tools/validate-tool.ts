import Ajv from 'ajv';
import type { JsonSchemaObject } from './tool';
import { schemaLimitProblem } from '../validate/doors';

// One Ajv instance for the whole app: compiling the meta-schema is the slow part.
// strict:false because real catalogues carry vendor keywords (x-*, example) that are not errors.
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });

// Real catalogues use spaces ("Token Classification") and long generated names (ToolBench), so the
// rule only keeps names printable, trimmed and short enough to show.
const MAX_NAME = 256;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a tool name cannot be used as a graph key, or null when it can. */
export function checkToolName(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim().length === 0) return 'missing tool name';
  if (name !== name.trim()) return `tool name "${name}" has leading or trailing spaces`;
  if (name.length > MAX_NAME)
    return `tool name is ${name.length} characters long; at most ${MAX_NAME} are allowed`;
  if (CONTROL.test(name)) return `tool name ${JSON.stringify(name)} contains control characters`;
  return null;
}

/**
 * Checks one schema slot (parameters or returns): it must be a valid JSON Schema, describe an object,
 * and list in `required` only names it defines in `properties`. Returns the reason or null.
 */
export function checkObjectSchema(schema: unknown, slot: 'parameters' | 'returns'): string | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return `${slot} must be a JSON Schema object, got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`;
  }
  // Limits first (issue 21): Ajv's meta-schema check recurses, and a 3,000-level schema overflowed the stack.
  const limit = schemaLimitProblem(schema, slot);
  if (limit) return limit;
  if (!ajv.validateSchema(schema)) {
    const first = ajv.errors?.[0];
    const where = first?.instancePath ? ` at ${slot}${first.instancePath}` : '';
    return `${slot} is not a valid JSON Schema${where}: ${first?.message ?? 'unknown error'}`;
  }
  const s = schema as JsonSchemaObject;
  if (s.type !== undefined && s.type !== 'object') {
    return `${slot} must have type "object", got ${JSON.stringify(s.type)}`;
  }
  const props = s.properties ?? {};
  for (const req of s.required ?? []) {
    if (!(req in props)) return `${slot}.required names "${req}", which is not in ${slot}.properties`;
  }
  return null;
}
