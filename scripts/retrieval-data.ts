// Reads a dataset folder in the shared format (tools.json + tasks.jsonl) for the retrieval evaluation.
// Core parses text; this file is the only place that touches the file system.

import { resolve } from 'node:path';
import { parseCandidateTools } from '../src/core/retrieval/candidates';
import type { PromptTool } from '../src/core/retrieval/prompt-encodings';
import type { CandidateTool, RetrievalTask } from '../src/core/retrieval/retriever';
import type { JsonSchemaObject } from '../src/core/tools/tool';
import { splitTaskOf, tasksOfSplit } from '../src/core/retrieval/tasks';
import { datasetKey } from '../src/core/eval/dataset';
import { DatasetFileError } from './dataset-file-error';
import {
  datasetFolderProblem,
  readDatasetTasks,
  readToolsArray,
  reportDatasetError,
  TASKS_FILE,
  TOOLS_FILE,
} from './dataset-folder';

/** The shared dataset folders (under ../shared/data) the retrieval commands use by default. */
export const SHARED_DATASETS = [
  'seal_tools',
  'nestful_v1',
  'api_bank',
  'ultratool',
  'ultratool_graph',
  'bfcl',
  'stabletoolbench',
  'restbench',
  'toolalpaca',
] as const;

export interface RetrievalDataset {
  name: string;
  dir: string;
  catalogue: CandidateTool[];
  /** The catalogue with each tool's parameter schema, for the function-selection prompts. */
  promptTools: PromptTool[];
  train: RetrievalTask[];
  test: RetrievalTask[];
}

/**
 * The dataset in `dir`, or the reason it cannot be used (missing files, no tasks, an unreadable file: that
 * one is also printed as an error and sets exit code 1). Left-out task lines and tool entries are reported
 * (scripts/dataset-folder.ts).
 */
export function loadRetrievalDataset(dir: string): RetrievalDataset | string {
  const problem = datasetFolderProblem(dir);
  if (problem) return problem;
  const toolsPath = resolve(dir, TOOLS_FILE);
  const tasksPath = resolve(dir, TASKS_FILE);
  try {
    const tasks = readDatasetTasks(tasksPath)
      .map((t) => splitTaskOf(t, t.line))
      .filter((t) => t.task.tools.length > 0);
    if (tasks.length === 0) return 'tasks.jsonl has no tasks with a plan';
    const json = readToolsArray(toolsPath);
    const catalogue = parseCandidateTools(json);
    // parseCandidateTools keeps the first of a repeated name and skips entries without one: say how many.
    if (catalogue.length < json.length)
      console.warn(
        `warning: ${toolsPath}: ${json.length - catalogue.length} of ${json.length} entries left out ` +
          '(no "name" string, or a name an earlier entry already has)',
      );
    return {
      name: datasetKey(resolve(dir)),
      dir,
      catalogue,
      promptTools: withParameters(catalogue, json),
      train: tasksOfSplit(tasks, 'train'),
      test: tasksOfSplit(tasks, 'test'),
    };
  } catch (e) {
    if (!DatasetFileError.isInstance(e)) throw e;
    reportDatasetError(e);
    return 'unreadable (see the error above)';
  }
}

/** Catalogue tools with their `parameters` schema when tools.json gives one (an object with properties). */
function withParameters(catalogue: readonly CandidateTool[], json: unknown): PromptTool[] {
  const schemas = new Map<string, JsonSchemaObject>();
  for (const e of Array.isArray(json) ? json : []) {
    const { name, parameters } = (e ?? {}) as { name?: unknown; parameters?: unknown };
    const p = parameters as JsonSchemaObject | undefined;
    if (typeof name === 'string' && !schemas.has(name) && p && typeof p === 'object' && p.properties)
      schemas.set(name, p);
  }
  return catalogue.map((t) => {
    const parameters = schemas.get(t.name);
    return parameters ? { ...t, parameters } : { ...t };
  });
}
