// Reads a dataset folder in the shared format (../shared/data/README.md: tools.json + tasks.jsonl) for the
// bench, eval and train commands, so that every command treats a folder it has never seen the same way:
// - a missing folder or file is skipped with a message (the commands' documented behaviour);
// - a file that cannot be read (not JSON, cut short, not a catalogue) is a DatasetFileError naming the file
//   and line:column;
// - a bad task line or tool entry is left out with a warning naming the line or entry, never silently;
// - a task without a split gets the README's own rule (sha1(id) first byte < 179 → train).

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetKey } from '../src/core/eval/dataset';
import type { PlanStep, PlanTask } from '../src/core/plan/plan-step';
import { CatalogueFormatError } from '../src/core/tools/catalogue-format-error';
import { parseCatalogue } from '../src/core/tools/importers';
import type { Tool } from '../src/core/tools/tool';
import { DatasetFileError } from './dataset-file-error';

export const TOOLS_FILE = 'tools.json';
export const TASKS_FILE = 'tasks.jsonl';
/** Problems listed one by one before the rest are only counted. */
const SHOWN_PROBLEMS = 5;

/** A task line of tasks.jsonl, normalized: optional keys filled in, every other key kept as written. */
export type DatasetTask = PlanTask & {
  split: string;
  difficulty?: string;
  /** 1-based line in tasks.jsonl. */
  line: number;
  [key: string]: unknown;
};

export interface ParsedTasks {
  tasks: DatasetTask[];
  /** Lines left out, each `line N: reason`. */
  problems: string[];
  /** Tasks whose split was missing and was assigned by the README's sha1 rule. */
  splitsAssigned: number;
}

export interface DatasetFolder {
  /** The folder's name as a JSON key segment (`acme_tools`). */
  name: string;
  dir: string;
  tools: Tool[];
  tasks: DatasetTask[];
}

/** Why `dir` is not a dataset folder in the shared format, or null when it has both files. */
export function datasetFolderProblem(dir: string): string | null {
  if (!existsSync(dir)) return 'the folder does not exist';
  if (!statSync(dir).isDirectory()) return 'it is not a folder';
  const missing = [TOOLS_FILE, TASKS_FILE].filter((f) => !existsSync(resolve(dir, f)));
  return missing.length ? `no ${missing.join(' and no ')} there` : null;
}

/** `text`'s 1-based line and column at character `pos`. */
function lineColumn(text: string, pos: number): string {
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  return `${line}:${pos - before.lastIndexOf('\n')}`;
}

/** Parses a JSON file's text; an error names `file:line:column` (or says the file is empty or cut short). */
export function parseJsonText(text: string, file: string): unknown {
  if (!text.trim()) throw new DatasetFileError(`${file}: the file is empty (expected JSON)`);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    if (pos)
      throw new DatasetFileError(`${file}:${lineColumn(text, Number(pos[1]))}: not valid JSON (${msg})`);
    const end = lineColumn(text, text.length);
    throw new DatasetFileError(`${file}:${end}: not valid JSON, the file ends early (cut short?): ${msg}`);
  }
}

export function readJsonFile(file: string): unknown {
  return parseJsonText(readFileSync(file, 'utf8'), file);
}

/**
 * tools.json as the shared format has it, a JSON array. (The app's importer also takes `{"tools": […]}` as
 * an MCP listing, which would read `parameters` as absent: every schema lost without a word.)
 */
