import { splitWords } from '../embed/tokenize';
import type { CandidateTool } from './retriever';

/**
 * The retrievable tools of a catalogue in the shared dataset format (`tools.json`: `[{name, description,
 * …}]`). Only name and description matter here, so nothing is validated beyond them; a duplicate name keeps
 * its first entry.
 */
export function parseCandidateTools(json: unknown): CandidateTool[] {
  if (!Array.isArray(json)) throw new TypeError('a tool catalogue must be a JSON array');
  const seen = new Set<string>();
  const out: CandidateTool[] = [];
  for (const e of json) {
    if (!e || typeof e !== 'object') continue;
    const { name, description } = e as { name?: unknown; description?: unknown };
    if (typeof name !== 'string' || name === '' || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, description: typeof description === 'string' ? description : '' });
  }
  return out;
}

/** The text a tool is embedded or indexed by: its name as words, then its description. */
export function toolText(t: CandidateTool): string {
  return `${splitWords(t.name).join(' ')}: ${t.description}`;
}
