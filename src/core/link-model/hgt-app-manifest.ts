import type { HgtConfig } from '../ml/hgt/hgt-spec';
import { HgtManifestError } from './hgt-manifest-error';
import { jsonProblem } from '../validate/json-limits';

/**
 * The manifest of an HGT link model the app can run: the shipped `models/twnm-hgt.manifest.json` (written by
 * `npm run train`) and the manifest a model retrained in the browser is stored with (IndexedDB). It says
 * how to rebuild the model's input exactly (embedder, feature layout) and what the model scored when it
 * was trained, so the app can show it and refuse a model it cannot feed.
 */
export const HGT_MODEL_NAME = 'twnm-hgt';
export const HGT_MANIFEST_FORMAT = 'twnm-hgt-manifest/1';
const LEXICAL_ID = 'lexical-hash-tfidf';

export type HgtModelOrigin = 'shipped' | 'retrained';

export interface HgtManifestMetrics {
  /** AUC on the selection pairs (the trainer's early stopping) at the best epoch. */
  validationAuc: number | null;
  /** AUC on the check pairs (never seen by training or selection): what promotion compares. */
  testAuc: number | null;
  /** ACC and F1 on the check pairs at the threshold maximising F1 on the selection pairs. */
  testAcc: number | null;
  testF1: number | null;
  threshold: number | null;
  validationPairs: number;
  testPairs: number;
  /**
   * Issue 16 (absent in manifests written before it): AUC of the check positives against their reversed
   * pairs and against look-alike targets, and how many such negatives each figure rests on.
   */
  testPositives?: number;
  reversedAuc?: number | null;
  reversedPairs?: number;
  sameCategoryAuc?: number | null;
  sameCategoryPairs?: number;
}

export interface HgtManifest {
  format: typeof HGT_MANIFEST_FORMAT;
  name: string;
  /** ONNX file name next to the manifest (shipped) or the stored model's name (retrained). */
  file: string;
  /** Byte size of the ONNX model, to catch a model and manifest from different runs. */
  bytes: number;
  origin: HgtModelOrigin;
  /** ISO date of training. */
  createdAt: string;
  seed: number;
  trainingData: {
    description: string;
    traces: number;
    /** `seq` of the last trace the graph held: later traces are "new" for automatic retraining. */
    lastTraceSeq: number;
    apiNodes: number;
    paramNodes: number;
    edges: number;
    heldOutEdges: number;
  };
  config: HgtConfig;
  training: {
    epochs: number;
    bestEpoch: number;
    secondsPerEpoch: number;
    options: Record<string, number>;
  };
  input: {
    embedder: { id: string; options: { dimension: number; charWeight: number }; idf: string };
    inputDim: number;
    featureLayout: string;
    nodeOrder: string;
    builtBy: string;
    /** The pair features added to the link logit (beyond the paper), when the config has them. */
    pairFeatures: { names: string[]; builtBy: string } | null;
  };
  metrics: HgtManifestMetrics;
}

/** eq. 13 as `buildHgtGraph` lays it out, for the manifest (a reader rebuilds the input from this). */
export function featureLayoutText(dimension: number): string {
  return (
    `x[0..${dimension}) = unit-length lexical embedding of the node text (API: "name words: description ` +
    `(input names)"; parameter: "standardized name: member descriptions"); x[${dimension}] = σ(log1p(n_succ)); ` +
    `x[${dimension + 1}] = σ(success ratio); x[${dimension + 2}] = σ(log1p(in-degree)); ` +
    `x[${dimension + 3}] = σ(log1p(out-degree)) (NaviAgent eq. 13, counts through log1p)`
  );
}

export const NODE_ORDER_TEXT =
  'active API nodes, then active parameter nodes, in graph order; edges between active nodes, relation from ' +
  'the node kinds (param->api, api->param, api->api, param->param), w̃ = edgeWeight (eq. 12 else eq. 4)';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Checks a manifest and returns it typed. Only the IDF-free lexical embedder is supported: the app rebuilds
 * node features with no corpus and no files. `where` names the file for the message.
 */
export function parseHgtManifest(json: unknown, where: string): HgtManifest {
  const fail = (what: string) =>
    new HgtManifestError(
      `${where} is not a usable HGT link-model manifest: ${what}. Rebuild it with \`npm run train\`.`,
    );
  if (!isObject(json)) throw fail('it is not a JSON object');
  const limit = jsonProblem(json); // issue 21: depth, size, plain JSON before any field is read
  if (limit) throw fail(`at ${limit.path}, ${limit.reason}`);
  if (json.format !== HGT_MANIFEST_FORMAT)
    throw fail(`its format is ${String(json.format)}, this app reads ${HGT_MANIFEST_FORMAT}`);
  const { name, file, bytes, origin, createdAt, config, input, metrics, trainingData, training } = json;
  if (typeof name !== 'string' || typeof file !== 'string') throw fail('`name` and `file` are required');
  if (num(bytes) === null) throw fail('`bytes` must give the ONNX file size');
  if (origin !== 'shipped' && origin !== 'retrained') throw fail('`origin` must be shipped or retrained');
  if (typeof createdAt !== 'string') throw fail('`createdAt` is required');
  if (!isObject(config) || num(config.inputDim) === null || num(config.hidden) === null)
    throw fail('`config` must give the model config (inputDim, hidden, heads, layers)');
  if (!isObject(input) || !isObject(input.embedder) || !isObject(input.embedder.options))
    throw fail('`input.embedder` must name the embedder and its options');
  const embedder = input.embedder;
  if (embedder.id !== LEXICAL_ID) throw fail(`the app builds node features with ${LEXICAL_ID} only`);
  if (typeof embedder.idf !== 'string' || !/^none\b/.test(embedder.idf))
    throw fail('its embedder used IDF weights, which the manifest does not carry');
  const dimension = num((embedder.options as Json).dimension);
  const charWeight = num((embedder.options as Json).charWeight ?? 0.3);
  if (dimension === null || charWeight === null)
    throw fail('`input.embedder.options` must give the dimension and charWeight');
  if (config.inputDim !== dimension + 4 || input.inputDim !== config.inputDim)
    throw fail(`input width ${String(config.inputDim)} ≠ embedding ${dimension} + 4 statistics (eq. 13)`);
  if (!isObject(metrics)) throw fail('`metrics` is required');
  if (!isObject(trainingData) || num(trainingData.lastTraceSeq) === null || num(trainingData.traces) === null)
    throw fail('`trainingData` must give traces and lastTraceSeq');
  if (!isObject(training)) throw fail('`training` is required');
  return json as unknown as HgtManifest;
}
