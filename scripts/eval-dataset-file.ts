// Reads a dataset folder in the shared format (tools.json + tasks.jsonl) for the evaluation commands
// (eval:agent, eval:layers): the dataset, or a sentence saying why the folder was skipped.

import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import {
  DatasetFormatError,
  devSplit,
  parseEvalDataset,
  withoutPlans,
  type EvalDataset,
} from '../src/core/eval/dataset';

/**
 * `dev`: requests from a fifth of the train split instead of the test split (`devSplit`); `noPlans`: the
 * world from the tool schemas alone (`withoutPlans`).
 */
export function loadEvalDatasetDir(dir: string, dev = false, noPlans = false): EvalDataset | string {
  const toolsPath = resolve(dir, 'tools.json');
  const tasksPath = resolve(dir, 'tasks.jsonl');
  if (!existsSync(toolsPath) || !existsSync(tasksPath)) return 'no tools.json + tasks.jsonl there';
  try {
    const d = parseEvalDataset(
      basename(resolve(dir)),
      readFileSync(toolsPath, 'utf8'),
      readFileSync(tasksPath, 'utf8'),
    );
    const split = dev ? devSplit(d) : d;
    return noPlans ? withoutPlans(split) : split;
  } catch (e) {
    if (e instanceof DatasetFormatError) return e.message;
    throw e;
  }
}
