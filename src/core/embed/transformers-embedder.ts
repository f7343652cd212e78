import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import type { Embedder } from './embedder';
import { EmbeddingModelMissingError } from './embedding-model-missing-error';

/** q8: weight-quantized `onnx/model_quantized.onnx`; fp32: `onnx/model.onnx`. */
export type TransformersDtype = 'q8' | 'fp32';

/** onnxruntime-web's wasm files: a folder (URL or path ending in `/`) or the two files themselves. */
export type OrtWasmPaths = string | { mjs: string; wasm: string };

/** One loading event, forwarded from transformers.js (`progress` is 0–100). */
export interface EmbedderLoadProgress {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
  progress?: number;
}

export interface TransformersEmbedderOptions {
  /** Model folder under `localModelPath`, e.g. `tiny-embedder` or `Xenova/paraphrase-MiniLM-L6-v2`. */
  model: string;
  /** Where model folders live: a URL path in the browser (default `/models/`), a directory in Node. */
  localModelPath?: string;
  /** Let transformers.js download a missing model from the Hugging Face Hub. Off by default: offline-first. */
  allowRemote?: boolean;
  dtype?: TransformersDtype;
  /**
   * Where onnxruntime-web finds its wasm (browser: a URL the app serves; Node: the onnxruntime-web dist
   * folder). Importing transformers.js points it at a CDN when unset, so the embedder refuses to load with
   * a remote wasm location unless `allowRemote`.
   */
  wasmPaths?: OrtWasmPaths;
  /** transformers.js device, e.g. `wasm` or `webgpu` (browser), `cpu` (Node); its default when unset. */
  device?: 'wasm' | 'webgpu' | 'cpu' | 'auto';
  /** Texts per forward pass. */
  batchSize?: number;
  /** The vector size, if known before loading; checked against the model's `hidden_size`. */
  dimension?: number;
  onProgress?: (event: EmbedderLoadProgress) => void;
}

const DEFAULT_MODEL_PATH = '/models/';

/** Files a model folder must hold for transformers.js's feature-extraction pipeline. */
export function expectedModelFiles(dtype: TransformersDtype): string[] {
  const weights = dtype === 'q8' ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx';
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', weights];
}

/**
 * Sentence embeddings from a local transformers.js model: feature extraction, mean pooling over the
 * attention mask, L2 normalization. The model loads on first use (or `load()`); transformers.js is
 * imported only then, so the app pays for it only when it picks this embedder.
 *
 * transformers.js settings (`env`) are process-wide: the embedder sets them before each load.
 */
export class TransformersEmbedder implements Embedder {
  readonly id: string;
  private readonly options: TransformersEmbedderOptions;
  private knownDimension: number | undefined;
  private loading: Promise<FeatureExtractionPipeline> | undefined;

  constructor(options: TransformersEmbedderOptions) {
    this.options = options;
    this.id = `transformers:${options.model}`;
    this.knownDimension = options.dimension;
  }

  /** Creates the embedder and loads its model, so `dimension` is known. */
  static async load(options: TransformersEmbedderOptions): Promise<TransformersEmbedder> {
    const embedder = new TransformersEmbedder(options);
    await embedder.load();
    return embedder;
  }

  get dimension(): number {
    if (this.knownDimension === undefined) {
      throw new Error(`${this.id}: the vector size is known once the model has loaded (await load())`);
    }
    return this.knownDimension;
  }

  get dtype(): TransformersDtype {
    return this.options.dtype ?? 'q8';
  }

