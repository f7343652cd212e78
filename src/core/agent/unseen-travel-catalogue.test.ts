import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { catalogueTool, firstTurnOn, stringField } from './agent-fixtures.test-util';

// A weather, banking and hotel catalogue nobody has called yet (sixth QA pass). Before it: a second
// weather call for "I need the data in metric units", an IP checker for "check the weather", one hotel
// date for both check-in and check-out, the city as the guest's name, no password from "password
// mySecretPass123", and no balance after "… and immediately check and display my balance".

const TOOLS: Tool[] = [
  catalogueTool(
    'current_weather',
    'Get the current weather for a city.',
    {
      city: stringField('City name'),
      units: { type: 'string', enum: ['metric', 'imperial'], description: 'Units of the figures' },
    },
    ['city'],
    { temperature: { type: 'number' }, wind_speed: { type: 'number' } },
  ),
  catalogueTool(
    'checkIPReputation',
    'Check the reputation of an IP address reported in the last days.',
    {
      ip: stringField('IP address to check'),
      max_age_in_days: { type: 'integer', description: 'Days back' },
    },
    ['ip'],
    { score: { type: 'integer' } },
  ),
  catalogueTool(
    'setPriceAlert',
    'Receive notifications when a currency pair reaches a price.\nParameters: {"direction": "above or below", "speed": "how fast to notify"}',
    { currency_pair: stringField('Pair'), direction: stringField('above or below') },
    [],
    { alert_id: stringField('Alert id') },
  ),
  catalogueTool(
    'account_login',
    'Log in to a bank account.',
    { account_id: stringField('Account ID'), password: stringField('User password') },
    ['account_id', 'password'],
    { session: stringField('Session token') },
  ),
  catalogueTool(
    'account_balance',
    'Query the balance of a bank account.',
    { session: stringField('Session token') },
    [],
    {
      balance: { type: 'number' },
    },
  ),
  catalogueTool(
    'book_room',
    'Book a hotel room.',
    {
      hotel_name: stringField('Hotel name'),
      city: stringField('City of the hotel'),
      check_in_date: stringField('Check-in date'),
      check_out_date: stringField('Check-out date'),
      guest_name: stringField('Guest name'),
    },
    ['hotel_name', 'check_in_date', 'check_out_date'],
    { confirmation: stringField('Confirmation number') },
  ),
  catalogueTool(
    'modify_booking',
    'Modify a hotel booking.',
    {
      confirmation: stringField('Confirmation number'),
      check_in_date: stringField('New check-in date'),
      check_out_date: stringField('New check-out date'),
    },
    ['confirmation'],
    { status: stringField('Status') },
  ),
  catalogueTool(
    'search_flights',
    'Search flights to a destination city.',
    { destination: stringField('Destination city') },
    ['destination'],
    {
      flights: { type: 'array', items: { type: 'string' } },
    },
  ),
];

const OUTPUTS: Record<string, (args: Record<string, unknown>) => unknown> = {
  current_weather: () => ({ temperature: 21, wind_speed: 12 }),
  checkIPReputation: () => ({ score: 0 }),
  setPriceAlert: () => ({ alert_id: 'a-1' }),
  account_login: () => ({ session: 's-1' }),
  account_balance: () => ({ balance: 1200 }),
  book_room: () => ({ confirmation: 'C-1' }),
  modify_booking: () => ({ status: 'ok' }),
  search_flights: () => ({ flights: ['AF1'] }),
};

const run = (request: string) => firstTurnOn(TOOLS, OUTPUTS, request);
const calls = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => [c.tool, c.args]);

describe('graph-only agent on a travel and banking catalogue seen for the first time', () => {
  it('makes one weather call for a request and the units said in the next sentence', async () => {
    const r = await run('Can you get me the current weather for Denver? I need the data in metric units.');
    expect(calls(r)).toEqual([['current_weather', { city: 'Denver', units: 'metric' }]]);
    expect(r.subIntents.every((s) => s.status === 'done')).toBe(true);
  });

  it('reads "check the weather" as asking for it, with the situation and the interest around it', async () => {
    const r = await run(
      "I'm planning a picnic this weekend in London. Could you check the current weather for me? I'm particularly interested in the wind speed and direction.",
    );
    expect(calls(r)).toEqual([['current_weather', { city: 'London' }]]);
  });

  it('one weather call serves a later question the same tool answers, whose leftover words are no city', async () => {
    const r = await run(
      'Check the weather in Oslo for me. Also, could you tell me what the wind speed will be?',
    );
    expect(calls(r)).toEqual([['current_weather', { city: 'Oslo' }]]);
    expect(r.subIntents.map((s) => s.note ?? '')).toEqual(['', 'Served by the same call as #1.']);
  });

  it('keeps two searches for two destinations said apart', async () => {
    const r = await run('Find flights to Paris. Also find flights to Rome.');
    expect(calls(r)).toEqual([
      ['search_flights', { destination: 'Paris' }],
      ['search_flights', { destination: 'Rome' }],
    ]);
  });

  it('logs in with the coded password, then "immediately check and display" the balance', async () => {
    const r = await run(
      'Please log into my account with account ID 9527 and password mySecretPass123, and immediately check and display my balance',
    );
    expect(r.calls.map((c) => c.tool)).toEqual(['account_login', 'account_balance']);
    expect(r.calls[0]!.args).toEqual({ account_id: '9527', password: 'mySecretPass123' });
  });

  it('gives each hotel date its own input, the hotel its code and the guest the name said for it', async () => {
    const r = await run(
      'I need to book a room at the JX001 hotel in Beijing, with the check-in date on April 10, 2025, and the check-out date on April 15, 2025. The reservation is for Li Ming.',
    );
    expect(calls(r)).toEqual([
      [
        'book_room',
        {
          hotel_name: 'JX001',
          city: 'Beijing',
          check_in_date: '2025-04-10',
          check_out_date: '2025-04-15',
          guest_name: 'Li Ming',
        },
      ],
    ]);
  });

  it('"…, change to check-in on …" is what the modification changes, not a second request', async () => {
    const r = await run(
      'Modify my hotel booking, the confirmation number is JH748, change to check-in on November 16, 2025 and check-out on November 19, 2025',
    );
    expect(calls(r)).toEqual([
      [
        'modify_booking',
        { confirmation: 'JH748', check_in_date: '2025-11-16', check_out_date: '2025-11-19' },
      ],
    ]);
  });
});