export function readToolsArray(file: string): unknown[] {
  const json = readJsonFile(file);
  if (!Array.isArray(json))
    throw new DatasetFileError(
      `${file}: expected a JSON array of tools ({name, description, parameters, …}), got ${json === null ? 'null' : typeof json}`,
    );
  return json;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The split the shared format's README gives a dataset that ships none: sha1(id) first byte < 179 → train. */
export function defaultSplit(id: string): 'train' | 'test' {
  return createHash('sha1').update(id).digest()[0]! < 179 ? 'train' : 'test';
}

function normalizeStep(s: unknown, i: number): PlanStep | string {
  const where = `plan step ${i + 1}`;
  if (!isRecord(s)) return `${where} is not an object`;
  if (typeof s.tool !== 'string' || !s.tool) return `${where} has no "tool" name`;
  if (s.step !== undefined && (typeof s.step !== 'number' || !Number.isInteger(s.step)))
    return `${where}: "step" must be a whole number`;
  if (s.args !== undefined && s.args !== null && !isRecord(s.args))
    return `${where}: "args" must be an object`;
  const deps = s.deps ?? [];
  if (!Array.isArray(deps) || deps.some((d) => typeof d !== 'number'))
    return `${where}: "deps" must be a list of step numbers`;
  return {
    ...s,
    step: (s.step as number | undefined) ?? i,
    tool: s.tool,
    args: (s.args as Record<string, unknown> | null | undefined) ?? {},
    deps: deps as number[],
  };
}

function normalizeTask(raw: unknown, line: number): DatasetTask | string {
  if (!isRecord(raw)) return 'not a task object';
  if (typeof raw.query !== 'string') return 'no "query" text';
  if (!Array.isArray(raw.plan)) return 'no "plan" list';
  const plan: PlanStep[] = [];
  for (const [i, s] of raw.plan.entries()) {
    const step = normalizeStep(s, i);
    if (typeof step === 'string') return step;
    plan.push(step);
  }
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : `line-${line}`;
  const split = typeof raw.split === 'string' && raw.split ? raw.split : defaultSplit(id);
  return { ...raw, id, query: raw.query, plan, split, line };
}

/**
 * The tasks of a tasks.jsonl text; lines that are not tasks are left out and listed in `problems`
 * (`line N: reason`). Blank lines are ignored.
 */
export function parseTasksJsonl(text: string): ParsedTasks {
  const tasks: DatasetTask[] = [];
  const problems: string[] = [];
  let splitsAssigned = 0;
  const lines = text.split('\n');
  lines.forEach((l, i) => {
    if (!l.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(l);
    } catch (e) {
      const last = i === lines.length - 1 && !text.endsWith('\n');
      problems.push(
        `line ${i + 1}: not valid JSON (${(e as Error).message})${last ? '; the file looks cut short' : ''}`,
      );
      return;
    }
    const t = normalizeTask(raw, i + 1);
    if (typeof t === 'string') problems.push(`line ${i + 1}: ${t}`);
    else {
      if (!isRecord(raw) || typeof raw.split !== 'string' || !raw.split) splitsAssigned++;
      tasks.push(t);
    }
  });
  return { tasks, problems, splitsAssigned };
}

/** Prints what was left out of `file`, the first few one by one. */
export function warnLeftOut(file: string, what: string, problems: readonly string[], total: number): void {
  if (problems.length === 0) return;
  for (const p of problems.slice(0, SHOWN_PROBLEMS)) console.warn(`warning: ${file}: ${p}; left out`);
  const more = problems.length - SHOWN_PROBLEMS;
  console.warn(
    `warning: ${file}: ${problems.length} of ${total} ${what} left out${more > 0 ? ` (${more} more not listed)` : ''}`,
  );
}

/** tasks.jsonl's tasks, with left-out lines and assigned splits reported (unless `report` is false). */
export function readDatasetTasks(file: string, report = true): DatasetTask[] {
  const { tasks, problems, splitsAssigned } = parseTasksJsonl(readFileSync(file, 'utf8'));
  if (!report) return tasks;
  warnLeftOut(file, 'task lines', problems, tasks.length + problems.length);
  if (splitsAssigned > 0)
    console.log(
      `note: ${file}: ${splitsAssigned} task${splitsAssigned === 1 ? ' has' : 's have'} no "split"; ` +
        'assigned by sha1(id) (first byte < 179 → train), as ../shared/data/README.md does',
    );
  const other = new Map<string, number>();
  for (const t of tasks)
    if (t.split !== 'train' && t.split !== 'test') other.set(t.split, (other.get(t.split) ?? 0) + 1);
  if (other.size > 0)
    console.log(
      `note: ${file}: ${[...other].map(([s, n]) => `${n} in split "${s}"`).join(', ')}: only "train" and "test" are used`,
    );
  return tasks;
}

/** tools.json's valid tools; entries the importer refuses are reported by number, name and reason. */
export function readDatasetTools(file: string): Tool[] {
  const json = readToolsArray(file);
  let parsed;
  try {
    parsed = parseCatalogue(json);
  } catch (e) {
    if (CatalogueFormatError.isInstance(e)) throw new DatasetFileError(`${file}: ${e.message}`);
    throw e;
  }
  const problems = parsed.issues.map(
    (i) => `entry #${i.index + 1}${i.name ? ` "${i.name}"` : ''}: ${i.reason}`,
  );
  warnLeftOut(file, 'tool entries', problems, parsed.tools.length + problems.length);
  return parsed.tools;
}

/**
 * The dataset in `dir`, or null when it is skipped: a missing folder or file with a message (exit code
 * unchanged), an unreadable file with an error naming it (exit code 1; the command goes on with its other
 * datasets).
 */
export function loadDatasetFolder(dir: string): DatasetFolder | null {
  const problem = datasetFolderProblem(dir);
  if (problem) {
    console.log(`Skipping ${dir}: ${problem}.`);
    return null;
  }
  try {
    return {
      name: datasetKey(resolve(dir)),
      dir,
      tools: readDatasetTools(resolve(dir, TOOLS_FILE)),
      tasks: readDatasetTasks(resolve(dir, TASKS_FILE)),
    };
  } catch (e) {
    if (!DatasetFileError.isInstance(e)) throw e;
    reportDatasetError(e);
    return null;
  }
}

/** Says how many train plans the world could not ingest (worldFromPlans skips them), when any. */
export function warnSkippedPlans(name: string, skipped: number, total: number): void {
  if (skipped > 0)
    console.warn(
      `warning: ${name}: ${skipped} of ${total} train plans could not be ingested (a malformed step); left out`,
    );
}

/** `f()`, or null after reporting a DatasetFileError it throws (the command goes on with its other datasets). */
export async function unlessBadData<T>(f: () => Promise<T> | T): Promise<T | null> {
  try {
    return await f();
  } catch (e) {
    if (!DatasetFileError.isInstance(e)) throw e;
    reportDatasetError(e);
    return null;
  }
}

/** An unreadable dataset file: its message without a stack, and exit code 1 at the end. */
export function reportDatasetError(e: DatasetFileError): void {
  console.error(`error: ${e.message}`);
  process.exitCode = 1;
}
