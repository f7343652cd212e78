import type { PlanStep } from '../plan/plan-step';
import type { CallView } from './agent-events';

/**
 * The earlier successful call of this turn that a one-step chain would only repeat (same tool, same
 * arguments), or undefined. Two sub-intents of one request often name the same call ("how many cats are
 * there? Can you count them?"); calling it again costs a call and, for a tool that changes something,
 * does it twice. `anyArgs`: the same tool with other arguments counts too — for a tool the world's plans
 * call once per task (`AgentWorld.rarelyRepeated`), where a second call comes from two ways of saying one
 * — unless the two disagree on a value the sub-intent states, or the new call takes the earlier one's result
 * as an input ("convert 5 kg to pounds and then to ounces": the second call converts the first one's value).
 */
export function repeatOf(
  steps: readonly PlanStep[],
  calls: readonly CallView[],
  anyArgs = false,
  stated: readonly unknown[] = [],
  statedAnywhere: readonly unknown[] = stated,
): CallView | undefined {
  if (steps.length !== 1) return undefined;
  const step = steps[0]!;
  const key = canonical(step.args);
  return calls.find(
    (c) =>
      c.status === 'ok' &&
      c.tool === step.tool &&
      (anyArgs
        ? !disagree(c.args, step.args, stated, statedAnywhere) && !followsOn(c, step.args)
        : canonical(c.args) === key),
  );
}

/**
 * Whether `args` put a value of the earlier call's output into an input that call gave another value: the
 * new call carries on from the earlier one's result, so it is a further call, not the same call said twice.
 */
function followsOn(earlier: CallView, args: Record<string, unknown>): boolean {
  const produced = leaves(earlier.output);
  return Object.entries(args).some(
    ([k, v]) =>
      (typeof v === 'number' || typeof v === 'string') &&
      // The same input with another value: an id the earlier call returned, put into an input it left
      // empty, is the same search said twice (ultratool_graph: search_train, then search_train(its id)).
      k in earlier.args &&
      earlier.args[k] !== v &&
      produced.has(v),
  );
}

/** The numbers and strings anywhere in a value. */
function leaves(value: unknown, out = new Set<unknown>()): Set<unknown> {
  if (typeof value === 'number' || typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) leaves(v, out);
  return out;
}

/**
 * Two values the request states for one input — this sub-intent's (`stated`, its literals' values: "10"
 * in "… and 10 kg in pounds", "Berlin" after "… in Paris") and another the earlier call took from the
 * rest of the request (`statedAnywhere`) — make two calls, even of a tool the world calls once per task:
 * two ways of saying one call do not disagree on what was said. An earlier value made of other words
 * ("create a notepad file" as its content, then the quoted content) is no such disagreement.
 */
function disagree(
  a: unknown,
  b: unknown,
  stated: readonly unknown[],
  statedAnywhere: readonly unknown[],
): boolean {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const among = (values: readonly unknown[], v: unknown) => values.some((s) => says(v, s));
  return Object.keys(x).some(
    (k) =>
      k in y && x[k] !== y[k] && among(stated, y[k]) && !among(stated, x[k]) && among(statedAnywhere, x[k]),
  );
}

/**
 * Whether an argument is the value said: itself, or a date-time on the day said ("Thursday" is 2026-12-10;
 * the event starts 2026-12-10T07:00 — "Add tempo runs Tue 7-8am and Thu 7-8am" is two events, sixteenth
 * QA pass made one).
 */
function says(value: unknown, said: unknown): boolean {
  if (value === said) return true;
  return (
    typeof value === 'string' &&
    typeof said === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(said) &&
    value.startsWith(`${said}T`)
  );
}

/** JSON with object keys sorted, so argument order does not matter. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
