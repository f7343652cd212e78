import { END_OF_PLAN } from '../core/retrieval/retriever';
import { ShippedHeadError } from './shipped-head-error';

/**
 * What the app needs from a shipped DTDR-L manifest (written by `npm run train`, scripts/train.ts) to
 * rebuild the head's input exactly as in training and read its output.
 */
export interface HeadManifest {
  name: string;
  /** ONNX file name next to the manifest. */
  file: string;
  /** Byte size of the ONNX file, to catch a model and manifest from different runs. */
  bytes: number | null;
  labels: string[];
  tau: number;
  input: { name: string; dim: number; historyDecay: number; lengthBuckets: number };
  output: { name: string };
  /** The lexical embedder the input was built with (no IDF: a pure function of the text). */
  embedder: { id: string; dimension: number; charWeight: number };
}

const LEXICAL_ID = 'lexical-hash-tfidf';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a manifest and returns the fields the app uses. Only variant b (query | history | history length
 * blocks) over the IDF-free lexical embedder is supported: that is what the app can rebuild with no files.
 */
export function parseHeadManifest(json: unknown, where: string): HeadManifest {
  const fail = (what: string) =>
    new ShippedHeadError(
      'invalid',
      `${where} is not a usable DTDR-L manifest: ${what}. Rebuild it with \`npm run train\`.`,
    );
  if (!isObject(json)) throw fail('it is not a JSON object');
  const { name, file, bytes, labels, tau, input, output, embedder, endOfPlanLabel } = json;
  if (typeof name !== 'string' || typeof file !== 'string' || !/^[\w.-]+\.onnx$/.test(file))
    throw fail('`name` and `file` (an .onnx file name) are required');
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every((l) => typeof l === 'string'))
    throw fail('`labels` must be a non-empty list of tool names');
  if (new Set(labels).size !== labels.length) throw fail('`labels` repeats a name');
  if (endOfPlanLabel !== END_OF_PLAN || !labels.includes(END_OF_PLAN))
    throw fail(`its end-of-plan label must be "${END_OF_PLAN}" and be one of the labels`);
  if (typeof tau !== 'number' || !(tau > 0 && tau < 1)) throw fail('`tau` must be a number in (0, 1)');
  if (!isObject(embedder) || embedder.id !== LEXICAL_ID)
    throw fail(`the app rebuilds inputs with the ${LEXICAL_ID} embedder only`);
  const options = isObject(embedder.options) ? embedder.options : {};
  const dimension = options.dimension;
  const charWeight = options.charWeight ?? 0.3;
  if (typeof dimension !== 'number' || typeof charWeight !== 'number')
    throw fail('`embedder.options` must give the dimension and charWeight');
  if (typeof embedder.idf !== 'string' || !/^none\b/.test(embedder.idf))
    throw fail('its embedder used IDF weights, which the manifest does not carry');
  if (!isObject(input) || !isObject(input.blocks) || !Array.isArray(input.shape))
    throw fail('`input` must give its name, shape and blocks');
  const blocks = input.blocks;
  const lengthBuckets = input.lengthBuckets;
  const historyDecay = input.historyDecay;
  const dim = input.shape[1];
  if (!blocks.query || !blocks.history || !blocks.historyLength)
    throw fail('only variant b inputs (query | history | history length blocks) are supported');
  if (typeof lengthBuckets !== 'number' || typeof historyDecay !== 'number' || typeof dim !== 'number')
    throw fail('`input` must give historyDecay, lengthBuckets and its width');
  if (dim !== 2 * dimension + lengthBuckets)
    throw fail(`input width ${dim} ≠ 2 × ${dimension} + ${lengthBuckets}`);
  if (typeof input.name !== 'string' || !isObject(output) || typeof output.name !== 'string')
    throw fail('`input.name` and `output.name` are required');
  return {
    name,
    file,
    bytes: typeof bytes === 'number' ? bytes : null,
    labels: labels as string[],
    tau,
    input: { name: input.name, dim, historyDecay, lengthBuckets },
    output: { name: output.name },
    embedder: { id: LEXICAL_ID, dimension, charWeight },
  };
}
