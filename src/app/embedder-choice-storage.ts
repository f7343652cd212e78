import { LEXICAL, type EmbedderChoice } from '../workers/protocol';

const KEY = 'naviagent.retrievalEmbedder';

/** The part of Web Storage the app uses, so tests pass a Map-backed stand-in. */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function isChoice(v: unknown): v is EmbedderChoice {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    c.kind === 'lexical' ||
    (c.kind === 'transformers' && typeof c.model === 'string' && (c.dtype === 'q8' || c.dtype === 'fp32'))
  );
}

/** The retrieval embedder the user chose last (lexical when nothing, or nothing valid, was saved). */
export function loadEmbedderChoice(storage: ChoiceStorage | undefined): EmbedderChoice {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    return isChoice(saved) ? saved : LEXICAL;
  } catch {
    return LEXICAL;
  }
}

export function saveEmbedderChoice(storage: ChoiceStorage | undefined, choice: EmbedderChoice): void {
  try {
    storage?.setItem(KEY, JSON.stringify(choice));
  } catch {
    // Storage full or disabled (private mode): the choice lasts for this session only.
  }
}
