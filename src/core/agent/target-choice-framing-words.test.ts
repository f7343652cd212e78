import { describe, expect, it } from 'vitest';
import { stringTool } from '../tools/tool-fixtures.test-util';
import { chooseTarget } from './target-choice';

const choose = (intent: string, tools: ReturnType<typeof stringTool>[]) =>
  chooseTarget(
    intent,
    tools.map((t) => ({ tool: t.name, score: 1 })),
    (n) => tools.find((t) => t.name === n),
    new Set(),
  )?.tool;

describe('chooseTarget: words that frame a request, not what it is about', () => {
  it('"check the weather" asks for the weather, not the tool named "check"', () => {
    const tools = [
      stringTool('checkIPReputation', 'Check the reputation of an IP address.', ['ip']),
      stringTool('current_weather', 'Get the current weather for a city.', ['city']),
    ];
    expect(choose('Could you check the weather for me?', tools)).toBe('current_weather');
  });

  it('"check-in date" is a noun: booking a room is no availability check', () => {
    const tools = [
      stringTool(
        'check_room_availability',
        'Check the availability and price of room types at a specified hotel on specific dates',
        ['hotel_name', 'check_in_date', 'check_out_date'],
      ),
      stringTool('hotel_booking', 'Complete the hotel room booking process', ['hotelName', 'checkInDate']),
    ];
    expect(
      choose(
        'I need to book two deluxe suites at the JX001 hotel in Beijing, with the check-in date on April 10, 2025, and the check-out date on April 15, 2025.',
        tools,
      ),
    ).toBe('hotel_booking');
  });

  it('"its" says nothing about the tool ("by its ICAO identifier" is no definition)', () => {
    const tools = [
      stringTool('airports_get', 'Get an airport by its ICAO or FAA identifier', ['apt']),
      stringTool('word_definitions', 'Get word definitions and examples of usage', ['word']),
    ];
    expect(choose('I need its definition, pronunciation and some examples of its usage', tools)).toBe(
      'word_definitions',
    );
  });

  it('"the API" and "information" name no tool; a listing of parameters in a description is no name', () => {
    const tools = [
      stringTool('getAnimeDetails', 'Retrieve information about an anime.', ['animeId']),
      stringTool('getFruitByFamily', 'Get a fruit by family', ['family']),
      stringTool(
        'latest_get',
        'Get exchange rates for currencies.\nParameters: {"symbols": "A list of all currencies"}',
        ['symbols'],
      ),
      stringTool('getAllFruits', 'Get all fruits', []),
    ];
    expect(choose('Can you retrieve information about a fruit from this family using the API?', tools)).toBe(
      'getFruitByFamily',
    );
    expect(choose('Could you retrieve a list of all fruits?', tools)).toBe('getAllFruits');
  });
});
