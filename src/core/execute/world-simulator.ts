import type { ToolWorld } from '../world/world';
import { ApiSimulator, inputSchemaIndex } from './simulator';

/** Output fields each tool is known to have in a world (declared, or learned from plans' references). */
export function outputFieldsByTool(world: ToolWorld): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of world.standardizer.clusters())
    for (const m of c.members)
      if (m.direction === 'out') {
        const list = out.get(m.tool) ?? [];
        if (!list.includes(m.field)) list.push(m.field);
        out.set(m.tool, list);
      }
  return out;
}

/**
 * The API simulator over what a world knows: its traces' recorded answers, the output fields its plans
 * showed, its catalogue's input schemas (NaviAgent E.3.3: history match > structural clone > mock).
 * The field index is built once, from the world as it is now.
 */
export function worldSimulator(world: ToolWorld, seed = 1): ApiSimulator {
  const outputFields = outputFieldsByTool(world);
  return new ApiSimulator({
    seed,
    knowledge: {
      traces: () => world.traces,
      outputFields: (t) => outputFields.get(t) ?? [],
      inputSchema: inputSchemaIndex(world.catalogue.tools()),
    },
  });
}
