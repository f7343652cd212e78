import { describe, expect, it } from 'vitest';
import { apiNodeId } from '../graph/graph-types';
import {
  FIND_STATION,
  GET_FORECAST,
  LOCATE_CITY,
  SECURE_FORECAST,
  worldOf,
} from '../search/search-fixtures.test-util';
import type { PlanStep } from '../plan/plan-step';
import {
  buildSyntheticWorld,
  chainScore,
  infeasibleCategory,
  knownFromPlan,
  outputFieldIndex,
  requiredInputParams,
  sampleKnown,
  sampleTargets,
  syntheticOutput,
  upstreamCeiling,
} from './search-bench';
import { scaledSyntheticConfig } from './synthetic-catalogue';

const step = (
  n: number,
  tool: string,
  args: Record<string, unknown> = {},
  deps: number[] = [],
): PlanStep => ({
  step: n,
  tool,
  args,
  deps,
});

describe('synthetic world and targets', () => {
  it('builds the scaled world deterministically and samples active API targets by seed', async () => {
    const { catalogue, traces } = scaledSyntheticConfig(0.05);
    const a = await buildSyntheticWorld(3, { catalogue, traces });
    const b = await buildSyntheticWorld(3, { catalogue, traces });
    expect(a.world.graph.nodeCount).toBe(b.world.graph.nodeCount);
    expect(a.world.graph.edgeCount).toBe(b.world.graph.edgeCount);
    expect(a.catalogue.tools).toHaveLength(catalogue.apis);
    expect(a.traces + a.ingestErrors).toBe(traces);

    const t1 = sampleTargets(a.world.graph, 20, 7);
    expect(t1).toEqual(sampleTargets(b.world.graph, 20, 7));
    expect(new Set(t1).size).toBe(20);
    expect(t1.every((id) => a.world.graph.node(id)?.kind === 'api')).toBe(true);
    expect(sampleTargets(a.world.graph, 20, 8)).not.toEqual(t1);
    expect(sampleTargets(a.world.graph, 1e6, 7)).toHaveLength(catalogue.apis);

    const known = sampleKnown(a.world.graph, 0.5, 7);
    expect(known).toEqual(sampleKnown(b.world.graph, 0.5, 7));
    const params = [...a.world.graph.nodes()].filter((n) => n.kind === 'param').length;
    const share = Object.keys(known).length / params;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
    expect(Object.keys(sampleKnown(a.world.graph, 0, 7))).toHaveLength(0);
  });
});

describe('known values from a gold plan', () => {
  it('maps literal arguments to their param nodes and skips references', async () => {
    const { world, param } = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST]);
    const plan = [
      step(0, 'locate_city', { address: '1 Main St' }),
      step(1, 'find_station', { city: '$0.city_name' }, [0]),
      step(2, 'get_forecast', { station_id: '$1.station_id', days: 3 }, [1]),
      // A second literal for the same param: the first wins. An embedded reference is not literal.
      step(3, 'locate_city', { address: 'other', unknown_field: 'x' }),
      step(4, 'get_forecast', { station_id: 'see {$1.station_id}', days: 5 }, [1]),
    ];
    const known = knownFromPlan(world, plan);
    expect(known).toEqual({
      [param('locate_city', 'in', 'address')]: '1 Main St',
      [param('get_forecast', 'in', 'days')]: 3,
    });
  });
});

describe('chain scores', () => {
  it('computes recall and exact set by distinct tool', () => {
    const gold = [step(0, 'a'), step(1, 'b'), step(2, 'a'), step(3, 'c')];
    // Gold tools {a, b, c}.
    expect(chainScore(gold, [step(0, 'c')])).toEqual({ recall: 1 / 3, exactSet: false });
    expect(chainScore(gold, [step(0, 'a'), step(1, 'b'), step(2, 'c')])).toEqual({
      recall: 1,
      exactSet: true,
    });
    // Repeats do not matter; an extra tool breaks the exact set but not recall.
    expect(chainScore(gold, [step(0, 'c'), step(1, 'b'), step(2, 'a'), step(3, 'a')]).exactSet).toBe(true);
    expect(chainScore(gold, [step(0, 'a'), step(1, 'b'), step(2, 'c'), step(3, 'd')])).toEqual({
      recall: 1,
      exactSet: false,
    });
    expect(chainScore(gold, [])).toEqual({ recall: 0, exactSet: false });
    expect(() => chainScore([], [])).toThrow();
  });

  it('bounds recall by the tools upstream of the final step', () => {
    // 0 → 2 (reference), 1 → 2 (deps), 3 independent, final 4 ← 2.
    const plan = [
      step(0, 'a'),
      step(1, 'b'),
      step(2, 'c', { x: '$0.out' }, [1]),
      step(3, 'd'),
      step(4, 'e', { y: '{$2.z} text' }),
    ];
    // Upstream of 4: {e, c, a, b}; all tools {a, b, c, d, e}.
    expect(upstreamCeiling(plan)).toBeCloseTo(4 / 5, 12);
    expect(upstreamCeiling([step(0, 'a'), step(1, 'a')])).toBe(1);
    expect(upstreamCeiling([step(0, 'a'), step(1, 'b')])).toBe(1 / 2);
  });
});

