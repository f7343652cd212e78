import type { JsonSchemaObject } from '../../tools/tool';

/**
 * The schema's default for a field, when it gives one that is valid-looking for the field's type (a
 * catalogue's `"default": ""` on an integer is no help). `undefined` when there is none.
 */
export function schemaDefault(schema: JsonSchemaObject | undefined): unknown {
  if (!schema || !('default' in schema)) return undefined;
  const d = schema.default;
  const types =
    typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.length === 0) return d;
  const fits = (t: string) =>
    t === 'integer'
      ? Number.isInteger(d)
      : t === 'number'
        ? typeof d === 'number' && Number.isFinite(d)
        : t === 'array'
          ? Array.isArray(d)
          : t === 'object'
            ? d !== null && typeof d === 'object' && !Array.isArray(d)
            : t === 'null'
              ? d === null
              : typeof d === t;
  if (!types.some(fits)) return undefined;
  if (Array.isArray(schema.enum) && !schema.enum.includes(d)) return undefined;
  return d;
}
