import type { PlanStep } from '../plan/plan-step';
import type { Tool } from '../tools/tool';
import { toolFields } from './field-kind';
import type { SubIntentState } from './turn-state';

/**
 * Later parts of the request that one call serves together with this one: "Can you get me the current
 * weather for Denver? I need the data in scientific units." is one weather call with the units, not two
 * calls (toolalpaca: two calls for a one-call task, the second with the sentence's other words as its
 * city). A later part folds in when it is still pending, would make only a call of the same tool, does not
 * build on this part, and gives no input another value ("Find flights to Paris. Also find flights to Rome."
 * stays two searches) — except a search query made of its leftover words when it states no value there
 * (the Denver part's query is the city, the units part's is "data scientific units"). A part no tool
 * serves folds in when it states a value for an input this call lacks (`valuesOf`: its arguments for this
 * tool). Its inputs this call lacks are added to `step` (in place).
 */
export function foldLaterParts(
  si: SubIntentState,
  tool: Tool,
  step: PlanStep,
  parts: readonly SubIntentState[],
  valuesOf?: (part: SubIntentState) => Record<string, unknown>,
): SubIntentState[] {
  const folded: SubIntentState[] = [];
  const fields = toolFields(tool.parameters);
  const queries = new Set(fields.filter((f) => f.kind === 'query').map((f) => f.name));
  // Inputs a part no tool serves may give: stated values, not words (a query, a text, a title).
  const typed = new Set(fields.filter((f) => !WORDS.has(f.kind)).map((f) => f.name));
  for (const o of parts) {
    if (o === si || o.rank <= si.rank || o.status !== 'pending' || o.precursor) continue;
    // "I need the data in metric units": no tool's words match it, but it gives this call a value.
    if (o.target === undefined && o.candidates !== null && valuesOf && !o.dependsOn.includes(si.rank)) {
      const added = Object.entries(valuesOf(o)).filter(([k]) => typed.has(k) && !(k in step.args));
      if (added.length === 0) continue;
      for (const [k, v] of added) step.args[k] = v;
      folded.push(o);
      continue;
    }
    if (o.target !== tool.name || step.tool !== tool.name || o.dependsOn.includes(si.rank)) continue;
    const steps = o.chain?.steps ?? [];
    if (steps.length !== 1 || steps[0]!.tool !== step.tool) continue;
    const args = steps[0]!.args;
    const stated = statedValues(o);
    const conflict = Object.entries(args).some(
      ([k, v]) =>
        k in step.args &&
        JSON.stringify(step.args[k]) !== JSON.stringify(v) &&
        (!queries.has(k) || stated.has(normal(v))),
    );
    if (conflict) continue;
    for (const [k, v] of Object.entries(args)) if (!(k in step.args)) step.args[k] = v;
    folded.push(o);
  }
  return folded;
}

const WORDS = new Set(['query', 'text', 'title', 'other']);

/** The values a part says itself: its literals (quoted words among them, as `findLiterals` gives them). */
function statedValues(si: SubIntentState): Set<string> {
  return new Set(si.literals.flatMap((l) => [normal(l.value), normal(l.text)]));
}

const normal = (v: unknown): string => String(v).trim().toLowerCase();