describe('world lookups for the benchmark', () => {
  it('lists required input params and output fields per tool', async () => {
    const { world, param } = await worldOf([LOCATE_CITY, GET_FORECAST, SECURE_FORECAST]);
    const req = requiredInputParams(world);
    expect(req(apiNodeId('secure_forecast'))).toEqual([
      param('secure_forecast', 'in', 'station_id'),
      param('secure_forecast', 'in', 'api_key'),
    ]);
    // `days` is optional.
    expect(req(apiNodeId('get_forecast'))).toEqual([param('get_forecast', 'in', 'station_id')]);
    expect(req(param('get_forecast', 'in', 'days'))).toEqual([]);
    expect(req('api:nope')).toEqual([]);

    // A trace that references an undeclared output field adds it to the tool's fields.
    await world.ingestTrace({
      id: 't',
      query: '',
      calls: [
        { tool: 'locate_city', args: { address: 'x' }, status: 'ok', startedAt: 0, durationMs: 1 },
        {
          tool: 'get_forecast',
          args: { station_id: '$0.zip_code' },
          status: 'ok',
          startedAt: 1,
          durationMs: 1,
        },
      ],
    });
    const fields = outputFieldIndex(world);
    expect(fields.get('locate_city')).toEqual(['city_name', 'zip_code']);
    expect(fields.get('get_forecast')).toEqual(['forecast']);
  });

  it('makes synthetic outputs with every field asked for', () => {
    expect(syntheticOutput('t', 4, ['b', 'a'], ['c', 'a'])).toEqual({ a: 't.a#4', b: 't.b#4', c: 't.c#4' });
    expect(syntheticOutput('t', 0, [])).toEqual({ result: 't.result#0' });
  });
});

describe('infeasibility categories', () => {
  it("names the reason without tool names, from the run's typed end", () => {
    const unavailable = { kind: 'unavailable' as const, code: 'x', message: 'x' };
    const noDetour = (reason: string) =>
      infeasibleCategory({ end: { kind: 'no-detour', step: 0, tool: 'a', failure: unavailable }, reason });
    expect(
      infeasibleCategory({
        end: { kind: 'recombination-limit', limit: 5 },
        reason: 'gave up after 5 recombinations; last: x unavailable',
      }),
    ).toBe('recombination limit reached');
    const ref = { step: 1, field: 'id' };
    expect(
      infeasibleCategory({
        end: { kind: 'unresolved-reference', step: 3, missing: 'step', reference: ref },
        reason: 'step 3: step 1 has not run',
      }),
    ).toBe('reference to a step that did not run');
    expect(
      infeasibleCategory({
        end: { kind: 'unresolved-reference', step: 3, missing: 'field', reference: ref },
        reason: 'step 3: step 1\'s output has no field "id"',
      }),
    ).toBe('reference to a missing output field');
    expect(
      noDetour(
        'step 0 (BookHotel) failed (unavailable: x): no alternative target for BookHotel: no other API produces order_id',
      ),
    ).toBe("switch: no other API produces the target's outputs");
    expect(
      noDetour(
        'step 1 (a) failed (unavailable: x): no other API produces p; input "q" of b (step 2, q) cannot be ' +
          'produced without a; no alternative target for b: alternative target c needs "k" (k), which cannot be produced',
      ),
    ).toBe('switch: every alternative needs unproducible inputs');
    expect(noDetour('step 1 (a) failed: no alternative target for b: something new')).toBe('switch: other');
    expect(noDetour('something else')).toBe('other');
    // The words of a reason never decide what the typed end already says.
    expect(infeasibleCategory({ end: { kind: 'cancelled' }, reason: 'gave up after 5 recombinations' })).toBe(
      'other',
    );
  });
});
