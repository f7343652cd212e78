import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { RetrieverContext } from './context';
import { linearForward } from '../ml/linear-head';
import { DtdrL, sparseForward } from './dtdr-l';
import { FitMemo } from './fit-memo';
import { EmbeddingCache } from './embedding-cache';
import { Hybrid } from './hybrid';
import {
  END_OF_PLAN,
  type CandidateTool,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
} from './retriever';
import { StaticLR } from './static-lr';

const CATALOGUE: CandidateTool[] = [
  { name: 'contacts_search', description: 'Find a contact by name.' },
  { name: 'contacts_get', description: 'Get the full record of a contact, with the home address.' },
  { name: 'notes_search', description: 'Search the notes by keywords.' },
  { name: 'mail_send', description: 'Send an email.' },
  { name: 'places_directions', description: 'Travel time and distance between two addresses.' },
  { name: 'places_weather', description: 'Weather forecast for a city.' },
  { name: 'units_convert', description: 'Convert a value between units such as celsius and fahrenheit.' },
  // Never in a training plan: only query similarity can find it.
  {
    name: 'currency_convert',
    description: 'Convert an amount of money between currencies like dollars and euros.',
  },
];

const NAMES = ['Alice', 'Bob', 'Carol', 'Dan', 'Eve', 'Frank', 'Grace', 'Hugo'];
const TOPICS = ['budget', 'offsite', 'hiring plan', 'launch'];
const CITIES = ['Paris', 'Berlin', 'Lisbon', 'Tokyo', 'Madrid'];

// contacts_search starts two different plans: only the query tells which tool follows it.
function plans(): RetrievalTask[] {
  const tasks: RetrievalTask[] = [];
  const add = (query: string, tools: string[]) =>
    tasks.push({ id: `t${tasks.length}`, query, tools, deps: tools.map((_, i) => (i === 0 ? [] : [i - 1])) });
  NAMES.forEach((name, i) => {
    add(`Email ${name} my notes about the ${TOPICS[i % TOPICS.length]}`, [
      'contacts_search',
      'notes_search',
      'mail_send',
    ]);
    add(`How long does it take to drive to ${name}'s place?`, [
      'contacts_search',
      'contacts_get',
      'places_directions',
    ]);
    add(`What's the temperature in ${CITIES[i % CITIES.length]} in Fahrenheit?`, [
      'places_weather',
      'units_convert',
    ]);
  });
  return tasks;
}

function context(): RetrieverContext {
  const embedder = new LexicalEmbedder({ dimension: 256 });
  return { catalogue: CATALOGUE, embedder, seed: 3, cache: new EmbeddingCache(embedder) };
}

async function rankAfter(r: Retriever, ctx: RetrieverContext, q: RetrievalQuery) {
  await ctx.cache!.warm(r.textsToEmbed?.(q) ?? [q.query]);
  return r.rank(q);
}

const TEST_PLANS: [string, string[]][] = [
  ['Email Ines my notes about the garden', ['contacts_search', 'notes_search', 'mail_send']],
  [
    "How long does it take to drive to Jonas's place?",
    ['contacts_search', 'contacts_get', 'places_directions'],
  ],
  ["What's the temperature in Toronto in Fahrenheit?", ['places_weather', 'units_convert']],
];

