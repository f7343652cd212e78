import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { Tool } from '../tools/tool';
import type { PlanTask } from '../plan/plan-step';
import { cosineMethod, wTildeMethod } from '../linkpred/baseline-stats';
import { worldFromPlans } from '../linkpred/dataset-world';
import { evaluateLink } from '../linkpred/evaluate';
import { prepareLinkData } from '../linkpred/link-data';
import { hgtMethod } from './hgt-methods';
import { logregMethod } from '../linkpred/logreg-method';
import { coldStartSetting, edgeSetting, evaluable, type LinkSetting } from '../linkpred/settings';

const SUBJECTS = (
  'city hotel movie flight song artist invoice order ticket patient doctor recipe garden vehicle parcel ' +
  'account meeting course student library museum stadium planet volcano river mountain bakery pharmacy ' +
  'airport harbor bridge tunnel castle festival concert painting sculpture galaxy reactor satellite'
).split(' ');

const obj = (props: Record<string, string>) => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(props).map(([k, d]) => [k, { type: 'string', description: d }]),
  ),
});

/**
 * A planted pattern: per subject s, find_s → get_s_details → book_s, each step consuming the previous
 * step's output (s_id, then s_code). The link is readable from the schemas alone (what one tool gives is
 * what the next needs), so a method that reads schemas must rank held-out links far above random pairs.
 */
function plantedCatalogue(): { tools: Tool[]; plans: PlanTask[] } {
  const tool = (
    name: string,
    description: string,
    ins: Record<string, string>,
    outs: Record<string, string>,
  ) =>
    ({
      name,
      description,
      parameters: obj(ins),
      returns: obj(outs),
      category: 'synthetic',
      source: 'dataset',
    }) as Tool;
  const tools = SUBJECTS.flatMap((s) => [
    tool(
      `find_${s}`,
      `Search for a ${s}`,
      { query: 'Search text' },
      { [`${s}_id`]: `Identifier of the ${s}` },
    ),
    tool(
      `get_${s}_details`,
      `Details about one ${s}`,
      { [`${s}_id`]: `Identifier of the ${s}` },
      { [`${s}_code`]: `Code of the ${s}` },
    ),
    tool(
      `book_${s}`,
      `Reserve a ${s}`,
      { [`${s}_code`]: `Code of the ${s} to reserve` },
      { confirmation: 'Confirmation' },
    ),
  ]);
  const plans = SUBJECTS.map((s, i) => ({
    id: `t${i}`,
    query: `book a ${s}`,
    plan: [
      { step: 0, tool: `find_${s}`, args: { query: s }, deps: [] },
      { step: 1, tool: `get_${s}_details`, args: { [`${s}_id`]: '$0.' + `${s}_id` }, deps: [0] },
      { step: 2, tool: `book_${s}`, args: { [`${s}_code`]: '$1.' + `${s}_code` }, deps: [1] },
    ],
  }));
  return { tools, plans };
}

describe('link prediction protocol, end to end on a planted pattern', () => {
  it('logreg ranks held-out links above random pairs (AUC > 0.8), also for cold-start tools', async () => {
    const { tools, plans } = plantedCatalogue();
    const { world, skipped } = await worldFromPlans(tools, plans, new LexicalEmbedder());
    expect(skipped).toBe(0);
    const data = await prepareLinkData(world, new LexicalEmbedder({ dimension: 256 }));
    expect(data.fullGraph.apiCount).toBe(120);
    expect(data.fullGraph.behaviouralEdges().length).toBe(80);

    const edges = await edgeSetting(data, { seed: 1 });
    expect(edges.positives).toHaveLength(16);
    expect(edges.input.graph.behaviouralEdges()).toHaveLength(56);
    const logreg = await evaluateLink(logregMethod, edges, { seed: 1 });
    expect(logreg.auc).toBeGreaterThan(0.8);
    expect(logreg.acc).toBeGreaterThan(0.7);
    // Direction comes from "what u gives is what v needs": the reversed pair does not fit.
    expect(logreg.reversedAuc).toBeGreaterThan(0.8);
    // Cosine is symmetric: a pair and its reverse tie, so its reversed AUC is exactly one half.
    const text = await evaluateLink(cosineMethod, edges, { seed: 1 });
    expect(text.reversedAuc).toBe(0.5);
    // The validation links' own reverses (drawn from the input graph, issue 16's model choices): the same.
    expect(text.validationReversedAuc).toBe(0.5);
    expect(logreg.validationReversedAuc).toBeGreaterThan(0.8);
    expect(Number.isFinite(logreg.validationSimilarAuc)).toBe(true);
    // Here statistics see the schema path too (u → its output param → v), so they also separate.
    const stats = await evaluateLink(wTildeMethod, edges, { seed: 1 });
    expect(stats.auc).toBeGreaterThan(0.8);

    const cold = await coldStartSetting(data, { seed: 1 });
    const coldLogreg = await evaluateLink(logregMethod, cold, { seed: 1 });
    expect(coldLogreg.positives).toBeGreaterThan(0);
    expect(coldLogreg.auc).toBeGreaterThan(0.8);
  });

  it('runs the HGT through the same protocol, above chance on the planted links', async () => {
    const { tools, plans } = plantedCatalogue();
    const { world } = await worldFromPlans(tools, plans, new LexicalEmbedder());
    const data = await prepareLinkData(world, new LexicalEmbedder({ dimension: 256 }));
    const edges = await edgeSetting(data, { seed: 1 });
    const hgt = await evaluateLink(hgtMethod('hgt', {}, { epochs: 20 }), edges, { seed: 1 });
    expect(hgt.epochs).toBe(20);
    expect(hgt.positives).toBe(16);
    expect(Number.isFinite(hgt.threshold)).toBe(true);
    // The planted links are in the schemas (param nodes, structural edges) the HGT passes messages over.
    expect(hgt.auc).toBeGreaterThan(0.75);
  });
});

describe('link prediction protocol on a dataset too small to split', () => {
  const setting = (test: number, validation: number[]) =>
    ({
      kind: 'coldStart',
      input: { validation: { pairs: [], labels: Uint8Array.from(validation) } },
      positives: Array.from({ length: test }, (_, i) => ({ src: i, dst: i + 1, rel: 0 })),
      negatives: Array.from({ length: test }, (_, i) => ({ src: i + 1, dst: i, rel: 0 })),
    }) as unknown as LinkSetting;

  it('refuses a setting without validation links, or without test links, as TooFewLinksError', () => {
    expect(evaluable(setting(3, [1, 0, 1, 0]))).toBeDefined();
    for (const bad of [setting(1, []), setting(1, [0, 0]), setting(1, [1, 1]), setting(0, [1, 0])])
      expect(() => evaluable(bad)).toThrow(expect.objectContaining({ name: 'TooFewLinksError' }));
    expect(() => evaluable(setting(1, []))).toThrow(
      'cold start: 1 test links and 0 of 0 validation pairs linked; both sets need linked and unlinked pairs',
    );
  });
});
