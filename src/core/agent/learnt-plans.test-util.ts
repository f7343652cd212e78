import type { Tool } from '../tools/tool';
import type { ToolWorld } from '../world/world';
import { LocalAgentWorld } from './local-agent-world';

/** A travel tool with string inputs and outputs; `required` lists the inputs a call must have. */
export const travelTool = (
  name: string,
  description: string,
  inputs: string[],
  outputs: string[],
  required?: string[],
): Tool => ({
  name,
  description,
  category: 'travel',
  source: 'builtin',
  parameters: {
    type: 'object',
    properties: Object.fromEntries(inputs.map((i) => [i, { type: 'string', description: `The ${i}` }])),
    ...(required ? { required } : {}),
  },
  returns: { type: 'object', properties: Object.fromEntries(outputs.map((o) => [o, { type: 'string' }])) },
});

/** A world whose learnt plans (`nextTool`) are scripted: history joined by "," → the next tool. */
export class ScriptedPlans extends LocalAgentWorld {
  constructor(
    world: ToolWorld,
    private readonly plans: Record<string, string | null>,
  ) {
    super(world);
  }
  override async nextTool(_query: string, history: readonly string[]) {
    return this.plans[history.join(',')] ?? null;
  }
}

/** Scripted learnt plans, and a familiarity of the request the test sets. */
export class FamiliarPlans extends ScriptedPlans {
  constructor(
    world: ToolWorld,
    plans: Record<string, string | null>,
    private readonly familiar: number,
  ) {
    super(world, plans);
  }
  override async familiarity() {
    return this.familiar;
  }
  /** A test world's requests are novel under 0.3 (a real world's floor comes from its traces). */
  override async isNovel() {
    return this.familiar < 0.3;
  }
}
