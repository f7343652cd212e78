import { describe, expect, it } from 'vitest';
import { countryCodeIn, isCountryCodeInput } from './countries';

describe('countries by name', () => {
  it('gives the ISO 3166-1 alpha-2 code of the country a request names, the longest name first', () => {
    expect(countryCodeIn('What are the public holidays in France in 2024?')).toBe('FR');
    expect(countryCodeIn('holidays in South Korea next year')).toBe('KR');
    expect(countryCodeIn('flights from the USA to Japan')).toBe('US');
    // A withdrawn code that carries the same name ("DD" is also "Germany") is never the answer.
    expect(countryCodeIn('the next long weekend in Germany')).toBe('DE');
    expect(countryCodeIn('holidays in Russia and France')).toBe('RU');
    expect(countryCodeIn('the weather in Paris')).toBeUndefined();
  });

  it('knows a code input by its name or its description', () => {
    expect(isCountryCodeInput('countryCode', 'Two-character represented country code.')).toBe(true);
    expect(isCountryCodeInput('country', 'ISO 3166 alpha-2 code of the country')).toBe(true);
    expect(isCountryCodeInput('country', 'Name of the country')).toBe(false);
    expect(isCountryCodeInput('code', 'A discount code')).toBe(false);
  });
});
