import type { Embedder } from '../embed/embedder';
import type { PlanTask } from '../plan/plan-step';
import { planToTrace } from '../trace/plan-to-trace';
import type { Tool } from '../tools/tool';
import { ToolWorld } from '../world/world';

export interface DatasetWorld {
  world: ToolWorld;
  /** Plans that could not be ingested (a malformed step), skipped rather than failing the whole run. */
  skipped: number;
}

/**
 * The Tool World a deployed agent would have after the training traces: the catalogue imported (structural
 * edges), then each training plan ingested as a successful trace (behavioural edges and counts). A fixed
 * clock (`clock`, default 0) keeps the world, and so every split drawn from it, identical between runs.
 */
export async function worldFromPlans(
  tools: Tool[],
  plans: readonly PlanTask[],
  embedder: Embedder,
  clock = 0,
): Promise<DatasetWorld> {
  const world = ToolWorld.empty(embedder, { now: () => clock });
  await world.importTools(tools);
  let skipped = 0;
  for (const plan of plans) {
    try {
      await world.ingestTrace(planToTrace(plan));
    } catch {
      skipped++;
    }
  }
  return { world, skipped };
}
