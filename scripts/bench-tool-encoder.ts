// Per-request cost of the shipped tool encoder (issue 17): TypeScript forward (what the app runs) and the
// ONNX model in onnxruntime-web (wasm, 1 thread), one request at a time, on a dataset's test requests.
//
//   npx tsx scripts/bench-tool-encoder.ts [--data <dir>] [--model models/tool-encoder.onnx] [--n 500] [--json f]

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ToolEncoderEmbedder } from '../src/core/embed/tool-encoder/encoder';
import {
  ENCODER_INPUT_IDS,
  ENCODER_INPUT_WEIGHTS,
  exportToolEncoder,
  padFeatures,
  readToolEncoder,
} from '../src/core/embed/tool-encoder/export-encoder';
import { encoderFeatures } from '../src/core/embed/tool-encoder/features';
import { createSession, initOrt, releaseSession, run } from '../src/core/ml/ort-runtime';
import { loadRetrievalDataset } from './retrieval-data';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: resolve(REPO_ROOT, '../shared/data/seal_tools') },
      model: { type: 'string', default: resolve(REPO_ROOT, 'models/tool-encoder.onnx') },
      n: { type: 'string', default: '500' },
      json: { type: 'string' },
    },
    strict: true,
  });
  if (!existsSync(values.model)) return void console.log(`Skipping: no model at ${values.model}.`);
  const ds = loadRetrievalDataset(values.data);
  if (typeof ds === 'string') return void console.log(`Skipping ${values.data}: ${ds}.`);
  const bytes = new Uint8Array(readFileSync(values.model));
  const weights = readToolEncoder(bytes);
  const requests = [...ds.test, ...ds.train].slice(0, Number(values.n)).map((t) => t.query);
  const encoder = new ToolEncoderEmbedder(weights);
  for (const q of requests.slice(0, 50)) encoder.embedSync(q); // warm-up (JIT)
  let t0 = performance.now();
  for (const q of requests) encoder.embedSync(q);
  const tsMs = (performance.now() - t0) / requests.length;

  await initOrt({ numThreads: 1 });
  const session = await createSession(bytes);
  const feed = (q: string) => {
    const { ids, weights: w, len } = padFeatures([encoderFeatures(q, weights.spec)]);
    return {
      [ENCODER_INPUT_IDS]: { data: ids, dims: [1, len] },
      [ENCODER_INPUT_WEIGHTS]: { data: w, dims: [1, len] },
    };
  };
  for (const q of requests.slice(0, 50)) await run(session, feed(q));
  t0 = performance.now();
  for (const q of requests) await run(session, feed(q));
  const ortMs = (performance.now() - t0) / requests.length;
  await releaseSession(session);
  const same = Buffer.from(exportToolEncoder(weights, { embedder: 'tool-encoder' })).equals(
    Buffer.from(bytes),
  );
  const out = {
    [`${ds.name}.toolEncoder.ts.msPerRequest`]: Number(tsMs.toFixed(4)),
    [`${ds.name}.toolEncoder.ortWasm.msPerRequest`]: Number(ortMs.toFixed(4)),
    [`${ds.name}.toolEncoder.bytes`]: bytes.length,
    [`${ds.name}.toolEncoder.requests`]: requests.length,
  };
  console.log(
    `${requests.length} ${ds.name} requests, one at a time: TypeScript forward ${tsMs.toFixed(3)} ms, ` +
      `onnxruntime-web wasm (1 thread) ${ortMs.toFixed(3)} ms; model ${bytes.length} bytes` +
      (same ? ' (re-export of the read weights gives the same bytes)' : ''),
  );
  if (values.json) {
    mkdirSync(dirname(resolve(values.json)), { recursive: true });
    writeFileSync(values.json, `${JSON.stringify(out, null, 2)}\n`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
