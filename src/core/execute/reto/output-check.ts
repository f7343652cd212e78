import { outputField } from '../../plan/references';
import type { Tool } from '../../tools/tool';
import type { CallFailure } from '../call-outcome';

/**
 * RETO reflects on outputs too (§3.4: "when a call fails or returns uninformative results"): an answer
 * that is not the object a tool's `returns` declares (an error page), an empty one, or one lacking a
 * field a later step reads is an 'invalid-output' failure of that call, so recombination routes around
 * it instead of passing nothing downstream. Null when the output is usable.
 */
export function outputProblem(
  tool: Tool,
  output: unknown,
  readLater: ReadonlySet<string>,
): CallFailure | null {
  const declares = Object.keys(tool.returns?.properties ?? {}).length > 0;
  if (declares) {
    if (output === null || output === undefined || output === '')
      return bad('empty-result', `${tool.name} returned nothing`);
    if (typeof output !== 'object' || Array.isArray(output))
      return bad(
        'output-not-object',
        `${tool.name} returned ${typeof output === 'string' ? 'text' : 'a list'} instead of its output fields`,
      );
    if (Object.keys(output).length === 0) return bad('empty-result', `${tool.name} returned an empty result`);
  }
  const lacking = [...readLater].filter((f) => !outputField(output, f).found);
  if (lacking.length > 0)
    return bad(
      'missing-output-field',
      `${tool.name}'s output lacks ${lacking.join(', ')}, which a later step needs`,
    );
  return null;
}

const bad = (code: string, message: string): CallFailure => ({ kind: 'invalid-output', code, message });
