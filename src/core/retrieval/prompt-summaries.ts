import type { ToolWorld } from '../world/world';
import { encodePrompt, PROMPT_ENCODINGS, type PromptEncoding } from './prompt-encodings';
import type { RetrievalTask, ScoredTool } from './retriever';
import type { TokenCounter } from './token-counter';

export interface EncodedPromptSummary {
  encoding: PromptEncoding;
  constantTokens: number;
  variableTokens: number;
  text: string;
}

/** Which prompts a ranking should come with: none (the agent), some, or all six (the Next tool tab). */
export type PromptRequest = readonly PromptEncoding[] | 'all';

/**
 * The prompt each asked-for DTDR encoding would give the LLM for this ranking, with its token counts.
 * Built only on demand: the full tool list alone is the whole catalogue's schemas.
 */
export function promptSummaries(
  world: ToolWorld,
  tasks: readonly RetrievalTask[],
  req: { query: string; history: string[] },
  ranked: ScoredTool[],
  counter: TokenCounter,
  asked: PromptRequest | undefined,
): EncodedPromptSummary[] {
  const encodings = asked === 'all' ? PROMPT_ENCODINGS : (asked ?? []);
  if (encodings.length === 0) return [];
  const tools = world.catalogue
    .tools()
    .map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  const demonstrations = tasks.map((t) => ({ query: t.query, tools: t.tools }));
  return encodings.map((encoding) => {
    const p = encodePrompt(
      { tools, query: req.query, history: req.history, candidates: ranked, demonstrations },
      encoding,
      { topK: 5 },
    );
    return {
      encoding,
      constantTokens: counter.count(p.constant),
      variableTokens: counter.count(p.variable),
      text: p.constant + p.variable,
    };
  });
}
