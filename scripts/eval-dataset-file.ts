// Reads a dataset folder in the shared format (tools.json + tasks.jsonl) for the evaluation commands
// (eval:agent, eval:layers): the dataset, or a sentence saying why the folder was skipped.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import {
  DatasetFormatError,
  devSplit,
  parseEvalDataset,
  withoutPlans,
  type EvalDataset,
} from '../src/core/eval/dataset';
import { DatasetFileError } from './dataset-file-error';
import {
  datasetFolderProblem,
  readDatasetTasks,
  readDatasetTools,
  readToolsArray,
  reportDatasetError,
  TASKS_FILE,
  TOOLS_FILE,
} from './dataset-folder';

/**
 * `dev`: requests from a fifth of the train split instead of the test split (`devSplit`); `noPlans`: the
 * world from the tool schemas alone (`withoutPlans`). Task lines that are not tasks are left out and named
 * (scripts/dataset-folder.ts), as are rejected tool entries; an unreadable file is an error (exit code 1).
 */
export function loadEvalDatasetDir(dir: string, dev = false, noPlans = false): EvalDataset | string {
  const problem = datasetFolderProblem(dir);
  if (problem) return problem;
  const toolsPath = resolve(dir, TOOLS_FILE);
  // Worker threads of eval:agent read the folder again: only the main thread reports what was left out.
  const report = isMainThread;
  try {
    // An invalid file is reported by line and column, rejected entries by number, name and reason.
    if (report) readDatasetTools(toolsPath);
    else readToolsArray(toolsPath);
    // The normalized tasks (dataset-folder.ts: splits assigned, bad lines named) as the core parser's input.
    const tasks = readDatasetTasks(resolve(dir, TASKS_FILE), report);
    const d = parseEvalDataset(
      resolve(dir),
      readFileSync(toolsPath, 'utf8'),
      tasks.map((t) => JSON.stringify(t)).join('\n'),
    );
    const split = dev ? devSplit(d) : d;
    return noPlans ? withoutPlans(split) : split;
  } catch (e) {
    if (e instanceof DatasetFormatError) return e.message;
    if (!DatasetFileError.isInstance(e)) throw e;
    if (report) reportDatasetError(e);
    return 'unreadable (see the error above)';
  }
}
