/**
 * Acts said in a roundabout way, read as the act meant (sixteenth QA pass): a call asked for with a fallback
 * ("… if you can't phone, just text him that"), "I'll do X myself — remind me to do it", "make a new one"
 * after a note, and a run's "24k" when a distance is converted. Each rewrites the request's words before
 * the rest of the agent reads them (`withoutFillers`).
 */

/**
 * "phone Kenji and tell him I'm coming in April... if you can't phone, just text him that", "Can you ring Eve
 * and ask if …? If you can't, email her the question": no tool calls anyone, so the way the user gave
 * instead is the one taken (sixteenth QA pass: Kenji was looked up and nothing sent).
 */
const CALL_OR_ELSE =
  /^((?:(?:please|can\s+you|could\s+you|would\s+you)\s+)*)(?:call|phone|ring)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)\s+(?:and\s+|to\s+)(tell|ask)\s+(?:(?:him|her|them)\s+)?(.+?)\s*(?:\.{2,}|…|[.?!])?\s*(?:actually\s*,?\s*)?(?:if\s+you\s+can(?:['’]t|not)(?:\s+(?:phone|call|ring)(?:\s+(?:him|her|them))?)?|otherwise|failing\s+that|or\s+else|if\s+not)\s*,?\s*(?:just\s+)?(text|e-?mail|message)\s+(?:him|her|them)\b(?:\s+(?:that|the\s+question|it|instead))?\s*[.!]?\s*$/iu;

/**
 * "Could you ring Carol Diaz for me? I'd so much rather hear a friendly voice. If these telephones can't manage
 * that by themselves, then just send her a text asking her to give me a call": the call asked alone, and the
 * message for when it cannot be made said after it, with the user's reasons between (twenty-fifth QA pass
 * asked whether "these telephones can't manage that" was so).
 */
const CALL_THEN_FALLBACK =
  /^((?:(?:please|can\s+you|could\s+you|would\s+you)\s+)*)(?:call|phone|ring)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)(?:\s+for\s+me)?\s*[?.!]+\s*(?:[^.?!]*[.?!]+\s*){0,3}?(?:if|in\s+case)\s+[^,.?!]*?\b(?:can['’]?t|cannot|can\s+not|(?:is|are)n['’]t\s+able|unable|not\s+able)\b[^,.?!]*,\s*(?:then\s+)?(?:just\s+)?(?:send\s+(?:him|her|them)\s+an?\s+(text|message|e-?mail)(?:\s+message)?|(text|e-?mail|message)\s+(?:him|her|them))\s+(.+?)\s*[.!]?\s*$/iu;

export function withCallFallback(text: string): string {
  const then = CALL_THEN_FALLBACK.exec(text.trim());
  if (then) {
    const channel = (then[3] ?? then[4]!).toLowerCase().replace(/^message$/, 'text');
    return `${then[1]}${channel} ${then[2]} ${then[5]}`;
  }
  const m = CALL_OR_ELSE.exec(text.trim());
  if (!m) return text;
  const said = m[3]!.toLowerCase() === 'ask' ? `asking ${m[4]}` : `that ${m[4]}`;
  return `${m[1]}${m[5]!.toLowerCase()} ${m[2]} ${said}`;
}

/**
 * "I'll cancel the dentist myself by phone — remind me to do it tomorrow at 9am": what "it" is, the act the
 * user said they will do, is what to be reminded of (sixteenth QA pass asked for a phone number to text).
 */
const REMIND_TO_DO_IT =
  /^i(?:['’]ll|\s+will|['’]m\s+going\s+to|\s+am\s+going\s+to|\s+need\s+to|\s+have\s+to|\s+must|\s+should)\s+(.+?)(?:\s+myself)?\s*(?:[-–—,;.]|\band\b|\bso\b)\s*(?:so\s+|please\s+|can\s+you\s+|could\s+you\s+)*(remind\s+me|set\s+(?:me\s+)?a\s+reminder)\s+to\s+do\s+(?:it|that|this|so)\b\s*(.*)$/i;

export function withActRemindedOf(text: string): string {
  const m = REMIND_TO_DO_IT.exec(text.trim());
  if (!m) return text;
  const act = m[1]!.replace(/\s+myself\b/i, '');
  return `${m[2]} to ${act}${m[3] ? ` ${m[3]}` : ''}`;
}

/**
 * "Jonas' long run is 24k. How many miles is that?", "If I run 5k in 28 minutes, how many miles": a run's
 * "k" is kilometres (sixteenth QA pass asked for the unit). Only where a distance is converted and no money
 * is said: "log a 24k sunday run" keeps the user's words.
 */
export function withDistanceK(text: string): string {
  if (!/\b(?:miles?|km|kilomet(?:er|re)s?|met(?:er|re)s?|convert|pace|how\s+far)\b/i.test(text)) return text;
  if (
    /[$€£¥]|\b(?:dollars?|euros?|pounds|quid|bucks|yen|budget|salary|price|cost|costs|pay|paid|invoice|rent|USD|EUR|GBP)\b/i.test(
      text,
    )
  )
    return text;
  return text.replace(/(?<![\w.$€£¥])(\d{1,3}(?:\.\d+)?)\s?k\b(?!m)/gi, '$1 km');
}

/** "make a new one", "add another one": a thing made, named by "one". */
const NEW_ONE =
  /\b((?:make|create|write|start|add|set\s+up|put\s+in)\s+(?:me\s+)?(?:a\s+new|another|a\s+fresh|a\s+second)\s+)one\b/gi;
/** The kinds of record a request names: what "a new one" after them is. */
const KIND_NAMED = /\b(note|reminder|event|list)s?\b/gi;

/**
 * "Delete my Lisbon packing list note and make a new one for Berlin", "My rent reminder is on the 12th -
 * add another one 3 days before": the one made is the kind of thing named before it, the last named being
 * the head ("packing list note" is a note). Sixteenth QA pass: an event's start time was asked for, and
 * "another one 3 days" read as the number 1.
 */
export function withKindOfOne(text: string): string {
  return text.replace(NEW_ONE, (m, lead: string, at: number) => {
    const kind = [...text.slice(0, at).matchAll(KIND_NAMED)].pop()?.[1]?.toLowerCase();
    return kind ? `${lead}${kind}` : m;
  });
}
