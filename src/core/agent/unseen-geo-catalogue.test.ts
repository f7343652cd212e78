import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { catalogueTool, firstTurnOn, stringField } from './agent-fixtures.test-util';

// A geocoder, holiday, avatar and hotel catalogue nobody has called yet (seventh QA pass, on a stress dataset of odd
// schemas). Before it: "Where is Zürich?" found no tool (a where-question asked only for an address),
// and "… and book it" asked for the hotel the search had just returned (an object input, from a list
// named by its plural); "in France" gave no two-letter country code, and "in pixel style as png" no style
// or format (the last two from toolalpaca requests).

const TOOLS: Tool[] = [
  catalogueTool(
    'geo.lookup',
    'Look up coordinates of a city',
    { q: stringField('Place to look up') },
    ['q'],
    { lat: { type: 'number' }, lon: { type: 'number' } },
  ),
  catalogueTool(
    'public_holidays',
    'Get the public holidays of a year',
    {
      year: { type: 'integer', description: 'Year' },
      countryCode: stringField('Two-character represented country code. For instance, CN represents China.'),
    },
    ['year', 'countryCode'],
    { holidays: { type: 'array', items: { type: 'string' } } },
  ),
  catalogueTool(
    'generate_avatar',
    "Create a unique avatar from the user's preferences",
    { userId: stringField(''), style: stringField(''), format: stringField('') },
    ['userId'],
    { url: stringField('Avatar URL') },
  ),
  catalogueTool(
    'getRecipe',
    'Find a recipe',
    { cuisine_type: stringField('Cuisine type') },
    ['cuisine_type'],
    { recipe: stringField('Recipe') },
  ),
  catalogueTool(
    'add_agenda',
    'Add an agenda item',
    {
      content: stringField('The content of the agenda.'),
      time: stringField('The time for agenda. Format: %Y-%m-%d %H:%M:%S'),
    },
    ['content', 'time'],
    { status: stringField('Status') },
  ),
  catalogueTool('search_hotels', 'Search hotels in a city', { city: stringField('City') }, ['city'], {
    hotels: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
    },
  }),
  catalogueTool(
    'book_hotel',
    'Book a hotel room',
    {
      hotel: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' } },
        description: 'The hotel',
      },
    },
    ['hotel'],
    { booking_id: stringField('Booking id') },
  ),
];

const OUTPUTS: Record<string, (args: Record<string, unknown>) => unknown> = {
  'geo.lookup': () => ({ lat: 47.37, lon: 8.54 }),
  search_hotels: () => ({
    hotels: [
      { id: 'h-1', name: 'Park Inn' },
      { id: 'h-2', name: 'Lake View' },
    ],
  }),
  book_hotel: () => ({ booking_id: 'b-1' }),
  public_holidays: () => ({ holidays: ['New Year'] }),
  generate_avatar: () => ({ url: 'https://example.com/a.png' }),
  getRecipe: () => ({ recipe: 'r' }),
  add_agenda: () => ({ status: 'ok' }),
};

const run = (request: string) => firstTurnOn(TOOLS, OUTPUTS, request);

describe('graph-only agent on a geocoder and hotel catalogue seen for the first time', () => {
  it('"Where is Zürich?" asks the tool that gives coordinates', async () => {
    const r = await run('Where is Zürich?');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([['geo.lookup', { q: 'Zürich' }]]);
  });

  it('"Find a hotel in Tokyo and book it" books the first hotel the search returned', async () => {
    const r = await run('Find a hotel in Tokyo and book it');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['search_hotels', { city: 'Tokyo' }],
      ['book_hotel', { hotel: { id: 'h-1', name: 'Park Inn' } }],
    ]);
  });

  it('"public holidays in France" gives the two-letter code the input asks for', async () => {
    const r = await run('What are the public holidays in France in 2024?');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['public_holidays', { year: 2024, countryCode: 'FR' }],
    ]);
  });

  it('"an avatar in pixel style as png" fills the style and the format', async () => {
    const r = await run('Make me an avatar in pixel style as png for user 42');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['generate_avatar', { userId: '42', style: 'pixel', format: 'png' }],
    ]);
  });

  it('a two-word input name is no modifier: "the cuisine type “Thai”" gives Thai, not "cuisine"', async () => {
    const r = await run('Find a recipe for the cuisine type "Thai".');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([['getRecipe', { cuisine_type: 'Thai' }]]);
  });

  it('an input named "time" whose format is "%Y-%m-%d %H:%M:%S" takes the date and the time, so written', async () => {
    const r = await run('Add an agenda item on 2023-03-24 14:00:00. The content is "Lunch with friends".');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['add_agenda', { content: 'Lunch with friends', time: '2023-03-24 14:00:00' }],
    ]);
  });
});
