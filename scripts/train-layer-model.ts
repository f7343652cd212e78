// The shipped RETO layer predictor (issue 18), trained by `npm run train` (`--only layers` for this model
// alone): the train plans of the shared datasets whose plans carry dependencies, pooled; validation by task
// id picks the epoch; the manifest carries each dataset's test figures against the rule-based layerings.
// Skips (keeping the committed model) when ../shared/data is absent.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEvalDatasetDir } from './eval-dataset-file';
import { createSession, initOrt, releaseSession, run } from '../src/core/ml/ort-runtime';
import { exportLayerPredictor, LAYER_ONNX } from '../src/core/ml/layers/export-layers';
import { TraceGraphDepth } from '../src/core/ml/layers/layer-baselines';
import { encodeLayerTasks, layerDataset, type LayerDataset } from '../src/core/eval/layers/layer-dataset';
import { evaluateLayerMethods, LAYER_METHODS, LAYER_ROWS } from '../src/core/eval/layers/layer-evaluation';
import type { LayerExample } from '../src/core/ml/layers/layer-examples';
import {
  LAYER_FEATURE_DIM,
  layerLexicalEmbedder,
  STRUCTURE_FEATURES,
} from '../src/core/ml/layers/layer-features';
import { predictTaskLogits } from '../src/core/ml/layers/layer-forward';
import { DEFAULT_LAYER_CONFIG, type LayerPredictorConfig } from '../src/core/ml/layers/layer-spec';
import {
  LAYER_TRAIN_DEFAULTS,
  trainLayerPredictor,
  type EncodedLayerTask,
} from '../src/core/ml/layers/train-layers';

export const LAYER_MODEL_NAME = 'reto-layers';
export const LAYER_DATASETS = [
  'api_bank',
  'nestful_v1',
  'restbench',
  'seal_tools',
  'ultratool_graph',
] as const;
const SHARED = resolve(import.meta.dirname, '../../shared/data');

const round = (v: number, digits = 4) => Number(v.toFixed(digits));

/** Largest |ONNX − TypeScript| over the first test tasks (onnxruntime-web wasm, Node, 1 thread). */
async function onnxParity(
  bytes: Uint8Array,
  params: Parameters<typeof predictTaskLogits>[0],
  config: LayerPredictorConfig,
  tasks: readonly EncodedLayerTask[],
): Promise<number> {
  await initOrt({ numThreads: 1 });
  const session = await createSession(bytes);
  let worst = 0;
  for (const t of tasks) {
    const DT = config.inputDim + config.toolExtra;
    const flat = new Float32Array(t.tools.length * DT);
    t.tools.forEach((v, i) => flat.set(v, i * DT));
    const out = await run(session, {
      [LAYER_ONNX.query]: { data: t.query, dims: [1, config.inputDim] },
      [LAYER_ONNX.tools]: { data: flat, dims: [t.tools.length, DT] },
    });
    const want = predictTaskLogits(params, config, t.query, t.tools);
    const got = out[LAYER_ONNX.logits]!.data;
    for (let i = 0; i < want.length; i++)
      worst = Math.max(worst, Math.abs((got[i] as number) - (want[i] as number)));
  }
  await releaseSession(session);
  return worst;
}

/**
 * `data`: the shared-data folder (each of LAYER_DATASETS under it) or a list of dataset folders
 * (`npm run train -- --data`); absent ones are skipped.
 */
