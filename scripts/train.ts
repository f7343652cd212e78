// Trains the models the app ships (`npm run train`). For now: the DTDR-L head (variant b: separate query and
// history embeddings + history length) over the built-in demo world's demonstration traces, with the
// zero-download lexical embedder. Writes models/dtdr-l-demo.onnx and models/dtdr-l-demo.manifest.json.
// Deterministic: the same code gives a byte-identical ONNX file (the manifest carries the date).
//
//   npx tsx scripts/train.ts [--out <dir>]

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

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'models' } }, strict: true });
  const outDir = resolve(REPO_ROOT, values.out);
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
    `Wrote ${values.out}/${CONFIG.name}.onnx (${onnx.length} bytes) and its manifest: validation MRR ` +
      `${report.validation.mrr.toFixed(3)}, test MRR ${g.all.mrr.toFixed(3)} (top-1 ${g.all.top1.toFixed(3)}), ` +
      `τ = ${dtdr.tau}, ONNX vs TS max |Δ| ${maxAbsError.toExponential(2)}, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
