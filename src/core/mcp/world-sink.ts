import type { ToolWorld } from '../world/world';
import { MCP_SETTINGS_KEY } from './connection-records';
import type { McpWorldSink } from './mcp-hub';

/**
 * The hub's world side over a `ToolWorld` held in this thread (Node, the CLI, tests): tools are upserted
 * into it, connections kept in its settings. `afterImport` lets the owner follow (persist the change,
 * reset a retrieval index).
 */
export function toolWorldSink(
  world: ToolWorld,
  afterImport?: (change: Awaited<ReturnType<ToolWorld['importTools']>>) => Promise<void> | void,
): McpWorldSink {
  return {
    tool: (name) => world.catalogue.get(name),
    importTools: async (tools) => {
      const out = await world.importTools(tools);
      await afterImport?.(out);
      return {
        added: out.catalogue.added.length,
        updated: out.catalogue.updated.length,
        unchanged: out.catalogue.unchanged.length,
      };
    },
    saveConnections: async (value) => world.setSetting(MCP_SETTINGS_KEY, value),
  };
}
