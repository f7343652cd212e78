const NAME = 'PlanGraphError';

/**
 * A plan whose steps do not form a DAG: a cycle, a dependency on a step the plan does not have, or two
 * steps with one number (a reference to it would be ambiguous).
 */
export class PlanGraphError extends Error {
  readonly code: 'plan-cycle' | 'plan-missing-step' | 'plan-duplicate-step';
  /** The steps involved: the cycle in order, [step, missing dependency], or [the repeated number]. */
  readonly steps: number[];

  constructor(code: PlanGraphError['code'], steps: number[]) {
    super(
      code === 'plan-cycle'
        ? `The plan has a cycle: steps ${[...steps, steps[0]].join(' → ')}`
        : code === 'plan-missing-step'
          ? `Step ${steps[0]} depends on step ${steps[1]}, which is not in the plan`
          : `The plan has two steps numbered ${steps[0]}`,
    );
    this.name = NAME;
    this.code = code;
    this.steps = steps;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is PlanGraphError {
    return error instanceof Error && error.name === NAME;
  }
}
