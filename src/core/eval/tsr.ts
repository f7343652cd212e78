import { outputField, parseReference, referencesIn, substituteReferences } from '../plan/references';
import { goldDependencies, goldOrder, type GoldStep } from './eval-task';
import { valuesMatch } from './normalize';

/** A call as the evaluation sees it (a CallView or a trace call). */
export interface ExecutedCall {
  tool: string;
  args: Record<string, unknown>;
  status: 'ok' | 'error' | 'running';
  output?: unknown;
}

/** Why a task was not solved, coarsely (for the failure breakdown). */
export type MismatchKind = 'no-call' | 'missing-tool' | 'extra-calls' | 'order' | 'arguments';

export interface PlanMatch {
  solved: boolean;
  /** Why not, in words (empty when solved). */
  reason: string;
  /** Why not, as a category (null when solved). */
  kind: MismatchKind | null;
  /** Gold step number → index (in `calls`) of the call that did it. */
  assignment: Map<number, number>;
}

export interface MatchOptions {
  /**
   * Successful calls beyond the gold plan's: 'reject' (default: the plan must be done exactly, BFCL-style)
   * or 'allow'.
   */
  extraCalls?: 'reject' | 'allow';
}

/**
 * Task success (TSR): the successful calls are the gold plan as a DAG — one call per gold step with the
 * same tool, in ANY order the dependencies allow (a call runs after the calls of the steps it depends on),
 * with the gold arguments:
 * - a literal argument matches by normalized value (normalize.ts); with BFCL's `accepted_args` it matches
 *   any accepted value, and `""` among them means the argument may be left out; an argument BFCL does not
 *   list is unexpected;
 * - a reference (`$k.field`) matches the value the call matched to step k actually returned there; a braced
 *   reference inside text (`{$k.field}`) the text with that value put in;
 * - an argument the gold step gives and the call lacks fails the task; one the call adds is tolerated
 *   (except under `accepted_args`); a gold `""` or null may be left out (it carries no value);
 * - a gold step without arguments (restbench, ultratool_graph: plans of tools only) checks tool and order.
 * Failed calls are ignored: a failure that was retried or routed around does not count against the task.
 * Matching is a backtracking search over calls of the same tool (plans are short), so two calls of one tool
 * with different arguments are paired the way that works.
 */
export function matchPlan(
  gold: readonly GoldStep[],
  calls: readonly ExecutedCall[],
  options: MatchOptions = {},
): PlanMatch {
  const ok = calls.map((c, i) => ({ c, i })).filter((x) => x.c.status === 'ok');
  const assignment = new Map<number, number>();
  if (gold.length === 0)
    return ok.length === 0
      ? { solved: true, reason: '', kind: null, assignment }
      : { solved: false, reason: `no call was needed, ${ok.length} made`, kind: 'extra-calls', assignment };
  if (ok.length === 0) return { solved: false, reason: 'no successful call', kind: 'no-call', assignment };
  const have = new Map<string, number>();
  for (const x of ok) have.set(x.c.tool, (have.get(x.c.tool) ?? 0) + 1);
  const lacking = gold.filter((s) => {
    const n = have.get(s.tool) ?? 0;
    have.set(s.tool, n - 1);
    return n <= 0;
  });
  if (lacking.length > 0)
    return {
      solved: false,
      reason: `no successful ${lacking.map((s) => s.tool).join(', ')} call (called: ${ok.map((x) => x.c.tool).join(', ')})`,
      kind: 'missing-tool',
      assignment,
    };
  if ((options.extraCalls ?? 'reject') === 'reject' && ok.length > gold.length)
    return {
      solved: false,
      reason: `${ok.length} successful calls for a ${gold.length}-step plan (${ok.map((x) => x.c.tool).join(', ')})`,
      kind: 'extra-calls',
      assignment,
    };
  const order = goldOrder(gold);
  const used = new Set<number>();
  let deepest: { depth: number; reason: string; kind: MismatchKind } = {
    depth: -1,
    reason: '',
    kind: 'arguments',
  };
  const note = (depth: number, reason: string, kind: MismatchKind) => {
    if (depth > deepest.depth) deepest = { depth, reason, kind };
  };

  const search = (k: number): boolean => {
    if (k === order.length) return true;
    const step = order[k]!;
    const deps = goldDependencies(step, gold);
    const outputs: Record<number, unknown> = {};
    for (const d of deps) outputs[d] = calls[assignment.get(d)!]?.output;
    const candidates = ok.filter((x) => !used.has(x.i) && x.c.tool === step.tool);
    if (candidates.length === 0)
      note(k, `no successful ${step.tool} call for step ${step.step}`, 'missing-tool');
    for (const { c, i } of candidates) {
      const early = deps.find((d) => assignment.get(d)! > i);
      if (early !== undefined) {
        note(k, `${step.tool} ran before the step it depends on (${early})`, 'order');
        continue;
      }
      const why = argumentMismatch(step, c.args, outputs);
      if (why) {
        note(k, `${step.tool}: ${why}`, 'arguments');
        continue;
      }
      used.add(i);
      assignment.set(step.step, i);
      if (search(k + 1)) return true;
      used.delete(i);
      assignment.delete(step.step);
    }
    return false;
  };
  // Steps are assigned in topological order, so every dependency has its call when a step is tried.
  if (search(0)) return { solved: true, reason: '', kind: null, assignment };
  return {
    solved: false,
    reason: deepest.reason || 'the calls do not match the plan',
    kind: deepest.kind,
    assignment: new Map(),
  };
}

