import type { ToolImplementation } from '../../execute/tool-runtime';
import { requireString } from '../args';
import { ContactNotFoundError } from '../errors/contact-not-found-error';
import type { SandboxAccess } from '../sandbox-access';
import type { Contact } from '../sandbox-state';
import { editDistance } from '../../util/edit-distance';
import { normalize } from '../text/normalize';

/**
 * How well a contact matches what the user typed: the full name beats a prefix, which beats all words
 * matching word starts ("anna" → "Anna Keller", "a kel"), which beats one typo per word ("Ana Keler"),
 * which beats a fragment inside the name. 0 means no match: a different surname is not a match.
 */
function contactScore(contact: Contact, query: string): number {
  const q = normalize(query);
  const name = normalize(contact.name);
  if (q === '') return 0;
  if (q === name || query.trim().toLowerCase() === contact.email) return 100;
  if (name.startsWith(q)) return 90;
  const words = q.split(' ');
  const tokens = [...name.split(' '), normalize(contact.email.split('@')[0] ?? '')];
  if (words.every((w) => tokens.some((t) => t.startsWith(w))))
    return words.some((w) => tokens.includes(w)) ? 85 : 80;
  const typoOk = (w: string, t: string) =>
    w.length >= 4 && editDistance(w, t, w.length >= 7 ? 2 : 1) <= (w.length >= 7 ? 2 : 1);
  if (words.every((w) => tokens.some((t) => t.startsWith(w) || typoOk(w, t)))) return 60;
  if (q.length >= 3 && name.includes(q)) return 40;
  return 0;
}

/** The best-matching contact, earlier contacts winning ties; undefined when none matches at all. */
export function findContact(contacts: readonly Contact[], query: string): Contact | undefined {
  let best: Contact | undefined;
  let bestScore = 0;
  for (const c of contacts) {
    const s = contactScore(c, query);
    if (s > bestScore) [best, bestScore] = [c, s];
  }
  return best;
}

export function contactsTools(sandbox: SandboxAccess, source: ToolImplementation['source']) {
  const notFound = (query: string) =>
    new ContactNotFoundError(
      query,
      sandbox.state().contacts.map((c) => c.name),
    );

  const contacts_search: ToolImplementation = {
    source,
    async run(args) {
      const name = requireString(args, 'name');
      const c = findContact(sandbox.state().contacts, name);
      if (!c) throw notFound(name);
      return { contact_id: c.id, name: c.name, email: c.email, phone: c.phone };
    },
  };

  const contacts_get: ToolImplementation = {
    source,
    async run(args) {
      const id = requireString(args, 'contact_id');
      const contacts = sandbox.state().contacts;
      // A model often passes the name where the id belongs; answering for that name is what it meant.
      const c =
        contacts.find((x) => x.id.toLowerCase() === id.toLowerCase()) ??
        (/^c-\d+$/i.test(id) ? undefined : findContact(contacts, id));
      if (!c) throw notFound(id);
      return { name: c.name, email: c.email, phone: c.phone, address: c.address };
    },
  };

  return { contacts_search, contacts_get };
}
