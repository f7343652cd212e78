import { goldDependencies, goldOrder, type GoldStep } from './eval-task';
import { argumentVerdict, toolF1, type ExecutedCall } from './tsr';

/**
 * Issue 14's finer figures beside task success, for a plan that is almost right: did the agent call the
 * right tools (tool-plan exact match, any order), and how many of the gold arguments did it get right.
 */

/**
 * The successful calls' tools are the gold plan's, as multisets (order is TSR's business): exactly when
 * tool-selection F1 is 1 (precision and recall both 1).
 */
export function planExact(gold: readonly GoldStep[], calls: readonly ExecutedCall[]): boolean {
  return toolF1(gold, calls) === 1;
}

/**
 * Gold arguments the calls got right, of those with a value to compare (`argumentVerdict`'s `free` ones are
 * left out). Gold steps are taken in dependency order; each takes the unused successful call of its tool
 * that gets most of its arguments right (earliest on ties), so a reference is read from the output of
 * the call its producer step took. A step no call did counts all its arguments as wrong.
 */
export function argumentAccuracy(
  gold: readonly GoldStep[],
  calls: readonly ExecutedCall[],
): { matched: number; total: number } {
  const taken = new Map<number, number>();
  const used = new Set<number>();
  let matched = 0;
  let total = 0;
  for (const step of goldOrder(gold)) {
    const outputs: Record<number, unknown> = {};
    for (const d of goldDependencies(step, gold)) {
      const i = taken.get(d);
      if (i !== undefined) outputs[d] = calls[i]?.output;
    }
    const keys = Object.keys(step.args ?? {});
    const score = (c: ExecutedCall) => {
      let right = 0;
      let counted = 0;
      for (const k of keys) {
        const v = argumentVerdict(step, k, c.args[k], outputs);
        if (v === 'free') continue;
        counted++;
        if (v === 'match') right++;
      }
      return { right, counted };
    };
    let best: { i: number; right: number; counted: number } | null = null;
    for (const [i, c] of calls.entries()) {
      if (c.status !== 'ok' || c.tool !== step.tool || used.has(i)) continue;
      const s = score(c);
      if (!best || s.right > best.right) best = { i, ...s };
    }
    if (best === null) {
      // Nothing did the step: every argument with a value is wrong ("free" ones read no call's value).
      total += keys.filter((k) => argumentVerdict(step, k, undefined, outputs) !== 'free').length;
      continue;
    }
    const { i, right, counted } = best;
    used.add(i);
    taken.set(step.step, i);
    matched += right;
    total += counted;
  }
  return { matched, total };
}
