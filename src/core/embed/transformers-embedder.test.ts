import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '@huggingface/transformers';
import onnxProto from 'onnx-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTransformersEmbedder, REPO_MODELS_DIR } from '../../../scripts/node-transformers';
import { createSession, initOrt, releaseSession, run } from '../ml/ort-runtime';
import { cosine } from './embedder';
import { EmbeddingModelMissingError } from './embedding-model-missing-error';
import { asMissingModel, type EmbedderLoadProgress } from './transformers-embedder';

// The tiny random model written by scripts/make-tiny-embedder.ts (hidden size 32): it proves the loading
// path, not meaning. Any network use fails at once instead of hanging: remote models are off, and
// transformers.js's fetch is replaced by one that refuses.
const TINY = 'tiny-embedder';
const HIDDEN = 32;
const TIMEOUT = 15_000;
let realFetch: typeof env.fetch;

beforeAll(() => {
  realFetch = env.fetch;
  env.fetch = ((url: string) =>
    Promise.reject(new Error(`network disabled in tests: ${url}`))) as typeof env.fetch;
});
afterAll(() => {
  env.fetch = realFetch;
});

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('TransformersEmbedder on the tiny generated model', () => {
  it(
    'loads offline (q8) and returns unit vectors of the model size, equal for equal texts',
    async () => {
      const events: EmbedderLoadProgress[] = [];
      const embedder = nodeTransformersEmbedder({ model: TINY, onProgress: (e) => events.push(e) });
      expect(embedder.id).toBe('transformers:tiny-embedder');
      const texts = [
        'Send an email to Bob',
        'Send an email to Bob',
        'What is the weather in Paris tomorrow?',
      ];
      const [a, b, c] = await embedder.embed(texts);
      expect(embedder.dimension).toBe(HIDDEN);
      for (const v of [a, b, c]) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v?.length).toBe(HIDDEN);
        expect(norm(v as Float32Array)).toBeCloseTo(1, 5);
      }
      expect(Array.from(a as Float32Array)).toEqual(Array.from(b as Float32Array));
      expect(cosine(a as Float32Array, c as Float32Array)).toBeLessThan(0.99);
      expect(events.some((e) => e.file === 'onnx/model_quantized.onnx' && e.status === 'done')).toBe(true);
      await embedder.dispose();
    },
    TIMEOUT,
  );

  it(
    'batches like a single pass, and fp32 agrees with q8',
    async () => {
      const texts = ['find hotels in rome', 'book a table', 'list files', 'convert 10 usd to eur'];
      const q8 = nodeTransformersEmbedder({ model: TINY, batchSize: 3 });
      const fp32 = nodeTransformersEmbedder({ model: TINY, dtype: 'fp32', dimension: HIDDEN });
      const [batched, single, full] = await Promise.all([
        q8.embed(texts),
        q8.embed(texts.slice(3)),
        fp32.embed(texts),
      ]);
      expect(batched).toHaveLength(4);
      expect(cosine(batched[3] as Float32Array, single[0] as Float32Array)).toBeCloseTo(1, 5);
      for (let i = 0; i < texts.length; i++) {
        expect(cosine(batched[i] as Float32Array, full[i] as Float32Array)).toBeGreaterThan(0.99);
      }
      expect(await q8.embed([])).toEqual([]);
      await Promise.all([q8.dispose(), fp32.dispose()]);
    },
    TIMEOUT,
  );

  it(
    'matches the same graph run on onnxruntime-web (the browser runtime) through ort-runtime, wasm from local files',
    async () => {
      const embedder = nodeTransformersEmbedder({ model: TINY, dtype: 'fp32' });
      const extractor = await embedder.load();
      const text = 'Reply to the last email from Alice';
      const [expected] = await embedder.embed([text]);
      const encoded = extractor.tokenizer(text) as Record<
        (typeof TOKEN_INPUTS)[number],
        { data: BigInt64Array; dims: number[] }
      >;

      // ort-runtime is the one module importing onnxruntime-web, and its `run` takes float32 feeds only; the
      // tokenizer's int64 ids go in as floats (exact below 2^24) and a Cast node in front turns them back.
      await initOrt({ numThreads: 1 });
      const model = readFileSync(join(REPO_MODELS_DIR, TINY, 'onnx', 'model.onnx'));
      const session = await createSession(withFloatTokenInputs(model));
      const feeds = Object.fromEntries(
        TOKEN_INPUTS.map((k) => [
          floatName(k),
          { data: Float32Array.from(encoded[k].data, Number), dims: encoded[k].dims },
        ]),
      );
      const { last_hidden_state: hidden } = await run(session, feeds);
      const seq = encoded.input_ids.dims[1] as number;
      expect(hidden?.dims).toEqual([1, seq, HIDDEN]);
      const data = hidden?.data as Float32Array;
      const pooled = new Float32Array(HIDDEN);
      for (let t = 0; t < seq; t++)
        for (let h = 0; h < HIDDEN; h++)
          pooled[h] = (pooled[h] as number) + (data[t * HIDDEN + h] as number) / seq;
      expect(cosine(pooled, expected as Float32Array)).toBeCloseTo(1, 5);
      await releaseSession(session);
      await embedder.dispose();
    },
    TIMEOUT,
  );
});

