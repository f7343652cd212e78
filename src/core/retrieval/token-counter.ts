/**
 * Counts the tokens of a prompt text, the efficiency measure of DTDR §5 (prompt length as a proxy for
 * prefill time). `id` says which counter produced a number, so tables from different counters are not mixed.
 */
export interface TokenCounter {
  readonly id: string;
  count(text: string): number;
}

/** ChatML and similar control markers (`<|im_start|>`), one token each in the tokenizers that define them. */
const SPECIAL_MARKER = /<\|[a-z_]+\|>/g;

/**
 * Tokenizer-free estimate: about four characters per token for English prose and code (the usual rule of
 * thumb for BPE vocabularies), with each `<|…|>` control marker counted as the single token it is.
 */
export const approximateTokenCounter: TokenCounter = {
  id: 'approx-chars/4',
  count(text: string): number {
    let markers = 0;
    const rest = text.replace(SPECIAL_MARKER, () => {
      markers += 1;
      return '';
    });
    return markers + Math.ceil(rest.length / 4);
  },
};
