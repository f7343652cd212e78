import type { ImportIssue } from './import-issue';
import { OpenApiImportError } from './openapi-importer-error';
import type { HttpArgLocation, HttpBinding, JsonSchemaObject, Tool } from './tool';
import { checkObjectSchema, checkToolName } from './validate-tool';

export interface OpenApiImportOptions {
  /** Where the document came from, to resolve a relative `servers[0].url` (e.g. `/v1`). */
  documentUrl?: string;
  /** Overrides the document's server. */
  baseUrl?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** True for a parsed document that says it is OpenAPI 3 (or 2, which `parseOpenApi` refuses with a reason). */
export function looksLikeOpenApi(json: unknown): boolean {
  return (
    isRecord(json) &&
    (typeof json.openapi === 'string' || typeof json.swagger === 'string') &&
    isRecord(json.paths)
  );
}

/**
 * Tools from an OpenAPI 3 document: one per operation, named by its `operationId` (else method and
 * path), its parameters (path, query, header) and JSON request body's fields as the tool's parameters,
 * its 2xx JSON response schema as `returns`, and an `http` binding with the server URL so the HTTP
 * runtime can call it (only once the user allows the host). Local `$ref`s are resolved; an operation
 * that cannot become a valid tool is reported and skipped.
 */
export function parseOpenApi(
  doc: unknown,
  options: OpenApiImportOptions = {},
): { tools: Tool[]; issues: ImportIssue[] } {
  if (!isRecord(doc) || !isRecord(doc.paths))
    throw new OpenApiImportError('Not an OpenAPI document: it has no "paths".');
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3'))
    throw new OpenApiImportError(
      `Only OpenAPI 3 documents can be imported; this one says ${JSON.stringify(doc.openapi ?? doc.swagger)}. Convert it to OpenAPI 3 first.`,
    );
  const resolve = resolver(doc);
  const baseUrl = serverUrl(doc, options);
  const category = isRecord(doc.info) && typeof doc.info.title === 'string' ? doc.info.title : 'openapi';
  const tools: Tool[] = [];
  const issues: ImportIssue[] = [];
  const seen = new Set<string>();
  let index = 0;
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const item = resolve(rawItem);
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = resolve(item[method]);
      if (!isRecord(op)) continue;
      const at = index++;
      const made = operationTool(path, method, op, shared, resolve, baseUrl, category);
      if (typeof made === 'string') {
        issues.push({
          index: at,
          ...(typeof op.operationId === 'string' ? { name: op.operationId } : {}),
          reason: made,
        });
        continue;
      }
      if (seen.has(made.name)) {
        issues.push({ index: at, name: made.name, reason: `duplicate operation name "${made.name}"` });
        continue;
      }
      seen.add(made.name);
      tools.push(made);
    }
  }
  if (baseUrl === null)
    issues.push({
      index: -1,
      reason:
        // "until one is given" did not say where: the app has no field for it, the document does.
        'the document names no absolute server URL: its tools are imported but cannot be called. Add "servers": [{"url": "https://…"}] to the document and import it again',
    });
  return { tools, issues };
}

function operationTool(
  path: string,
  method: Method,
  op: Json,
  shared: unknown[],
  resolve: (v: unknown) => unknown,
  baseUrl: string | null,
  category: string,
): Tool | string {
  const name = toolName(op, method, path);
  const problem = checkToolName(name);
  if (problem) return problem;
  const properties: Record<string, JsonSchemaObject> = {};
  const required: string[] = [];
  const args: Record<string, HttpArgLocation> = {};
  // Operation parameters override path-level ones of the same name and place.
  const params = new Map<string, Json>();
  for (const raw of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const p = resolve(raw);
    if (isRecord(p) && typeof p.name === 'string' && typeof p.in === 'string')
      params.set(`${p.in}:${p.name}`, p);
  }
  for (const p of params.values()) {
    const where = p.in as string;
    if (where !== 'path' && where !== 'query' && where !== 'header') continue; // cookies are not sent
    const key = p.name as string;
    const schema = { ...(isRecord(p.schema) ? (deref(p.schema, resolve) as Json) : { type: 'string' }) };
    if (typeof p.description === 'string' && schema.description === undefined)
      schema.description = p.description;
    properties[key] = schema as JsonSchemaObject;
    args[key] = where;
    if (p.required === true || where === 'path') required.push(key);
  }
  let bodyArg: string | undefined;
  const body = resolve(op.requestBody);
  const bodySchema = isRecord(body) ? jsonSchemaOf(body.content, resolve) : null;
  if (bodySchema) {
    const s = deref(bodySchema, resolve) as Json;
    if (isRecord(s.properties) && (s.type === undefined || s.type === 'object')) {
      for (const [k, v] of Object.entries(s.properties)) {
        const key = k in properties ? `body_${k}` : k;
        properties[key] = v as JsonSchemaObject;
        args[key] = 'body';
      }
      for (const r of Array.isArray(s.required) ? s.required : [])
        if (typeof r === 'string') required.push(r in args && args[r] === 'body' ? r : `body_${r}`);
    } else {
      bodyArg = 'body' in properties ? 'request_body' : 'body';
      properties[bodyArg] = s as JsonSchemaObject;
      args[bodyArg] = 'body';
      if (isRecord(body) && body.required === true) required.push(bodyArg);
    }
  }
  const parameters: JsonSchemaObject = { type: 'object', properties, required: [...new Set(required)] };
  const paramProblem = checkObjectSchema(parameters, 'parameters');
  if (paramProblem) return paramProblem;
  const response = successSchema(op.responses, resolve);
  let returns: JsonSchemaObject | null = null;
  let wrapResult = false;
  if (response) {
    const r = deref(response, resolve) as Json;
    if (r.type === 'object' || isRecord(r.properties)) returns = { type: 'object', ...r } as JsonSchemaObject;
    else {
      returns = { type: 'object', properties: { result: r as JsonSchemaObject } };
      wrapResult = true;
    }
    if (checkObjectSchema(returns, 'returns')) returns = null;
  }
  const http: HttpBinding = {
    method: method.toUpperCase() as HttpBinding['method'],
    baseUrl: baseUrl ?? '',
    path,
    args,
    ...(bodyArg ? { bodyArg } : {}),
    ...(wrapResult ? { wrapResult } : {}),
  };
  const text = [op.summary, op.description].filter(
    (x): x is string => typeof x === 'string' && x.trim() !== '',
  );
  return {
    name,
    description: text.join(' — ') || `${method.toUpperCase()} ${path}`,
    parameters,
    returns,
    category:
      isRecord(op) && Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : category,
    source: 'openapi',
    http,
  };
}

