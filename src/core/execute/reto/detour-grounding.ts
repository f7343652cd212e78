import { dependenciesOf } from '../../plan/dag';
import type { PlanStep } from '../../plan/plan-step';
import { referencesIn } from '../../plan/references';
import type { Tool } from '../../tools/tool';

/**
 * A detour must stay about what the failed call was about. Path recombination matches tools by the
 * standardized parameters they produce, not by the entity: a failed `contacts_search(name: "Anna
 * Keller")` replaced by `mail_search(query: <the request's other words>) → mail_read → from_email` would
 * email whoever wrote about the offsite, not Anna. So the new steps must consume the failed path's data
 * (reference a step of the old plan) or carry one of the values the failed call and its producers were
 * given; when they do not, a free-text search input of the first new step is given that value ("Anna
 * Keller"); when none can take it, the detour is refused. And a switch to another target, when the old
 * target did not fail itself, must carry over what the user gave the old target: "text Bob that I'm on
 * my way" may not become an email to Bob with another mail's subject and body.
 */
export function groundDetour(
  oldPlan: readonly PlanStep[],
  failedStep: number,
  newPlan: PlanStep[],
  added: ReadonlySet<number>,
  toolOf: (name: string) => Tool | undefined,
  switched?: { step: number; from: string; to: string },
): { plan: PlanStep[]; rewrote?: { step: number; field: string; value: string } } | null {
  if (switched && switched.from !== switched.to) {
    const old = oldPlan.find((s) => s.step === switched.step && s.tool === switched.from);
    const now = newPlan.find((s) => s.step === switched.step);
    if (old && old.step !== failedStep && now) {
      const own = literals(old);
      if (own.length > 0 && !own.some((a) => mentions(now, a))) return null;
    }
  }
  const anchors = anchorValues(oldPlan, failedStep);
  if (anchors.length === 0) return { plan: newPlan };
  const fresh = newPlan.filter((s) => added.has(s.step));
  if (fresh.length === 0 || fresh.some((s) => grounded(s, added, anchors))) return { plan: newPlan };
  for (const s of fresh) {
    if ([...dependenciesOf(s)].length > 0) continue;
    const props = toolOf(s.tool)?.parameters.properties ?? {};
    const field = Object.keys(s.args).find((f) => {
      const p = props[f];
      return (
        p &&
        p.type === 'string' &&
        p.enum === undefined &&
        p.format === undefined &&
        typeof s.args[f] === 'string'
      );
    });
    if (!field) continue;
    const value = anchors[0]!;
    const step = { ...s, args: { ...s.args, [field]: value } };
    return {
      plan: newPlan.map((x) => (x.step === s.step ? step : x)),
      rewrote: { step: s.step, field, value },
    };
  }
  return null;
}

/** Literal text values (not references) of the failed step, then of the steps it reads from, nearest first. */
function anchorValues(plan: readonly PlanStep[], failed: number): string[] {
  const byNumber = new Map(plan.map((s) => [s.step, s]));
  const out: string[] = [];
  const seen = new Set<number>();
  const queue = [failed];
  while (queue.length > 0) {
    const s = byNumber.get(queue.shift()!);
    if (!s || seen.has(s.step)) continue;
    seen.add(s.step);
    out.push(...literals(s));
    queue.push(...dependenciesOf(s));
  }
  return out;
}

/** A step's literal text arguments (not references), at least 3 characters. */
function literals(s: PlanStep): string[] {
  return Object.values(s.args)
    .filter((v): v is string => typeof v === 'string' && referencesIn(v).length === 0 && v.trim().length >= 3)
    .map((v) => v.trim());
}

/** Some text argument of `step` contains `anchor` (or is contained in it), ignoring case. */
function mentions(step: PlanStep, anchor: string): boolean {
  const x = anchor.toLowerCase();
  return Object.values(step.args)
    .filter((v): v is string => typeof v === 'string')
    .some((v) => {
      const l = v.toLowerCase();
      return l.includes(x) || (l.length >= 3 && x.includes(l));
    });
}

function grounded(step: PlanStep, added: ReadonlySet<number>, anchors: readonly string[]): boolean {
  if ([...dependenciesOf(step)].some((d) => !added.has(d))) return true; // reads the old path's data
  return anchors.some((a) => mentions(step, a));
}
