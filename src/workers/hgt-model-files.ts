import { HGT_MODEL_NAME, parseHgtManifest, type HgtManifest } from '../core/link-model/hgt-app-manifest';
import { HgtManifestError } from '../core/link-model/hgt-manifest-error';
import { readHgtConfig } from '../core/ml/hgt/hgt-onnx-runner';
import { HgtModelError } from '../core/ml/hgt/hgt-model-error';
import type { StoredModel } from '../core/world/world-store';
import { fetchModelFile } from './fetch-model-file';
import type { HgtModelInfo } from './hgt-protocol';
import { ShippedHeadError } from './shipped-head-error';

/** An HGT model's bytes with its checked manifest, and where they came from. */
export interface HgtModelFile {
  bytes: Uint8Array;
  manifest: HgtManifest;
  /** Shown to the user: `models/twnm-hgt.onnx` or `IndexedDB (twnm-hgt)`. */
  file: string;
}

const FIX = 'run `npm run train` to write the shipped HGT link model.';

/** Checks that the ONNX bytes are the model the manifest describes (size, config in the ONNX metadata). */
function checkBytes(bytes: Uint8Array, manifest: HgtManifest, shown: string, where: string): void {
  if (bytes.length !== manifest.bytes)
    throw new ShippedHeadError(
      'invalid',
      `${shown} has ${bytes.length} bytes but ${where} says ${manifest.bytes}: they come from different ` +
        'training runs. Run `npm run train` to write both again.',
    );
  let config;
  try {
    config = readHgtConfig(bytes);
  } catch (e) {
    if (e instanceof HgtModelError) throw new ShippedHeadError('invalid', `${shown}: ${e.message}.`);
    throw e;
  }
  for (const key of ['inputDim', 'hidden', 'heads', 'layers'] as const)
    if (config[key] !== manifest.config[key])
      throw new ShippedHeadError(
        'invalid',
        `${shown} has ${key} ${config[key]} but ${where} says ${manifest.config[key]}. Run \`npm run train\`.`,
      );
}

function parse(json: unknown, where: string): HgtManifest {
  try {
    return parseHgtManifest(json, where);
  } catch (e) {
    if (e instanceof HgtManifestError) throw new ShippedHeadError('invalid', e.message);
    throw e;
  }
}

/**
 * The shipped model's checked manifest alone (2 KB): what the status needs, so a status check does not
 * fetch the 0.5 MB ONNX file before anything runs the model (issue 19).
 */
export async function fetchShippedHgtManifest(
  modelsUrl: string,
  fetchFn: typeof fetch = fetch,
): Promise<Pick<HgtModelFile, 'manifest' | 'file'>> {
  const { manifest } = await fetchManifest(modelsUrl, fetchFn);
  return { manifest, file: `models/${manifest.file}` };
}

/** Fetches and checks the shipped model: `<modelsUrl>twnm-hgt.manifest.json` and the ONNX file it names. */
export async function fetchShippedHgt(
  modelsUrl: string,
  fetchFn: typeof fetch = fetch,
): Promise<HgtModelFile> {
  const { manifest, where } = await fetchManifest(modelsUrl, fetchFn);
  const shown = `models/${manifest.file}`;
  const bytes = new Uint8Array(
    await (await fetchModelFile(fetchFn, `${modelsUrl}${manifest.file}`, shown, FIX)).arrayBuffer(),
  );
  checkBytes(bytes, manifest, shown, where);
  return { bytes, manifest, file: shown };
}

async function fetchManifest(
  modelsUrl: string,
  fetchFn: typeof fetch,
): Promise<{ manifest: HgtManifest; where: string }> {
  const where = `models/${HGT_MODEL_NAME}.manifest.json`;
  const res = await fetchModelFile(fetchFn, `${modelsUrl}${HGT_MODEL_NAME}.manifest.json`, where, FIX);
  let json: unknown;
  try {
    json = await res.json();
  } catch (e) {
    throw new ShippedHeadError('invalid', `${where} is not JSON (${(e as Error).message}).`);
  }
  const manifest = parse(json, where);
  if (!/^[\w.-]+\.onnx$/.test(manifest.file))
    throw new ShippedHeadError('invalid', `${where} names ${manifest.file}, not an .onnx file. ${FIX}`);
  return { manifest, where };
}

/** A model retrained in this browser, as IndexedDB holds it. */
export function storedHgt(record: StoredModel): HgtModelFile {
  const shown = `IndexedDB (${record.name})`;
  const manifest = parse(record.manifest, `the manifest of ${shown}`);
  checkBytes(record.bytes, manifest, shown, `its manifest`);
  return { bytes: record.bytes, manifest, file: shown };
}

export function modelInfo(m: Pick<HgtModelFile, 'manifest' | 'file'>): HgtModelInfo {
  const { manifest } = m;
  return {
    origin: manifest.origin,
    file: m.file,
    createdAt: manifest.createdAt,
    traces: manifest.trainingData.traces,
    lastTraceSeq: manifest.trainingData.lastTraceSeq,
    testAuc: manifest.metrics.testAuc,
    testPairs: manifest.metrics.testPairs,
    testPositives: manifest.metrics.testPositives ?? 0,
    reversedAuc: manifest.metrics.reversedAuc ?? null,
    reversedPairs: manifest.metrics.reversedPairs ?? 0,
    sameCategoryAuc: manifest.metrics.sameCategoryAuc ?? null,
    sameCategoryPairs: manifest.metrics.sameCategoryPairs ?? 0,
    validationAuc: manifest.metrics.validationAuc,
    config: {
      hidden: manifest.config.hidden,
      heads: manifest.config.heads,
      layers: manifest.config.layers,
    },
    bytes: manifest.bytes,
    epochs: manifest.training.epochs,
  };
}
