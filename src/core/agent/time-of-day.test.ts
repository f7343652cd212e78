import { describe, expect, it } from 'vitest';
import { narrowToPeriod, periodSaid } from './time-of-day';
import { conditionVerdict } from './condition';

const day = {
  events: [
    { title: 'Budget review', start_time: '2026-12-04T09:30:00', end_time: '2026-12-04T10:30:00' },
    { title: 'Lunch', start_time: '2026-12-04T11:30:00', end_time: '2026-12-04T12:30:00' },
    { title: 'Dentist', start_time: '2026-12-04T16:00:00', end_time: '2026-12-04T16:30:00' },
  ],
  count: 3,
};

describe('narrowToPeriod', () => {
  it('keeps the timed items that overlap the part of the day named, and the count follows', () => {
    // Lunch 11:30–12:30 overlaps both the morning (5–12) and the afternoon (12–18).
    expect(narrowToPeriod('I have no meetings on Friday morning', day)).toEqual({
      events: [day.events[0], day.events[1]],
      count: 2,
    });
    expect(narrowToPeriod('I have no meetings on Friday afternoon', day)).toEqual({
      events: [day.events[1], day.events[2]],
      count: 2,
    });
    expect(narrowToPeriod('I am free in the evening', day)).toEqual({ events: [], count: 0 });
  });

  it('leaves a result alone when no period is named or its lists are not timed', () => {
    expect(narrowToPeriod('I have no meetings on Friday', day)).toBe(day);
    const names = { items: [{ name: 'a' }, { name: 'b' }] };
    expect(narrowToPeriod('this evening', names)).toEqual(names);
    // A point in time (no end) counts when it falls inside.
    expect(
      narrowToPeriod('tonight', { slots: [{ time: '2026-12-04T18:00' }, { time: '2026-12-04T17:59' }] }),
    ).toEqual({
      slots: [{ time: '2026-12-04T18:00' }],
    });
  });

  it('decides "no meetings on … evening" on the evening only', () => {
    expect(conditionVerdict('I have no meetings on Friday evening', false, day)).toBe('holds');
    expect(conditionVerdict('I have no meetings on Friday afternoon', false, day)).toBe('fails');
    expect(conditionVerdict('I have no meetings on Friday', false, day)).toBe('fails');
  });

  it('periodSaid names the hours', () => {
    expect(periodSaid('Friday afternoon')).toEqual({ from: 12, to: 18, said: 'afternoon' });
    expect(periodSaid('at noon')).toBeUndefined();
  });
});
