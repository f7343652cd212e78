import { WebGpuDeviceLostError } from './webgpu-device-lost-error';
import { WebGpuUnavailableError } from './webgpu-unavailable-error';
import { WebLlmModelLibMissingError } from './webllm-model-lib-missing-error';
import { WebLlmOutOfMemoryError } from './webllm-out-of-memory-error';
import { WebLlmWeightsUnreachableError } from './webllm-weights-unreachable-error';

/**
 * WebLLM's failures as errors a user can act on. Errors cross WebLLM's worker as `String(err)` ("Name:
 * message"), so this reads text, not classes, and adds what the text lacks (which URL, what to do).
 */

export interface WebLlmErrorContext {
  modelId: string;
  /** Where the weights come from (`weightsBaseUrl(record.model)`). */
  weightsUrl: string;
  /** The record's `model_lib`. */
  modelLibUrl: string;
  vramMB: number | null;
  /** Whether WebLLM reported any load progress yet (it reports none while fetching config and wasm). */
  progressSeen: boolean;
}

/** `load`: while the model loads (downloads count); `chat`: while answering (only GPU failures). */
export type WebLlmPhase = 'load' | 'chat';

const DEVICE_LOST = /DeviceLostError|device (?:was |is )?lost|GPUDevice.*lost|Instance dropped/i;
const OUT_OF_MEMORY =
  /out of memory|OutOfMemory|\bOOM\b|Array buffer allocation failed|Cannot allocate \d+ bytes|could not allocate memory|Failed to allocate|Aborted\(OOM\)/i;
const MODEL_LIB =
  /BufferSource argument is empty|expected magic word|CompileError|WebAssembly\.(?:instantiate|compile|Module)/i;
const NO_WEBGPU = /WebGPUNotAvailableError|WebGPUNotFoundError|WebGPU is not supported|Cannot find WebGPU/i;
const FEATURE =
  /ShaderF16SupportError|FeatureSupportError|requires (?:WebGPU extension |feature )?shader-f16/i;
const UNLOADED = /ModelNotLoadedError|EngineNotLoadedError|Model not loaded before/i;
const NETWORK =
  /Failed to fetch|fetch failed|NetworkError|Load failed|Cannot fetch|Network response was not ok|Unable to fetch|received status|Request failed|net::ERR_|ERR_[A-Z_]+|\b40[34]\b/i;

/** The error to show for what WebLLM threw (an Error or the string its worker sent). */
export function explainWebLlmError(raw: unknown, ctx: WebLlmErrorContext, phase: WebLlmPhase): Error {
  const text = errorText(raw);
  const detail = shorten(text);
  if (DEVICE_LOST.test(text)) return new WebGpuDeviceLostError(ctx.modelId, detail);
  if (OUT_OF_MEMORY.test(text)) return new WebLlmOutOfMemoryError(ctx.modelId, ctx.vramMB, detail);
  if (phase === 'chat' && UNLOADED.test(text))
    return new WebGpuDeviceLostError(
      ctx.modelId,
      'the model was unloaded behind the app, probably a lost GPU',
    );
  if (phase === 'chat') return asError(raw, text);
  if (MODEL_LIB.test(text)) return new WebLlmModelLibMissingError(ctx.modelId, ctx.modelLibUrl);
  if (FEATURE.test(text))
    return new WebGpuUnavailableError(
      ctx.modelId,
      "it needs the WebGPU feature shader-f16, which this GPU lacks: pick the model's q4f32 variant",
    );
  if (NO_WEBGPU.test(text))
    return new WebGpuUnavailableError(
      ctx.modelId,
      'this browser exposes no WebGPU adapter: use the graph-only engine or an endpoint',
    );
  if (NETWORK.test(text)) {
    const named = urlIn(text);
    const maybeLib = named === null && !ctx.progressSeen ? ctx.modelLibUrl : null;
    return new WebLlmWeightsUnreachableError(ctx.modelId, named ?? ctx.weightsUrl, detail, maybeLib);
  }
  return asError(raw, text);
}

/** "Name: message" for an Error, the string itself for what a worker sent. */
export function errorText(raw: unknown): string {
  if (raw instanceof Error)
    return raw.message.startsWith(raw.name) ? raw.message : `${raw.name}: ${raw.message}`;
  return String(raw);
}

/** Anything else keeps WebLLM's words, as an Error with the name it had ("ContextWindowSizeExceededError"). */
function asError(raw: unknown, text: string): Error {
  if (raw instanceof Error) return raw;
  const named = /^([A-Za-z]*Error): ([\s\S]*)$/.exec(text);
  const error = new Error(named?.[2] ?? text);
  if (named?.[1]) error.name = named[1];
  return error;
}

/** WebLLM's "Cannot fetch <url>" names the failing file; the Cache API's TypeError does not. */
function urlIn(text: string): string | null {
  return /https?:\/\/[^\s"',)]+/.exec(text)?.[0] ?? null;
}

function shorten(text: string): string {
  const firstLine = text.split('\n')[0] ?? text;
  return firstLine.length > 200 ? `${firstLine.slice(0, 200)}…` : firstLine;
}
