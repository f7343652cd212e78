import { describe, expect, it } from 'vitest';
import { stringTool } from '../tools/tool-fixtures.test-util';
import { chooseTarget } from './target-choice';

describe('chooseTarget: a booking, an order, a reply is no lookup', () => {
  const tools = [
    stringTool('getSpecificVerse', 'Get a verse by book name, chapter number and verse number.', ['book']),
    stringTool('searchRestaurants', 'Search restaurants and tables in a city.', ['city']),
    stringTool('WellnessRetreatBooking', 'Reserve a place at a wellness retreat.', ['retreat']),
  ];
  const toolOf = (n: string) => tools.find((t) => t.name === n);
  const candidates = tools.map((t) => ({ tool: t.name, score: 1 }));
  const choose = (intent: string, only: string[]) =>
    chooseTarget(
      intent,
      candidates.filter((c) => only.includes(c.tool)),
      toolOf,
      new Set(),
    )?.tool ?? null;

  it('"Book a table" with only a search finds no target; a tool whose words say the act serves it', () => {
    expect(choose('Book a table at a restaurant', ['searchRestaurants'])).toBeNull();
    expect(choose('Book a wellness retreat in Bali', ['WellnessRetreatBooking'])).toBe(
      'WellnessRetreatBooking',
    );
  });

  it('"book name, chapter number …?" is a noun, not the command (toolalpaca test lost the verse lookup)', () => {
    expect(choose('book name, chapter number, and version name?', ['getSpecificVerse'])).toBe(
      'getSpecificVerse',
    );
  });
});
