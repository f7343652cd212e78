// Trains the models the app ships (`npm run train`), each deterministic: the same code gives byte-identical
// ONNX files (the manifests carry the date).
// - DTDR-L head (variant b: separate query and history embeddings + history length) over the built-in demo
//   world's demonstration traces, with the zero-download lexical embedder: models/dtdr-l-demo.onnx + manifest.
// - The Tool World Navigation Model's HGT link scorer (NaviAgent Appendix B.1, 2 layers × 8 heads) on the
//   Tool World graph the app starts with: models/twnm-hgt.onnx + manifest (scripts/train.ts → trainHgtModel).
//
// - RETO's layer predictor (issue 18) on the shared datasets' train plans: models/reto-layers.onnx + manifest
//   (scripts/train-layer-model.ts; skipped when ../shared/data is absent).
//
//   npx tsx scripts/train.ts [--out <dir>] [--only dtdr|hgt|encoder|layers|translation]

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_TOOLS } from '../src/core/demo/demo-tools';
import { demoTraces } from '../src/core/demo/demo-traces';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { exportLinearHead, LINEAR_HEAD_INPUT, LINEAR_HEAD_OUTPUT } from '../src/core/ml/export-linear-head';
import { linearForward } from '../src/core/ml/linear-head';
import { createSession, initOrt, releaseSession, run } from '../src/core/ml/ort-runtime';
import { DtdrL } from '../src/core/retrieval/dtdr-l';
import { EmbeddingCache } from '../src/core/retrieval/embedding-cache';
import { describeInput, inputDim, toolNameText } from '../src/core/retrieval/features';
import { evaluateRetriever, stepPoints } from '../src/core/retrieval/metrics';
import { END_OF_PLAN } from '../src/core/retrieval/retriever';
import { tracesToRetrievalTasks } from '../src/core/retrieval/trace-tasks';
import { HGT_ONNX } from '../src/core/ml/hgt/export-hgt';
import { scoringPairs } from '../src/core/link-model/hgt-app-candidates';
import { HGT_MODEL_NAME } from '../src/core/link-model/hgt-app-manifest';
import { HGT_APP_SPLIT, hgtAppSplit } from '../src/core/link-model/hgt-app-split';
import { trainAppHgt } from '../src/core/link-model/hgt-app-train';
import { hgtEmbed, hgtScorePairs } from '../src/core/ml/hgt/hgt-forward';
import { HgtOnnxRunner } from '../src/core/ml/hgt/hgt-onnx-runner';
import { DEFAULT_HGT_CONFIG } from '../src/core/ml/hgt/hgt-spec';
import { HGT_TRAIN_DEFAULTS } from '../src/core/ml/hgt/train-hgt';
import { ToolWorld } from '../src/core/world/world';
import { trainToolEncoderModel } from './train-tool-encoder';
import { trainTranslationTable } from './train-translation';
import { trainLayerModel } from './train-layer-model';
import { runCli } from './figures';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `Usage: npm run train -- [--out models] [--only dtdr|hgt|encoder|layers|translation] [--data <dir>]...

  Rebuilds the shipped models (byte-reproducible) into --out (default models/, relative to the repo root):
  DTDR-L and the HGT from the built-in demo traces; the tool encoder, the layer predictor and the
  translation table from the shared datasets under ../shared/data (each skipped when they are absent), or
  from the dataset folders given with --data (shared format; repeatable; use --out elsewhere to keep the
  shipped models).`;

/** Everything that decides the model's bytes. */
const CONFIG = {
  name: 'dtdr-l-demo',
  seed: 7,
  /** Demonstrations: demoTraces(TRAIN_TRACES, TRAIN_TRACE_SEED); the app's demo world is the first 48 of seed 7. */
  trainTraces: 480,
  trainTraceSeed: 7,
  /** A disjoint draw of the same world for the test figures in the manifest. */
  testTraces: 120,
  testTraceSeed: 8,
  embedderDimension: 256,
  training: { epochs: 60, batchSize: 32, learningRate: 0.05, lrDecay: 0.98, l2: 1e-4, patience: 3 },
};

const round = (v: number, digits = 4) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : null);

