// Reads a dataset folder in the shared format (tools.json + tasks.jsonl) for the evaluation commands
// (eval:agent, eval:layers): the dataset, or a sentence saying why the folder was skipped.

import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { DatasetFormatError, parseEvalDataset, type EvalDataset } from '../src/core/eval/dataset';

export function loadEvalDatasetDir(dir: string): EvalDataset | string {
  const toolsPath = resolve(dir, 'tools.json');
  const tasksPath = resolve(dir, 'tasks.jsonl');
  if (!existsSync(toolsPath) || !existsSync(tasksPath)) return 'no tools.json + tasks.jsonl there';
  try {
    return parseEvalDataset(
      basename(resolve(dir)),
      readFileSync(toolsPath, 'utf8'),
      readFileSync(tasksPath, 'utf8'),
    );
  } catch (e) {
    if (e instanceof DatasetFormatError) return e.message;
    throw e;
  }
}
