import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { LINEAR_HEAD_INPUT, LINEAR_HEAD_OUTPUT } from '../core/ml/export-linear-head';
import { linearForward, type LinearHeadWeights } from '../core/ml/linear-head';
import { createSession, initOrt, run, type OrtSession } from '../core/ml/ort-runtime';
import { readLinearHead } from '../core/ml/read-linear-head';
import { featureSpec, type FeatureSpec } from '../core/retrieval/features';
import type { ScoringHead } from '../core/retrieval/shipped-head';
import { parseHeadManifest, type HeadManifest } from './dtdr-manifest';
import { fetchModelFile } from './fetch-model-file';
import { ShippedHeadError } from './shipped-head-error';

export interface LoadShippedHeadOptions {
  /** The models folder URL, ending in `/` (browser: `<origin>/models/`). */
  modelsUrl: string;
  /** Model name: reads `<name>.manifest.json` and the ONNX file it names. */
  name: string;
  /** Where onnxruntime-web loads its wasm from (browser); Node finds the package's dist folder. */
  wasmPaths?: string;
  fetch?: typeof fetch;
  /**
   * `auto` (default): a linear head (MatMul → Add → Sigmoid, what `npm run train` writes) runs on the
   * TypeScript forward with the file's weights, so ranking never waits for onnxruntime-web's 14 MB wasm;
   * any other graph runs in onnxruntime-web. `ort`: always onnxruntime-web.
   */
  runtime?: 'auto' | 'ort';
}

export const SHIPPED_DTDR_L = 'dtdr-l-demo';

const RUNTIME = 'onnxruntime-web wasm';
/** The shipped head's weights run by `linearForward` (≤ 1e-5 from ORT, checked in onnx-head.test.ts). */
export const TS_RUNTIME = 'TypeScript forward';

const FIX = 'run `npm run train` to write the shipped DTDR-L head.';

/** A file of the shipped head, or a ShippedHeadError('missing') that says to run `npm run train`. */
const get = (fetchFn: typeof fetch, url: string, shown: string) => fetchModelFile(fetchFn, url, shown, FIX);

/**
 * Loads the shipped DTDR-L head: its manifest, its ONNX bytes, and an onnxruntime-web session, checked
 * against each other (byte size, input/output names, output width = labels) with one probe run, so a
 * mismatched file fails here with a clear message instead of ranking garbage.
 */
export async function loadShippedHead(options: LoadShippedHeadOptions): Promise<ScoringHead> {
  const fetchFn = options.fetch ?? fetch;
  const manifestName = `models/${options.name}.manifest.json`;
  const manifestRes = await get(fetchFn, `${options.modelsUrl}${options.name}.manifest.json`, manifestName);
  let json: unknown;
  try {
    json = await manifestRes.json();
  } catch (e) {
    throw new ShippedHeadError('invalid', `${manifestName} is not JSON (${(e as Error).message}).`);
  }
  const manifest = parseHeadManifest(json, manifestName);
  const shown = `models/${manifest.file}`;
  const bytes = new Uint8Array(
    await (await get(fetchFn, `${options.modelsUrl}${manifest.file}`, shown)).arrayBuffer(),
  );
  if (manifest.bytes !== null && bytes.length !== manifest.bytes)
    throw new ShippedHeadError(
      'invalid',
      `${shown} has ${bytes.length} bytes but ${manifestName} says ${manifest.bytes}: they come from ` +
        'different training runs. Run `npm run train` to write both again.',
    );
  const weights = options.runtime === 'ort' ? null : readLinearHead(bytes, manifest.labels);
  let session: OrtSession | null = null;
  if (!weights)
    try {
      await initOrt(options.wasmPaths === undefined ? {} : { wasmPaths: options.wasmPaths });
      session = await createSession(bytes);
    } catch (e) {
      throw new ShippedHeadError(
        'runtime',
        `onnxruntime-web could not open ${shown}: ${(e as Error).message}.`,
      );
    }
  const head = new OnnxHead(session ? { session } : { weights: weights! }, manifest, shown);
  await head.check();
  return head;
}

/** The head as the retrieval service sees it: labels, input layout and a batched `score`. */
class OnnxHead implements ScoringHead {
  readonly runtime: string;
  readonly labels: readonly string[];
  readonly tau: number;
  readonly spec: FeatureSpec;
  readonly embedder: LexicalEmbedder;

  constructor(
    private readonly engine: { session: OrtSession } | { weights: LinearHeadWeights },
    private readonly manifest: HeadManifest,
    readonly file: string,
  ) {
    this.runtime = 'session' in engine ? RUNTIME : TS_RUNTIME;
    this.labels = manifest.labels;
    this.tau = manifest.tau;
    const { dimension, charWeight } = manifest.embedder;
    this.embedder = new LexicalEmbedder({ dimension, charWeight });
    this.spec = featureSpec('separate', dimension, {
      historyDecay: manifest.input.historyDecay,
      lengthBuckets: manifest.input.lengthBuckets,
    });
  }

  /** The graph takes the manifest's input and gives one probability per label. */
  async check(): Promise<void> {
    const { input, output } = this.manifest;
    const io =
      'session' in this.engine
        ? { inputs: this.engine.session.inputNames, outputs: this.engine.session.outputNames }
        : { inputs: [LINEAR_HEAD_INPUT], outputs: [LINEAR_HEAD_OUTPUT] };
    if (!io.inputs.includes(input.name) || !io.outputs.includes(output.name))
      throw new ShippedHeadError(
        'invalid',
        `${this.file} takes ${io.inputs.join(', ')} and gives ${io.outputs.join(', ')}; ` +
          `its manifest says ${input.name} → ${output.name}. Run \`npm run train\` to write both again.`,
      );
    if ('weights' in this.engine && this.engine.weights.inputDim !== input.dim)
      throw new ShippedHeadError(
        'invalid',
        `${this.file} takes ${this.engine.weights.inputDim} values but its manifest says ${input.dim}. ` +
          'Run `npm run train` to write both again.',
      );
    const [p] = await this.score([new Float32Array(input.dim)]);
    if (p?.length !== this.labels.length)
      throw new ShippedHeadError(
        'invalid',
        `${this.file} gives ${p?.length ?? 0} outputs but its manifest lists ${this.labels.length} labels. ` +
          'Run `npm run train` to write both again.',
      );
  }

  async score(inputs: Float32Array[]): Promise<Float32Array[]> {
    const dim = this.manifest.input.dim;
    if ('weights' in this.engine) {
      const weights = this.engine.weights;
      return inputs.map((x) => {
        if (x.length !== dim) throw new RangeError(`${this.file} takes ${dim} values, got ${x.length}`);
        return linearForward(weights, x);
      });
    }
    const session = this.engine.session;
    const batch = new Float32Array(inputs.length * dim);
    inputs.forEach((x, i) => {
      if (x.length !== dim) throw new RangeError(`${this.file} takes ${dim} values, got ${x.length}`);
      batch.set(x, i * dim);
    });
    let out;
    try {
      out = await run(session, {
        [this.manifest.input.name]: { data: batch, dims: [inputs.length, dim] },
      });
    } catch (e) {
      throw new ShippedHeadError(
        'runtime',
        `onnxruntime-web failed to run ${this.file}: ${(e as Error).message}.`,
      );
    }
    const probs = out[this.manifest.output.name];
    if (!probs)
      throw new ShippedHeadError('invalid', `${this.file} gave no ${this.manifest.output.name} output.`);
    const width = probs.data.length / Math.max(1, inputs.length);
    return inputs.map((_, i) => probs.data.slice(i * width, (i + 1) * width));
  }
}
