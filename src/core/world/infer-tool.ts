import { parseReference } from '../plan/references';
import type { JsonSchemaObject, Tool } from '../tools/tool';

function jsonType(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  // A reference says nothing of the type (the producer's output decides); "$5 budget" is a string.
  if (typeof v === 'string' && parseReference(v) !== null) return undefined;
  return typeof v;
}

/**
 * A catalogue entry for a tool seen only in traces, from the arguments it was called with, so the
 * graph can still learn from it. Labelled source 'trace' so the UI can say it was inferred.
 */
export function inferToolFromCall(name: string, args: Record<string, unknown>): Tool {
  const properties: Record<string, JsonSchemaObject> = {};
  for (const [k, v] of Object.entries(args)) {
    const type = jsonType(v);
    properties[k] = type ? { type, description: '' } : { description: '' };
  }
  return {
    name,
    description: `Seen in traces only; schema inferred from its arguments.`,
    parameters: { type: 'object', properties },
    returns: null,
    category: 'inferred',
    source: 'trace',
  };
}
