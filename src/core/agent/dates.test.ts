import { describe, expect, it } from 'vitest';
import { findDates, findTimes } from './dates';

// Sunday 2026-12-06, 10:00 UTC.
const TODAY = Date.parse('2026-12-06T10:00:00Z');

describe('ranges of bare hours (tenth QA pass)', () => {
  const times = (text: string) => findTimes(text).map((t) => [t.time, text.slice(t.start, t.end)]);
  it('reads "from 10 to 1", "2 to 4 pm", "9-11am", "12-1:30" as two times, and no count as a time', () => {
    expect(times('on the 19th from 10 to 1')).toEqual([
      ['10:00', '10'],
      ['13:00', '1'],
    ]);
    expect(times('Block out 2 to 4 pm tomorrow')).toEqual([
      ['14:00', '2'],
      ['16:00', '4 pm'],
    ]);
    expect(times('9-11am')).toEqual([
      ['09:00', '9'],
      ['11:00', '11am'],
    ]);
    expect(times('from 9:00 to 9:45')).toEqual([
      ['09:00', '9:00'],
      ['09:45', '9:45'],
    ]);
    expect(times('lunch 12-1:30')).toEqual([
      ['12:00', '12'],
      ['13:30', '1:30'],
    ]);
    expect(times('3 to 5 days')).toEqual([]);
    expect(times('a room for 2 to 4 people')).toEqual([]);
    expect(times('2026-12-07')).toEqual([]);
  });
});

describe('a day of the month without its month (tenth QA pass)', () => {
  const dates = (text: string) => findDates(text, TODAY).map((d) => [d.date, text.slice(d.start, d.end)]);
  it('is the next such day; with a weekday, the next day that is both', () => {
    expect(dates('on the 19th from 10 to 1')).toEqual([['2026-12-19', 'the 19th']]);
    expect(dates('on the 6th')).toEqual([['2026-12-06', 'the 6th']]);
    expect(dates('the 3rd')).toEqual([['2027-01-03', 'the 3rd']]);
    // 2027-04-09 is the next Friday that is a 9th.
    expect(dates('Friday the 9th')).toEqual([['2027-04-09', 'Friday the 9th']]);
    expect(dates('December the 3rd')).toEqual([['2026-12-03', 'December the 3rd']]);
    expect(dates('the 19th of December')).toEqual([['2026-12-19', 'the 19th of December']]);
  });
});
