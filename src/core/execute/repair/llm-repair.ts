import { parseLlmJson } from '../../llm/json-action';
import type { LlmEngine } from '../../llm/llm-engine';
import type { JsonSchemaObject, Tool } from '../../tools/tool';
import { inertText } from '../inert-output';

/**
 * RETO's repair prompt (appendix A.6), one per failed call: the tool's schema in short, the arguments
 * that failed and the error (the gate's report or the tool's own message), and one tool call back as
 * `{"tool_calls":[{"name":…,"arguments":{…}}]}`. The previous arguments may carry earlier tools' output,
 * so they go in escaped like any tool output.
 */
export function repairPrompt(tool: Tool, args: Record<string, unknown>, error: string): string {
  return [
    `You must fix the arguments for tool: ${tool.name}`,
    'Rules:',
    '- You MUST output exactly ONE tool call.',
    `- The tool name MUST be exactly: ${tool.name}`,
    '- The arguments MUST be a JSON object.',
    '- Only use keys defined in the schema.',
    '- Do NOT call Finish.',
    '- Do NOT output any plain text.',
    '=== TOOL SCHEMA ===',
    schemaSummary(tool.parameters),
    '===================',
    'Previous arguments:',
    inertText(safeJson(args), 800),
    'Tool execution error:',
    inertText(error, 600),
    'Now output ONLY in this JSON format:',
    `{"tool_calls":[{"name":"${tool.name}","arguments":{...}}]}`,
  ].join('\n');
}

/** One line per parameter: name (type, required): description [allowed values] [format]. */
export function schemaSummary(schema: JsonSchemaObject): string {
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const type = Array.isArray(p.type) ? p.type.join('|') : (p.type ?? 'any');
    const bits = [`- ${name} (${type}${required.has(name) ? ', required' : ''})`];
    if (typeof p.description === 'string' && p.description) bits.push(`: ${p.description.slice(0, 160)}`);
    if (Array.isArray(p.enum))
      bits.push(
        ` [one of: ${p.enum
          .slice(0, 12)
          .map((e) => JSON.stringify(e))
          .join(', ')}]`,
      );
    if (typeof p.format === 'string') bits.push(` [format: ${p.format}]`);
    if ('default' in p) bits.push(` [default: ${JSON.stringify(p.default)}]`);
    return bits.join('');
  });
  return lines.length > 0 ? lines.join('\n') : '(no parameters)';
}

/** What the model is held to when the engine can constrain decoding: one call of this tool. */
function replySchema(tool: Tool): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      tool_calls: {
        type: 'array',
        minItems: 1,
        maxItems: 1,
        items: {
          type: 'object',
          properties: { name: { type: 'string', enum: [tool.name] }, arguments: { type: 'object' } },
          required: ['name', 'arguments'],
        },
      },
    },
    required: ['tool_calls'],
  };
}

export type LlmRepairResult =
  | { ok: true; args: Record<string, unknown>; promptTokens: number; completionTokens: number }
  | { ok: false; reason: string; promptTokens: number; completionTokens: number };

/**
 * Asks the engine once for corrected arguments. Never throws for a bad reply (it is a failed repair);
 * a Stop (abort) is passed on.
 */
export async function llmRepair(
  engine: LlmEngine,
  tool: Tool,
  args: Record<string, unknown>,
  error: string,
  signal?: AbortSignal,
): Promise<LlmRepairResult> {
  const prompt = repairPrompt(tool, args, error);
  const res = await engine.chat({
    messages: [
      { role: 'system', content: 'You repair tool-call arguments. Answer with JSON only.' },
      { role: 'user', content: prompt },
    ],
    jsonSchema: replySchema(tool),
    maxTokens: 300,
    temperature: 0,
    ...(signal ? { signal } : {}),
    context: { kind: 'repair', tool: tool.name, args, error },
  });
  const usage = { promptTokens: res.usage.promptTokens, completionTokens: res.usage.completionTokens };
  let reply: unknown;
  try {
    reply = parseLlmJson(res.text);
  } catch (e) {
    return { ok: false, reason: `the repair reply is not JSON (${(e as Error).message})`, ...usage };
  }
  const call = firstCall(reply);
  if (!call) return { ok: false, reason: 'the repair reply has no tool call', ...usage };
  if (call.name !== undefined && call.name !== tool.name)
    return { ok: false, reason: `the repair reply calls ${String(call.name)}, not ${tool.name}`, ...usage };
  const a = call.arguments;
  if (a === null || typeof a !== 'object' || Array.isArray(a))
    return { ok: false, reason: 'the repair reply has no argument object', ...usage };
  return { ok: true, args: a as Record<string, unknown>, ...usage };
}

function firstCall(reply: unknown): { name?: unknown; arguments?: unknown } | null {
  if (reply === null || typeof reply !== 'object') return null;
  const r = reply as Record<string, unknown>;
  if (Array.isArray(r.tool_calls) && r.tool_calls[0] && typeof r.tool_calls[0] === 'object')
    return r.tool_calls[0] as { name?: unknown; arguments?: unknown };
  if ('arguments' in r) return r as { name?: unknown; arguments?: unknown };
  return null;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '(arguments that cannot be shown)';
  }
}
