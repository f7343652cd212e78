import type { Trace } from '../trace/trace';
import { compile, firstError } from './ajv';
import { InputRejectedError } from './input-rejected-error';
import { jsonProblem, JSON_LIMITS } from './json-limits';
import { LIMITS } from './limits';

const finite = { type: 'number' };
const TRACE_SCHEMA = {
  type: 'object',
  required: ['id', 'query', 'calls'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: LIMITS.maxIdChars },
    query: { type: 'string' },
    calls: {
      type: 'array',
      maxItems: LIMITS.maxCallsPerTrace,
      items: {
        type: 'object',
        required: ['tool', 'args', 'status', 'startedAt', 'durationMs'],
        properties: {
          tool: { type: 'string', minLength: 1, maxLength: LIMITS.maxNameChars },
          args: { type: 'object' },
          status: { enum: ['ok', 'error'] },
          error: { type: 'string' },
          failure: { type: 'object' },
          source: { type: 'object' },
          startedAt: finite,
          durationMs: finite,
          deps: { type: 'array', items: { type: 'integer', minimum: 0 } },
          gate: { type: 'object' },
        },
      },
    },
  },
};
const validTrace = compile<Trace>(TRACE_SCHEMA);

const ADVICE =
  'Nothing was stored. A trace needs an "id", a "query" and a "calls" list of {tool, args, status, startedAt, durationMs}; fix the trace at that place or leave it out.';

/**
 * Checks a trace from any source (a file, another device, a tool server, the agent) before ingestion: plain
 * JSON within LIMITS, the trace shape, call-local rules (`deps` point to earlier calls, tool names usable as
 * graph keys). Throws InputRejectedError (door `trace`) naming the JSON path; returns the trace typed.
 */
export function validateTrace(input: unknown): Trace {
  const limits = JSON_LIMITS;
  const deep = jsonProblem(input, limits, 'trace');
  if (deep) throw new InputRejectedError('trace', deep.path, deep.reason, ADVICE);
  if (!validTrace(input)) {
    const { path, reason } = firstError(validTrace.errors, 'trace');
    throw new InputRejectedError('trace', path, reason, ADVICE);
  }
  for (const [i, c] of input.calls.entries()) {
    // eslint-disable-next-line no-control-regex
    if (c.tool !== c.tool.trim() || /[\u0000-\u001f\u007f]/.test(c.tool))
      throw new InputRejectedError(
        'trace',
        `trace.calls[${i}].tool`,
        `tool name ${JSON.stringify(c.tool)} has surrounding spaces or control characters`,
        ADVICE,
      );
    for (const [j, d] of (c.deps ?? []).entries())
      if (d >= i)
        throw new InputRejectedError(
          'trace',
          `trace.calls[${i}].deps[${j}]`,
          `call ${i} depends on call ${d}, which is not an earlier call`,
          ADVICE,
        );
  }
  return input;
}
