import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from './world';
import { parseWorldFile, serializeWorld } from './world-file';
import { WorldFileError } from './world-file-error';

/** An exported demo world as the plain object a file holds. */
async function exportedWorld(): Promise<Record<string, unknown> & { tools: unknown[] }> {
  const world = ToolWorld.empty(new LexicalEmbedder());
  await world.importTools(DEMO_TOOLS.slice(0, 4));
  return JSON.parse(serializeWorld(world.snapshot(0))) as Record<string, unknown> & { tools: unknown[] };
}

describe('parseWorldFile: every API node has its tool', () => {
  it('refuses a file whose tools list lost a tool the graph still has, naming the node', async () => {
    const file = await exportedWorld();
    const dropped = (file.tools[1] as { tool: { name: string } }).tool.name;
    file.tools.splice(1, 1);
    expect(() => parseWorldFile(file)).toThrow(WorldFileError);
    expect(() => parseWorldFile(file)).toThrow(
      new RegExp(`is the API node of tool "${dropped}", which is not in tools`),
    );
    file.tools = [];
    expect(() => parseWorldFile(file)).toThrow(/This world file is damaged: nodes\[\d+\] \("api:/);
  });

  it('still reads the whole exported file back', async () => {
    const file = await exportedWorld();
    expect(parseWorldFile(file).tools).toHaveLength(4);
  });
});
