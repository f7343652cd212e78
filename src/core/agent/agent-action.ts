/**
 * NaviAgent's action (Appendix E.3.1, "Response Specification"): one item per sub-intent, sorted by
 * `dependency_rank`, each with exactly one of the four actions. Field names follow the paper so a model
 * fine-tuned on its format reads and writes them unchanged.
 */
export const ACTION_KINDS = ['direct_answer', 'clarify_intent', 'retrieve_api', 'call_api'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export interface AgentAction {
  dependency_rank: number;
  /** The sub-intent this action addresses, in the user's words. */
  intent: string;
  /** The model's reasoning (optional: small models and the graph-only engine keep it short). */
  analysis?: string;
  action: ActionKind;
  /** Mandatory for call_api. */
  target_api?: string;
  /** Arguments for call_api, by the API's own parameter names. */
  params?: Record<string, unknown>;
  /** For retrieve_api: "APIName(description: …, input: …; output: …)" describing the API wanted. */
  recall_description?: string;
  /** For direct_answer (the answer) and clarify_intent (a question). */
  answer?: string;
}

/**
 * JSON Schema of one decision (an array of actions), used for constrained decoding and for validating
 * unconstrained output. Feasibility masking happens here: `call_api` is offered only when some
 * candidate can be called, and `target_api` is limited to those candidates, so a constrained model
 * cannot name an API that is not there.
 */
export function decisionSchema(options: {
  actions: readonly ActionKind[];
  callableApis: readonly string[];
  maxItems?: number;
}): Record<string, unknown> {
  const actions =
    options.callableApis.length > 0 ? options.actions : options.actions.filter((a) => a !== 'call_api');
  const item: Record<string, unknown> = {
    type: 'object',
    properties: {
      dependency_rank: { type: 'integer', minimum: 1 },
      intent: { type: 'string', maxLength: 400 },
      analysis: { type: 'string', maxLength: 600 },
      action: { type: 'string', enum: [...actions] },
      ...(options.callableApis.length > 0
        ? { target_api: { type: 'string', enum: [...options.callableApis] } }
        : {}),
      params: { type: 'object' },
      recall_description: { type: 'string', maxLength: 600 },
      answer: { type: 'string', maxLength: 2000 },
    },
    required: ['dependency_rank', 'intent', 'action'],
    additionalProperties: false,
  };
  return { type: 'array', items: item, minItems: 1, maxItems: options.maxItems ?? 8 };
}
