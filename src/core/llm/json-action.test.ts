import { describe, expect, it } from 'vitest';
import { extractJsonText, parseLlmJson } from './json-action';
import { LlmOutputError } from './llm-output-error';

describe('parseLlmJson', () => {
  it('reads plain JSON, objects and arrays', () => {
    expect(parseLlmJson('{"tool":"a","args":{}}')).toEqual({ tool: 'a', args: {} });
    expect(parseLlmJson('  [1, 2, {"x": [3]}]  ')).toEqual([1, 2, { x: [3] }]);
  });

  it('strips ```json fences and the prose around them', () => {
    const text =
      'Sure! Here is the call [step 1]:\n```json\n{"tool": "get_weather", "args": {"city": "Paris"}}\n```\nDone.';
    expect(parseLlmJson(text)).toEqual({ tool: 'get_weather', args: { city: 'Paris' } });
    expect(parseLlmJson('```\n{"a":1}\n```')).toEqual({ a: 1 });
  });

  it('takes the first balanced value, ignoring brackets inside strings and trailing text', () => {
    const text = 'Answer: {"note": "use } and { and \\" freely", "list": ["]"]} and then {"second": true}';
    expect(parseLlmJson(text)).toEqual({ note: 'use } and { and " freely', list: [']'] });
  });

  it('skips bracketed prose that is not JSON and Qwen3 thinking', () => {
    expect(parseLlmJson('[thinking] I will call it: {"tool": "x"}')).toEqual({ tool: 'x' });
    expect(parseLlmJson('<think>maybe {"tool": "wrong"}</think>\n{"tool": "right"}')).toEqual({
      tool: 'right',
    });
  });

  it('throws LlmOutputError saying what was wrong', () => {
    const none = catchError(() => extractJsonText('I cannot help with that.'));
    expect(none).toMatchObject({ name: 'LlmOutputError', code: 'llm-output-invalid', problem: 'no-json' });
    expect(catchError(() => extractJsonText('{"tool": "x", "args": {"a": 1'))).toMatchObject({
      problem: 'unbalanced',
    });
    const bad = catchError(() => extractJsonText("{'tool': 'x'}"));
    expect(bad).toMatchObject({ problem: 'invalid-json' });
    expect(LlmOutputError.isInstance(bad)).toBe(true);
    expect(bad.message).toMatch(/^The model's answer has malformed JSON \(.+\): "\{'tool': 'x'\}"$/);
  });
});

function catchError(f: () => unknown): LlmOutputError {
  try {
    f();
  } catch (e) {
    return e as LlmOutputError;
  }
  throw new Error('expected an error');
}
