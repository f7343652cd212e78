import type { ToolImplementation } from '../../execute/tool-runtime';
import { requireString } from '../args';
import type { SandboxAccess } from '../sandbox-access';
import type { Note } from '../sandbox-state';
import { asksForEverything, keywords, matchCount } from '../text/normalize';

/** Notes matching any query word, best first: more words matched, then title matches, then newest. */
export function searchNotes(notes: readonly Note[], query: string): Note[] {
  if (asksForEverything(query)) return [...notes].sort((a, b) => b.createdAt - a.createdAt);
  const words = keywords(query);
  return notes
    .map((n) => {
      const inTitle = matchCount(words, n.title);
      const anywhere = matchCount(words, `${n.title} ${n.content}`);
      return { n, rank: anywhere * 100 + inTitle * 10 };
    })
    .filter((x) => x.rank > 0)
    .sort((a, b) => b.rank - a.rank || b.n.createdAt - a.n.createdAt)
    .map((x) => x.n);
}

export function notesTools(sandbox: SandboxAccess, source: ToolImplementation['source']) {
  const notes_create: ToolImplementation = {
    source,
    async run(args, signal) {
      const title = requireString(args, 'title');
      const content = requireString(args, 'content');
      const note = await sandbox.create({
        collection: 'notes',
        tool: 'notes_create',
        idPrefix: 'note',
        build: (id): Note => ({ id, title, content, createdAt: sandbox.now() }),
        summary: (n) => `Created note "${n.title}"`,
        signal,
      });
      return { note_id: note.id };
    },
  };

  const notes_search: ToolImplementation = {
    source,
    async run(args) {
      const found = searchNotes(sandbox.state().notes, requireString(args, 'query'));
      const notes = found.map((n) => ({ note_id: n.id, title: n.title, content: n.content }));
      return { notes, count: notes.length };
    },
  };

  return { notes_create, notes_search };
}
