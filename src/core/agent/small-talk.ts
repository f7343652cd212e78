/**
 * What to say to a request that asks no tool for anything: thanks, a greeting, an "ok", or a request
 * whose every act was taken back or put off ("Hold off on emailing Anna until Friday", "Don't text
 * Dan"). Before, each got "None of my tools can do this: "thanks!"" or, with nothing left, ".".
 */

import { withMisspeltWordsCorrected } from './misspelt-words';
import { heldDraft } from './retractions';

const THANKS = /\b(?:thanks|thank\s+you|thx|ty|cheers|ta)\b/i;
const GREETING = /\b(?:hi|hello|hey|good\s+(?:morning|afternoon|evening))\b/i;
const FAREWELL = /\b(?:bye|goodbye|good\s+night|see\s+you|later)\b/i;

/** "how are you?", "hows ur day goin lol": asked of the assistant, not of the calendar (fourteenth QA pass). */
const HOW_ARE_YOU =
  /^(?:(?:hi|hey|hello|so|and)[,!\s]+)?how(?:['’]s|\s+is|\s+are|\s+r)\s+(?:you|u|your\s+day|things|it|life)(?:\s+(?:going|goin['’]?|doing|doin['’]?|been|today|so\s+far|lol|haha|mate|buddy))*\s*[?!.]*\s*(?:lol|haha|:\)|🙂)?\s*[?!.]*$/iu;

/** Words that make up a pleasantry and nothing else. */
const PLEASANTRY =
  /^(?:[\s,.!]*(?:thanks|thank\s+you|thx|ty|cheers|ta|great|perfect|awesome|cool|nice|lovely|brilliant|excellent|ok|okay|k|got\s+it|good\s+job|well\s+done|hi|hello|hey|good\s+(?:morning|afternoon|evening|night)|bye|goodbye|see\s+you(?:\s+later)?|(?:ever\s+)?so\s+much|very\s+much|indeed|a\s+lot|a\s+bunch|again|mate|buddy|there|assistant|that's\s+(?:great|perfect|all)|all\s+good|no\s+worries|you're\s+(?:great|the\s+best)|:\)|🙂|👍)[\s,.!]*)+$/iu;

/**
 * The answer to a request that needs no tool, or null when it asks for something. `read` is the request
 * as the agent reads it, after what it takes back: with no words left, everything asked was withdrawn.
 */
export function smallTalkAnswer(request: string, read: string): string | null {
  // Everything asked was taken back, or only thanks are left of it ("… Nothing to do now, thanks.").
  const left = read.trim();
  // "Draft a text to Hugo saying … - but don't send it": the draft is shown, nothing is sent.
  const draft = heldDraft(request);
  if (draft !== null && !/[\p{L}\p{N}]/u.test(left))
    return draft
      ? `Nothing was sent. Here is the draft: "${draft}".`
      : 'Nothing was sent: say what the message should say, and whether to send it.';
  if (
    /[\p{L}\p{N}]/u.test(request) &&
    (!/[\p{L}\p{N}]/u.test(left) || (PLEASANTRY.test(left) && !PLEASANTRY.test(request.trim())))
  )
    return "OK, I won't do that now. I keep no tasks for later: ask me again when you want it done.";
  const t = request.trim();
  if (HOW_ARE_YOU.test(withMisspeltWordsCorrected(t)))
    return 'All well here, thanks. Ask me to look something up, convert, plan or send something.';
  if (!PLEASANTRY.test(t)) return null;
  if (THANKS.test(t)) return "You're welcome.";
  if (FAREWELL.test(t)) return 'Bye for now.';
  if (GREETING.test(t)) return 'Hello! Ask me to look something up, convert, plan or send something.';
  return 'OK.';
}
