import type { Literal } from './literals';

/**
 * The free-text part of a sub-intent: what a reminder says, a note's title, a search's keywords. It is
 * what is left when the request's command words and the values that went into other arguments (dates,
 * times, addresses, recipients) are taken out: "Remind me to call Anna tomorrow at 9" → "call Anna".
 */

/** Command phrases that only say which tool to use ("remind me to", "send an email to"). */
const LEAD =
  /^(?:(?:can|could|would) you\s+|please\s+|i (?:want|need|would like) (?:you )?to\s+|i'd like (?:you )?to\s+)*(?:remind me (?:to|that|about|of)|remind me|set (?:up )?a reminder (?:to|for|about)?|create|add|make|write|take|jot down|save|put|set|send|email|e-mail|mail|text|message|tell|note(?: down)?|schedule|book|find|search(?: for)?|look up|look for|show(?: me)?|get|read|open|check|list)\b\s*/i;
/** Nouns that name the tool's kind of object right after the command ("a note", "an email"). */
const OBJECT =
  /^(?:me\s+)?(?:a|an|the|my|new)?\s*(?:note|reminder|email|e-mail|mail|message|text(?: message)?|sms|event|meeting|appointment|file|document|inbox)s?\b\s*/i;
const STOP = new Set(
  "a an the to of for in on at by with from about and or me my i you your please some any that this it is are be which what where who when how do does what's where's how's like i'm i'd latest last recent".split(
    ' ',
  ),
);

/** Literal kinds whose words belong to other arguments, never to free text. */
const STRUCTURED = new Set([
  'date',
  'time',
  'duration',
  'email',
  'phone',
  'url',
  'money',
  'quantity',
  'currency',
]);

/** The text with the spans of structured literals removed, with a preposition that introduced them. */
export function withoutStructured(text: string, literals: readonly Literal[]): string {
  let out = '';
  let at = 0;
  for (const l of [...literals].sort((a, b) => a.start - b.start)) {
    // "…to Anna": a recipient is another argument; "call Anna" keeps the name.
    const recipient = l.kind === 'entity' && l.sub === 'person' && /\bto\s+$/i.test(text.slice(0, l.start));
    if ((!STRUCTURED.has(l.kind) && !recipient) || l.start < at) continue;
    out += text.slice(at, l.start).replace(/\s*\b(?:at|on|by|for|from|until|till|in|to|of)\s*$/i, ' ');
    at = l.end;
  }
  out += text.slice(at);
  return tidy(out);
}

const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/^[\s,:;-]+|[\s,:;.-]+$/g, '');

/** The words after "saying", "that says", ":" …, when the request spells the content out. */
export function spelledOutContent(text: string): string | null {
  const m =
    /(?:\bsaying|\bthat says|\bwhich says|\bwith the (?:text|message|body|content)|\btelling (?:him|her|them)|\bthat reads|:)\s+(.+)$/i.exec(
      text,
    );
  return m ? tidy(m[1]!.replace(/^["“']|["”']$/g, '')) : null;
}

/** A title given by name ("a note called Groceries", "titled 'Q3 plan'"). */
export function namedTitle(text: string): string | null {
  const m =
    /\b(?:called|titled|named|with the title|subject)\s+["“']?([^"”':,]+?)["”']?(?=\s+(?:saying|that says|with|about|:)|[,:]|$)/i.exec(
      text,
    );
  return m ? tidy(m[1]!) : null;
}

/** The content words of a sub-intent, command and object words removed ("call Anna"). */
export function residualText(text: string, literals: readonly Literal[]): string {
  let s = withoutStructured(text, literals);
  const lead = LEAD.exec(s)?.[0] ?? '';
  s = s.replace(LEAD, '');
  // "Text Bob …", "email Anna …": right after a sending verb, a person is the recipient.
  if (/\b(?:text|email|e-mail|mail|message|tell|send)\s*$/i.test(lead)) {
    for (const l of literals)
      if (l.kind === 'entity' && l.sub === 'person' && s.toLowerCase().startsWith(l.text.toLowerCase()))
        s = s.slice(l.text.length).replace(/^['’]s\b/, '');
    // "Email Zorblax the report": a name no contact has, right before what is sent, is still the recipient.
    s = s.replace(/^\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?\s+(?=(?:the|a|an|my|our|that|this)\s)/u, '');
  }
  s = s.replace(OBJECT, '');
  // "…to her / him / them" names a recipient, who is another argument.
  s = s.replace(/^(?:to\s+)?(?:her|him|them)\b\s*/i, '');
  s = s.replace(/\b(?:saying|that says|called|titled|named)\s*$/i, '');
  return tidy(s);
}

/** Keywords for a search input: content words of the residual text. */
export function keywords(text: string, literals: readonly Literal[]): string {
  const words = residualText(text, literals)
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((w) => w.length > 1 && !STOP.has(w.toLowerCase()))
    .filter(
      (w) =>
        !/^(?:email|e-mail|mail|mails|emails|message|messages|note|notes|file|files|document|documents|inbox|nearest|nearby|closest|best|good|most|very)$/i.test(
          w,
        ),
    );
  return words.join(' ');
}

/** At most `n` words, for a title or subject line. */
export function firstWords(text: string, n: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= n ? text : `${words.slice(0, n).join(' ')}…`;
}
