import { contentWords, stem } from './target-choice';

/**
 * "Text Bob the launch risks from my product launch note": of a note with a checklist, a date and the
 * risks, what is sent is the line about the risks (thirteenth QA pass texted the whole note). The lines
 * of `text` that say the most of the thing's own words, when that is some lines and not all; otherwise
 * the text as it is — "the offsite notes" is every line of the Offsite note, "the headline figures"
 * names no line of the Q3 report, so both send everything.
 */
export function linesAbout(text: string, thing: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 2) return text;
  const words = [...new Set(contentWords(thingWords(thing)).map(stem))].filter((w) => !CONTAINERS.has(w));
  if (words.length === 0) return text;
  const says = (line: string) => {
    const own = new Set(contentWords(line).map(stem));
    return words.filter((w) => own.has(w)).length;
  };
  const counts = lines.map(says);
  const most = Math.max(...counts);
  if (most === 0 || counts.every((c) => c === most)) return text;
  // A line that starts with its item's title ("Product launch: Launch checklist: …") keeps the title.
  const title = /^([^:\n]{1,60}):\s/.exec(lines[0]!)?.[1];
  const kept = lines.filter((_, i) => counts[i] === most);
  const withTitle =
    title && !kept[0]!.startsWith(`${title}:`) ? `${title}: ${kept.join('\n')}` : kept.join('\n');
  return withTitle;
}

/** The thing itself: "get the launch risks from my product launch note" → "launch risks". */
function thingWords(thing: string): string {
  return thing
    .replace(/^(?:get|read|find|fetch|grab|look\s+up|pull\s+up)\s+/i, '')
    .replace(/\b(?:from|in|on)\s+(?:my|the|our|his|her)\s+.*$/i, '');
}

/** Words that say where a thing is kept, not what it is. */
const CONTAINERS = new Set(
  ['note', 'notes', 'file', 'files', 'email', 'mail', 'inbox', 'document'].map(stem),
);
