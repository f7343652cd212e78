import type { TransformersDtype } from '../core/embed/transformers-embedder';
import { embedderIdOf, LEXICAL, type EmbedderChoice } from '../workers/protocol';

/** An embedder the user can pick for retrieval, with the label every result view shows. */
export interface EmbedderOption {
  id: string;
  choice: EmbedderChoice;
  label: string;
}

/**
 * Local transformers.js model folders the app looks for under /models/<folder>/ (a folder holding
 * config.json, the tokenizer files and onnx/model_quantized.onnx or onnx/model.onnx). Only folders that
 * exist are offered; nothing is ever downloaded.
 */
export const KNOWN_TRANSFORMERS_MODELS: readonly { model: string; label: string }[] = [
  { model: 'tiny-embedder', label: 'tiny-embedder — test model, random weights: its vectors mean nothing' },
  { model: 'all-MiniLM-L6-v2', label: 'all-MiniLM-L6-v2 (sentence-transformers, 384 dims)' },
  { model: 'paraphrase-MiniLM-L6-v2', label: 'paraphrase-MiniLM-L6-v2 (sentence-transformers, 384 dims)' },
  { model: 'bge-small-en-v1.5', label: 'bge-small-en-v1.5 (BAAI, 384 dims)' },
];

export const LEXICAL_OPTION: EmbedderOption = {
  id: embedderIdOf(LEXICAL),
  choice: LEXICAL,
  label: 'lexical (hashed words + trigrams, zero-download)',
};

/** The model file of the project's trained tool encoder under /models/ (`npm run train -- --only encoder`). */
export const TOOL_ENCODER_FILE = 'tool-encoder.onnx';

/**
 * The trained tool encoder (issue 17) with its leave-one-dataset-out figures (BENCHMARKS.md, "Tool
 * retrieval encoder"): measured on catalogues it never saw, as a first-time catalogue is.
 */
export const TOOL_ENCODER_OPTION: EmbedderOption = {
  id: embedderIdOf({ kind: 'tool-encoder' }),
  choice: { kind: 'tool-encoder' },
  // Not the default: in the zero-shot hybrid's learned fusion (catalogue texts with their parameters, as the
  // app ranks them; issue 17, fourth pass) it ties with the lexical embedder (MRR w/o end 0.600 vs 0.601, MRR
  // 0.559 both, recall@5 0.770 vs 0.771), and it loses as QTS alone and inside the trained hybrid.
  label:
    'trained tool encoder (4.2 MB; unseen catalogues: zero-shot hybrid MRR w/o end 0.633 vs lexical 0.635, BM25 0.571)',
};

/** The label of an embedder id, e.g. for a result computed before the options were probed. */
export function embedderLabel(id: string, options: readonly EmbedderOption[]): string {
  return options.find((o) => o.id === id)?.label ?? (id === LEXICAL_OPTION.id ? LEXICAL_OPTION.label : id);
}

/**
 * The list of files under /models/ the build writes (`models/index.json`, vite/model-files-plugin.ts; dev
 * serves it live). Reading it replaces probing each known folder, whose misses showed as 404 errors in
 * the console on every load. Null when there is no usable index (then only the lexical embedder is offered).
 */
export async function readModelsIndex(
  modelsUrl: string,
  fetchFn: typeof fetch = fetch,
): Promise<Set<string> | null> {
  try {
    const res = await fetchFn(`${modelsUrl}index.json`, { cache: 'no-cache' });
    if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) return null;
    const json = (await res.json()) as { files?: unknown };
    if (!Array.isArray(json.files)) return null;
    return new Set(json.files.filter((f): f is string => typeof f === 'string'));
  } catch {
    return null;
  }
}

/** Which weights a folder has: q8 (`onnx/model_quantized.onnx`) preferred, else fp32, else none. */
function dtypeOf(files: ReadonlySet<string>, folder: string): TransformersDtype | null {
  if (!files.has(`${folder}config.json`)) return null;
  if (files.has(`${folder}onnx/model_quantized.onnx`)) return 'q8';
  if (files.has(`${folder}onnx/model.onnx`)) return 'fp32';
  return null;
}

/** The lexical embedder plus every known model folder the models index lists. */
export function embedderOptions(
  files: ReadonlySet<string>,
  known = KNOWN_TRANSFORMERS_MODELS,
): EmbedderOption[] {
  const found = known.map(({ model, label }): EmbedderOption | null => {
    const dtype = dtypeOf(files, `${model}/`);
    if (!dtype) return null;
    const choice: EmbedderChoice = { kind: 'transformers', model, dtype };
    return { id: embedderIdOf(choice), choice, label: `${label} (${dtype})` };
  });
  const encoder = files.has(TOOL_ENCODER_FILE) ? [TOOL_ENCODER_OPTION] : [];
  return [LEXICAL_OPTION, ...encoder, ...found.filter((o): o is EmbedderOption => o !== null)];
}

/** The lexical embedder plus every known model folder present under `modelsUrl` (one request: its index). */
export async function probeEmbedders(
  modelsUrl: string,
  fetchFn: typeof fetch = fetch,
  known = KNOWN_TRANSFORMERS_MODELS,
): Promise<EmbedderOption[]> {
  const files = await readModelsIndex(modelsUrl, fetchFn);
  return files ? embedderOptions(files, known) : [LEXICAL_OPTION];
}