async function trainDtdr(outDir: string, outName: string): Promise<void> {
  const started = Date.now();

  const train = tracesToRetrievalTasks(demoTraces(CONFIG.trainTraces, CONFIG.trainTraceSeed));
  const test = tracesToRetrievalTasks(demoTraces(CONFIG.testTraces, CONFIG.testTraceSeed));
  // No IDF fit: the input is then a pure function of the text, so the app rebuilds it with no corpus.
  const embedder = new LexicalEmbedder({ dimension: CONFIG.embedderDimension });
  const cache = new EmbeddingCache(embedder);
  const catalogue = DEMO_TOOLS.map((t) => ({ name: t.name, description: t.description }));
  const dtdr = new DtdrL(
    { catalogue, embedder, seed: CONFIG.seed, cache },
    {
      variant: 'separate',
      training: {
        ...CONFIG.training,
        onEpoch: (e, loss, val) =>
          console.log(`epoch ${e}: loss ${loss.toFixed(4)}, validation ${val.toFixed(4)}`),
      },
    },
  );
  console.log(`Training DTDR-L on ${train.length} demo plans (${DEMO_TOOLS.length} tools)…`);
  await dtdr.fit(train);
  const head = dtdr.head!;
  const report = dtdr.report!;

  await cache.warm(
    test.flatMap((t) =>
      stepPoints(t).flatMap((p) => dtdr.textsToEmbed({ query: t.query, history: p.history })),
    ),
  );
  const testReport = evaluateRetriever(dtdr, test);

  const onnx = exportLinearHead(head, {
    docString: 'DTDR-L next-tool head for the NaviAgent demo world (variant b).',
    metadata: {
      model: CONFIG.name,
      embedder: embedder.id,
      embedderDimension: String(embedder.dimension),
      inputLayout: describeInput(dtdr.spec),
      tau: String(dtdr.tau),
    },
  });

  // The exported graph must reproduce the TypeScript head on real inputs.
  await initOrt({ numThreads: 1 });
  const session = await createSession(onnx);
  const inputs = test.flatMap((t) =>
    stepPoints(t).map((p) => dtdr.inputVector({ query: t.query, history: p.history })),
  );
  const batch = new Float32Array(inputs.length * head.inputDim);
  inputs.forEach((x, i) => batch.set(x, i * head.inputDim));
  const probs = (
    await run(session, { [LINEAR_HEAD_INPUT]: { data: batch, dims: [inputs.length, head.inputDim] } })
  )[LINEAR_HEAD_OUTPUT]!;
  let maxAbsError = 0;
  inputs.forEach((x, n) => {
    const ref = linearForward(head, x);
    for (let o = 0; o < head.outputDim; o++)
      maxAbsError = Math.max(maxAbsError, Math.abs(probs.data[n * head.outputDim + o]! - ref[o]!));
  });
  await releaseSession(session);
  if (maxAbsError > 1e-5) throw new Error(`ONNX output differs from linearForward by ${maxAbsError}`);

  const g = testReport.groups;
  const manifest = {
    name: CONFIG.name,
    file: `${CONFIG.name}.onnx`,
    bytes: onnx.length,
    createdAt: new Date().toISOString(),
    method: 'DTDR-L (DTDR §4.1, Appendix C), variant b: separate query / history embeddings + history length',
    seed: CONFIG.seed,
    trainingData: {
      source: `demoTraces(${CONFIG.trainTraces}, ${CONFIG.trainTraceSeed}) over DEMO_TOOLS (src/core/demo)`,
      plans: train.length,
      droppedTraces: CONFIG.trainTraces - train.length,
      dropRule:
        'traces abandoned after a failed call are not complete demonstrations; failed attempts are removed',
      examples: report.examples + report.validationExamples,
      exampleRule:
        'one per plan prefix t = 0…L, history = gold prefix, target = next tool (END_OF_PLAN at t = L)',
      validationPlans: report.validationTasks,
      refitOnAll: report.refit,
    },
    embedder: {
      id: embedder.id,
      class: 'LexicalEmbedder (src/core/embed/lexical-embedder.ts)',
      options: { dimension: embedder.dimension, charWeight: 0.3 },
      idf: 'none (fit() not called): every hashed feature weighs 1',
    },
    input: {
      name: LINEAR_HEAD_INPUT,
      dtype: 'float32',
      shape: ['batch', inputDim(dtdr.spec)],
      blocks: {
        query: [0, dtdr.spec.dimension],
        history: [dtdr.spec.dimension, 2 * dtdr.spec.dimension],
        historyLength: [2 * dtdr.spec.dimension, inputDim(dtdr.spec)],
      },
      layout: describeInput(dtdr.spec),
      historyDecay: dtdr.spec.historyDecay,
      lengthBuckets: dtdr.spec.lengthBuckets,
      toolNameText: `split words of the name, lower-case, joined by spaces (e.g. contacts_search → "${toolNameText('contacts_search')}")`,
      builtBy: 'buildInput() in src/core/retrieval/features.ts',
    },
    output: {
      name: LINEAR_HEAD_OUTPUT,
      dtype: 'float32',
      shape: ['batch', head.outputDim],
      meaning: 'independent sigmoid probability that each label is the next call',
    },
    labels: head.labels,
    endOfPlanLabel: END_OF_PLAN,
    tau: dtdr.tau,
    training: {
      ...CONFIG.training,
      loss: 'summed binary cross-entropy over labels (DTDR Appendix C eq. 2), Adam, L2 on W',
      earlyStopping: 'validation MRR of the acceptable next tools, on held-out plans',
      bestEpoch: report.bestEpoch,
      epochsRun: report.epochsRun,
      trainLoss: round(report.trainLoss),
      validationLoss: round(report.validationLoss),
    },
    validation: {
      plans: report.validationTasks,
      prefixes: report.validationExamples,
      mrr: round(report.validation.mrr),
      top1: round(report.validation.top1),
      setF1AtTau: round(report.validation.setF1),
      meanSetSizeAtTau: round(report.validation.meanSetSize),
    },
    test: {
      source: `demoTraces(${CONFIG.testTraces}, ${CONFIG.testTraceSeed})`,
      plans: test.length,
      points: g.all.points,
      mrr: round(g.all.mrr),
      top1: round(g.all.top1),
      mrrNoEnd: round(g.noEnd.mrr),
      mrrEnd: round(g.end.mrr),
      f1: round(g.all.f1),
    },
    onnx: {
      irVersion: 8,
      opset: 18,
      graph: 'x · Wᵀ (MatMul) + b (Add) → Sigmoid',
      maxAbsErrorVsTypeScript: maxAbsError,
      checkedOn: `${inputs.length} test inputs, onnxruntime-web 1.30 wasm (Node, 1 thread)`,
    },
  };

  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, `${CONFIG.name}.onnx`), onnx);
  writeFileSync(resolve(outDir, `${CONFIG.name}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Wrote ${outName}/${CONFIG.name}.onnx (${onnx.length} bytes) and its manifest: validation MRR ` +
      `${report.validation.mrr.toFixed(3)}, test MRR ${g.all.mrr.toFixed(3)} (top-1 ${g.all.top1.toFixed(3)}), ` +
      `τ = ${dtdr.tau}, ONNX vs TS max |Δ| ${maxAbsError.toExponential(2)}, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

/** Everything that decides the HGT model's bytes. */
const HGT_CONFIG = {
  /** The world the app starts with (WorldSession.loadDemoWorld): DEMO_TOOLS + demoTraces(48, 7). */
  traces: 48,
  traceSeed: 7,
  /** Trainer defaults (docs/hgt.md) and the paper's model: 2 layers × 8 heads, hidden 64. */
  seed: HGT_TRAIN_DEFAULTS.seed,
  epochs: HGT_TRAIN_DEFAULTS.epochs,
  config: DEFAULT_HGT_CONFIG,
};
const HGT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The HGT link scorer on the demo world: held-out links by the app's split (hgt-app-split.ts, the linkpred
 * protocol with a fixed seed), trained by `trainAppHgt` — the same code the browser worker retrains with —
 * then checked in onnxruntime-web against the TypeScript forward on the whole graph.
 */
async function trainHgtModel(outDir: string, outName: string): Promise<void> {
  const started = Date.now();
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces(HGT_CONFIG.traces, HGT_CONFIG.traceSeed)) await world.ingestTrace(t);
  const split = await hgtAppSplit(world);
  const t = split.full.tensors;
  console.log(
    `Training the HGT on the demo world (${t.apiCount} API + ${t.paramCount} parameter nodes, ` +
      `${t.edgeSrc.length} edges, ${split.check.labels.length / 2} + ${split.selection.labels.length / 2} ` +
      'behavioural links held out)…',
  );
  const model = await trainAppHgt(split, {
    origin: 'shipped',
    createdAt: new Date().toISOString(),
    seed: HGT_CONFIG.seed,
    epochs: HGT_CONFIG.epochs,
    config: HGT_CONFIG.config,
    trainingData: {
      description:
        `the Tool World graph the app starts with: DEMO_TOOLS + demoTraces(${HGT_CONFIG.traces}, ` +
        `${HGT_CONFIG.traceSeed}) (src/core/demo), world embedder LexicalEmbedder() for parameter clusters`,
      traces: world.traces.length,
      lastTraceSeq: world.traces.at(-1)?.seq ?? -1,
    },
    onEpoch: (e) => {
      if (e.epoch === 1 || e.epoch % 10 === 0 || e.epoch === e.epochs)
        console.log(
          `epoch ${e.epoch}: loss ${e.loss.toFixed(4)}, validation AUC ${e.valAuc?.toFixed(4) ?? '—'}`,
        );
    },
  });
  if (model.bytes.length > HGT_MAX_BYTES)
    throw new Error(`the HGT model is ${model.bytes.length} bytes, over the 5 MB budget`);

  // The exported graph must reproduce the TypeScript forward on the whole graph and the app's pairs.
  await initOrt({ numThreads: 1 });
  const scoring = scoringPairs(t);
  const runner = await HgtOnnxRunner.create(model.bytes);
  const onnx = await runner.run(t, scoring.pairs);
  await runner.release();
  const embeddings = hgtEmbed(model.params, t);
  const scores = hgtScorePairs(model.params, embeddings, scoring.pairs, t);
  let maxAbsError = 0;
  embeddings.forEach((v, i) => (maxAbsError = Math.max(maxAbsError, Math.abs(v - onnx.embeddings[i]!))));
  scores.forEach((v, i) => (maxAbsError = Math.max(maxAbsError, Math.abs(v - onnx.scores[i]!))));
  if (maxAbsError > 1e-4)
    throw new Error(`ONNX output differs from hgtEmbed/hgtScorePairs by ${maxAbsError}`);

  const m = model.manifest.metrics;
  const manifest = {
    ...model.manifest,
    method:
      'Tool World Navigation Model link scorer: HGT (NaviAgent §3.2.1–3.2.2, Appendix B.1, eqs. 5–10, 13–17), ' +
      'trained by trainHgt (src/core/ml/hgt/train-hgt.ts), exported by exportHgt',
    split: {
      protocol:
        'src/core/linkpred edges setting: behavioural edges held out with holdOutEdges, one random non-edge ' +
        'of the same relation per positive (randomNegatives); structural edges always stay',
      ...HGT_APP_SPLIT,
      validation: 'the split validation share: early stopping (best epoch by AUC)',
      test: 'the split test share: the figures below, and what the app compares models on before a swap',
    },
    onnx: {
      irVersion: 8,
      opset: 18,
      inputs: Object.values(HGT_ONNX).slice(0, 8),
      outputs: [HGT_ONNX.embeddings, HGT_ONNX.scores],
      maxAbsErrorVsTypeScript: maxAbsError,
      checkedOn:
        `the whole demo graph (${t.apiCount + t.paramCount} nodes, ${t.edgeSrc.length} edges) and ` +
        `${scoring.pairs.src.length} pairs, onnxruntime-web 1.30 wasm (Node, 1 thread)`,
    },
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, `${HGT_MODEL_NAME}.onnx`), model.bytes);
  writeFileSync(resolve(outDir, `${HGT_MODEL_NAME}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Wrote ${outName}/${HGT_MODEL_NAME}.onnx (${model.bytes.length} bytes) and its manifest: validation AUC ` +
      `${m.validationAuc}, test AUC ${m.testAuc}, ACC ${m.testAcc}, F1 ${m.testF1} (best epoch ` +
      `${model.manifest.training.bestEpoch} of ${model.manifest.training.epochs}, ` +
      `${model.manifest.training.secondsPerEpoch} s/epoch), ONNX vs TS max |Δ| ` +
      `${maxAbsError.toExponential(2)}, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'models' },
      only: { type: 'string' },
      data: { type: 'string', multiple: true },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  const outDir = resolve(REPO_ROOT, values.out);
  // Dataset folders for the encoder, the layer predictor and the translation table; by default the shared
  // datasets each of them is documented with, under ../shared/data.
  const data = values.data?.length ? values.data : resolve(REPO_ROOT, '../shared/data');
  const only = values.only;
  const known = ['dtdr', 'hgt', 'encoder', 'layers', 'translation'];
  if (only !== undefined && !known.includes(only))
    throw new Error(`--only takes ${known.join(', ')}, got ${only}`);
  if (only === undefined || only === 'dtdr') await trainDtdr(outDir, values.out);
  if (only === undefined || only === 'hgt') await trainHgtModel(outDir, values.out);
  // The tool-retrieval encoder (issue 17), from the shared datasets; skipped when they are absent.
  if (only === undefined || only === 'encoder') await trainToolEncoderModel(outDir, values.out, data);
  if (only === undefined || only === 'layers') await trainLayerModel(outDir, values.out, data);
  // The zero-shot hybrid's word-association table (issue 17, sixth pass); skipped without the datasets.
  if (only === undefined || only === 'translation') await trainTranslationTable(outDir, values.out, data);
}

runCli(main, USAGE);
