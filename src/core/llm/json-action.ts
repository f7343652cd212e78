import { LlmOutputError } from './llm-output-error';
import { llmReplyProblem } from '../validate/doors';

/**
 * Reading JSON out of an LLM answer that was not decoded under a schema. Small models wrap it in
 * ```json fences, put a sentence before or after it, or think aloud first (Qwen3's <think> block); the
 * first balanced object or array that parses is the answer. Content is not checked here: the agent
 * validates it against the action schema (Ajv) itself.
 */

/** Most candidates a text is searched for; a prose answer full of brackets must not cost quadratic time. */
const MAX_CANDIDATES = 50;

/** The JSON value in an LLM answer, parsed. Throws LlmOutputError when there is none. */
export function parseLlmJson(text: string): unknown {
  // Limits (issue 21): a runaway reply is refused before it is searched, a parsed one before it is validated.
  const tooLong = llmReplyProblem(text);
  if (tooLong) throw new LlmOutputError('invalid-json', text.slice(0, 200), tooLong);
  const parsed: unknown = JSON.parse(extractJsonText(text));
  const problem = llmReplyProblem(text, parsed);
  if (problem) throw new LlmOutputError('invalid-json', text, problem);
  return parsed;
}

/** The text of the first balanced JSON object/array in an LLM answer that parses. Throws LlmOutputError. */
export function extractJsonText(text: string): string {
  const visible = stripThinking(text);
  // A fenced block is where the model meant its answer to be; prose around it may hold stray brackets.
  const fenced = fencedBlocks(visible);
  let firstFailure: LlmOutputError | null = null;
  for (const source of [...fenced, visible]) {
    const found = firstJson(source, text);
    if (typeof found === 'string') return found;
    firstFailure ??= found;
  }
  throw firstFailure ?? new LlmOutputError('no-json', text);
}

function stripThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/g, '');
}

function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const m of text.matchAll(/```[a-zA-Z]*[^\S\n]*\n?([\s\S]*?)```/g)) blocks.push(m[1] ?? '');
  return blocks;
}

/** The first candidate in `source` that parses, or the error describing why none did. */
function firstJson(source: string, original: string): string | LlmOutputError {
  let unbalanced = false;
  let parseError: string | null = null;
  let start = nextOpen(source, 0);
  for (let tries = 0; start >= 0 && tries < MAX_CANDIDATES; tries++) {
    const end = balancedEnd(source, start);
    if (end < 0) {
      unbalanced = true;
    } else {
      const candidate = source.slice(start, end + 1);
      try {
        JSON.parse(candidate);
        return candidate;
      } catch (e) {
        parseError ??= e instanceof Error ? e.message : String(e);
      }
    }
    start = nextOpen(source, start + 1);
  }
  if (parseError !== null) return new LlmOutputError('invalid-json', original, parseError);
  return new LlmOutputError(unbalanced ? 'unbalanced' : 'no-json', original);
}

function nextOpen(s: string, from: number): number {
  for (let i = from; i < s.length; i++) if (s[i] === '{' || s[i] === '[') return i;
  return -1;
}

/** Index of the bracket closing the one at `start`, skipping brackets inside strings; -1 if it never closes. */
function balancedEnd(s: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') stack.push('}');
    else if (c === '[') stack.push(']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
