import { outputNames, type Tool } from '../tools/tool';
import type { AgentWorld } from './agent-world';

/**
 * Bonus for the candidates of a sub-intent that refers back ("… and open the first one", "… then use it
 * to …") whose required inputs the earlier sub-intent's tool outputs, by standardized parameter: what
 * "it" is decides which of two look-alike tools is meant (`files_read`, not `mail_read`, after
 * `files_search`; fifth QA pass). A tie-breaker: above the retrieval rank's 0.02, below a word's weight.
 */
export const FED_BY_EARLIER_BONUS = 0.05;

export function fedByEarlier(
  world: Pick<AgentWorld, 'tool' | 'paramNodeOf'>,
  earlier: string,
  candidates: readonly string[],
): Map<string, number> {
  const from = world.tool(earlier);
  const out = new Map<string, number>();
  if (!from) return out;
  const produced = new Set(
    outputNames(from)
      .map((f) => world.paramNodeOf(earlier, 'out', f))
      .filter((n): n is string => n !== null),
  );
  if (produced.size === 0) return out;
  for (const name of candidates) {
    const tool = world.tool(name);
    if (name === earlier || !tool) continue;
    if (requiredInputs(tool).some((f) => produced.has(world.paramNodeOf(name, 'in', f) ?? '')))
      out.set(name, FED_BY_EARLIER_BONUS);
  }
  return out;
}

function requiredInputs(tool: Tool): string[] {
  const required = tool.parameters.required;
  return Array.isArray(required) ? required.filter((f): f is string => typeof f === 'string') : [];
}
