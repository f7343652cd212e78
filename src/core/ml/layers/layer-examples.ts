import { inputNames, outputNames, type Tool } from '../../tools/tool';

/**
 * One task as the layer predictor sees it: the request, the distinct tools of its gold plan (first-use
 * order) and each tool's gold layer — the DAG depth of its first call (a step's depth is 0 without
 * dependencies, else 1 + its deepest dependency's). `edges` are the plan's dependencies between different
 * tools (producer index → consumer index), which an executable layering must respect.
 */
export interface LayerExample {
  id: string;
  query: string;
  tools: Tool[];
  layers: number[];
  edges: Array<[number, number]>;
}

/** RETO's textualised tool document (§3.2): name, description, parameter names, output names. */
export function toolDocument(tool: Tool): string {
  const words = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-./{}]+/g, ' ');
  return [
    words(tool.name),
    tool.description,
    `inputs: ${inputNames(tool).map(words).join(', ')}`,
    `outputs: ${outputNames(tool).map(words).join(', ')}`,
  ].join('. ');
}

/**
 * Train / validation split of a dataset's train tasks by task id (FNV-1a hash, so it is stable whatever
 * the file order): about `validationShare` of the tasks go to validation.
 */
export function isValidationTask(id: string, validationShare = 0.1): boolean {
  return taskHash(id) % 1000 < validationShare * 1000;
}

/**
 * The fold (0 … k − 1) a task id falls in for k-fold validation (layer-folds.ts): the same FNV-1a hash as
 * `isValidationTask`, divided by 1000 first so the fold does not repeat the 10 % split's residues.
 */
export function foldOfTask(id: string, k: number): number {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`foldOfTask: k must be an integer ≥ 2, got ${k}`);
  return Math.floor(taskHash(id) / 1000) % k;
}

function taskHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
