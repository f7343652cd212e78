import { DEMO_TOOLS } from '../core/demo/demo-tools';
import { demoTraces } from '../core/demo/demo-traces';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { ToolWorld } from '../core/world/world';
import type { WorldSnapshot } from '../core/world/world-snapshot';

/** The built-in demo world as the UI sends it to the worker. */
export async function demoWorldSnapshot(): Promise<WorldSnapshot> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces()) await world.ingestTrace(t);
  return world.snapshot();
}
