/** A JSON Schema object as found in tool catalogues. Kept loose: catalogues differ in what they use. */
export interface JsonSchemaObject {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [keyword: string]: unknown;
}

export type JsonSchema = JsonSchemaObject;

/** Where a tool entered the catalogue; evolution and the UI use it to explain a node's origin. */
export type ToolSource = 'builtin' | 'dataset' | 'openai' | 'mcp' | 'openapi' | 'trace' | 'world-import';

/** Where an HTTP tool's arguments go in its request (an OpenAPI parameter's `in`, or the JSON body). */
export type HttpArgLocation = 'path' | 'query' | 'header' | 'body';

/**
 * How to call a tool imported from an OpenAPI document over HTTP (src/core/execute/http): the server,
 * the operation, and where each argument goes. Only the HTTP runtime reads it, and only for a host the
 * user has allowed.
 */
export interface HttpBinding {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute server URL, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  /** Operation path with `{param}` placeholders, e.g. `/pets/{petId}`. */
  path: string;
  args: Record<string, HttpArgLocation>;
  /** The argument that is the whole JSON body (a body that is not an object), if any. */
  bodyArg?: string;
  /** The response is not an object: the tool returns it as `{ result: … }`. */
  wrapResult?: boolean;
}

/** The one tool type of the product (issue 2): every importer normalizes to it. */
export interface Tool {
  name: string;
  description: string;
  /** JSON Schema object describing the arguments. */
  parameters: JsonSchemaObject;
  /** JSON Schema object describing the output, or null when the catalogue does not say. */
  returns: JsonSchemaObject | null;
  category: string;
  source: ToolSource;
  /** For a tool imported from OpenAPI: how to call it over HTTP. */
  http?: HttpBinding;
}

/** Name of the single output a tool without a `returns` schema is given (issue 2, structural edges). */
export const WHOLE_RESULT_FIELD = 'result';

/** Input parameter names of a tool, in schema order. */
export function inputNames(tool: Tool): string[] {
  return Object.keys(tool.parameters.properties ?? {});
}

/** Output field names of a tool; a tool without a returns object gets one `result` output. */
export function outputNames(tool: Tool): string[] {
  const props = tool.returns?.properties;
  const names = props ? Object.keys(props) : [];
  return names.length > 0 ? names : [WHOLE_RESULT_FIELD];
}

/** Description of one input or output field, '' when absent. */
export function fieldDescription(tool: Tool, direction: 'in' | 'out', field: string): string {
  const schema = direction === 'in' ? tool.parameters : tool.returns;
  const prop = schema?.properties?.[field];
  if (prop && typeof prop.description === 'string') return prop.description;
  if (direction === 'out' && field === WHOLE_RESULT_FIELD) return `Result of ${tool.name}`;
  return '';
}

/** JSON type of one field, 'any' when the schema leaves it open. */
export function fieldType(tool: Tool, direction: 'in' | 'out', field: string): string {
  const schema = direction === 'in' ? tool.parameters : tool.returns;
  const type = schema?.properties?.[field]?.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && typeof type[0] === 'string') return type[0];
  return 'any';
}
