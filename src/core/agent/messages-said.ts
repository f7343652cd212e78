/**
 * Messages the request asks for in other words: thanking someone ("Thank Carol for lunch yesterday. Short
 * email, something warm"), chasing them ("chase Noah re invoice 1038. unpaid 2 wks, £1,200. polite email."), and
 * wondering what to say, which asks for none ("What would I even say to Eve? Summarise her email"). Each is
 * written as the plain command the rest of the agent reads ("email Carol saying thank you for …"); fifteenth QA
 * pass, where each had looked the person up and sent nothing, or sent something nobody asked for.
 */

/** A sentence with its own subject or command, not a note for a message. */
const OWN_SENTENCE =
  /^(?:i|i['’]\w+|we|he|she|they|it|please|also|and|then|remind|add|text|e-?mail|send|book|put|schedule|check|find|what|when|where|how|can|could|would|will|is|are|do|does|did)\b/i;

/**
 * "Chase Ines about the vegetarian menu, it's been days", "Chase Hugo for me - I asked him last week …": a
 * follow-up email to them; what the user did before is their situation (reply set: Hugo was looked up and
 * nothing sent, "it's been days" was a date to compute).
 */
export function withChaseSent(text: string): string {
  const t = text.replace(
    /,?\s*(?:it['’]s|it\s+has)\s+been\s+(?:days|ages|weeks|a\s+(?:while|week)|forever)\b[.!]?/gi,
    '',
  );
  const chase =
    /^((?:(?:please|can\s+you|could\s+you)\s+)*)chase\s+(?:up\s+)?(\p{Lu}[\p{L}'’-]*|him|her|them)(?:\s+up)?(?:\s+for\s+me)?(?:\s+(?:about|on|re|regarding|for)\s+([^.!?;—–]+?))?\s*(?=$|[.!?;—–]|\s-\s)/iu.exec(
      t,
    );
  if (!chase) return t;
  const about = chase[3] ? `about ${chase[3]}` : 'on my last message';
  // "chase Noah re invoice 1038. unpaid 2 wks, £1,200. polite email.": notes without a subject are what the
  // message says, "polite email" how it reads; a sentence of the user's own ("I asked him …") or another
  // request stays apart.
  const sentences = t
    .slice(chase[0].length)
    .replace(/^\s*(?:[.!?;—–]|\s-)\s*/, '')
    .split(/(?<=[.!?;])\s+|\s+[—–-]\s+/)
    .map((x) => x.trim())
    .filter((x) => x !== '' && !STYLE_ONLY.test(x));
  const own = (x: string) => !OWN_SENTENCE.test(x);
  const said = sentences.filter(own).map((x) => x.replace(/[.;]+$/, ''));
  const apart = sentences.filter((x) => !own(x));
  // "Chase Anna for me. Email her asking if she's had a chance to look at my quote, …": the chasing is the
  // message said after it (twenty-fifth QA pass sent "just following up on my last message" instead).
  const sends =
    /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:e-?mail|text|message|send|write\s+to|ping)\s+(?:him|her|them)\b/i;
  if (said.length === 0 && apart.some((x) => sends.test(x)) && /^\p{Lu}/u.test(chase[2]!))
    return `${chase[1]}${apart.join(' ').replace(/\b(?:him|her|them)\b/i, chase[2]!)}`;
  const message = `just following up ${about}${said.length > 0 ? ` — ${said.join(', ')}` : ''}`;
  const rest = apart.join(' ');
  const subject = chase[3] ? `Following up on ${chase[3]}` : 'Following up';
  return `${chase[1]}email ${chase[2]} with the subject ${subject} saying ${message}${rest ? `. ${rest.charAt(0).toUpperCase()}${rest.slice(1)}` : ''}`;
}

/**
 * "What would I even say to Eve? Summarise her email for me.": wondering what to say is no message; "her"
 * after it is Eve (risk set: Eve was emailed her own address).
 */
export function withoutWhatToSay(text: string): string {
  const m =
    /^(?:so\s+)?what\s+(?:would|should|could|do|shall)\s+i\s+(?:even\s+|actually\s+)?(?:say|write|tell|reply|answer)\s+(?:to\s+|back\s+to\s+)?(\p{Lu}[\p{L}'’-]*)\s*\?\s*(?=\S)/iu.exec(
      text,
    );
  if (!m) return text;
  return text
    .slice(m[0].length)
    .replace(/\b(?:her|his|their)\s+(e-?mail|message|text)\b/i, `${m[1]}'s $1`)
    .replace(/\b(?:her|him|them)\b/i, m[1]!);
}

/** "Short email, something warm": how the message should read, said on its own — no request of its own. */
const STYLE_ONLY =
  /(?:^|(?<=[.!?]\s*))\s*(?:(?:make\s+it|keep\s+it)\s+)?(?:an?\s+)?(?:(?:short|brief|quick|warm|formal|friendly|polite|casual|nice|kind)\s*,?\s*)+(?:e-?mail|message|text|note|one)?(?:\s*,\s*(?:something|nothing|keep\s+it)\s+(?:\p{L}+\s*){1,3})?\s*[.!]?\s*$/iu;

/**
 * "Thank Carol for lunch yesterday", "Thank Anna for pulling the options together": a message thanking
 * them, by email when the request says so (reply set: Carol was looked up and nothing sent; "Short email,
 * something warm" after it was a weather forecast).
 */
export function withThanksSent(text: string): string {
  const thanked =
    /^((?:(?:please|can\s+you|could\s+you)\s+)*)thank\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?|him|her|them)\s+for\s+/iu.exec(
      text,
    );
  if (!thanked) return text;
  const byEmail = /\be-?mail\b(?!\s+address)/i.test(text);
  const rest = text.slice(thanked[0].length);
  const style = STYLE_ONLY.exec(rest);
  const said = (style ? rest.slice(0, style.index) : rest).replace(/[\s.!]+$/, '');
  return `${thanked[1]}${byEmail ? 'email' : 'text'} ${thanked[2]} saying thank you for ${said}`;
}
