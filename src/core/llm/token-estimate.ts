import type { ChatMessage } from './llm-engine';

/**
 * Token count when no tokenizer is at hand: ~4 characters per token, the usual rule of thumb for English
 * text with BPE vocabularies. Used by the scripted engine and when a server does not report usage, so
 * budgets and logs still have a figure; never used where an exact count matters.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The estimate for a whole prompt: the messages' text (role markers are left out, as they are small). */
export function estimatePromptTokens(messages: readonly ChatMessage[]): number {
  return estimateTokens(messages.map((m) => m.content).join(''));
}
