const NAME = 'LlmOutputError';

export type LlmOutputProblem = 'no-json' | 'unbalanced' | 'invalid-json';

/**
 * An LLM's answer, decoded without constraint, holds no usable JSON. Kept short: the agent validates the
 * content itself (Ajv) and decides whether to re-ask.
 */
export class LlmOutputError extends Error {
  readonly code = 'llm-output-invalid';
  readonly problem: LlmOutputProblem;
  /** The start of the answer, for logs. */
  readonly excerpt: string;

  constructor(problem: LlmOutputProblem, text: string, detail?: string) {
    const excerpt = text.length > 120 ? `${text.slice(0, 120)}…` : text;
    super(`The model's answer ${WHAT[problem]}${detail ? ` (${detail})` : ''}: ${JSON.stringify(excerpt)}`);
    this.name = NAME;
    this.problem = problem;
    this.excerpt = excerpt;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is LlmOutputError {
    return error instanceof Error && error.name === NAME;
  }
}

const WHAT: Record<LlmOutputProblem, string> = {
  'no-json': 'contains no JSON object or array',
  unbalanced: 'has a JSON value that never closes (cut off?)',
  'invalid-json': 'has malformed JSON',
};