  /** Loads the model once; concurrent callers share the load, and a failed load can be retried. */
  load(): Promise<FeatureExtractionPipeline> {
    this.loading ??= this.createPipeline().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const extractor = await this.load();
    const batchSize = Math.max(1, this.options.batchSize ?? 32);
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const tensor = await extractor(batch, { pooling: 'mean', normalize: true });
      const data = tensor.data as Float32Array;
      const width = data.length / batch.length;
      for (let i = 0; i < batch.length; i++) out.push(data.slice(i * width, (i + 1) * width));
      tensor.dispose?.();
    }
    return out;
  }

  async dispose(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    if (loading) await (await loading).dispose();
  }

  private async createPipeline(): Promise<FeatureExtractionPipeline> {
    const { env, pipeline } = await import('@huggingface/transformers');
    const allowRemote = this.options.allowRemote ?? false;
    const localModelPath = this.options.localModelPath ?? DEFAULT_MODEL_PATH;
    env.allowLocalModels = true;
    env.allowRemoteModels = allowRemote;
    env.localModelPath = localModelPath;
    configureWasm(env.backends.onnx?.wasm, this.options.wasmPaths, allowRemote);

    const onProgress = this.options.onProgress;
    let extractor: FeatureExtractionPipeline;
    try {
      extractor = await pipeline('feature-extraction', this.options.model, {
        dtype: this.dtype,
        ...(this.options.device ? { device: this.options.device } : {}),
        ...(onProgress ? { progress_callback: (event: object) => onProgress(progressOf(event)) } : {}),
      });
    } catch (error) {
      throw asMissingModel(error, this.options.model, localModelPath, this.dtype) ?? error;
    }
    const hidden = (extractor.model.config as { hidden_size?: unknown }).hidden_size;
    const dimension = typeof hidden === 'number' ? hidden : undefined;
    if (dimension !== undefined && this.knownDimension !== undefined && dimension !== this.knownDimension) {
      await extractor.dispose();
      throw new Error(`${this.id}: model vectors have ${dimension} values, ${this.knownDimension} expected`);
    }
    this.knownDimension ??= dimension;
    return extractor;
  }
}

interface WasmEnv {
  wasmPaths?: OrtWasmPaths | { mjs?: unknown; wasm?: unknown };
}

function configureWasm(wasm: WasmEnv | undefined, wasmPaths: OrtWasmPaths | undefined, allowRemote: boolean) {
  if (!wasm) return;
  if (wasmPaths !== undefined) {
    wasm.wasmPaths = wasmPaths;
    return;
  }
  const current = wasm.wasmPaths;
  const urls = typeof current === 'string' ? [current] : Object.values(current ?? {}).map(String);
  const remote = urls.find((u) => /^https?:\/\//.test(u) && !isSameOrigin(u));
  if (remote && !allowRemote) {
    throw new Error(
      `onnxruntime-web would fetch its wasm from "${remote}": pass the option wasmPaths ` +
        `(browser: a URL where the app serves onnxruntime-web's dist files; Node: that dist folder), ` +
        `or allowRemote: true`,
    );
  }
}

function isSameOrigin(url: string): boolean {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin !== undefined && url.startsWith(`${origin}/`);
}

function progressOf(event: object): EmbedderLoadProgress {
  const e = event as Record<string, unknown>;
  const out: EmbedderLoadProgress = { status: String(e.status) };
  if (typeof e.file === 'string') out.file = e.file;
  if (typeof e.loaded === 'number') out.loaded = e.loaded;
  if (typeof e.total === 'number') out.total = e.total;
  if (typeof e.progress === 'number') out.progress = e.progress;
  return out;
}

/**
 * Recognises transformers.js's "file not found" failures (ModelFileNotFoundError, a 404 from the Hub) and
 * the HTML page a single-page-app server returns for a missing file, and turns them into
 * EmbeddingModelMissingError. Anything else is not a missing file: undefined.
 */
export function asMissingModel(
  error: unknown,
  model: string,
  localModelPath: string,
  dtype: TransformersDtype,
): EmbeddingModelMissingError | undefined {
  if (!(error instanceof Error)) return undefined;
  const expectedFiles = expectedModelFiles(dtype);
  const notFound =
    error.name === 'ModelFileNotFoundError' ||
    /not found locally|Could not locate file|Local file missing/.test(error.message);
  if (notFound) {
    const lookedAt = /"([^"]+)"/.exec(error.message)?.[1] ?? `${localModelPath}${model}`;
    return new EmbeddingModelMissingError(
      { model, file: fileInModel(lookedAt, model), lookedAt, expectedFiles },
      error,
    );
  }
  if (error instanceof SyntaxError && /Unexpected token '?<'?|<!doctype|<html/i.test(error.message)) {
    const folder = `${localModelPath.replace(/\/?$/, '/')}${model}/`;
    return new EmbeddingModelMissingError({ model, file: null, lookedAt: folder, expectedFiles }, error);
  }
  return undefined;
}

/** `…/<model>/onnx/model.onnx` → `onnx/model.onnx` (also for Hub URLs `…/<model>/resolve/main/<file>`). */
function fileInModel(path: string, model: string): string | null {
  const at = path.lastIndexOf(`${model}/`);
  if (at < 0) return null;
  return path.slice(at + model.length + 1).replace(/^resolve\/[^/]+\//, '') || null;
}