const TOKEN_INPUTS = ['input_ids', 'attention_mask', 'token_type_ids'] as const;
const floatName = (input: string) => `${input}_float`;
const { onnx } = onnxProto;

/** The model with each int64 token input replaced by a float input `<name>_float` and a Cast to int64. */
function withFloatTokenInputs(bytes: Uint8Array): Uint8Array {
  const model = onnx.ModelProto.decode(bytes);
  const graph = model.graph as onnxProto.onnx.GraphProto;
  const casts = TOKEN_INPUTS.map((name) => {
    const input = graph.input.find((i) => i.name === name);
    if (!input?.type?.tensorType) throw new Error(`tiny model has no tensor input ${name}`);
    input.name = floatName(name);
    input.type.tensorType.elemType = onnx.TensorProto.DataType.FLOAT;
    return onnx.NodeProto.create({
      name: `cast_${name}`,
      opType: 'Cast',
      input: [floatName(name)],
      output: [name],
      attribute: [
        { name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: onnx.TensorProto.DataType.INT64 },
      ],
    });
  });
  graph.node.unshift(...casts);
  return onnx.ModelProto.encode(model).finish();
}

describe('missing model files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'navi-models-'));
    // A model folder with its config and tokenizer but no weights.
    mkdirSync(join(dir, 'no-weights'));
    for (const f of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) {
      copyFileSync(join(REPO_MODELS_DIR, TINY, f), join(dir, 'no-weights', f));
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'a missing model folder gives EmbeddingModelMissingError naming the file and where it looked',
    async () => {
      const embedder = nodeTransformersEmbedder({ model: 'absent-model', localModelPath: `${dir}/` });
      const error = await embedder.embed(['x']).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddingModelMissingError);
      const missing = error as EmbeddingModelMissingError;
      expect(missing.details.file).toBe('config.json');
      expect(missing.details.lookedAt).toBe(join(dir, 'absent-model', 'config.json'));
      expect(missing.message).toContain('"config.json"');
      expect(missing.message).toContain(join(dir, 'absent-model'));
      expect(missing.message).toContain('LexicalEmbedder');
      expect(missing.message).toContain('allowRemote');
      expect(EmbeddingModelMissingError.isInstance(missing)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'missing weights name the dtype file, and a retry after the fix loads',
    async () => {
      const embedder = nodeTransformersEmbedder({ model: 'no-weights', localModelPath: `${dir}/` });
      const error = await embedder.load().catch((e: unknown) => e);
      expect(EmbeddingModelMissingError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('"onnx/model_quantized.onnx"');

      mkdirSync(join(dir, 'no-weights', 'onnx'));
      copyFileSync(
        join(REPO_MODELS_DIR, TINY, 'onnx', 'model_quantized.onnx'),
        join(dir, 'no-weights', 'onnx', 'model_quantized.onnx'),
      );
      const [v] = await embedder.embed(['now it loads']);
      expect(v?.length).toBe(HIDDEN);
      await embedder.dispose();
    },
    TIMEOUT,
  );

  it('an HTML page served for a model file (SPA fallback) is reported as a missing file', () => {
    const html = new SyntaxError(`Unexpected token '<', "<!doctype "... is not valid JSON`);
    const error = asMissingModel(html, 'tiny-embedder', '/models/', 'q8');
    expect(error?.details).toMatchObject({ file: null, lookedAt: '/models/tiny-embedder/' });
    expect(error?.message).toContain('404');
    expect(asMissingModel(new Error('out of memory'), 'm', '/models/', 'q8')).toBeUndefined();
  });

  it('a Hub 404 names the file inside the model', () => {
    const hub = new Error(
      'Could not locate file: "https://huggingface.co/Xenova/m/resolve/main/onnx/model.onnx".',
    );
    hub.name = 'ModelFileNotFoundError';
    expect(asMissingModel(hub, 'Xenova/m', '/models/', 'fp32')?.details.file).toBe('onnx/model.onnx');
  });
});
