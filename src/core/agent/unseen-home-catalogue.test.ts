import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { catalogueTool, firstTurnOn, stringField } from './agent-fixtures.test-util';

// A smart-home, recipe and library catalogue nobody has called yet (no traces): the graph-only agent
// asked for every room, list and recipe id, took a whole question as a book title, and answered "book a
// flight" with a library reservation.

const TOOLS: Tool[] = [
  catalogueTool(
    'set_thermostat',
    "Set the target temperature of a room's thermostat.",
    {
      room: stringField('Room name, e.g. living room'),
      temperature: { type: 'number', description: 'Celsius' },
    },
    ['room', 'temperature'],
    { ok: { type: 'boolean' } },
  ),
  catalogueTool(
    'turn_on_lights',
    'Switch the lights of a room on, optionally dimmed.',
    { room: stringField('Room name'), brightness: { type: 'integer', description: 'Brightness 0-100' } },
    ['room'],
    { ok: { type: 'boolean' } },
  ),
  catalogueTool(
    'turn_off_lights',
    'Switch the lights of a room off.',
    { room: stringField('Room name') },
    ['room'],
    {
      ok: { type: 'boolean' },
    },
  ),
  catalogueTool(
    'search_recipes',
    'Find recipes by ingredient or dish name.',
    {
      query: stringField('Ingredient or dish'),
      max_minutes: { type: 'integer', description: 'Longest cooking time' },
    },
    ['query'],
    {
      recipes: {
        type: 'array',
        items: {
          type: 'object',
          properties: { recipe_id: stringField('Recipe id'), title: stringField('Title') },
        },
      },
    },
  ),
  catalogueTool(
    'get_recipe',
    'Get the ingredients and steps of a recipe.',
    { recipe_id: stringField('Recipe id') },
    ['recipe_id'],
    {
      ingredients: { type: 'array', items: { type: 'string' } },
    },
  ),
  catalogueTool(
    'add_to_shopping_list',
    'Add items to the shopping list.',
    { items: { type: 'array', items: { type: 'string' }, description: 'Items to add' } },
    ['items'],
    { count: { type: 'integer' } },
  ),
  catalogueTool(
    'find_book',
    'Search the library catalogue for a book by title or author.',
    { title: stringField('Book title'), author: stringField('Author name') },
    [],
    { isbn: stringField('ISBN'), available: { type: 'boolean' } },
  ),
  catalogueTool(
    'reserve_book',
    'Reserve a library book by ISBN.',
    { isbn: stringField('ISBN of the book') },
    ['isbn'],
    {
      reservation_id: stringField('Reservation id'),
    },
  ),
  catalogueTool(
    'renew_loan',
    'Renew a book you have borrowed.',
    { isbn: stringField('ISBN of the borrowed book') },
    ['isbn'],
    {
      due_date: stringField('New due date'),
    },
  ),
];

const OUTPUTS: Record<string, (args: Record<string, unknown>) => unknown> = {
  set_thermostat: () => ({ ok: true }),
  turn_on_lights: () => ({ ok: true }),
  turn_off_lights: () => ({ ok: true }),
  search_recipes: () => ({
    recipes: [
      { recipe_id: 'r-7', title: 'Carbonara' },
      { recipe_id: 'r-9', title: 'Pesto' },
    ],
  }),
  get_recipe: () => ({ ingredients: ['pasta', 'eggs'] }),
  add_to_shopping_list: (a) => ({ count: (a.items as unknown[]).length }),
  find_book: () => ({ isbn: '978-0441013593', available: true }),
  reserve_book: () => ({ reservation_id: 'res-1' }),
  renew_loan: () => ({ due_date: '2027-01-05' }),
};

const run = (request: string) => firstTurnOn(TOOLS, OUTPUTS, request);
const calls = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => [c.tool, c.args]);

describe('graph-only agent on a catalogue seen for the first time', () => {
  it('takes the room from "the living room", "in the hallway", "the kitchen lights"', async () => {
    expect(calls(await run('Set the living room to 21 degrees'))).toEqual([
      ['set_thermostat', { room: 'living room', temperature: 21 }],
    ]);
    expect(calls(await run('Switch off the lights in the hallway'))).toEqual([
      ['turn_off_lights', { room: 'hallway' }],
    ]);
    expect(calls(await run('Turn on the kitchen lights at 40% brightness'))).toEqual([
      ['turn_on_lights', { room: 'kitchen', brightness: 40 }],
    ]);
    expect(calls(await run('Make it cooler in the office, 19 degrees please'))).toEqual([
      ['set_thermostat', { room: 'office', temperature: 19 }],
    ]);
  });

  it('lists what "milk, eggs and butter" names for an array of strings', async () => {
    expect(calls(await run('Add milk, eggs and butter to my shopping list'))).toEqual([
      ['add_to_shopping_list', { items: ['milk', 'eggs', 'butter'] }],
    ]);
  });

  it("searches for the dish, not the tool's own word, and reads the first recipe the search found", async () => {
    const r = await run('Find a pasta recipe that takes under 30 minutes and show me its ingredients');
    expect(calls(r)).toEqual([
      ['search_recipes', { query: 'pasta', max_minutes: 30 }],
      ['get_recipe', { recipe_id: 'r-7' }],
    ]);
  });

  it('"Dune by Frank Herbert … If so, reserve it": title and author, and no part for "If so"', async () => {
    const r = await run(
      'Is Dune by Frank Herbert available at the library? If so, reserve it for pickup at the Central branch',
    );
    expect(calls(r)).toEqual([
      ['find_book', { title: 'Dune', author: 'Frank Herbert' }],
      ['reserve_book', { isbn: '978-0441013593' }],
    ]);
    expect(r.answer).not.toMatch(/If so/);
  });

  it('takes an input named in capitals ("ISBN 978-…") and books no library book for a flight', async () => {
    expect(calls(await run('Renew my loan of the book with ISBN 978-0441013593'))).toEqual([
      ['renew_loan', { isbn: '978-0441013593' }],
    ]);
    const flight = await run('Book me a flight to Rome');
    expect(flight.calls).toEqual([]);
    expect(flight.answer).toMatch(/None of my tools/);
  });
});
