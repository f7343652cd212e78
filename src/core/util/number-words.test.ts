import { describe, expect, it } from 'vitest';
import { numberOfWords, numbersAsDigits } from './number-words';

describe('numbers said in words', () => {
  it('reads tens, units, hyphens and hundreds', () => {
    expect(numberOfWords('twenty-five')).toBe(25);
    expect(numberOfWords('two hundred')).toBe(200);
    expect(numberOfWords('ninety nine')).toBe(99);
    expect(numberOfWords('many')).toBeNull();
  });

  it('writes them in digits only before a unit, a currency or a stretch of time', () => {
    expect(numbersAsDigits('Convert twenty dollars to euros')).toBe('Convert 20 dollars to euros');
    expect(numbersAsDigits("What's the date in two days?")).toBe("What's the date in 2 days?");
    expect(numbersAsDigits('Find a free three hour slot')).toBe('Find a free 3 hour slot');
    expect(numbersAsDigits('Book a room for two nights for three adults')).toBe(
      'Book a room for 2 nights for three adults',
    );
    // A note keeps its words; "one" that is no count stays.
    expect(numbersAsDigits('Create a note saying buy two apples')).toBe(
      'Create a note saying buy two apples',
    );
    expect(numbersAsDigits('Show me the first one')).toBe('Show me the first one');
    expect(numbersAsDigits('Someone bought the tickets')).toBe('Someone bought the tickets');
  });
});
