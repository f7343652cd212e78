import type { Tool } from './tool';

/** A test tool with string inputs (all required) and string outputs, each described as "The <field>". */
export const stringTool = (
  name: string,
  description: string,
  inputs: string[],
  outputs: string[] = [],
): Tool => ({
  name,
  description,
  category: 'test',
  source: 'builtin',
  parameters: {
    type: 'object',
    properties: Object.fromEntries(inputs.map((i) => [i, { type: 'string', description: `The ${i}` }])),
    required: inputs,
  },
  returns: {
    type: 'object',
    properties: Object.fromEntries(outputs.map((o) => [o, { type: 'string', description: `The ${o}` }])),
  },
});

/**
 * A test tool named after itself whose inputs and outputs have the given JSON types (field → type); outputs
 * null: it declares no return schema; `required`: its required inputs (none declared when absent).
 */
export const typedTool = (
  name: string,
  inputs: Record<string, string>,
  outputs: Record<string, string> | null,
  required?: string[],
): Tool => ({
  name,
  description: name,
  parameters: {
    type: 'object',
    properties: Object.fromEntries(Object.entries(inputs).map(([k, type]) => [k, { type }])),
    ...(required ? { required } : {}),
  },
  returns: outputs
    ? {
        type: 'object',
        properties: Object.fromEntries(Object.entries(outputs).map(([k, type]) => [k, { type }])),
      }
    : null,
  category: '',
  source: 'dataset',
});

/** `typedTool` with string fields only, named by a list. */
export const stringFieldTool = (name: string, inputs: string[], outputs: string[]): Tool =>
  typedTool(
    name,
    Object.fromEntries(inputs.map((k) => [k, 'string'])),
    Object.fromEntries(outputs.map((k) => [k, 'string'])),
  );
