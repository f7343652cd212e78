import type { ImportIssue } from './import-issue';
import type { JsonSchemaObject, Tool, ToolSource } from './tool';
import { checkObjectSchema, checkToolName } from './validate-tool';
import { CatalogueFormatError } from './catalogue-format-error';
import { looksLikeOpenApi, parseOpenApi } from './openapi-importer';
import { OpenApiImportError } from './openapi-importer-error';
import { jsonProblem, JSON_LIMITS } from '../validate/json-limits';
import { LIMITS } from '../validate/limits';

export type CatalogueFormat = 'dataset' | 'openai' | 'mcp' | 'openapi';

export interface ParsedCatalogue {
  format: CatalogueFormat;
  tools: Tool[];
  issues: ImportIssue[];
}

const EMPTY_OBJECT_SCHEMA: JsonSchemaObject = { type: 'object', properties: {} };

/** The raw fields an entry offers, whatever its format, before validation. */
interface RawEntry {
  name: unknown;
  description: unknown;
  parameters: unknown;
  returns: unknown;
  category: unknown;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function fromDataset(e: Record<string, unknown>): RawEntry {
  return {
    name: e.name,
    description: e.description,
    parameters: e.parameters,
    returns: e.returns,
    category: e.category,
  };
}

function fromOpenAi(e: Record<string, unknown>): RawEntry | string {
  if (e.type !== 'function' || !isRecord(e.function)) return 'expected {"type":"function","function":{…}}';
  const f = e.function;
  return {
    name: f.name,
    description: f.description,
    parameters: f.parameters,
    returns: undefined,
    category: undefined,
  };
}

function fromMcp(e: Record<string, unknown>): RawEntry {
  return {
    name: e.name,
    description: e.description ?? e.title,
    parameters: e.inputSchema,
    returns: e.outputSchema,
    category: isRecord(e.annotations) ? e.annotations.category : undefined,
  };
}

/** Recognises which supported catalogue format a parsed JSON value is in, and returns its entry list. */
export function detectFormat(json: unknown): { format: CatalogueFormat; entries: unknown[] } {
  const payload =
    isRecord(json) && isRecord(json.result) && Array.isArray(json.result.tools) ? json.result : json;
  if (isRecord(payload) && Array.isArray(payload.tools)) {
    const list = payload.tools as unknown[];
    const looksOpenAi = list.some((e) => isRecord(e) && e.type === 'function');
    return { format: looksOpenAi ? 'openai' : 'mcp', entries: list };
  }
  // OpenAI's older `functions` request field: bare function objects (second QA pass: "Not a tool catalogue").
  if (isRecord(payload) && Array.isArray(payload.functions))
    return {
      format: 'openai',
      entries: (payload.functions as unknown[]).map((f) =>
        isRecord(f) ? { type: 'function', function: f } : f,
      ),
    };
  if (Array.isArray(payload)) {
    const looksOpenAi = payload.some((e) => isRecord(e) && e.type === 'function' && 'function' in e);
    return { format: looksOpenAi ? 'openai' : 'dataset', entries: payload };
  }
  throw new CatalogueFormatError(
    'Not a tool catalogue: expected a JSON array of tools (dataset tools.json or OpenAI "tools"), ' +
      'OpenAI {"functions":[…]}, an MCP tools/list result {"tools":[…]}, or an OpenAPI 3 document (JSON).',
  );
}

function normalize(raw: RawEntry, source: ToolSource): Tool | string {
  const nameProblem = checkToolName(raw.name);
  if (nameProblem) return nameProblem;
  if (raw.description !== undefined && typeof raw.description !== 'string')
    return 'description must be a string';
  if (typeof raw.description === 'string' && raw.description.length > LIMITS.maxStringChars)
    return `description is ${raw.description.length.toLocaleString('en')} characters long; at most ${LIMITS.maxStringChars.toLocaleString('en')} are allowed`;
  const parameters = raw.parameters === undefined ? EMPTY_OBJECT_SCHEMA : raw.parameters;
  const paramProblem = checkObjectSchema(parameters, 'parameters');
  if (paramProblem) return paramProblem;
  const returns = raw.returns === undefined || raw.returns === null ? null : raw.returns;
  if (returns !== null) {
    const returnProblem = checkObjectSchema(returns, 'returns');
    if (returnProblem) return returnProblem;
  }
  return {
    name: raw.name as string,
    description: (raw.description as string | undefined) ?? '',
    parameters: parameters as JsonSchemaObject,
    returns: returns as JsonSchemaObject | null,
    category: typeof raw.category === 'string' && raw.category ? raw.category : 'uncategorized',
    source,
  };
}

const JSON_WITHIN = JSON_LIMITS;

/** `normalize`, with any overflow the limits missed reported as the entry's issue rather than thrown. */
function normalizeSafely(raw: RawEntry, source: ToolSource): Tool | string {
  try {
    return normalize(raw, source);
  } catch (e) {
    if (e instanceof RangeError) return `the entry is too large or too deeply nested to check (${e.message})`;
    throw e;
  }
}

const SOURCE_OF: Record<CatalogueFormat, ToolSource> = {
  dataset: 'dataset',
  openai: 'openai',
  mcp: 'mcp',
  openapi: 'openapi',
};

/**
 * Parses a catalogue in any supported format. Bad entries are reported with their position and reason
 * and skipped; the valid rest is returned. A name repeated within the file keeps the first entry.
 */
export function parseCatalogue(json: unknown, sourceOverride?: ToolSource): ParsedCatalogue {
  if (looksLikeOpenApi(json)) {
    // Limits first (issue 21): the document is walked by $ref resolution before any schema check.
    const p = jsonProblem(json, { ...JSON_WITHIN, maxWidth: LIMITS.maxTools }, '$');
    if (p)
      throw new CatalogueFormatError(`This OpenAPI document cannot be imported: at ${p.path}, ${p.reason}.`);
    // One tool per operation, with an HTTP binding (src/core/tools/openapi-importer.ts).
    try {
      const r = parseOpenApi(json);
      const tools = sourceOverride ? r.tools.map((t) => ({ ...t, source: sourceOverride })) : r.tools;
      return { format: 'openapi', tools, issues: r.issues };
    } catch (e) {
      if (OpenApiImportError.isInstance(e)) throw new CatalogueFormatError(e.message);
      throw e;
    }
  }
  const { format, entries } = detectFormat(json);
  if (entries.length > LIMITS.maxTools)
    throw new CatalogueFormatError(
      `This catalogue lists ${entries.length.toLocaleString('en')} tools; at most ${LIMITS.maxTools.toLocaleString('en')} can be imported at once. Split the file.`,
    );
  const source = sourceOverride ?? SOURCE_OF[format];
  const tools: Tool[] = [];
  const issues: ImportIssue[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!isRecord(entry)) {
      issues.push({
        index,
        reason: `entry must be an object, got ${entry === null ? 'null' : Array.isArray(entry) ? 'an array' : typeof entry}`,
      });
      return;
    }
    const raw =
      format === 'openai' ? fromOpenAi(entry) : format === 'mcp' ? fromMcp(entry) : fromDataset(entry);
    const name =
      typeof entry.name === 'string'
        ? entry.name
        : isRecord(entry.function) && typeof entry.function.name === 'string'
          ? entry.function.name
          : undefined;
    const tool = typeof raw === 'string' ? raw : normalizeSafely(raw, source);
    if (typeof tool === 'string') {
      issues.push({ index, ...(name ? { name } : {}), reason: tool });
      return;
    }
    const first = seen.get(tool.name);
    if (first !== undefined) {
      issues.push({
        index,
        name: tool.name,
        reason: `duplicate name: entry #${first + 1} already defines "${tool.name}"`,
      });
      return;
    }
    seen.set(tool.name, index);
    tools.push(tool);
  });
  return { format, tools, issues };
}

/** Parses catalogue text (a file's content); invalid JSON becomes a CatalogueFormatError naming the position. */
export function parseCatalogueText(text: string, sourceOverride?: ToolSource): ParsedCatalogue {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CatalogueFormatError(`The file is not valid JSON: ${(e as Error).message}`);
  }
  return parseCatalogue(json, sourceOverride);
}
