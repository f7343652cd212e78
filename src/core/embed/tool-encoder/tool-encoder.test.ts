import { describe, expect, it } from 'vitest';
import { createSession, initOrt, releaseSession, run } from '../../ml/ort-runtime';
import { LexicalEmbedder } from '../lexical-embedder';
import { cosine } from '../embedder';
import { ToolEncoderEmbedder } from './encoder';
import {
  ENCODER_INPUT_IDS,
  ENCODER_INPUT_WEIGHTS,
  ENCODER_OUTPUT,
  exportToolEncoder,
  padFeatures,
  readToolEncoder,
} from './export-encoder';
import { encoderFeatures } from './features';
import { trainToolEncoder, type EncoderExample } from './train-encoder';
import { encoderExamples } from './training-examples';

// A hand-made catalogue of five tools. "city" is in two tools' texts, most of all city_population's.
const TOOLS = {
  weather: 'get weather: current conditions and forecast for a place',
  population: 'city population: how many people live in a city, city statistics',
  email: 'send email: send a message to a recipient',
  flight: 'book flight: reserve an airline seat',
  currency: 'convert currency: convert an amount of money between currencies',
};

// Training requests: paraphrases that never share a word with their tool's text.
const TRAIN: [string, keyof typeof TOOLS][] = [
  ['do I need an umbrella today', 'weather'],
  ['will it rain tomorrow', 'weather'],
  ['is it sunny and warm outside', 'weather'],
  ['umbrella or sunglasses this weekend', 'weather'],
  ['how many inhabitants does the town have', 'population'],
  ['number of residents in the town', 'population'],
  ['write to my boss', 'email'],
  ['mail my colleague the report', 'email'],
  ['get me a plane ticket to Rome', 'flight'],
  ['fly to Tokyo next week', 'flight'],
  ['how much is 20 dollars in euros', 'currency'],
  ['exchange euros to yen', 'currency'],
];

function examples(): EncoderExample[] {
  return TRAIN.map(([query, tool]) => ({
    query,
    positives: [TOOLS[tool]],
    hardNegatives: Object.entries(TOOLS)
      .filter(([k]) => k !== tool)
      .map(([, t]) => t),
  }));
}

const TOY = { epochs: 60, batchSize: 6, learningRate: 0.05, dimension: 32, seed: 3 };

describe('trainToolEncoder', () => {
  it('lowers the InfoNCE loss on a toy set', () => {
    const { report } = trainToolEncoder(examples(), TOY);
    const first = report.epochLoss[0] as number;
    const last = report.epochLoss.at(-1) as number;
    expect(report.examples).toBe(TRAIN.length);
    // The start is a random projection: about ln(#candidates) ≈ ln 5; training must take most of it away.
    expect(first).toBeGreaterThan(1);
    expect(last).toBeLessThan(first * 0.2);
  });

  it('gives the same bytes for the same seed, other bytes for another seed', () => {
    const a = exportToolEncoder(trainToolEncoder(examples(), TOY).weights);
    const b = exportToolEncoder(trainToolEncoder(examples(), TOY).weights);
    const c = exportToolEncoder(trainToolEncoder(examples(), { ...TOY, seed: 4 }).weights);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('ranks a paraphrased request first where lexical overlap points at another tool', async () => {
    const request = 'will I need an umbrella in the city tomorrow?';
    const texts = Object.values(TOOLS);
    const lexical = new LexicalEmbedder();
    lexical.fit(texts);
    const best = (scores: number[]) => Object.keys(TOOLS)[scores.indexOf(Math.max(...scores))];
    const [lq, ...lt] = await lexical.embed([request, ...texts]);
    expect(best(lt.map((t) => cosine(lq as Float32Array, t)))).toBe('population');

    const encoder = new ToolEncoderEmbedder(trainToolEncoder(examples(), TOY).weights);
    const [eq, ...et] = await encoder.embed([request, ...texts]);
    const sims = et.map((t) => cosine(eq as Float32Array, t));
    expect(best(sims)).toBe('weather');
  });
});

describe('exportToolEncoder', () => {
  it('runs in onnxruntime-web and equals the TypeScript forward to 1e-4; the weights read back exactly', async () => {
    const { weights } = trainToolEncoder(examples(), { ...TOY, epochs: 5 });
    const bytes = exportToolEncoder(weights);
    const back = readToolEncoder(bytes);
    expect(back.dimension).toBe(weights.dimension);
    expect(back.spec).toEqual(weights.spec);
    expect(Buffer.from(back.table.buffer).equals(Buffer.from(weights.table.buffer))).toBe(true);

    await initOrt({ numThreads: 1 });
    const session = await createSession(bytes);
    const texts = [...Object.values(TOOLS), ...TRAIN.map(([q]) => q), ''];
    const feats = texts.map((t) => encoderFeatures(t, weights.spec));
    const { ids, weights: w, len } = padFeatures(feats);
    const out = await run(session, {
      [ENCODER_INPUT_IDS]: { data: ids, dims: [texts.length, len] },
      [ENCODER_INPUT_WEIGHTS]: { data: w, dims: [texts.length, len] },
    });
    const emb = out[ENCODER_OUTPUT]!;
    expect(emb.dims).toEqual([texts.length, weights.dimension]);
    const encoder = new ToolEncoderEmbedder(weights);
    let maxErr = 0;
    texts.forEach((t, i) => {
      const ref = encoder.embedSync(t);
      for (let k = 0; k < weights.dimension; k++)
        maxErr = Math.max(
          maxErr,
          Math.abs((emb.data[i * weights.dimension + k] as number) - (ref[k] as number)),
        );
    });
    expect(maxErr).toBeLessThanOrEqual(1e-4);
    await releaseSession(session);
  });
});

describe('encoderExamples', () => {
  it('takes the called tools as positives and BM25 confusions and same-category tools as hard negatives', () => {
    const catalogue = [
      { name: 'weather_now', description: 'current weather in a city' },
      { name: 'weather_alerts', description: 'storm alerts for a city' },
      { name: 'air_quality', description: 'pollution index' },
      { name: 'mail_send', description: 'send an email' },
    ];
    const categories = new Map([
      ['weather_now', 'weather'],
      ['weather_alerts', 'weather'],
      ['air_quality', 'weather'],
      ['mail_send', 'mail'],
    ]);
    const [ex] = encoderExamples({
      catalogue,
      tasks: [{ id: '1', query: 'weather in Paris city', tools: ['weather_now'], deps: [[]] }],
      categories,
    });
    expect(ex?.positives).toEqual(['weather now: current weather in a city']);
    // weather_alerts shares "city" (BM25), air_quality only the category; mail_send neither.
    expect(ex?.hardNegatives).toEqual([
      'weather alerts: storm alerts for a city',
      'air quality: pollution index',
    ]);
  });
});
