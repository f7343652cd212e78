import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { Tool } from '../tools/tool';
import { parameterConcept } from './param-concept';
import { ParamStandardizer } from './param-standardizer';

const tool = (name: string, params: Record<string, string>): Tool => ({
  name,
  description: '',
  parameters: {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(params).map(([k, d]) => [k, { type: 'string', description: d }]),
    ),
  },
  returns: null,
  category: 'test',
  source: 'builtin',
});

// NaviAgent Appendix A, Table 3, row for row.
const TABLE_3 = [
  tool('get_locations', { name: 'Name of the city.' }),
  tool('get_hospital_list', {
    city: 'The city where the hospital is located.',
    name: 'Name of the hospital.',
  }),
  tool('find_cheapest_prescription', {
    city_name: 'The name of the city where the user wants to search for the medication.',
  }),
];

describe('parameter standardization (NaviAgent Table 3)', () => {
  it('clusters the four rows as the paper does: three city params together, hospital name apart', async () => {
    const s = new ParamStandardizer(new LexicalEmbedder());
    await s.addTools(TABLE_3);
    const c = (tool: string, field: string) => s.clusterOf({ tool, direction: 'in', field })!;
    const city = c('get_locations', 'name');
    expect(c('get_hospital_list', 'city').id).toBe(city.id);
    expect(c('find_cheapest_prescription', 'city_name').id).toBe(city.id);
    expect(c('get_hospital_list', 'name').id).not.toBe(city.id);
    expect(city.name).toBe('city_name');
    expect(c('get_hospital_list', 'name').name).toBe('hospital_name');
    // Keeps the original (tool, param) → cluster mapping.
    expect(city.members.map((m) => `${m.tool}.${m.field}`).sort()).toEqual([
      'find_cheapest_prescription.city_name',
      'get_hospital_list.city',
      'get_locations.name',
    ]);
  });

  it('gives the same clusters whatever order tools arrive in (incremental integration)', async () => {
    const s = new ParamStandardizer(new LexicalEmbedder());
    for (const t of [...TABLE_3].reverse()) await s.addTools([t]);
    const a = s.clusterOf({ tool: 'get_locations', direction: 'in', field: 'name' })!;
    expect(s.clusterOf({ tool: 'get_hospital_list', direction: 'in', field: 'city' })!.id).toBe(a.id);
    expect(s.clusterOf({ tool: 'get_hospital_list', direction: 'in', field: 'name' })!.id).not.toBe(a.id);
  });

  it('never merges two parameters of one tool, nor a string with a number', async () => {
    const s = new ParamStandardizer(new LexicalEmbedder());
    await s.addTools([tool('route', { from_city: 'Departure city', to_city: 'Arrival city' })]);
    const from = s.clusterOf({ tool: 'route', direction: 'in', field: 'from_city' })!;
    const to = s.clusterOf({ tool: 'route', direction: 'in', field: 'to_city' })!;
    expect(from.id).not.toBe(to.id);
    const numeric: Tool = {
      ...tool('weather', {}),
      parameters: { type: 'object', properties: { city: { type: 'integer', description: 'City code' } } },
    };
    await s.addTools([tool('x', { city: 'A city' }), numeric]);
    expect(s.clusterOf({ tool: 'weather', direction: 'in', field: 'city' })!.id).not.toBe(
      s.clusterOf({ tool: 'x', direction: 'in', field: 'city' })!.id,
    );
  });

  it('restores from a snapshot and keeps clustering new tools into the restored clusters', async () => {
    const first = new ParamStandardizer(new LexicalEmbedder());
    await first.addTools(TABLE_3);
    const restored = new ParamStandardizer(new LexicalEmbedder());
    const describe = (r: { tool: string; field: string }) =>
      String(TABLE_3.find((t) => t.name === r.tool)?.parameters.properties?.[r.field]?.description ?? '');
    restored.restore(first.snapshot(), describe);
    const city = restored.clusterOf({ tool: 'get_locations', direction: 'in', field: 'name' })!;
    expect(city.name).toBe('city_name');
    await restored.addTools([tool('get_pharmacies', { city_name: 'Name of the city to search in.' })]);
    expect(restored.clusterOf({ tool: 'get_pharmacies', direction: 'in', field: 'city_name' })!.id).toBe(
      city.id,
    );
    expect(restored.cluster(city.id)!.members).toHaveLength(4);
    expect(restored.snapshot().clusters).toHaveLength(first.snapshot().clusters.length);
  });

  it('reads the subject of a generic name from its description', () => {
    expect(parameterConcept('name', 'Name of the city.').key).toBe('city_name');
    expect(parameterConcept('id', 'The user ID').key).toBe('user_id');
    expect(parameterConcept('city', 'The city where the hospital is located.').key).toBe('city');
    expect(parameterConcept('startDate', 'When it starts').key).toBe('start_date');
  });
});
