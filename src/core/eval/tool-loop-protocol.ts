/**
 * What the baseline tool loops (ReAct with every tool, ToolNet-style graph navigation) send an LLM and
 * read back: one action per LLM call, as JSON. Shared by the loop and the oracle engines, which answer
 * from `ToolLoopContext` instead of reading the prompt.
 */
export type ToolLoopAction =
  | { thought?: string; action: 'call'; tool: string; args: Record<string, unknown> }
  | { thought?: string; action: 'ask'; tool: string; field: string; question: string }
  | { thought?: string; action: 'finish'; answer: string };

export interface ToolLoopCall {
  tool: string;
  args: Record<string, unknown>;
  status: 'ok' | 'error';
  output?: unknown;
}

/** `ChatRequest.context` of a tool-loop decision. */
export interface ToolLoopContext {
  kind: 'tool-loop';
  /** Tools the model may call now (ReAct: all; ToolNet: the retrieved set, then the graph's successors). */
  offered: readonly string[];
  calls: readonly ToolLoopCall[];
}

export const TOOL_LOOP_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    thought: { type: 'string', maxLength: 600 },
    action: { type: 'string', enum: ['call', 'ask', 'finish'] },
    tool: { type: 'string' },
    args: { type: 'object' },
    field: { type: 'string' },
    question: { type: 'string' },
    answer: { type: 'string' },
  },
  required: ['action'],
};

export function isToolLoopContext(c: unknown): c is ToolLoopContext {
  return !!c && typeof c === 'object' && (c as { kind?: unknown }).kind === 'tool-loop';
}
