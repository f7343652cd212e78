import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { nothingToPass, scalarFromLists } from './list-args';

const read: Tool = {
  name: 'mail_read',
  description: 'Read one email.',
  parameters: {
    type: 'object',
    properties: { message_id: { type: 'string' }, tags: { type: 'array' } },
    required: ['message_id'],
  },
  returns: null,
  category: 'mail',
  source: 'builtin',
};
const steps = [
  { step: 0, tool: 'mail_search', args: {}, deps: [] },
  { step: 1, tool: 'mail_read', args: { message_id: '$0.messages' }, deps: [0] },
];

describe('scalarFromLists', () => {
  it('takes the first item’s field of the same name, else its one id', () => {
    expect(scalarFromLists(read, { message_id: [{ message_id: 'm-1' }, { message_id: 'm-2' }] })).toEqual({
      message_id: 'm-1',
    });
    expect(scalarFromLists(read, { message_id: [{ id: 'x' }] })).toEqual({ message_id: 'x' });
    // An array input keeps its list.
    expect(scalarFromLists(read, { tags: [{ id: 'x' }] })).toEqual({ tags: [{ id: 'x' }] });
  });
});

describe('nothingToPass', () => {
  it('an empty list into a scalar input: the producer found nothing, and no call is made', () => {
    const f = nothingToPass(read, { message_id: [] }, steps[1]!.args, steps);
    expect(f).toEqual({
      kind: 'invalid-arguments',
      code: 'input-not-found',
      message: 'mail_search found no messages, so there is no message id for mail_read.',
    });
  });

  it('is null for a value, for an array input, and for a list the plan did not pass on', () => {
    expect(nothingToPass(read, { message_id: 'm-1' }, steps[1]!.args, steps)).toBeNull();
    expect(nothingToPass(read, { tags: [] }, { tags: '$0.messages' }, steps)).toBeNull();
    // The user's own empty list (no reference) is the gate's to judge.
    expect(nothingToPass(read, { message_id: [] }, { message_id: [] }, steps)).toBeNull();
  });
});
