import { describe, expect, it } from 'vitest';
import { findLiterals } from './literals';
import { thingName } from './thing-name';

const name = (text: string) => thingName(text, findLiterals(text, Date.UTC(2026, 11, 2)));

describe('thingName: the whole proper name of a thing', () => {
  it('keeps acronyms, inner capitals, numbers and "&" inside the name', () => {
    expect(name('Provide information about the vessel named "MSC Seaview."')).toBe('MSC Seaview');
    expect(name('Retrieve the ranking of the iPhone 12 Pro Max in search results')).toBe('iPhone 12 Pro Max');
    expect(name('Check the ethical compliance of Anderson & Davis Financial Services')).toBe(
      'Anderson & Davis Financial Services',
    );
    expect(name('reviews of the popular open-world game, The Witcher 3')).toBe('The Witcher 3');
  });

  it('is no word that opens a sentence, no date, and never runs past the line', () => {
    expect(name('Please find the microloans of Helping Hands Foundation')).toBe('Helping Hands Foundation');
    expect(name('Find the lyrics of the song by Ed Sheeran\nI need them today')).toBe('Ed Sheeran');
    expect(name('Retrieve the schedule on March 3')).toBeUndefined();
  });
});
