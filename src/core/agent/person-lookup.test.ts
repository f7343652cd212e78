import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject, Tool } from '../tools/tool';
import type { Literal } from './literals';
import { personLookup } from './person-lookup';

const str = (description: string): JsonSchemaObject => ({ type: 'string', description });
const tool = (name: string, inputs: Record<string, string>, required: string[], outputs: string[]): Tool => ({
  name,
  description: name,
  category: 'test',
  source: 'builtin',
  parameters: {
    type: 'object',
    properties: Object.fromEntries(Object.entries(inputs).map(([k, d]) => [k, str(d)])),
    required,
  },
  returns: { type: 'object', properties: Object.fromEntries(outputs.map((o) => [o, str(o)])) },
});

const createEvent = tool(
  'create_event',
  { title: 'Title.', attendee_email: 'Email address of the person to invite.' },
  ['title'],
  ['event_id'],
);
const findContact = tool('find_contact', { name: 'Name of the person.' }, ['name'], ['contact_id', 'email']);
const deleteContact = tool('delete_contact', { name: 'Name of the person.' }, ['name'], ['email']);
// Standardized parameters by hand: the attendee's and the contact's e-mail are one concept.
const node: Record<string, string> = { attendee_email: 'param:email', email: 'param:email' };
const world = (tools: Tool[]) => ({
  tools: () => tools,
  paramNodeOf: (_t: string, _d: 'in' | 'out', f: string) => node[f] ?? null,
});
const anna: Literal = {
  kind: 'entity',
  sub: 'person',
  value: 'Anna Keller',
  start: 7,
  end: 11,
  text: 'Anna',
};

describe('personLookup: the look-up for an optional attendee the request names', () => {
  it('plans the reader that turns the name into the attendee e-mail', () => {
    expect(
      personLookup(world([deleteContact, findContact]), createEvent, [anna], { title: 'Review' }),
    ).toEqual({
      field: 'attendee_email',
      producer: 'find_contact',
      nameField: 'name',
      person: 'Anna Keller',
      output: 'email',
    });
  });

  it('is null when no person is named, the name went into an argument, or the attendee is given', () => {
    const w = world([findContact]);
    expect(personLookup(w, createEvent, [], { title: 'Review' })).toBeNull();
    expect(personLookup(w, createEvent, [anna], { title: 'Anna Keller' })).toBeNull();
    expect(personLookup(w, createEvent, [anna], { title: 'x', attendee_email: 'a@b.c' })).toBeNull();
  });

  it('never plans a tool that changes something', () => {
    expect(personLookup(world([deleteContact]), createEvent, [anna], { title: 'Review' })).toBeNull();
  });
});
