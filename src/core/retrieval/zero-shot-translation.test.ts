import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { EmbeddingCache } from './embedding-cache';
import type { CandidateTool } from './retriever';
import { shippedTranslationModel } from './shipped-translation';
import { ZeroShotHybrid } from './zero-shot-hybrid';

// The e2e first-time catalogue (e2e/fixtures/first-catalogue-tools.json) as the app hands it to the hybrid.
const CATALOGUE: CandidateTool[] = [
  {
    name: 'get_weather_forecast',
    description: 'Get the weather forecast for a location.',
    details: 'Parameters: location',
  },
  {
    name: 'city_population',
    description: 'Population statistics of a city: how many people live in the city.',
    details: 'Parameters: city',
  },
  { name: 'send_email', description: 'Send an email to a recipient.', details: 'Parameters: to' },
  {
    name: 'book_flight',
    description: 'Book a flight ticket between two airports.',
    details: 'Parameters: from',
  },
  {
    name: 'convert_currency',
    description: 'Convert an amount of money from one currency to another.',
    details: 'Parameters: amount',
  },
];

async function top(query: string, translation: 'shipped' | null): Promise<string | undefined> {
  const embedder = new LexicalEmbedder();
  const cache = new EmbeddingCache(embedder);
  const h = new ZeroShotHybrid({ catalogue: CATALOGUE, embedder, seed: 1, cache }, { translation });
  await h.fit();
  await cache.warm(h.textsToEmbed({ query, history: [] }));
  return h.rank({ query, history: [] })[0]?.tool;
}

describe('the zero-shot hybrid with the shipped translation table', () => {
  it('loads the table the app ships', async () => {
    const model = await shippedTranslationModel();
    expect(model?.size).toBeGreaterThan(5000);
    expect(model?.row('weather').map((e) => e.t)).toContain('forecast');
  });

  // None of these requests shares a content word with its tool's text; the table learned on the shared
  // datasets links "rain" / "temperature" to weather tools, "mail" to email, "exchange" + "dollars" to
  // currency conversion.
  it.each([
    ['Is it going to rain in Paris tomorrow?', 'get_weather_forecast'],
    ['What is the temperature in Oslo?', 'get_weather_forecast'],
    ['Write a mail to Bob', 'send_email'],
    ['Exchange 100 dollars', 'convert_currency'],
  ])('ranks the paraphrased tool first: %s', async (query, tool) => {
    expect(await top(query, 'shipped')).toBe(tool);
    expect(await top(query, null)).not.toBe(tool);
  });
});
