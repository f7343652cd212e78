import type { PlanStep } from '../plan/plan-step';
import { dependenciesOf, topologicalOrder } from '../plan/dag';

/**
 * One test task of a dataset in the shared format (../shared/data/README.md), as the agent evaluation
 * reads it: the request, the gold plan (a DAG of calls), its difficulty and split. BFCL's steps also carry
 * `accepted_args` (every value BFCL accepts per argument; `""` means "may be left out").
 */
export interface GoldStep extends PlanStep {
  accepted_args?: Record<string, unknown[]>;
}

export type Difficulty = 'easy' | 'medium' | 'hard';

export interface EvalTask {
  id: string;
  query: string;
  plan: GoldStep[];
  /** easy = 1 call, medium = 2, hard = 3 or more (the dataset's label; derived when absent). */
  difficulty: Difficulty;
  split: string;
}

export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];

export function difficultyOf(plan: readonly PlanStep[], label?: unknown): Difficulty {
  if (label === 'easy' || label === 'medium' || label === 'hard') return label;
  return plan.length <= 1 ? 'easy' : plan.length === 2 ? 'medium' : 'hard';
}

/** The gold steps in an order they can run (stable; the plan's own order when it already is one). */
export function goldOrder(plan: readonly GoldStep[]): GoldStep[] {
  return topologicalOrder(plan, { lenient: true }) as GoldStep[];
}

/** Step numbers a gold step must follow: its `deps` and the steps its arguments reference. */
export function goldDependencies(step: GoldStep, plan: readonly GoldStep[]): number[] {
  const present = new Set(plan.map((s) => s.step));
  return [...dependenciesOf(step)].filter((d) => d !== step.step && present.has(d)).sort((a, b) => a - b);
}

/** True when the dataset's gold plans carry arguments at all (restbench, ultratool_graph do not). */
export function planHasArgs(plan: readonly GoldStep[]): boolean {
  return plan.some((s) => Object.keys(s.args ?? {}).length > 0);
}
