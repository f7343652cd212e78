import { describe, expect, it } from 'vitest';
import { fanOutIntents, fanOutList } from './list-fanout';
import { findLiterals } from './literals';

const TODAY = Date.UTC(2026, 10, 24, 10);
const LEXICON = [
  { kind: 'city', value: 'Paris', aliases: [] },
  { kind: 'city', value: 'Berlin', aliases: [] },
  { kind: 'city', value: 'Lisbon', aliases: [] },
  { kind: 'person', value: 'Anna Keller', aliases: ['anna'] },
  { kind: 'person', value: 'Bob Chen', aliases: ['bob'] },
];
const fan = (text: string) => fanOutList(text, findLiterals(text, TODAY, LEXICON));

describe('fanOutList', () => {
  it('makes one request per named place of a list, with any separator between them', () => {
    expect(fan('What is the weather in Paris, Berlin and Lisbon?')).toEqual([
      'What is the weather in Paris?',
      'What is the weather in Berlin?',
      'What is the weather in Lisbon?',
    ]);
    expect(fan('Weather in Paris and in Berlin')).toEqual(['Weather in Paris', 'Weather in Berlin']);
  });

  it('leaves a route, a meeting of two people and a single place whole; fans out the recipients of a message', () => {
    expect(fan('Directions from Paris to Berlin')).toHaveLength(1);
    expect(fan('Schedule a meeting with Anna and Bob')).toHaveLength(1);
    expect(fan('Weather in Paris')).toHaveLength(1);
    expect(fan('Text Anna and Bob that I am late')).toEqual([
      'Text Anna that I am late',
      'Text Bob that I am late',
    ]);
  });

  it('renumbers, and a later part that builds on a fanned one builds on every copy', () => {
    const split = fanOutIntents(
      [
        { rank: 1, text: 'Weather in Paris and Berlin', dependsOn: [] },
        { rank: 2, text: 'email them to Anna', dependsOn: [1] },
      ],
      (t) => findLiterals(t, TODAY, LEXICON),
    );
    expect(split.map((s) => [s.rank, s.text, s.dependsOn])).toEqual([
      [1, 'Weather in Paris', []],
      [2, 'Weather in Berlin', []],
      [3, 'email them to Anna', [1, 2]],
    ]);
  });
  it('"the next 3 days" and "this weekend" ask once per day, unless the tool takes the span itself', () => {
    const texts = (text: string, takesSpan = false) =>
      fanOutIntents(
        [{ rank: 1, text, dependsOn: [] }],
        (t) => findLiterals(t, TODAY, LEXICON),
        () => takesSpan,
      ).map((s) => s.text);
    // TODAY is Tuesday 2026-11-24: its weekend is the 28th and 29th.
    expect(texts('What is the weather in Paris for the next 3 days?')).toEqual([
      'What is the weather in Paris on 2026-11-25?',
      'What is the weather in Paris on 2026-11-26?',
      'What is the weather in Paris on 2026-11-27?',
    ]);
    expect(texts('What am I doing this weekend?')).toEqual([
      'What am I doing on 2026-11-28?',
      'What am I doing on 2026-11-29?',
    ]);
    // bfcl: `detailed_weather_forecast(location, days)` answers the three days in one call.
    expect(texts('Find the high and low temperatures for London for the next 3 days', true)).toEqual([
      'Find the high and low temperatures for London for the next 3 days',
    ]);
    // An act is done once.
    expect(texts('Book a table this weekend')).toEqual(['Book a table this weekend']);
  });
});
