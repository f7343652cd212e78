import { describe, expect, it } from 'vitest';
import { encodePrompt, PROMPT_ENCODINGS, type PromptStep, type PromptTool } from './prompt-encodings';
import { formatPromptTokenTable, promptStepsFor, promptTokenTable } from './prompt-token-table';
import { END_OF_PLAN, type RetrievalQuery, type ScoredTool } from './retriever';
import { approximateTokenCounter } from './token-counter';

const TOOLS: PromptTool[] = [
  {
    name: 'contacts_search',
    description: 'Find a contact by name.',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
  {
    name: 'email_send',
    description: 'Send an email.',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } },
      required: ['to', 'body'],
    },
  },
  {
    name: 'weather_get',
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

// After weather_get, the retriever ranks email_send first, then contacts_search.
const STEP: PromptStep = {
  tools: TOOLS,
  query: 'Email Bob the weather in Paris.',
  history: ['weather_get'],
  candidates: [
    { tool: 'email_send', score: 0.55 },
    { tool: 'contacts_search', score: 0.35 },
    { tool: END_OF_PLAN, score: 0.06 },
    { tool: 'weather_get', score: 0.04 },
  ],
  demonstrations: [
    { query: 'What is the forecast for Rome?', tools: ['weather_get'] },
    { query: 'Send Ann the forecast for Rome', tools: ['weather_get', 'contacts_search', 'email_send'] },
    { query: 'Find Carl', tools: ['contacts_search'] },
  ],
};
const OPTIONS = { topK: 2 };

const GUIDELINES =
  "You pick the next tool to call for the user's request, given the tools already called. " +
  'Answer with one tool name only, or <end-of-plan> when the request needs no more tool calls.';

describe('encodePrompt', () => {
  it('hardMask: guidelines in the constant section, the retrieved tools with the request', () => {
    const p = encodePrompt(STEP, 'hardMask', OPTIONS);
    expect(p.constant).toBe(
      `<|im_start|>system\n${GUIDELINES}\nChoose only from the tools listed with the request.<|im_end|>\n`,
    );
    expect(p.variable).toBe(
      '<|im_start|>user\n' +
        'Tools:\n' +
        '- contacts_search(name: string): Find a contact by name.\n' +
        '- email_send(to: string, subject?: string, body: string): Send an email.\n' +
        '\n' +
        'Request: Email Bob the weather in Paris.\n' +
        'Tools called so far: weather_get\n' +
        '\n' +
        'Next tool?<|im_end|>\n' +
        '<|im_start|>assistant\n',
    );
    expect(p.constant + p.variable).toBe(
      `<|im_start|>system\n${p.system}<|im_end|>\n<|im_start|>user\n${p.user}<|im_end|>\n<|im_start|>assistant\n`,
    );
  });

  it('lists and hints the right tools under each encoding', () => {
    const all = ['contacts_search', 'email_send', 'weather_get'];
    const seen = Object.fromEntries(
      PROMPT_ENCODINGS.map((e) => {
        const p = encodePrompt(STEP, e, OPTIONS);
        return [e, { listed: p.listedTools, hinted: p.hintedTools, demos: p.demonstrationQueries }];
      }),
    );
    expect(seen).toEqual({
      none: { listed: all, hinted: [], demos: [] },
      hardMask: { listed: ['contacts_search', 'email_send'], hinted: [], demos: [] },
      softMask: { listed: all, hinted: ['contacts_search', 'email_send'], demos: [] },
      weightedHard: {
        listed: ['email_send', 'contacts_search'],
        hinted: ['email_send', 'contacts_search'],
        demos: [],
      },
      weightedSoft: { listed: all, hinted: ['email_send', 'contacts_search'], demos: [] },
      // Plans with both retrieved tools first, then the one with contacts_search; weather-only is left out.
      demonstrations: { listed: all, hinted: [], demos: ['Send Ann the forecast for Rome', 'Find Carl'] },
    });
  });

  it('puts tool descriptions where the encoding says, and probabilities only in weighted ones', () => {
    const weatherLine = '- weather_get(city: string): Current weather for a city.';
    for (const e of PROMPT_ENCODINGS) {
      const p = encodePrompt(STEP, e, OPTIONS);
      const masked = e === 'hardMask' || e === 'weightedHard';
      expect(p.constant.includes(weatherLine), e).toBe(!masked);
      expect(p.variable.includes('weather_get('), e).toBe(false);
      expect(/0\.55/.test(p.variable), e).toBe(e === 'weightedHard' || e === 'weightedSoft');
      expect(p.variable.endsWith('<|im_start|>assistant\n')).toBe(true);
    }
    expect(encodePrompt(STEP, 'weightedHard', OPTIONS).variable).toContain(
      '- [0.55] email_send(to: string, subject?: string, body: string): Send an email.\n' +
        '- [0.35] contacts_search(name: string): Find a contact by name.',
    );
    expect(encodePrompt(STEP, 'softMask', OPTIONS).variable).toContain(
      'Likely next tools: contacts_search, email_send',
    );
    expect(encodePrompt(STEP, 'weightedSoft', OPTIONS).variable).toContain(
      'Likely next tools: email_send (0.55), contacts_search (0.35)',
    );
    expect(encodePrompt(STEP, 'demonstrations', OPTIONS).variable).toContain(
      'Plans of similar requests:\nRequest: Send Ann the forecast for Rome\n' +
        'Plan: weather_get, contacts_search, email_send, <end-of-plan>',
    );
  });

  it('keeps the constant section identical across steps, and shows the fixed example there', () => {
    const example = { query: 'Weather in Oslo', tools: ['weather_get'] };
    for (const e of PROMPT_ENCODINGS) {
      const first = encodePrompt(
        { ...STEP, history: [], candidates: [{ tool: 'weather_get', score: 0.9 }] },
        e,
        {
          example,
        },
      );
      const later = encodePrompt(STEP, e, { example });
      expect(later.constant, e).toBe(first.constant);
      expect(first.constant).toContain(
        'Example:\nRequest: Weather in Oslo\nPlan: weather_get, <end-of-plan>',
      );
      expect(first.variable).toContain('Tools called so far: none');
    }
  });

  it('retrieves above the threshold, keeps the best candidate, and ignores unknown tools', () => {
    const candidates: ScoredTool[] = [
      { tool: 'no_such_tool', score: 0.9 },
      { tool: 'email_send', score: 0.2 },
      { tool: END_OF_PLAN, score: 0.1 },
    ];
    const strict = encodePrompt({ ...STEP, candidates }, 'weightedHard', { minScore: 0.5 });
    expect(strict.listedTools).toEqual(['email_send']);
    const loose = encodePrompt({ ...STEP, candidates }, 'weightedHard', { minScore: 0.05 });
    expect(loose.hintedTools).toEqual(['email_send', END_OF_PLAN]);
    expect(loose.variable).toContain('- [0.10] <end-of-plan>: no more tool calls, the request is done.');
  });
});

describe('promptTokenTable', () => {
  const ranker = {
    rank: (q: RetrievalQuery): ScoredTool[] =>
      q.history.length === 0
        ? [{ tool: 'weather_get', score: 0.8 }]
        : [
            { tool: 'email_send', score: 0.6 },
            { tool: END_OF_PLAN, score: 0.4 },
          ],
  };
  const tasks = [
    {
      id: 't1',
      query: 'Email Bob the weather in Paris.',
      tools: ['weather_get', 'email_send'],
      deps: [[], [0]],
    },
  ];
  const steps = promptStepsFor(tasks, TOOLS, ranker, STEP.demonstrations);

  it('walks every step of the gold plan, the final END_OF_PLAN step included', () => {
    expect(steps.map((s) => s.history)).toEqual([[], ['weather_get'], ['weather_get', 'email_send']]);
  });

  it('reports mean constant, variable and total tokens per step for each encoding', () => {
    const rows = promptTokenTable(steps, PROMPT_ENCODINGS, approximateTokenCounter, OPTIONS);
    expect(rows.map((r) => r.encoding)).toEqual([...PROMPT_ENCODINGS]);
    const by = Object.fromEntries(rows.map((r) => [r.encoding, r]));
    for (const r of rows) {
      expect(r.steps).toBe(3);
      expect(r.total).toBeCloseTo(r.constant + r.variable, 9);
      expect(r.counter).toBe('approx-chars/4');
    }
    expect(by.hardMask?.constant).toBeLessThan(by.none?.constant ?? 0);
    expect(by.hardMask?.total).toBeLessThan(by.none?.total ?? 0);
    expect(by.demonstrations?.variable).toBeGreaterThan(by.none?.variable ?? 0);
    expect(by.softMask?.constant).toBeGreaterThan(by.none?.constant ?? 0);
    const table = formatPromptTokenTable(rows);
    expect(table).toContain('| encoding | steps | constant | variable | total |');
    expect(table.split('\n')).toHaveLength(4 + PROMPT_ENCODINGS.length);
  });

  it('counts ChatML markers as one token in the approximate counter', () => {
    expect(approximateTokenCounter.count('<|im_start|>')).toBe(1);
    expect(approximateTokenCounter.count('<|im_start|>user\n')).toBe(3);
    expect(approximateTokenCounter.count('')).toBe(0);
  });
});
