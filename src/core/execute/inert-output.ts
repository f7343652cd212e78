import { previewValue } from './gate/value-preview';

/**
 * Tool output is data, never instruction. Whatever a tool returns (a file, a mail body, a web page, an
 * error message) reaches a prompt only through here: on one line, with the prompt's own delimiters (<< >>)
 * and every chat-template role marker neutralized, control characters removed, and cut to `max`
 * characters. A text cannot then close its << >> block, open a system turn, or pass for an
 * "Action:" line of the model's own format. (The chat renders outputs as text, never as HTML.)
 */
export function inertText(value: unknown, max = 400): string {
  const raw = typeof value === 'string' ? value.slice(0, max * 4 + 64) : previewValue(value, max * 2);
  let s = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029]/g, ' ')
    .replace(/\r?\n|\r/g, ' ⏎ ');
  for (const [pattern, replacement] of NEUTRALIZE) s = s.replace(pattern, replacement);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** A value as a delimited observation: `<<…>>` around its inert text. */
export const inertBlock = (value: unknown, max = 400): string => `<<${inertText(value, max)}>>`;

const NEUTRALIZE: [RegExp, string][] = [
  // ChatML and friends: <|im_start|>, <|im_end|>, <|system|>, <|endoftext|>, <|eot_id|>, <|start_header_id|>…
  [/<\|([^|<>]{0,40})\|>/g, '[$1]'],
  [/<\|/g, '< |'],
  [/\|>/g, '| >'],
  // Llama 2 / Mistral markers.
  [/\[\/?INST\]/gi, '(INST)'],
  [/<<\/?SYS>>/gi, '(SYS)'],
  [/<\/?(system|assistant|user|tool|think|tool_call|function_call)\s*>/gi, '($1)'],
  // The observation's own delimiters.
  [/<</g, '‹‹'],
  [/>>/g, '››'],
  // The model's own action syntax (RETO's "Action:" lines; NaviAgent's JSON actions keep their quotes,
  // which JSON-in-a-block cannot escape from).
  [/\b(Action(?: Input)?|Observation|Final Answer)\s*:/gi, '$1 -'],
  [/(^|⏎ )\s*(system|assistant|user|developer)\s*:/gi, '$1$2 -'],
];
