// The tool-retrieval encoder the app ships (issue 17), trained on every shared dataset's train split:
// models/tool-encoder.onnx + models/tool-encoder.manifest.json. Called by scripts/train.ts (`--only encoder`).
// Deterministic: the same data and code give byte-identical files (the manifest carries no date or timing).

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ToolEncoderEmbedder, TOOL_ENCODER_ID } from '../src/core/embed/tool-encoder/encoder';
import {
  ENCODER_INPUT_IDS,
  ENCODER_INPUT_WEIGHTS,
  ENCODER_OUTPUT,
  exportToolEncoder,
  padFeatures,
} from '../src/core/embed/tool-encoder/export-encoder';
import { encoderFeatures } from '../src/core/embed/tool-encoder/features';
import { ENCODER_TRAIN_DEFAULTS, trainToolEncoder } from '../src/core/embed/tool-encoder/train-encoder';
import { createSession, initOrt, releaseSession, run } from '../src/core/ml/ort-runtime';
import { leaveOneOutExamples } from './encoder-data';
import { loadRetrievalDataset, SHARED_DATASETS, type RetrievalDataset } from './retrieval-data';

/** The encoder learns from every shared dataset (leave-one-dataset-out runs drop one). */
export const TOOL_ENCODER_DATASETS = SHARED_DATASETS;

/**
 * Trains on the train splits and writes the model; skips when no data is there. `data`: the shared-data
 * folder (each of TOOL_ENCODER_DATASETS under it) or a list of dataset folders (`npm run train -- --data`).
 */
export async function trainToolEncoderModel(
  outDir: string,
  outName: string,
  data: string | readonly string[],
): Promise<void> {
  const datasets: RetrievalDataset[] = [];
  const dirs = typeof data === 'string' ? TOOL_ENCODER_DATASETS.map((name) => resolve(data, name)) : data;
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const ds = loadRetrievalDataset(dir);
    if (typeof ds !== 'string') datasets.push(ds);
  }
  if (datasets.length === 0) {
    console.log(
      `Skipping the tool encoder: no dataset in ${typeof data === 'string' ? data : data.join(', ')}.`,
    );
    return;
  }
  const started = performance.now();
  const examples = leaveOneOutExamples(datasets);
  const options = { ...ENCODER_TRAIN_DEFAULTS };
  const { weights, report } = trainToolEncoder(examples, options);
  const name = TOOL_ENCODER_ID;
  const bytes = exportToolEncoder(weights, { embedder: TOOL_ENCODER_ID });

  // The exported graph must reproduce the TypeScript forward on real texts.
  const sample = examples.slice(0, 256).flatMap((e) => [e.query, e.positives[0] as string]);
  const encoder = new ToolEncoderEmbedder(weights);
  await initOrt({ numThreads: 1 });
  const session = await createSession(bytes);
  const { ids, weights: w, len } = padFeatures(sample.map((t) => encoderFeatures(t, weights.spec)));
  const out = (
    await run(session, {
      [ENCODER_INPUT_IDS]: { data: ids, dims: [sample.length, len] },
      [ENCODER_INPUT_WEIGHTS]: { data: w, dims: [sample.length, len] },
    })
  )[ENCODER_OUTPUT]!;
  await releaseSession(session);
  let maxAbsError = 0;
  sample.forEach((t, i) => {
    const ref = encoder.embedSync(t);
    for (let k = 0; k < weights.dimension; k++)
      maxAbsError = Math.max(maxAbsError, Math.abs(out.data[i * weights.dimension + k]! - ref[k]!));
  });
  if (maxAbsError > 1e-4)
    throw new Error(`ONNX output differs from the TypeScript encoder by ${maxAbsError}`);

  const manifest = {
    name,
    file: `${name}.onnx`,
    bytes: bytes.length,
    method:
      'embedding bag over hashed words, word bigrams and character trigrams (TypeScript features), L2-normalised; ' +
      'InfoNCE with in-batch negatives and hard negatives (BM25 top wrong tools, same-category tools)',
    trainingData: {
      datasets: datasets.map((d) => d.name),
      split:
        'train (every dataset; this shipped model has seen all nine catalogues — figures on unseen ' +
        'catalogues come from the leave-one-dataset-out runs, scripts/eval-encoder-lodo.ts)',
      requests: report.examples,
      distinctTexts: report.texts,
      toolText: 'split words of the name, ": ", description (toolText in src/core/retrieval/candidates.ts)',
    },
    features: {
      ...weights.spec,
      builtBy: 'encoderFeatures() in src/core/embed/tool-encoder/features.ts',
      rule: 'content words (tokenize.ts); keys w:<word>, b:<w1> <w2>, c:<trigram of ^word$>; row = FNV-1a(key) mod buckets; weight = base · (1 + ln count)',
    },
    dimension: weights.dimension,
    training: {
      ...options,
      spec: undefined,
      steps: report.steps,
      epochLoss: report.epochLoss.map((l) => Number(l.toFixed(4))),
    },
    inputs: {
      [ENCODER_INPUT_IDS]: { dtype: 'int32', shape: ['batch', 'len'], pad: 0 },
      [ENCODER_INPUT_WEIGHTS]: { dtype: 'float32', shape: ['batch', 'len'], pad: 0 },
    },
    output: {
      name: ENCODER_OUTPUT,
      dtype: 'float32',
      shape: ['batch', weights.dimension],
      meaning: 'unit vector',
    },
    onnx: {
      irVersion: 8,
      opset: 18,
      graph: 'Gather(table, ids) · Unsqueeze(weights) → ReduceSum(len) → ÷ max(‖·‖, 1e-12)',
      maxAbsErrorVsTypeScript: Number(maxAbsError.toExponential(2)),
      checkedOn: `${sample.length} training texts, onnxruntime-web 1.30 wasm (Node, 1 thread)`,
    },
    benchmarks: 'BENCHMARKS.md, "Tool retrieval encoder (zero-shot)"',
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, `${name}.onnx`), bytes);
  writeFileSync(resolve(outDir, `${name}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Wrote ${outName}/${name}.onnx (${bytes.length} bytes) and its manifest: ${report.examples} requests, ` +
      `loss ${report.epochLoss.map((l) => l.toFixed(3)).join(' → ')}, trained in ${report.seconds.toFixed(1)} s, ` +
      `ONNX vs TS max |Δ| ${maxAbsError.toExponential(2)}, ${((performance.now() - started) / 1000).toFixed(1)} s in all.`,
  );
}
