/**
 * One step of a plan in the shared datasets' format. Arguments may reference earlier steps' outputs
 * (`$k.field`, `$k`, `{$k.field}` inside text; the grammar is in references.ts); `deps` lists steps this
 * one must follow even when no argument says so (task links, e.g. ultratool_graph).
 */
export interface PlanStep {
  step: number;
  tool: string;
  args: Record<string, unknown>;
  deps: number[];
}

/** A task of the shared datasets: a request and its gold plan. */
export interface PlanTask {
  id: string;
  query: string;
  plan: PlanStep[];
}
