/**
 * Questions about what the agent can do: "Can you actually send emails for me?", "Can you read documents?",
 * "What can you do?". They are answered from the tool catalogue, with no call — before (eighteenth QA pass)
 * "Can you actually send emails for me? If so, tell Alice …" sent Alice an email that said "Can you actually
 * send emails for me", and "What can you do for me?" asked for keywords to search the notes.
 */

import type { Tool } from '../tools/tool';
import { bestByRelevance } from './target-choice';

/** "Can you (actually) send emails (for me)?": a kind of thing in general, not one to act on. */
const CAN_YOU =
  /^(?:(?:so|ok|okay|hey|hi|and|wait)\s*,?\s+)?(?:can|could|do|will)\s+you\s+(?:actually\s+|really\s+|also\s+|even\s+|please\s+)?(?:be\s+able\s+to\s+|know\s+how\s+to\s+)?(\p{L}+(?:\s+(?:up|out|in))?)\s+((?:e-?mails?|texts|sms|messages|documents|docs|files|pdfs|notes|reminders|events|appointments|meetings|contacts|directions|currencies|units|flights|tickets|tables|rides|taxis|ubers|music|songs|calls|payments|orders|groceries|things|stuff|anything))(?:\s+(?:for|to)\s+me)?\s*\?\s*$/iu;

/** "What can you do?", "what can you help me with", "what are you able to do?" */
const WHAT_CAN_YOU =
  /^(?:(?:so|ok|okay|hey|hi|and)\s*,?\s+)?(?:what|which)\s+(?:(?:else\s+)?(?:can|could|do)\s+you\s+(?:actually\s+|really\s+)?(?:do|help(?:\s+(?:me|us))?\s+with|handle|manage)|(?:things|tools)\s+(?:can\s+you\s+use|do\s+you\s+have)|are\s+you\s+able\s+to\s+do)\b[^?]*\??\s*$/i;

/** The first sentence of a description, lower-cased at the start: "sends an email". */
const said = (tool: Tool): string => {
  const first = (tool.description ?? tool.name).split(/(?<=\.)\s/)[0]!.replace(/\.$/, '');
  return first.charAt(0).toLowerCase() + first.slice(1);
};

/** Smallest relevance of a tool to "send emails" for it to count as doing that (`bestByRelevance` scale). */
const DOES_IT = 0.5;

/**
 * The answer to a question about what the agent can do, from the tools it has: yes with the tools that
 * do it, no, or what it can do at all; null when the text asks nothing of the kind.
 */
export function capabilityAnswer(
  text: string,
  tools: readonly Tool[],
): { can: boolean; answer: string } | null {
  const t = text.trim().split('\n')[0]!.trim();
  if (WHAT_CAN_YOU.test(t)) {
    const list = tools.slice(0, 12).map((x) => said(x));
    const more = tools.length > list.length ? `, and ${tools.length - list.length} more` : '';
    return { can: true, answer: `With the tools I have I can: ${list.join('; ')}${more}.` };
  }
  const m = CAN_YOU.exec(t);
  if (!m) return null;
  const asked = `${m[1]} ${m[2]}`;
  const ranked = bestByRelevance(asked, tools, 3);
  const top = ranked[0]?.score ?? 0;
  // The tools that do it, not every tool that shares a word ("send" a text, for emails).
  // …and that deal in the thing itself: "book flights" is no calendar event for sharing "book".
  const dealsIn = new Set(bestByRelevance(m[2]!, tools, 5).map((c) => c.tool));
  const doing = ranked.filter((c) => c.score >= DOES_IT && c.score >= 0.9 * top && dealsIn.has(c.tool));
  if (doing.length === 0) return { can: false, answer: `No — none of my tools can ${asked}.` };
  const how = doing
    .slice(0, 2)
    .map((c) => `${c.tool} (${said(tools.find((x) => x.name === c.tool)!)})`)
    .join(' and ');
  return { can: true, answer: `Yes — I can ${asked} with ${how}.` };
}