function toolName(op: Json, method: Method, path: string): string {
  if (typeof op.operationId === 'string' && op.operationId.trim())
    return op.operationId.trim().replace(/\s+/g, '_');
  const words = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/[{}]/g, '').replace(/[^A-Za-z0-9_]+/g, '_'));
  return [method, ...words].join('_');
}

/** The JSON schema of a `content` map (application/json, or any +json type). */
function jsonSchemaOf(content: unknown, resolve: (v: unknown) => unknown): Json | null {
  if (!isRecord(content)) return null;
  const key = Object.keys(content).find((k) => /^application\/([\w.-]+\+)?json\b/.test(k));
  const media = key ? resolve(content[key]) : null;
  return isRecord(media) && isRecord(media.schema) ? media.schema : null;
}

function successSchema(responses: unknown, resolve: (v: unknown) => unknown): Json | null {
  if (!isRecord(responses)) return null;
  const code = Object.keys(responses)
    .sort()
    .find((c) => /^2\d\d$|^2XX$/i.test(c));
  const r = code ? resolve(responses[code]) : null;
  return isRecord(r) ? jsonSchemaOf(r.content, resolve) : null;
}

/** `$ref: '#/components/…'` resolution, one level at a time. */
function resolver(doc: Json): (v: unknown) => unknown {
  return (v) => {
    let cur = v;
    for (let hops = 0; hops < 16 && isRecord(cur) && typeof cur.$ref === 'string'; hops++) {
      const ref = cur.$ref;
      if (!ref.startsWith('#/')) return {};
      cur = ref
        .slice(2)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((o, k) => (isRecord(o) ? o[k] : undefined), doc);
    }
    return cur;
  };
}

/** A schema with every local `$ref` inlined (a cycle, or nesting past 12 levels, becomes `{}`). */
function deref(schema: unknown, resolve: (v: unknown) => unknown, depth = 0, path: unknown[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => deref(s, resolve, depth + 1, path));
  if (!isRecord(schema)) return schema;
  if (depth > 12 || path.includes(schema)) return {};
  const target = resolve(schema);
  if (target !== schema) return deref(target, resolve, depth + 1, [...path, schema]);
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'example' || k === 'examples' || k === 'xml' || k === 'discriminator') continue;
    out[k] =
      k === 'enum' || k === 'required' || k === 'default'
        ? v
        : deref(v, resolve, depth + 1, [...path, schema]);
  }
  return out;
}

/** The first server's URL with its variables' defaults, made absolute against the document's URL. */
function serverUrl(doc: Json, options: OpenApiImportOptions): string | null {
  if (options.baseUrl) return options.baseUrl.replace(/\/$/, '');
  const server = Array.isArray(doc.servers) && isRecord(doc.servers[0]) ? doc.servers[0] : null;
  let url = server && typeof server.url === 'string' ? server.url : '/';
  if (server && isRecord(server.variables))
    for (const [k, v] of Object.entries(server.variables))
      if (isRecord(v) && typeof v.default === 'string') url = url.split(`{${k}}`).join(v.default);
  try {
    return new URL(url, options.documentUrl).href.replace(/\/$/, '');
  } catch {
    return null;
  }
}
