// Reads a dataset folder in the shared format (tools.json + tasks.jsonl) for the retrieval evaluation.
// Core parses text; this file is the only place that touches the file system.

import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseCandidateTools } from '../src/core/retrieval/candidates';
import type { CandidateTool, RetrievalTask } from '../src/core/retrieval/retriever';
import { parseRetrievalTasks, tasksOfSplit } from '../src/core/retrieval/tasks';

export interface RetrievalDataset {
  name: string;
  dir: string;
  catalogue: CandidateTool[];
  train: RetrievalTask[];
  test: RetrievalTask[];
}

/** The dataset in `dir`, or the reason it cannot be used (missing files, no tasks). */
export function loadRetrievalDataset(dir: string): RetrievalDataset | string {
  const toolsPath = resolve(dir, 'tools.json');
  const tasksPath = resolve(dir, 'tasks.jsonl');
  if (!existsSync(toolsPath) || !existsSync(tasksPath)) return 'no tools.json + tasks.jsonl there';
  const tasks = parseRetrievalTasks(readFileSync(tasksPath, 'utf8'));
  if (tasks.length === 0) return 'tasks.jsonl has no tasks with a plan';
  return {
    name: basename(resolve(dir)),
    dir,
    catalogue: parseCandidateTools(JSON.parse(readFileSync(toolsPath, 'utf8'))),
    train: tasksOfSplit(tasks, 'train'),
    test: tasksOfSplit(tasks, 'test'),
  };
}
