import Ajv, { type ValidateFunction } from 'ajv';
import type { CallFailure, CallOutcome, ResultSource } from '../execute/call-outcome';
import type { JsonSchemaObject, Tool } from '../tools/tool';
import type { McpCallResult } from './mcp-session';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Text of a failed call shown to the user and kept in the trace, at most this long. */
const MAX_MESSAGE = 600;

const clip = (s: string, n = MAX_MESSAGE): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * One content block as data the agent keeps: text as itself; an image or audio as its type, MIME type
 * and size (the base64 payload is not kept in traces); a resource link or embedded resource as its URI,
 * MIME type and (embedded text) content.
 */
export function contentBlockData(block: unknown): unknown {
  if (!isRecord(block)) return block;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'image':
    case 'audio': {
      const data = typeof block.data === 'string' ? block.data : '';
      return { type: block.type, mimeType: block.mimeType, bytes: Math.floor((data.length * 3) / 4) };
    }
    case 'resource_link':
      return {
        type: 'resource_link',
        uri: block.uri,
        ...(block.name !== undefined ? { name: block.name } : {}),
        ...(block.mimeType !== undefined ? { mimeType: block.mimeType } : {}),
      };
    case 'resource': {
      const r = isRecord(block.resource) ? block.resource : {};
      return {
        type: 'resource',
        uri: r.uri,
        ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
        ...(typeof r.text === 'string' ? { text: r.text } : {}),
        ...(typeof r.blob === 'string' ? { bytes: Math.floor((r.blob.length * 3) / 4) } : {}),
      };
    }
    default:
      return { type: block.type };
  }
}

/** Every text block of a result, joined by newlines. */
export function resultText(result: McpCallResult): string {
  return (result.content ?? [])
    .filter((b): b is { type: 'text'; text: string } => isRecord(b) && b.type === 'text')
    .map((b) => b.text)
    .join('\n');
}

/**
 * What a successful call's output is: `structuredContent` when the server gives it (the tool's
 * `returns` describe it); otherwise its text (the tool's single `result` output); otherwise, when other
 * blocks came too, the list of blocks as data.
 */
export function resultOutput(result: McpCallResult): unknown {
  if (result.structuredContent !== undefined && result.structuredContent !== null)
    return result.structuredContent;
  const blocks = result.content ?? [];
  if (blocks.every((b) => isRecord(b) && b.type === 'text')) return resultText(result);
  return blocks.map(contentBlockData);
}

/**
 * `isError: true` → a failure with the server's message. The SDK's servers report arguments that fail
 * their input schema as `isError` ("MCP error -32602: Input validation error: …"): that is the caller's
 * mistake, `invalid-arguments`, so it never lowers the tool's weights (eq. 4 blame); "Tool x not found"
 * means the server no longer has it (`unavailable`); anything else is the tool's own `error`.
 */
export function errorResultFailure(result: McpCallResult, tool: string, server: string): CallFailure {
  const text = resultText(result).trim();
  if (/-32602\b.*(input validation|invalid arguments)|^invalid arguments/i.test(text))
    return {
      kind: 'invalid-arguments',
      code: 'mcp-invalid-arguments',
      message: clip(`${server} refused the arguments of ${tool}: ${text}`),
    };
  if (/\btool\b.*\bnot found\b/i.test(text))
    return {
      kind: 'unavailable',
      code: 'mcp-tool-not-found',
      message: clip(`${server} no longer offers ${tool}: ${text}`),
    };
  return {
    kind: 'error',
    code: 'mcp-tool-error',
    message: clip(text ? `${tool} reported an error: ${text}` : `${tool} reported an error (no message).`),
  };
}

// One Ajv for output and argument checks (strict off: servers use keywords Ajv does not know).
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ValidateFunction | null>();

/** A compiled validator for a schema, or null when the schema cannot compile (reported at import). */
export function validatorFor(schema: JsonSchemaObject): ValidateFunction | null {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (v === undefined) {
    try {
      // `$schema` draft URIs Ajv 8 does not ship (draft-07 is fine, 2020-12 needs its own class) would throw.
      const { $schema: _ignored, ...rest } = schema;
      v = ajv.compile(rest);
    } catch {
      v = null;
    }
    if (validators.size > 500) validators.clear();
    validators.set(key, v);
  }
  return v;
}

/** The first schema error in words: "/b must be number". */
export function schemaErrorText(v: ValidateFunction): string {
  const e = v.errors?.[0];
  if (!e) return 'does not match the schema';
  return `${e.instancePath || '(the object)'} ${e.message ?? 'is invalid'}`.trim();
}

/** Maps a `tools/call` result to the runtime's outcome. */
export function resultToOutcome(
  result: McpCallResult,
  tool: Tool,
  source: ResultSource,
  durationMs: number,
): CallOutcome {
  if (result.isError)
    return { ok: false, failure: errorResultFailure(result, tool.name, source.label), durationMs };
  const output = resultOutput(result);
  if (tool.returns) {
    // A declared output schema is a promise: structured content must come and fit it.
    if (result.structuredContent === undefined || result.structuredContent === null)
      return {
        ok: false,
        failure: {
          kind: 'invalid-output',
          code: 'mcp-no-structured-content',
          message: `${tool.name} declares an output schema but returned no structured content.`,
        },
        durationMs,
      };
    const v = validatorFor(tool.returns);
    if (v && !v(output))
      return {
        ok: false,
        failure: {
          kind: 'invalid-output',
          code: 'mcp-output-schema',
          message: clip(
            `${tool.name} returned structured content that does not match its output schema: ${schemaErrorText(v)}`,
          ),
        },
        durationMs,
      };
  }
  return { ok: true, output, source, durationMs };
}
