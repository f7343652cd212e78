/**
 * The tiny embedder's WordPiece vocabulary: BERT's special tokens, every ASCII punctuation mark (the BERT
 * pre-tokenizer splits them off as words), digits and letters as word starts and `##` continuations (so any
 * lower-case ASCII word tokenizes without [UNK]), and a fixed list of words common in tool catalogues.
 * Fixed, not derived from the demo tool pack, so the generated files only change when this list does.
 */
export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const DIGITS = '0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const WORDS = `
the a an of to for in on at by with from and or is are be this that which it as not no all any each
get set find search list create update delete send read write open close add remove check book cancel
start stop play pause show save load run call make give take use look convert translate summarize
email mail message reply forward subject body address contact contacts phone number name first last
calendar event events meeting schedule time date day week month year today tomorrow hour minute
location city country street place map route distance direction directions travel trip flight hotel
weather temperature forecast rain wind news article web page url link site query result results text
file files document folder path image photo video audio music song note notes task tasks reminder
todo user users account id type value amount price currency money payment order item items product
shop store restaurant food recipe movie book books language code data table report count total size
new old next previous current local global start end begin finish input output source target
##s ##es ##ed ##ing ##er ##ly ##tion ##al ##ment ##ness ##able ##ize ##ful
`
  .split(/\s+/)
  .filter((w) => w.length > 0);

/** The vocabulary in id order; duplicates (a one-letter word that is also a letter) keep their first id. */
export function buildVocabulary(): string[] {
  const tokens: string[] = [...SPECIAL_TOKENS];
  const seen = new Set(tokens);
  const push = (t: string) => {
    if (!seen.has(t)) {
      seen.add(t);
      tokens.push(t);
    }
  };
  for (const c of PUNCTUATION + DIGITS + LETTERS) push(c);
  for (const c of DIGITS + LETTERS) push(`##${c}`);
  for (const w of WORDS) push(w);
  return tokens;
}
