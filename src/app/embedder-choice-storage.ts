import { LEXICAL, type EmbedderChoice } from '../workers/protocol';
import { loadSaved, saveSetting, type SettingsStorage } from './saved-settings';

const KEY = 'naviagent.retrievalEmbedder';

function isChoice(v: unknown): v is EmbedderChoice {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    c.kind === 'lexical' ||
    c.kind === 'tool-encoder' ||
    (c.kind === 'transformers' && typeof c.model === 'string' && (c.dtype === 'q8' || c.dtype === 'fp32'))
  );
}

/** The retrieval embedder the user chose last (lexical when nothing, or nothing valid, was saved). */
export function loadEmbedderChoice(storage: SettingsStorage | undefined): EmbedderChoice {
  return loadSaved(storage, KEY, (saved) => (isChoice(saved) ? saved : LEXICAL));
}

export function saveEmbedderChoice(storage: SettingsStorage | undefined, choice: EmbedderChoice): void {
  saveSetting(storage, KEY, choice);
}