export async function trainLayerModel(
  outDir: string,
  outName: string,
  data: string | readonly string[] = SHARED,
): Promise<void> {
  const started = Date.now();
  const sets: LayerDataset[] = [];
  const dirs = typeof data === 'string' ? LAYER_DATASETS.map((name) => resolve(data, name)) : data;
  for (const dir of dirs) {
    if (!existsSync(resolve(dir, 'tasks.jsonl'))) continue;
    // The shared reader (scripts/dataset-folder.ts): bad lines named and left out, an unreadable file skipped.
    const ds = loadEvalDatasetDir(dir);
    if (typeof ds === 'string') console.log(`Layer predictor: skipping ${dir}: ${ds}.`);
    else sets.push(layerDataset(ds));
  }
  // Plans of one tool have no layers to learn: without any multi-tool train plan there is nothing to fit.
  if (sets.length > 0 && sets.every((s) => s.train.length === 0)) {
    console.log(
      `Layer predictor: no train plan with two or more tools; ${outName}/${LAYER_MODEL_NAME}.onnx left as it is.`,
    );
    return;
  }
  if (sets.length === 0) {
    console.log(
      `Layer predictor: no dataset in ${typeof data === 'string' ? data : data.join(', ')}; ${outName}/${LAYER_MODEL_NAME}.onnx left as it is.`,
    );
    return;
  }
  const config: LayerPredictorConfig = {
    ...DEFAULT_LAYER_CONFIG,
    inputDim: LAYER_FEATURE_DIM,
    toolExtra: STRUCTURE_FEATURES.length,
  };
  const options = { ...LAYER_TRAIN_DEFAULTS };
  const embedder = layerLexicalEmbedder();
  // One Tool World from all pooled train traces; a train task sees it without its own trace.
  const graph = new TraceGraphDepth(sets.flatMap((s) => [...s.train, ...s.validation]));
  const seen = { structure: true, edgesFor: (ex: LayerExample) => graph.lookup(ex) };
  const train = await encodeLayerTasks(
    sets.flatMap((s) => s.train),
    embedder,
    seen,
  );
  const validation = await encodeLayerTasks(
    sets.flatMap((s) => s.validation),
    embedder,
    seen,
  );
  const t0 = performance.now();
  const result = await trainLayerPredictor(train, validation, config, {
    ...options,
    onEpoch: (e) =>
      console.log(
        `  layers epoch ${e.epoch}/${e.epochs}: loss ${e.loss.toFixed(4)}, validation pairwise ${e.validation?.pairwise.toFixed(3)} (${(e.ms / 1000).toFixed(1)} s)`,
      ),
  });
  const trainSeconds = (performance.now() - t0) / 1000;
  const features = `${embedder.id} dimension ${LAYER_FEATURE_DIM}, no IDF; query: the request; tool: toolDocument(tool) followed by STRUCTURE_FEATURES ${JSON.stringify(STRUCTURE_FEATURES)}`;
  const bytes = exportLayerPredictor(result.params, config, features);
  const test: Record<string, Record<string, number>> = {};
  let parityTasks: EncodedLayerTask[] = [];
  for (const s of sets) {
    const encoded = await encodeLayerTasks(s.test, embedder, {
      structure: true,
      edgesFor: () => graph.lookup(),
    });
    if (parityTasks.length < 50) parityTasks = parityTasks.concat(encoded.slice(0, 10));
    const evaluation = evaluateLayerMethods(s, encoded, result.params, config, graph);
    for (const r of LAYER_ROWS)
      for (const m of LAYER_METHODS) {
        const x = evaluation[r][m];
        test[`${s.name}.${m}.${r}`] = {
          tasks: x.tasks,
          exact: round(x.exact),
          mae: round(x.mae),
          pairwise: round(x.pairwise),
          executable: round(x.executable),
        };
      }
  }
  const maxAbsError = await onnxParity(bytes, result.params, config, parityTasks);
  const manifest = {
    format: 'reto-layers-manifest/1',
    name: LAYER_MODEL_NAME,
    file: `${LAYER_MODEL_NAME}.onnx`,
    bytes: bytes.length,
    origin: 'shipped',
    createdAt: new Date().toISOString(),
    method:
      'RETO layer predictor (§3.2): query/tool projections with LayerNorm + ReLU, post-norm Transformer encoder over [query; tools], ordinal head (shared w, one bias per threshold), weighted cumulative BCE; the shift rule is applied after decoding (src/core/ml/layers)',
    features,
    trainingData: {
      description: `train split of ${sets.map((s) => s.name).join(', ')} (${typeof data === 'string' ? '../shared/data' : data.join(', ')}), pooled; gold layer of a tool = DAG depth of its first call`,
      trainTasks: train.length,
      validationTasks: validation.length,
      validation:
        'FNV-1a(task id) mod 1000 < 100 of the train split: picks the epoch (validation pairwise order accuracy, then exact)',
      test: "each dataset's test split, tasks with ≥ 2 distinct tools; the Tool World edges come from all the train plans",
    },
    config,
    training: {
      ...options,
      bestEpoch: result.bestEpoch,
      seconds: round(trainSeconds, 1),
      secondsPerEpoch: round(trainSeconds / options.epochs, 2),
    },
    test,
    onnx: {
      irVersion: 8,
      opset: 18,
      inputs: [LAYER_ONNX.query, LAYER_ONNX.tools],
      outputs: [LAYER_ONNX.logits],
      maxAbsErrorVsTypeScript: maxAbsError,
      checkedOn: `${parityTasks.length} test tasks, onnxruntime-web 1.30 wasm (Node, 1 thread)`,
    },
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, `${LAYER_MODEL_NAME}.onnx`), bytes);
  writeFileSync(
    resolve(outDir, `${LAYER_MODEL_NAME}.manifest.json`),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  console.log(
    `Wrote ${outName}/${LAYER_MODEL_NAME}.onnx (${bytes.length} bytes) and its manifest: ${train.length} train tasks, best epoch ${result.bestEpoch}, ${trainSeconds.toFixed(1)} s, ONNX vs TS max |Δ| ${maxAbsError.toExponential(2)}, ${((Date.now() - started) / 1000).toFixed(1)} s in all.`,
  );
}