describe('DTDR-L', () => {
  it('ranks the right next tool first at every step, END_OF_PLAN after the last (variant b)', async () => {
    const ctx = context();
    const r = new DtdrL(ctx, { training: { epochs: 120, learningRate: 0.05 } });
    await r.fit(plans());
    expect(r.report!.labels).toBe(8); // 7 tools of the plans + END_OF_PLAN
    for (const [query, tools] of TEST_PLANS) {
      for (let t = 0; t <= tools.length; t++) {
        const ranked = await rankAfter(r, ctx, { query, history: tools.slice(0, t) });
        expect(ranked[0]!.tool, `${query} after ${tools.slice(0, t).join(' → ')}`).toBe(
          tools[t] ?? END_OF_PLAN,
        );
        expect(ranked[0]!.why).toMatch(/^dtdrL p=/);
      }
    }
    const final = { query: TEST_PLANS[0]![0], history: TEST_PLANS[0]![1] };
    expect(r.retrieve(final).map((s) => s.tool)).toContain(END_OF_PLAN);
    expect(r.tau).toBeGreaterThan(0);
  });

  it('trains the same head twice for a seed', async () => {
    const a = new DtdrL(context(), { training: { epochs: 10 } });
    const b = new DtdrL(context(), { training: { epochs: 10 } });
    await a.fit(plans());
    await b.fit(plans());
    expect(Buffer.from(a.head!.W.buffer).equals(Buffer.from(b.head!.W.buffer))).toBe(true);
    expect(a.tau).toBe(b.tau);
  });

  it('static LR gives the same ranking at every step (history is not an input)', async () => {
    const ctx = context();
    const r = new StaticLR(ctx, { training: { epochs: 40, learningRate: 0.05 } });
    await r.fit(plans());
    const [query, tools] = TEST_PLANS[1]!;
    const first = (await rankAfter(r, ctx, { query, history: [] })).map((s) => s.tool);
    const later = (await rankAfter(r, ctx, { query, history: tools.slice(0, 2) })).map((s) => s.tool);
    expect(later).toEqual(first);
  });

  it('the joint variant (a) embeds query ⊕ history as one string', async () => {
    const ctx = context();
    const r = new DtdrL(ctx, { variant: 'joint', training: { epochs: 60, learningRate: 0.05 } });
    expect(r.id).toBe('dtdrLJoint');
    expect(r.textsToEmbed({ query: 'Email Bob', history: ['contacts_search'] })).toEqual([
      'Email Bob | contacts search',
    ]);
    await r.fit(plans());
    const ranked = await rankAfter(r, ctx, { query: TEST_PLANS[2]![0], history: [] });
    expect(ranked[0]!.tool).toBe('places_weather');
  });
});

describe('training once for two methods', () => {
  it('sparseForward equals linearForward bit for bit', async () => {
    const ctx = context();
    const r = new DtdrL(ctx, { training: { epochs: 10 } });
    await r.fit(plans());
    const q = { query: TEST_PLANS[0]![0], history: ['contacts_search'] };
    await ctx.cache!.warm(r.textsToEmbed(q));
    const x = r.inputVector(q);
    expect(x.filter((v) => v === 0).length).toBeGreaterThan(x.length / 2);
    expect(Array.from(sparseForward(r.head!, x))).toEqual(Array.from(linearForward(r.head!, x)));
  });

  it('a FitMemo lets the hybrid reuse the DTDR-L trained by dtdrL, and still tune on its held-out plans', async () => {
    const ctx = { ...context(), fits: new FitMemo() };
    const training = { epochs: 60, learningRate: 0.05 };
    const dtdr = new DtdrL(ctx, { training });
    const train = plans();
    await dtdr.fit(train);
    const hybrid = new Hybrid(ctx, { dtdr: { training } });
    await hybrid.fit(train);
    expect(hybrid.dtdr.head).toBe(dtdr.head);
    expect(hybrid.dtdr.report).toBe(dtdr.report);
    expect(hybrid.report?.tuned).toBe(true);
    expect(hybrid.report?.validationPoints).toBeGreaterThan(0);
    // Another training set is another model.
    const other = new DtdrL(ctx, { training });
    await other.fit(train.slice(0, 20));
    expect(other.head).not.toBe(dtdr.head);
    expect(other.report?.trainTasks).toBeLessThan(dtdr.report!.trainTasks);
  });
});

describe('hybrid', () => {
  it('falls back to query similarity for a tool never seen in training', async () => {
    const ctx = context();
    const dtdr = new DtdrL(ctx, { training: { epochs: 60, learningRate: 0.05 } });
    const hybrid = new Hybrid(ctx, { dtdr: { training: { epochs: 60, learningRate: 0.05 } } });
    await dtdr.fit(plans());
    await hybrid.fit(plans());
    const q = { query: 'Convert 120 dollars to euros', history: [] };
    expect((await rankAfter(dtdr, ctx, q)).map((s) => s.tool)).not.toContain('currency_convert');
    const ranked = await rankAfter(hybrid, ctx, q);
    expect(ranked[0]!.tool).toBe('currency_convert');
    expect(ranked[0]!.why).toMatch(/not in training plans, query similarity/);
  });

  it('keeps DTDR-L order on familiar plans, END_OF_PLAN included', async () => {
    const ctx = context();
    const hybrid = new Hybrid(ctx, { dtdr: { training: { epochs: 120, learningRate: 0.05 } } });
    await hybrid.fit(plans());
    for (const [query, tools] of TEST_PLANS) {
      for (let t = 0; t <= tools.length; t++) {
        const ranked = await rankAfter(hybrid, ctx, { query, history: tools.slice(0, t) });
        expect(ranked[0]!.tool, `${query} after ${tools.slice(0, t).join(' → ')}`).toBe(
          tools[t] ?? END_OF_PLAN,
        );
      }
    }
  });
});
