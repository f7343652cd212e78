import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { catalogueTool, firstTurnOn, stringField } from './agent-fixtures.test-util';
import { carryReferences } from './carried-references';

// nestful_v1's graph-only runs: a later part's value that an earlier part's call returns was lost in
// three ways — a reference renumbered onto the target itself ("convert the distance into kilometers"
// called calculate_distance with origin "miles"), a leftover word guessed as a name ("tour" for the
// apartment), and a question asked of the user that the earlier call had just answered.

const TOOLS: Tool[] = [
  catalogueTool(
    'find_apartment',
    'Find an apartment in a city for a given number of bedrooms',
    {
      area: stringField('City where the apartment is located'),
      number_of_beds: { type: 'string', description: 'Number of bed rooms', enum: ['1', '2', '3', '4'] },
    },
    ['area', 'number_of_beds'],
    { property_name: stringField('Name of the apartment'), address: stringField('Address of the apartment') },
  ),
  catalogueTool(
    'schedule_visit',
    'Schedule a visit for a given property on a particular date',
    { property_name: stringField('Name of the apartment'), visit_date: stringField('Date for the visit') },
    ['property_name', 'visit_date'],
    { confirmation: stringField('Confirmation number') },
  ),
];

const OUTPUTS = {
  find_apartment: () => ({ property_name: 'Maple Court', address: '12 Oak St' }),
  schedule_visit: () => ({ confirmation: 'V-1' }),
};

describe('a later part takes the value an earlier part returned', () => {
  it('schedules the visit at the apartment found, not at a leftover word, and asks nothing', async () => {
    const r = await firstTurnOn(
      TOOLS,
      OUTPUTS,
      'Find me a 3-bedroom apartment in San Francisco and schedule a visit to tour the home on 2024-04-15.',
    );
    expect(r.calls.map((c) => [c.tool, c.args.property_name])).toEqual([
      ['find_apartment', undefined],
      ['schedule_visit', 'Maple Court'],
    ]);
    expect(r.questions).toEqual([]);
  });

  it('does not ask for the apartment the first part is about to find', async () => {
    const r = await firstTurnOn(
      TOOLS,
      OUTPUTS,
      'Find me a 4-bedroom apartment in San Francisco and schedule a visit to see the home on 2024-11-02.',
    );
    expect(r.questions).toEqual([]);
    expect(r.calls.map((c) => [c.tool, c.args.property_name])).toEqual([
      ['find_apartment', undefined],
      ['schedule_visit', 'Maple Court'],
    ]);
  });
});

describe('carryReferences: a reference follows the tool it named onto the new chain', () => {
  const step = (n: number, tool: string) => ({ step: n, tool, args: {}, deps: [] });
  const before = [step(0, 'calculate_distance'), step(1, 'convert_distance')];

  it('renumbers onto the producer kept in the new chain', () => {
    const after = [step(0, 'geocode'), step(1, 'calculate_distance'), step(2, 'convert_distance')];
    expect(carryReferences('$0.distance', before, after, 2)).toBe('$1.distance');
    expect(carryReferences('about {$0.distance} miles', before, after, 2)).toBe('about {$1.distance} miles');
  });

  it('never lets a reference point at the target itself, and leaves plain values alone', () => {
    // The producer has run since: the new chain is the target alone, numbered 0.
    expect(carryReferences('$0.distance', before, [step(0, 'convert_distance')], 0)).toBeUndefined();
    expect(carryReferences('miles', before, [step(0, 'convert_distance')], 0)).toBe('miles');
  });
});
