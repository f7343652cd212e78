import { describe, expect, it } from 'vitest';
import type { ChainView } from './agent-events';
import { namedValue } from './fill-args';
import { withoutUngroundedProducers } from './grounded-producers';
import { splitSubIntents } from './sub-intents';
import { relevance, standsIn } from './target-choice';
import { stringTool } from '../tools/tool-fixtures.test-util';

const tool = stringTool;

describe('graph-only grounding: values the request gives, producers it speaks of', () => {
  it('drops producers the request does not speak of, cascading, and asks for what they fed', () => {
    const tools = new Map(
      [
        tool('getLeadership', 'Get leaders of an organization', [], ['country']),
        tool('getAirportInfo', 'Get information about an airport', ['code'], ['country']),
        tool('lookupIndustry', 'Look up an industry sector by keyword', ['keyword'], ['sector']),
        tool('assessSupplyChainRisk', 'Assess supply chain risk', ['supply_chain', 'country']),
      ].map((t) => [t.name, t]),
    );
    const chain: ChainView = {
      target: 'assessSupplyChainRisk',
      steps: [
        { step: 0, tool: 'getLeadership', args: {}, deps: [] },
        { step: 1, tool: 'getAirportInfo', args: { code: '$0.country' }, deps: [0] },
        { step: 2, tool: 'lookupIndustry', args: { keyword: 'electronics' }, deps: [] },
        {
          step: 3,
          tool: 'assessSupplyChainRisk',
          args: { supply_chain: '$2.sector', country: '$1.country' },
          deps: [1, 2],
        },
      ],
      missing: [],
      subgraph: { nodes: [], edges: [], pruned: 0 },
      tree: '',
      method: 'test',
      ms: 0,
    };
    const request = 'supply chain risk of the electronics industry in China';
    const { chain: out, dropped } = withoutUngroundedProducers(
      chain,
      3,
      (n) => tools.get(n),
      (t) => relevance(request, t) > 0,
    );
    // getLeadership shares no word with the request; getAirportInfo reads its output, so it goes too.
    expect(dropped).toEqual(['getLeadership', 'getAirportInfo']);
    expect(out.steps.map((s) => s.tool)).toEqual(['lookupIndustry', 'assessSupplyChainRisk']);
    expect(out.steps[1]).toMatchObject({ args: { supply_chain: '$2.sector' }, deps: [2] });
    expect(out.missing).toEqual([
      { tool: 'assessSupplyChainRisk', field: 'country', description: 'The country' },
    ]);
    // Nothing to drop: the same chain object comes back.
    const all = withoutUngroundedProducers(
      chain,
      3,
      (n) => tools.get(n),
      () => true,
    );
    expect(all).toEqual({ chain, dropped: [] });
  });

  it('reads a value the request gives by the input’s own name, not a possessive', () => {
    expect(namedValue('Retrieve research papers related to the topic of sustainability.', 'topic')).toBe(
      'sustainability',
    );
    expect(namedValue('Play music with the genre set to smooth jazz and then call mom', 'genre')).toBe(
      'smooth jazz',
    );
    expect(namedValue('Look up the user ID of 12345 please', 'userId')).toBe('12345 please');
    // "of" + an article or a capital: somebody else's address or population, not the value itself.
    expect(namedValue('Send her the address of the museum', 'address')).toBeUndefined();
    expect(namedValue('Find the population of New York City', 'population')).toBeUndefined();
    expect(namedValue('Find the weather in Paris', 'city')).toBeUndefined();
  });

  it('keeps bare values on lines of their own with the request they belong to', () => {
    const split = splitSubIntents('Can you help me open a bank account?\n12345678\np@ssw0rd123!\nJohn Smith');
    expect(split.map((s) => s.text)).toEqual([
      'Can you help me open a bank account?\n12345678\np@ssw0rd123!\nJohn Smith',
    ]);
    // A second request is still a sub-intent of its own.
    expect(splitSubIntents('Book a table for two. Then email Anna the menu').length).toBe(2);
    expect(splitSubIntents('Book a table for two. Email Anna.').length).toBe(2);
  });

  it('splits at "finally" and before an action on a stored thing, not inside a list of things', () => {
    const texts = (r: string) => splitSubIntents(r).map((s) => s.text);
    expect(
      texts('Write "Hi" into notes.txt, then change the content to "Bye" and finally, delete the file'),
    ).toEqual(['Write "Hi" into notes.txt', 'change the content to "Bye"', 'delete the file']);
    expect(texts('Log into my account and pay the electricity bill')).toEqual([
      'Log into my account',
      'pay the electricity bill',
    ]);
    expect(texts('Compare the price of coffee and tea')).toEqual(['Compare the price of coffee and tea']);
  });

  it('keeps statements of values, notes in brackets and relative clauses with the request they serve', () => {
    const texts = (r: string) => splitSubIntents(r).map((s) => s.text);
    // A statement after the request gives it its values; before the request, it serves the next one.
    expect(texts('Change my train ticket to a sleeper berth. My ID number is 43098119900321456X.')).toEqual([
      'Change my train ticket to a sleeper berth\nMy ID number is 43098119900321456X',
    ]);
    expect(texts('My ID number is 4309. Cancel my ticket.')).toEqual([
      'Cancel my ticket\nMy ID number is 4309',
    ]);
    expect(texts('Demonstrate a shoulder exercise. [current time: 2034-01-01 10:00:00]')).toEqual([
      'Demonstrate a shoulder exercise\n[current time: 2034-01-01 10:00:00]',
    ]);
    // A question about a value is still a request of its own.
    expect(texts('Book a table for two. What is the menu?')).toEqual([
      'Book a table for two',
      'What is the menu?',
    ]);
    // ", which …" describes the thing just named; "check-out" is a noun, not the verb "check".
    expect(texts('Create a file at /docs/notes.txt, which contains our meeting records')).toEqual([
      'Create a file at /docs/notes.txt, which contains our meeting records',
    ]);
    expect(texts('Move my hotel booking to check-in on May 2 and check-out on May 5')).toEqual([
      'Move my hotel booking to check-in on May 2 and check-out on May 5',
    ]);
  });

  it('never splits inside quotes, and splits before "and help me <verb>"', () => {
    const texts = (r: string) => splitSubIntents(r).map((s) => s.text);
    expect(texts("Write 'Plan 2022: 1. Work 2. Study' into it. Then delete it.")).toEqual([
      "Write 'Plan 2022: 1. Work 2. Study' into it",
      'delete it',
    ]);
    expect(texts('Send "Done. Thanks!" to Anna')).toEqual(['Send "Done. Thanks!" to Anna']);
    // An apostrophe is no quote: "Anna's" does not swallow the rest of the request.
    expect(texts("Find Anna's email. Then text her 'late'")).toEqual([
      "Find Anna's email",
      "text her 'late'",
    ]);
    expect(texts('Cancel my repair appointment and help me reschedule it for Saturday')).toEqual([
      'Cancel my repair appointment',
      'help me reschedule it for Saturday',
    ]);
  });

  it('a stand-in must cover the sub-intent at least half as well as the tool that failed', () => {
    const area = tool('calculate_area', 'Calculate the area of a shape', ['shape']);
    const squared = tool('calculate_squared', 'Calculate the square of a number', ['number']);
    const surface = tool('shape_surface', 'Area of a geometric shape', ['shape']);
    const intent = 'calculate the area of a circle shape';
    expect(standsIn(intent, area, squared)).toBe(false);
    expect(standsIn(intent, area, surface)).toBe(true);
  });

  it("joins the user's situation, a request that names nothing and a condition to the request next to them", () => {
    const texts = (r: string) => splitSubIntents(r).map((s) => s.text);
    // Context is no request of its own (it would call a report or an image tool), but its values count.
    expect(texts("I'm heading out for a run in Paris. Can you find the temperature there?")).toEqual([
      "Can you find the temperature there?\nI'm heading out for a run in Paris",
    ]);
    expect(texts("Find the temperature in Toronto. It's getting colder here.")).toEqual([
      "Find the temperature in Toronto\nIt's getting colder here",
    ]);
    // A statement that also asks for something stays a request.
    expect(texts("I'm looking for a hotel in Rome. Book a table for two.")).toHaveLength(2);
    // "Can you fetch that for me?" asks for what the sentence before it said.
    expect(texts('I want to know the version of the library. Can you fetch that for me?')).toEqual([
      'I want to know the version of the library\nCan you fetch that for me?',
    ]);
    // "Make sure …" says how the request before it is done.
    expect(
      texts('Find the weather in Paris. And please, make sure the temperature is in Fahrenheit.'),
    ).toEqual(['Find the weather in Paris\nAnd please\nmake sure the temperature is in Fahrenheit']);
  });
});
