import { mulberry32 } from '../util/prng';
import { shuffleInPlace } from '../util/shuffle';
import type { RetrievalTask } from './retriever';
import { TaskFormatError } from './task-format-error';

/** A task and the split its dataset put it in (`train`, `test`, …). */
export interface SplitTask {
  task: RetrievalTask;
  split: string;
}

interface RawStep {
  step: number;
  tool: string;
  deps?: unknown;
}

/** One parsed task line (`line` is 1-based, for the error message) as a retrieval task and its split. */
export function splitTaskOf(raw: unknown, line: number): SplitTask {
  const r = raw as { id?: unknown; query?: unknown; plan?: unknown; split?: unknown };
  if (!r || typeof r.id !== 'string' || typeof r.query !== 'string' || !Array.isArray(r.plan))
    throw new TaskFormatError(`line ${line}: expected {id, query, plan: [...]}`);
  const plan = r.plan as RawStep[];
  for (const s of plan) {
    if (!s || typeof s.tool !== 'string' || typeof s.step !== 'number')
      throw new TaskFormatError(`line ${line}: a plan step needs {step: number, tool: string}`);
  }
  // Step numbers need not be 0..n-1: map them to indices, and keep only deps on earlier steps (a DAG).
  const indexOfStep = new Map(plan.map((s, i) => [s.step, i]));
  const deps = plan.map((s, i) => {
    const ds = Array.isArray(s.deps) ? s.deps : [];
    const idx = ds
      .map((d) => indexOfStep.get(d as number))
      .filter((d): d is number => d !== undefined && d < i);
    return [...new Set(idx)].sort((a, b) => a - b);
  });
  return {
    task: { id: r.id, query: r.query, tools: plan.map((s) => s.tool), deps },
    split: typeof r.split === 'string' ? r.split : 'unknown',
  };
}

/** Parses a `tasks.jsonl` text (one task a line, blank lines ignored). Tasks with an empty plan are dropped. */
export function parseRetrievalTasks(jsonl: string): SplitTask[] {
  const out: SplitTask[] = [];
  jsonl.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      throw new TaskFormatError(`line ${i + 1}: ${(e as Error).message}`);
    }
    const t = splitTaskOf(raw, i + 1);
    if (t.task.tools.length > 0) out.push(t);
  });
  return out;
}

/** The tasks of one split, in file order. */
export function tasksOfSplit(tasks: readonly SplitTask[], split: string): RetrievalTask[] {
  return tasks.filter((t) => t.split === split).map((t) => t.task);
}

/**
 * A seeded hold-out: `fraction` of the tasks (at least one when there are two or more) go to `held`, the rest
 * stay in `kept`; both keep the input order.
 */
export function holdOut<T>(items: readonly T[], fraction: number, seed: number): { kept: T[]; held: T[] } {
  const n = items.length;
  const size = n < 2 ? 0 : Math.min(n - 1, Math.max(1, Math.round(n * fraction)));
  const order = shuffleInPlace(
    items.map((_, i) => i),
    mulberry32(seed),
  );
  const heldIdx = new Set(order.slice(0, size));
  return {
    kept: items.filter((_, i) => !heldIdx.has(i)),
    held: items.filter((_, i) => heldIdx.has(i)),
  };
}
