import { describe, expect, it } from 'vitest';
import { dateForInput } from './date-for-input';
import { toolFields } from './field-kind';
import { findLiterals } from './literals';

const TODAY = Date.UTC(2025, 0, 6);
const field = (name: string) =>
  toolFields({ type: 'object', properties: { [name]: { type: 'string' } } })[0]!;

describe('dateForInput', () => {
  const hotel =
    'Book two suites at the JX001 hotel, with the check-in date on April 10, 2025, and the check-out date on April 15, 2025.';
  const lits = findLiterals(hotel, TODAY);

  it('gives each date input the date written after its own words', () => {
    expect(dateForInput(field('check_in_date'), hotel, lits)).toBe('2025-04-10');
    expect(dateForInput(field('checkOutDate'), hotel, lits)).toBe('2025-04-15');
  });

  it('an end without its words in the request takes the last date, anything else the first', () => {
    const trip = 'Rent a car in Shanghai from May 2, 2025 to May 4, 2025';
    const l = findLiterals(trip, TODAY);
    expect(dateForInput(field('end_date'), trip, l)).toBe('2025-05-04');
    expect(dateForInput(field('return_date'), trip, l)).toBe('2025-05-04');
    expect(dateForInput(field('start_date'), trip, l)).toBe('2025-05-02');
    expect(dateForInput(field('departure_date'), trip, l)).toBe('2025-05-02');
  });

  it('says nothing with one date (the caller keeps its own)', () => {
    const one = 'Check in on April 10, 2025';
    expect(dateForInput(field('check_out_date'), one, findLiterals(one, TODAY))).toBeUndefined();
  });
});
