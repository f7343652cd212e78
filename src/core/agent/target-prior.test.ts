import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { chooseTarget } from './target-choice';
import { FAMILIAR_REQUEST, learntRollout, ROLLOUT_BONUS, targetPrior } from './target-prior';

/** Learnt plans scripted as history joined by "," → the next tool (null: done). */
const plans = (next: Record<string, string | null | undefined>, familiarity = 1) => ({
  nextTool: async (_q: string, history: readonly string[]) => next[history.join(',')] ?? null,
  familiarity: async () => familiarity,
});

const tool = (name: string, description: string): Tool => ({
  name,
  description,
  category: 'files',
  source: 'builtin',
  parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
  returns: { type: 'object', properties: {} },
});

describe('learntRollout', () => {
  it('asks for the next tool until the plans say done, from the calls so far', async () => {
    const w = plans({ '': 'file_write', file_write: 'file_modify', 'file_write,file_modify': 'file_delete' });
    expect(await learntRollout(w, 'r', [])).toEqual(['file_write', 'file_modify', 'file_delete']);
    expect(await learntRollout(w, 'r', ['file_write'])).toEqual(['file_modify', 'file_delete']);
  });

  it('stops at a repeat, and says nothing where no model learnt plans', async () => {
    expect(await learntRollout(plans({ '': 'a', a: 'b', 'a,b': 'a' }), 'r', [])).toEqual(['a', 'b']);
    expect(await learntRollout({ nextTool: async () => undefined }, 'r', [])).toBeUndefined();
    expect(await learntRollout({}, 'r', [])).toBeUndefined();
  });
});

describe('targetPrior', () => {
  const w = (familiarity: number) => plans({ '': 'file_write', file_write: 'file_modify' }, familiarity);

  it('gives the tools the plans still expect a bonus, less those another sub-intent serves', async () => {
    const prior = await targetPrior(w(0.5), 'r', [], new Set(['file_write']));
    expect([...(prior ?? [])]).toEqual([['file_modify', ROLLOUT_BONUS]]);
  });

  it('says nothing for a request unlike those the plans were learnt from', async () => {
    expect(await targetPrior(w(FAMILIAR_REQUEST - 0.01), 'r', [], new Set())).toBeUndefined();
    expect(await targetPrior(w(FAMILIAR_REQUEST), 'r', [], new Set())).toBeDefined();
  });
});

/** A catalogue lookup and the tools as candidates, ranked in the order given. */
const catalog = (tools: Tool[]) => ({
  toolOf: (n: string) => tools.find((t) => t.name === n),
  candidates: tools.map((t, i) => ({ tool: t.name, score: 1 - i / 10 })),
});

describe('chooseTarget with a learnt prior', () => {
  const tools = [
    tool('file_modify', 'Change the content written in a file'),
    tool('file_write', 'Write content into a new file'),
  ];
  const { toolOf, candidates } = catalog(tools);
  // Both tools' names hold "file", neither "put": the words tie and the retrieval rank decides.
  const intent = 'put Hello into the report file';

  it('lets the plans choose between look-alikes the words rate about the same', () => {
    expect(chooseTarget(intent, candidates, toolOf, new Set())?.tool).toBe('file_modify');
    const prior = new Map([['file_write', ROLLOUT_BONUS]]);
    expect(chooseTarget(intent, candidates, toolOf, new Set(), [], prior)?.tool).toBe('file_write');
  });

  it('never picks a tool that shares no word with the sub-intent, whatever the plans say', () => {
    const prior = new Map([['file_write', 10]]);
    expect(chooseTarget('weather in Rome', candidates, toolOf, new Set(), [], prior)).toBeNull();
  });
});

describe('chooseTarget by the words alone', () => {
  it('reads "change" as modify too, so the object words decide between a file and an alarm', () => {
    const tools = [
      tool('clock_alarm_change', 'Change the time of an alarm'),
      tool('file_modify', 'Modify the content of a file'),
    ];
    const { toolOf, candidates } = catalog(tools);
    expect(chooseTarget('change the content of the file', candidates, toolOf, new Set())?.tool).toBe(
      'file_modify',
    );
    expect(chooseTarget('change the alarm to 7', candidates, toolOf, new Set())?.tool).toBe(
      'clock_alarm_change',
    );
  });
});

describe('chooseTarget when the command only says "give me"', () => {
  it('lets the object words decide over a tool named after the verb', () => {
    const tools = [
      tool('searchAxolotlImages', 'Search images of axolotls'),
      tool('current_get', 'Current weather and temperature for a location'),
    ];
    const { toolOf, candidates } = catalog(tools);
    // "find" ↔ "search" once weighed three words and picked the image search for a temperature.
    expect(chooseTarget('find the current temperature in Toronto', candidates, toolOf, new Set())?.tool).toBe(
      'current_get',
    );
    // A command that names an action still weighs most: "search" for images is the image search.
    expect(chooseTarget('search images of cute animals', candidates, toolOf, new Set())?.tool).toBe(
      'searchAxolotlImages',
    );
  });
});

describe('chooseTarget never swaps destroying for making', () => {
  it('skips a candidate whose verb deletes when the request makes or reads, and the reverse', () => {
    const tools = [tool('notes_create', 'Create a note'), tool('notes_delete', 'Delete a note')];
    const { toolOf, candidates } = catalog(tools);
    expect(chooseTarget('delete all my notes', candidates, toolOf, new Set())?.tool).toBe('notes_delete');
    // With the delete tool gone (failed, or not in the catalogue) the request has no target at all.
    expect(chooseTarget('delete all my notes', candidates, toolOf, new Set(['notes_delete']))).toBeNull();
    expect(chooseTarget('create a note saying hi', candidates, toolOf, new Set(['notes_create']))).toBeNull();
  });
});
