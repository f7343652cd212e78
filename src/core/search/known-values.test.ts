import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { HAND_TOOLS } from '../graph/fixtures.test-util';
import { ToolWorld } from '../world/world';
import { parseKnownValues } from './known-values';

describe('parseKnownValues', () => {
  it('maps field names and standardized names to parameter nodes, numbers as numbers', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    const city = `param:${world.standardizer.clusterOf({ tool: 'get_weather', direction: 'in', field: 'city' })!.id}`;
    const query = `param:${world.standardizer.clusterOf({ tool: 'find_city', direction: 'in', field: 'query' })!.id}`;
    const r = parseKnownValues(world, 'City = Paris\nquery: near the Louvre; zoom=12\n\njunk line');
    expect(r.known).toEqual({ [city]: 'Paris', [query]: 'near the Louvre' });
    expect(r.unmatched).toEqual(['zoom']);
    expect(parseKnownValues(world, 'message=42').known).toEqual({
      [`param:${world.standardizer.clusterOf({ tool: 'send_text', direction: 'in', field: 'message' })!.id}`]: 42,
    });
  });
});
