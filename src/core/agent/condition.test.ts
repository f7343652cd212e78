import { describe, expect, it } from 'vitest';
import { toSecondPerson } from './condition-gate';
import { conditionVerdict, yesOrNo } from './condition';

const forecast = (condition: string, temperature_c = 9) => ({ temperature_c, condition });

describe('conditionVerdict: a condition the user set, read against what the checking part returned', () => {
  it('weather: the kind asked for holds, another kind named fails, no weather words say nothing', () => {
    expect(conditionVerdict('it rains tomorrow', false, forecast('showers'))).toBe('holds');
    expect(conditionVerdict('it is sunny', false, forecast('light rain'))).toBe('fails');
    expect(conditionVerdict('it snows', false, forecast('partly cloudy'))).toBe('fails');
    expect(conditionVerdict('it is sunny', false, { temperature_c: 9 })).toBe('unknown');
    // "Unless", "does not" and "dry" turn it round.
    expect(conditionVerdict('it rains', true, forecast('light rain'))).toBe('fails');
    expect(conditionVerdict('it does not rain', false, forecast('sunny'))).toBe('holds');
    expect(conditionVerdict('it stays dry', false, forecast('drizzle'))).toBe('fails');
    expect(conditionVerdict('it stays dry', false, forecast('clear sky'))).toBe('holds');
  });

  it('a number with a comparison is compared with the number of the kind it names, else the only one', () => {
    expect(conditionVerdict("it's colder than 5 degrees", false, forecast('sunny', 3))).toBe('holds');
    expect(conditionVerdict("it's colder than 5 degrees", false, forecast('sunny', 5))).toBe('fails');
    expect(conditionVerdict('it is at least 5 degrees', false, forecast('sunny', 5))).toBe('holds');
    const quote = { symbol: 'AAPL', price: 151.2, volume: 30_000 };
    expect(conditionVerdict('the price is below 150', false, quote)).toBe('fails');
    expect(conditionVerdict('the price is over $150', false, quote)).toBe('holds');
    expect(conditionVerdict('the price is not above 150', false, quote)).toBe('fails');
    // Two numbers and no word to choose between them: not said.
    expect(conditionVerdict('it is under 100', false, { low: 90, high: 120 })).toBe('unknown');
    // The comparison decides before the weather words: "the chance of rain" is a number here.
    expect(
      conditionVerdict('the chance of rain is above 50', false, { rain_chance: 20, condition: 'showers' }),
    ).toBe('fails');
  });

  it('a flag named like the condition decides; "so" and "there is" read a lone flag, a list, a status or a record', () => {
    expect(
      conditionVerdict('the user is authenticated', false, { is_authenticated: false, user: 'jd' }),
    ).toBe('fails');
    expect(conditionVerdict('so', false, { available: true })).toBe('holds');
    expect(conditionVerdict('there are any', false, { notes: [] })).toBe('fails');
    expect(conditionVerdict('there are no meetings', false, { events: [], count: 0 })).toBe('holds');
    expect(conditionVerdict('it is available', false, { table: 'T4', status: 'sold out' })).toBe('fails');
    expect(conditionVerdict('the flight is full', false, { flight: 'BA12', status: 'full' })).toBe('holds');
    expect(conditionVerdict('there is one', false, { start_time: '2026-12-08T08:00:00' })).toBe('holds');
    // Not a condition of any kind it knows: not said.
    expect(conditionVerdict('Anna likes it', false, { name: 'Anna' })).toBe('unknown');
  });

  it('yesOrNo reads a yes, a no, or neither', () => {
    expect(['yes', 'Yep, it does', 'ok'].map(yesOrNo)).toEqual([true, true, true]);
    expect(['no', 'Nope', 'it does not'].map(yesOrNo)).toEqual([false, false, false]);
    expect(yesOrNo('maybe later')).toBeNull();
  });
});

describe('toSecondPerson', () => {
  it("says the user's words back to them", () => {
    expect(toSecondPerson('I already have something')).toBe('you already have something');
    expect(toSecondPerson("I'm free and my car is here")).toBe("you're free and your car is here");
    expect(toSecondPerson('I am late for us')).toBe('you are late for you');
    // "am" is only the user's after "I"; "US" is the country.
    expect(toSecondPerson('the flight at 9 am to the US')).toBe('the flight at 9 am to the US');
  });
});
