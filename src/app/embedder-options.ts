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

/** The label of an embedder id, e.g. for a result computed before the options were probed. */
export function embedderLabel(id: string, options: readonly EmbedderOption[]): string {
  return options.find((o) => o.id === id)?.label ?? (id === LEXICAL_OPTION.id ? LEXICAL_OPTION.label : id);
}

async function exists(fetchFn: typeof fetch, url: string): Promise<boolean> {
  try {
    // The model-files plugin answers a missing file with a real 404 (never the SPA's index.html).
    const res = await fetchFn(url, { method: 'HEAD', cache: 'no-store' });
    return res.ok && !(res.headers.get('content-type') ?? '').includes('text/html');
  } catch {
    return false;
  }
}

/** Which weights a folder has: q8 (`onnx/model_quantized.onnx`) preferred, else fp32, else none. */
async function dtypeOf(fetchFn: typeof fetch, folder: string): Promise<TransformersDtype | null> {
  if (!(await exists(fetchFn, `${folder}config.json`))) return null;
  if (await exists(fetchFn, `${folder}onnx/model_quantized.onnx`)) return 'q8';
  if (await exists(fetchFn, `${folder}onnx/model.onnx`)) return 'fp32';
  return null;
}

/** The lexical embedder plus every known model folder present under `modelsUrl`. */
export async function probeEmbedders(
  modelsUrl: string,
  fetchFn: typeof fetch = fetch,
  known = KNOWN_TRANSFORMERS_MODELS,
): Promise<EmbedderOption[]> {
  const found = await Promise.all(
    known.map(async ({ model, label }): Promise<EmbedderOption | null> => {
      const dtype = await dtypeOf(fetchFn, `${modelsUrl}${model}/`);
      if (!dtype) return null;
      const choice: EmbedderChoice = { kind: 'transformers', model, dtype };
      return { id: embedderIdOf(choice), choice, label: `${label} (${dtype})` };
    }),
  );
  return [LEXICAL_OPTION, ...found.filter((o): o is EmbedderOption => o !== null)];
}
