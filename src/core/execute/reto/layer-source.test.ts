import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../plan/plan-step';
import type { Tool } from '../../tools/tool';
import { planStepLayers } from './layer-source';
import { pendingLayers } from './layering';

const tool = (name: string): Tool => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
  returns: null,
  category: '',
  source: 'dataset',
});
const TOOLS = new Map(['login', 'add_agenda', 'fresh_import', 'weather'].map((n) => [n, tool(n)]));

// login → add_agenda is a DAG edge (a reference); fresh_import is linked to nothing and unknown to the
// Tool World; weather is linked to nothing but the world knows its edges.
const PLAN: PlanStep[] = [
  { step: 0, tool: 'login', args: {}, deps: [] },
  { step: 1, tool: 'add_agenda', args: { token: '$0.token' }, deps: [] },
  { step: 2, tool: 'fresh_import', args: {}, deps: [] },
  { step: 3, tool: 'weather', args: {}, deps: [] },
];
const PREDICTED: Record<string, number> = { login: 0, add_agenda: 1, fresh_import: 2, weather: 0 };
const names = (layers: PlanStep[][]) => layers.map((l) => l.map((s) => s.tool));

async function plan(
  predictor?: (q: string, tools: readonly Tool[]) => Promise<number[]>,
  knownEdge?: (producer: string, consumer: string) => boolean,
) {
  return planStepLayers(PLAN, {
    query: 'book it',
    tool: (n) => TOOLS.get(n),
    knownTool: (n) => n === 'weather',
    ...(predictor ? { predictor } : {}),
    ...(knownEdge ? { knownEdge } : {}),
  });
}

describe('layers from the DAG where edges are known, the predictor for the rest', () => {
  it('only the unlinked step of an unknown tool takes the predictor’s layer; the UI source says so', async () => {
    const seen: string[][] = [];
    const p = await plan(async (_q, tools) => {
      seen.push(tools.map((t) => t.name));
      return tools.map((t) => PREDICTED[t.name]!);
    });
    expect(seen).toEqual([['login', 'add_agenda', 'fresh_import', 'weather']]);
    expect([...p.source]).toEqual([
      [0, 'graph'],
      [1, 'graph'],
      [2, 'predictor'],
      [3, 'graph'],
    ]);
    expect(names(pendingLayers(PLAN, new Set(), p.hints))).toEqual([
      ['login', 'weather'],
      ['add_agenda'],
      ['fresh_import'],
    ]);
    // As layers finish, the predicted step still waits for the steps predicted before it.
    expect(names(pendingLayers(PLAN, new Set([0, 3]), p.hints))).toEqual([['add_agenda'], ['fresh_import']]);
    expect(names(pendingLayers(PLAN, new Set([0, 1, 3]), p.hints))).toEqual([['fresh_import']]);
  });

  it('a DAG edge beats the predictor: a linked step never moves before what it reads', async () => {
    const p = await plan(async (_q, tools) => tools.map((t) => (t.name === 'login' ? 3 : 0)));
    expect(p.source.get(0)).toBe('graph');
    expect(names(pendingLayers(PLAN, new Set(), p.hints))).toEqual([
      ['login', 'fresh_import', 'weather'],
      ['add_agenda'],
    ]);
  });

  it('without a predictor, or when it fails, every layer comes from the graph', async () => {
    for (const p of [
      await plan(),
      await plan(async () => {
        throw new Error('model missing');
      }),
    ]) {
      expect([...p.source.values()]).toEqual(['graph', 'graph', 'graph', 'graph']);
      expect(names(pendingLayers(PLAN, new Set(), p.hints))).toEqual([
        ['login', 'fresh_import', 'weather'],
        ['add_agenda'],
      ]);
    }
  });

  it('a plan dependency the Tool World has never seen is ordered by the predictor, within the references', async () => {
    // A fresh catalogue: the world knows no edge, so login → add_agenda comes from the planner's schema
    // match only. Both ends take the predictor's layer; the unlinked known tool (weather) keeps the graph's.
    const fresh = await plan(
      async (_q, tools) => tools.map((t) => PREDICTED[t.name]!),
      () => false,
    );
    expect([...fresh.source]).toEqual([
      [0, 'predictor'],
      [1, 'predictor'],
      [2, 'predictor'],
      [3, 'graph'],
    ]);
    expect(names(pendingLayers(PLAN, new Set(), fresh.hints))).toEqual([
      ['login', 'weather'],
      ['add_agenda'],
      ['fresh_import'],
    ]);
    // A predictor that puts the reader first cannot run it before the value it reads exists: the
    // reference wins (add_agenda still after login); the rest of its order holds (weather, predicted
    // before login, runs first; fresh_import, predicted after add_agenda, runs after it).
    const wrong = await plan(
      async (_q, tools) =>
        tools.map((t) => ({ login: 2, add_agenda: 0, fresh_import: 1, weather: 0 })[t.name]!),
      () => false,
    );
    expect(names(pendingLayers(PLAN, new Set(), wrong.hints))).toEqual([
      ['weather'],
      ['login'],
      ['add_agenda'],
      ['fresh_import'],
    ]);
    // Once a trace has run login before add_agenda, the world knows the edge: the graph places both.
    const learned = await plan(
      async (_q, tools) => tools.map((t) => PREDICTED[t.name]!),
      (a, b) => a === 'login' && b === 'add_agenda',
    );
    expect([...learned.source.values()]).toEqual(['graph', 'graph', 'predictor', 'graph']);
  });

  it('a lone step is the graph’s only when the world has linked its tool', async () => {
    const lone = (tool: string) =>
      planStepLayers([{ step: 0, tool, args: {}, deps: [] }], {
        query: 'q',
        tool: (n) => TOOLS.get(n),
        knownTool: (n) => n === 'weather',
        knownEdge: () => false,
        predictor: async (_q, tools) => tools.map(() => 0),
      });
    expect((await lone('fresh_import')).source.get(0)).toBe('predictor');
    expect((await lone('weather')).source.get(0)).toBe('graph');
  });

  it('two calls of one tool: the tool being known stands in for the edge the world cannot hold', async () => {
    const pages: PlanStep[] = [
      { step: 0, tool: 'weather', args: {}, deps: [] },
      { step: 1, tool: 'weather', args: { after: '$0.next' }, deps: [] },
      { step: 2, tool: 'fresh_import', args: {}, deps: [] },
      { step: 3, tool: 'fresh_import', args: { after: '$2.next' }, deps: [] },
    ];
    const p = await planStepLayers(pages, {
      query: 'q',
      tool: (n) => TOOLS.get(n),
      knownTool: (n) => n === 'weather',
      knownEdge: () => false,
      predictor: async (_q, tools) => tools.map(() => 0),
    });
    expect([...p.source.values()]).toEqual(['graph', 'graph', 'predictor', 'predictor']);
  });
});
