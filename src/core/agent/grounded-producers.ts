import type { ChainView } from './agent-events';
import { referencesIn } from '../plan/references';
import type { PlanStep } from '../plan/plan-step';
import { fieldDescription, type Tool } from '../tools/tool';

/**
 * Drops the producers of a toolchain that the request gives no reason to run, and turns the inputs they
 * fed into questions. The TWNM search supplies every missing input from some producer path if the graph
 * has one, so "assess the supply-chain risk in China" could get its `country` from an airport looked up
 * from a private-equity firm found from some leader: a value, but not the user's. A producer is kept
 * when `grounded(tool)` holds (the request speaks of what it does) — or when it already ran. A step
 * that loses an input to a dropped producer goes too, unless it is the target: its lost inputs become
 * `missing` (asked of the user, or left to the LLM).
 */
export function withoutUngroundedProducers(
  chain: ChainView,
  targetStep: number,
  toolOf: (name: string) => Tool | undefined,
  grounded: (tool: Tool) => boolean,
): { chain: ChainView; dropped: string[] } {
  const dropped = new Set<number>();
  for (const s of chain.steps) {
    if (s.step === targetStep) continue;
    const tool = toolOf(s.tool);
    if (!tool || !grounded(tool)) dropped.add(s.step);
  }
  if (dropped.size === 0) return { chain, dropped: [] };
  // Cascade: a producer reading a dropped step's output cannot run either.
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of chain.steps)
      if (s.step !== targetStep && !dropped.has(s.step) && readsFrom(s, dropped)) {
        dropped.add(s.step);
        grew = true;
      }
  }
  const missing = [...chain.missing];
  const steps: PlanStep[] = [];
  for (const s of chain.steps) {
    if (dropped.has(s.step)) continue;
    if (s.step !== targetStep) {
      steps.push(s);
      continue;
    }
    const args: Record<string, unknown> = {};
    const tool = toolOf(s.tool);
    for (const [field, value] of Object.entries(s.args)) {
      if (referencesIn(value).some((r) => dropped.has(r.step))) {
        if (!missing.some((m) => m.tool === s.tool && m.field === field))
          missing.push({
            tool: s.tool,
            field,
            description: (tool && fieldDescription(tool, 'in', field)) || field,
          });
        continue;
      }
      args[field] = value;
    }
    steps.push({ ...s, args, deps: s.deps.filter((d) => !dropped.has(d)) });
  }
  const names = chain.steps.filter((s) => dropped.has(s.step)).map((s) => s.tool);
  return { chain: { ...chain, steps, missing }, dropped: names };
}

function readsFrom(step: PlanStep, steps: ReadonlySet<number>): boolean {
  return Object.values(step.args).some((v) => referencesIn(v).some((r) => steps.has(r.step)));
}
