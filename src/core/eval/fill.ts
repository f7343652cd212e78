import { answerValue } from '../agent/answer-value';
import type { AgentWorld } from '../agent/agent-world';
import { fillArguments } from '../agent/fill-args';
import type { Literal } from '../agent/literals';
import { outputNames, type Tool } from '../tools/tool';
import type { SimulatedUser } from './simulated-user';

/**
 * Argument filling for the graph-only baselines, the agent's own (`fillArguments`: values earlier calls
 * returned by standardized parameter, then the request's literals by kind, then free text), so a
 * baseline differs from the agent in how it plans, not in how it fills. A required input nothing fills
 * is asked of the simulated user.
 */
export interface BaselineFill {
  world: Pick<AgentWorld, 'paramNodeOf'>;
  query: string;
  literals: readonly Literal[];
  today: number;
  /** Values calls returned, by standardized parameter node. */
  known: Map<string, unknown>;
  user: SimulatedUser;
  onAsk(): void;
}

export function baselineArguments(tool: Tool, f: BaselineFill): Record<string, unknown> {
  const filled = fillArguments({
    tool,
    intent: f.query,
    intentLiterals: f.literals,
    requestLiterals: f.literals,
    known: (field) => {
      const node = f.world.paramNodeOf(tool.name, 'in', field);
      const v = node ? f.known.get(node) : undefined;
      return v === undefined ? undefined : { value: v, source: 'earlier call' };
    },
    today: f.today,
  });
  const args = { ...filled.args };
  for (const m of filled.missing) {
    f.onAsk();
    const a = f.user.answer({ tool: tool.name, field: m.name, text: `What is ${m.name}?` });
    if (a !== null) args[m.name] = answerValue(m.kind, a, f.today);
  }
  return args;
}

/** An ok call's declared outputs become known values of their standardized parameters. */
export function rememberOutputs(tool: Tool, output: unknown, f: Pick<BaselineFill, 'world' | 'known'>): void {
  if (!output || typeof output !== 'object' || Array.isArray(output)) return;
  const declared = new Set(outputNames(tool));
  for (const [field, value] of Object.entries(output as Record<string, unknown>)) {
    if (value === undefined || value === null || !declared.has(field)) continue;
    const node = f.world.paramNodeOf(tool.name, 'out', field);
    if (node) f.known.set(node, value);
  }
}