/** Why a call's arguments do not do a gold step, or null when they do. */
export function argumentMismatch(
  step: GoldStep,
  args: Readonly<Record<string, unknown>>,
  outputs: Readonly<Record<number, unknown>>,
): string | null {
  for (const key of Object.keys(step.args ?? {})) {
    const verdict = argumentVerdict(step, key, args[key], outputs);
    if (verdict !== 'match' && verdict !== 'free') return verdict;
  }
  const accepted = step.accepted_args;
  if (accepted) {
    for (const [key, v] of Object.entries(args))
      if (!(key in accepted) && !(key in step.args) && v !== undefined && v !== null && v !== '')
        return `unexpected argument ${key}`;
  }
  return null;
}

/**
 * One gold argument against the value a call passed for it: `match`, `free` (nothing to compare — a gold
 * `""` or null left out, an optional BFCL argument left out, a reference to a field the producer's output
 * lacks), or why not in words.
 */
export function argumentVerdict(
  step: GoldStep,
  key: string,
  actual: unknown,
  outputs: Readonly<Record<number, unknown>>,
): 'match' | 'free' | string {
  const gold = step.args[key];
  const allowed = step.accepted_args?.[key];
  if (allowed && referencesIn(gold).length === 0) {
    const optional = allowed.some((v) => v === '' || v === null);
    if (actual === undefined || actual === null || actual === '')
      return optional ? 'free' : `missing argument ${key}`;
    return allowed.some((v) => v !== '' && valuesMatch(v, actual))
      ? 'match'
      : `${key} = ${JSON.stringify(actual)}, accepted ${JSON.stringify(allowed)}`;
  }
  // A gold `""` (or null) carries no value: leaving the argument out does the same.
  if (actual === undefined) return gold === '' || gold === null ? 'free' : `missing argument ${key}`;
  const expected = expectedValue(gold, outputs);
  if (expected.unknown) return 'free';
  return valuesMatch(expected.value, actual)
    ? 'match'
    : `${key} = ${JSON.stringify(actual)}, expected ${JSON.stringify(expected.value)}`;
}

/**
 * The value a gold argument stands for once its references are read from the outputs of the calls matched
 * to the steps it names. `unknown` when a named output lacks the field (the simulator did not produce it):
 * then any value the call passed is accepted, since nothing can be compared.
 */
function expectedValue(
  gold: unknown,
  outputs: Readonly<Record<number, unknown>>,
): { value: unknown; unknown: boolean } {
  const refs = referencesIn(gold);
  if (refs.length === 0) return { value: gold, unknown: false };
  if (typeof gold === 'string') {
    const whole = parseReference(gold);
    if (whole) {
      const got = outputField(outputs[whole.step], whole.field, whole.path);
      return got.found && got.value !== undefined
        ? { value: got.value, unknown: false }
        : { value: undefined, unknown: true };
    }
  }
  try {
    return { value: substituteReferences(gold, outputs), unknown: false };
  } catch {
    return { value: undefined, unknown: true };
  }
}

/** Tool-selection F1 of the successful calls' tools against the gold plan's (as multisets). */
export function toolF1(gold: readonly GoldStep[], calls: readonly ExecutedCall[]): number {
  const want = new Map<string, number>();
  for (const s of gold) want.set(s.tool, (want.get(s.tool) ?? 0) + 1);
  const got = new Map<string, number>();
  let predicted = 0;
  for (const c of calls)
    if (c.status === 'ok') {
      got.set(c.tool, (got.get(c.tool) ?? 0) + 1);
      predicted++;
    }
  if (gold.length === 0) return predicted === 0 ? 1 : 0;
  if (predicted === 0) return 0;
  let tp = 0;
  for (const [t, n] of got) tp += Math.min(n, want.get(t) ?? 0);
  if (tp === 0) return 0;
  const p = tp / predicted;
  const r = tp / gold.length;
  return (2 * p * r) / (p + r);
}
