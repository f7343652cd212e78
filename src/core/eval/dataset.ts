import { parseCatalogueText } from '../tools/importers';
import type { Tool } from '../tools/tool';
import { difficultyOf, type EvalTask, type GoldStep } from './eval-task';

/**
 * A dataset folder in the shared format, parsed from its two files' text (core never touches the file
 * system: the CLI reads the folder, the app reads dropped files). `train` are the plans the world is built
 * from; `test` the tasks the agent is run on. A dataset without a train split (toolalpaca) is zero-shot:
 * the world has its tools' schemas only.
 */
export interface EvalDataset {
  /** The folder's name, as used in the JSON keys (`nestful_v1.oracle.full.tsr`). */
  name: string;
  tools: Tool[];
  /** Catalogue entries that were rejected (reason per entry), e.g. restbench's non-numeric `maximum`. */
  rejectedTools: number;
  train: EvalTask[];
  test: EvalTask[];
  /** No train split: the world is built from schemas only. */
  zeroShot: boolean;
  /** Lines of tasks.jsonl that were not tasks (reported, not fatal). */
  badLines: number;
}

export class DatasetFormatError extends Error {
  override readonly name = 'DatasetFormatError';
}

/** `nestful_v1`, `my_data` — a folder name as a JSON key segment (letters, digits, `_`). */
export function datasetKey(folder: string): string {
  const base =
    folder
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? folder;
  return base.replace(/[^A-Za-z0-9]+/g, '_') || 'dataset';
}

function asStep(raw: unknown, i: number): GoldStep | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.tool !== 'string' || !r.tool) return null;
  const args = r.args && typeof r.args === 'object' && !Array.isArray(r.args) ? r.args : {};
  const step: GoldStep = {
    step: typeof r.step === 'number' ? r.step : i,
    tool: r.tool,
    args: args as Record<string, unknown>,
    deps: Array.isArray(r.deps) ? r.deps.filter((d): d is number => typeof d === 'number') : [],
  };
  if (r.accepted_args && typeof r.accepted_args === 'object' && !Array.isArray(r.accepted_args)) {
    const acc: Record<string, unknown[]> = {};
    for (const [k, v] of Object.entries(r.accepted_args as Record<string, unknown>))
      acc[k] = Array.isArray(v) ? v : [v];
    step.accepted_args = acc;
  }
  return step;
}

/** One task line; null when it is not a task with a query and a plan list. */
export function parseTaskLine(line: string): EvalTask | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.query !== 'string' || !Array.isArray(r.plan)) return null;
  const plan = r.plan.map(asStep);
  if (plan.some((s) => s === null)) return null;
  const steps = plan as GoldStep[];
  return {
    id: typeof r.id === 'string' ? r.id : String(r.id ?? ''),
    query: r.query,
    plan: steps,
    difficulty: difficultyOf(steps, r.difficulty),
    split: typeof r.split === 'string' ? r.split : 'test',
  };
}

export function parseEvalDataset(name: string, toolsJson: string, tasksJsonl: string): EvalDataset {
  let catalogue;
  try {
    catalogue = parseCatalogueText(toolsJson, 'dataset');
  } catch (error) {
    throw new DatasetFormatError(
      `${name}: tools.json is not a tool catalogue (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const tasks: EvalTask[] = [];
  let badLines = 0;
  for (const line of tasksJsonl.split('\n')) {
    if (!line.trim()) continue;
    const t = parseTaskLine(line);
    if (t) tasks.push(t);
    else badLines++;
  }
  if (tasks.length === 0) throw new DatasetFormatError(`${name}: tasks.jsonl has no task with a plan`);
  const train = tasks.filter((t) => t.split === 'train' && t.plan.length > 0);
  const test = tasks.filter((t) => t.split === 'test');
  if (test.length === 0) throw new DatasetFormatError(`${name}: tasks.jsonl has no task with split "test"`);
  return {
    name: datasetKey(name),
    tools: catalogue.tools,
    rejectedTools: catalogue.issues.length,
    train,
    test,
    zeroShot: train.length === 0,
    badLines,
  };
}

/**
 * The development split for tuning without the test tasks: every fifth train task (in file order) becomes
 * a request, the other train plans build the world. A zero-shot dataset has no train plans and so no
 * development split.
 */
export function devSplit(d: EvalDataset): EvalDataset {
  if (d.zeroShot) throw new DatasetFormatError(`${d.name}: no train plans, so no development split`);
  return {
    ...d,
    train: d.train.filter((_, i) => i % 5 !== 4),
    test: d.train.filter((_, i) => i % 5 === 4),
  };
}

/** The same requests on a world built from the tool schemas alone (tuning what the zero-shot path does). */
export function withoutPlans(d: EvalDataset): EvalDataset {
  return { ...d, train: [], zeroShot: true };
}
