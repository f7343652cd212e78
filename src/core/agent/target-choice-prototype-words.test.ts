import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { relevance } from './target-choice';

const notes: Tool = {
  name: 'notes_create',
  description: 'Create a note with a title and content',
  parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
  returns: { type: 'object', properties: { note_id: { type: 'string' } } },
  category: 'notes',
  source: 'builtin',
};

/**
 * Second QA pass: "Send the constructor a message" and "Remind me about the constructor tomorrow at 9"
 * failed the whole turn with "SYNONYMS[w]?.map is not a function" (the app showed "Bt[e]?.map is not a
 * function"): a word named like an Object.prototype member was looked up in a plain-object table.
 */
describe('relevance on words named like Object.prototype members', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'scores "%s" without throwing',
    (w) => {
      expect(() => relevance(`${w} a note`, notes)).not.toThrow();
      expect(relevance(`${w} a note`, notes)).toBeGreaterThan(0);
      expect(relevance(`Send the ${w} a message`, notes)).toBeGreaterThanOrEqual(0);
    },
  );
});
