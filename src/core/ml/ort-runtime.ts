import type * as Ort from 'onnxruntime-web';
import { OrtRuntimeError } from './ort-runtime-error';

// The one module that imports onnxruntime-web (docs/conventions.md §5). It initialises ORT once, points it at
// local wasm files (transformers.js would otherwise set a CDN, and the app works offline) and creates
// sessions one at a time, as ORT's wasm backend is not safe to initialise concurrently.
//
// ORT is imported on first use, not with this module: the world worker starts without it (its code is a
// chunk of its own), and nothing fetches its wasm until a feature runs a model (issue 19). In the browser
// build vite.config.ts resolves `onnxruntime-web` to its plain wasm build (`onnxruntime-web/wasm`): the
// app only uses the wasm execution provider, and that build's binary is half the WebGPU-capable one's.
let ortModule: Promise<typeof Ort> | null = null;
const loadOrt = (): Promise<typeof Ort> => (ortModule ??= import('onnxruntime-web'));

/** Whether onnxruntime-web is loaded and configured already (a caller may then prefer it at no cost). */
export function ortLoaded(): boolean {
  return initialised !== null;
}

export interface OrtOptions {
  /**
   * Where ORT loads its wasm glue and binary from: a URL prefix (browser, passed by the app) or, in Node,
   * the package's dist folder, which is found automatically when this is left out.
   */
  wasmPaths?: string;
  /**
   * wasm threads. Default 1: deterministic, and threads need cross-origin isolation in the browser.
   * Avoid ≥ 2 with ScatterND reduction "add" (wrong sums, docs/facts.md).
   */
  numThreads?: number;
}

/** A float32 tensor crossing the runtime boundary, so callers never handle ORT types. */
export interface FloatTensor {
  data: Float32Array;
  dims: readonly number[];
}

/**
 * An int32 tensor, e.g. node indices for Gather / ScatterElements (both take int32 indices on wasm, so
 * callers keep plain Int32Arrays instead of BigInt64Arrays).
 */
export interface Int32Tensor {
  data: Int32Array;
  dims: readonly number[];
}

/** What `run` accepts as a feed; the element type follows from the array. */
export type FeedTensor = FloatTensor | Int32Tensor;

export interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  /** @internal the ORT session; use `run`. */
  readonly inner: Ort.InferenceSession;
}

let initialised: { options: Required<Pick<OrtOptions, 'numThreads'>> & OrtOptions } | null = null;
let creationQueue: Promise<unknown> = Promise.resolve();

// `window` read through globalThis: core is type-checked without the DOM library (tsconfig.core.json).
const isNode = (): boolean =>
  typeof process !== 'undefined' &&
  typeof process.versions?.node === 'string' &&
  (globalThis as { window?: unknown }).window === undefined;

/** file:// URL of onnxruntime-web's dist folder, resolved from this module (Node only). */
async function nodeDistFolder(): Promise<string> {
  // Computed specifiers keep bundlers from pulling Node built-ins into the browser build.
  const moduleId = 'node:module';
  const urlId = 'node:url';
  const { createRequire } = (await import(/* @vite-ignore */ moduleId)) as typeof import('node:module');
  const { pathToFileURL } = (await import(/* @vite-ignore */ urlId)) as typeof import('node:url');
  const entry = createRequire(import.meta.url).resolve('onnxruntime-web');
  return new URL('.', pathToFileURL(entry)).href;
}

/**
 * Configures ORT once. Later calls with the same options are no-ops; different options throw, since ORT
 * reads its wasm settings only when the first session is created.
 */
export async function initOrt(options: OrtOptions = {}): Promise<void> {
  const wanted = { numThreads: options.numThreads ?? 1, wasmPaths: options.wasmPaths };
  if (initialised) {
    const had = initialised.options;
    const same =
      had.numThreads === wanted.numThreads &&
      (wanted.wasmPaths === undefined || wanted.wasmPaths === had.wasmPaths);
    if (!same)
      throw new OrtRuntimeError(
        `onnxruntime-web is already initialised with ${JSON.stringify(had)}; reload to change it`,
      );
    return;
  }
  const wasmPaths = wanted.wasmPaths ?? (isNode() ? await nodeDistFolder() : undefined);
  if (wasmPaths === undefined)
    throw new OrtRuntimeError(
      'pass `wasmPaths` (the URL the app serves the onnxruntime-web wasm files from)',
    );
  // Re-checked after the await: another caller may have finished first.
  const ort = await loadOrt();
  if (initialised) return initOrt(options);
  ort.env.wasm.wasmPaths = wasmPaths;
  ort.env.wasm.numThreads = wanted.numThreads;
  initialised = { options: { ...wanted, wasmPaths } };
}

/** Creates a session from model bytes (or a URL), after any session already being created. */
export async function createSession(model: Uint8Array | string): Promise<OrtSession> {
  if (!initialised) await initOrt();
  const ort = await loadOrt();
  const create = async (): Promise<OrtSession> => {
    const inner =
      typeof model === 'string'
        ? await ort.InferenceSession.create(model, { executionProviders: ['wasm'] })
        : await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
    return { inputNames: inner.inputNames, outputNames: inner.outputNames, inner };
  };
  const next = creationQueue.then(create, create);
  creationQueue = next.catch(() => undefined);
  return next;
}

function toOrtTensor(ort: typeof Ort, name: string, t: FeedTensor): Ort.Tensor {
  if (t.data instanceof Float32Array) return new ort.Tensor('float32', t.data, t.dims);
  if (t.data instanceof Int32Array) return new ort.Tensor('int32', t.data, t.dims);
  throw new OrtRuntimeError(`feed ${name} must be a Float32Array or an Int32Array`);
}

/** Runs a session on float32 / int32 feeds and returns its float32 outputs by name. */
export async function run(
  session: OrtSession,
  feeds: Record<string, FeedTensor>,
): Promise<Record<string, FloatTensor>> {
  const ort = await loadOrt();
  const ortFeeds: Record<string, Ort.Tensor> = {};
  for (const [name, t] of Object.entries(feeds)) ortFeeds[name] = toOrtTensor(ort, name, t);
  const results = await session.inner.run(ortFeeds);
  const out: Record<string, FloatTensor> = {};
  for (const [name, t] of Object.entries(results)) {
    if (t.type !== 'float32') throw new OrtRuntimeError(`output ${name} is ${t.type}, expected float32`);
    out[name] = { data: t.data as Float32Array, dims: t.dims };
  }
  return out;
}

export async function releaseSession(session: OrtSession): Promise<void> {
  await session.inner.release();
}
