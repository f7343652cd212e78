// Reads a dataset folder in the shared format (tools.json + tasks.jsonl) for the retrieval evaluation.
// Core parses text; this file is the only place that touches the file system.

import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseCandidateTools } from '../src/core/retrieval/candidates';
import type { PromptTool } from '../src/core/retrieval/prompt-encodings';
import type { CandidateTool, RetrievalTask } from '../src/core/retrieval/retriever';
import type { JsonSchemaObject } from '../src/core/tools/tool';
import { parseRetrievalTasks, tasksOfSplit } from '../src/core/retrieval/tasks';

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

/** The dataset in `dir`, or the reason it cannot be used (missing files, no tasks). */
export function loadRetrievalDataset(dir: string): RetrievalDataset | string {
  const toolsPath = resolve(dir, 'tools.json');
  const tasksPath = resolve(dir, 'tasks.jsonl');
  if (!existsSync(toolsPath) || !existsSync(tasksPath)) return 'no tools.json + tasks.jsonl there';
  const tasks = parseRetrievalTasks(readFileSync(tasksPath, 'utf8'));
  if (tasks.length === 0) return 'tasks.jsonl has no tasks with a plan';
  const json: unknown = JSON.parse(readFileSync(toolsPath, 'utf8'));
  const catalogue = parseCandidateTools(json);
  return {
    name: basename(resolve(dir)),
    dir,
    catalogue,
    promptTools: withParameters(catalogue, json),
    train: tasksOfSplit(tasks, 'train'),
    test: tasksOfSplit(tasks, 'test'),
  };
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
