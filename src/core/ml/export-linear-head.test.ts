import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../util/prng';
import { exportLinearHead, LINEAR_HEAD_INPUT, LINEAR_HEAD_OUTPUT } from './export-linear-head';
import { linearForward, type LinearHeadWeights } from './linear-head';
import { createSession, initOrt, releaseSession, run } from './ort-runtime';

function randomHead(inputDim: number, outputDim: number, seed: number): LinearHeadWeights {
  const rand = mulberry32(seed);
  const W = Float32Array.from({ length: inputDim * outputDim }, () => (rand() - 0.5) * 2);
  const b = Float32Array.from({ length: outputDim }, () => rand() - 0.5);
  return { inputDim, outputDim, W, b, labels: Array.from({ length: outputDim }, (_, i) => `tool_${i}`) };
}

describe('exportLinearHead', () => {
  it('runs in onnxruntime-web (wasm, Node) and matches linearForward to 1e-5', async () => {
    await initOrt({ numThreads: 1 });
    const head = randomHead(37, 11, 5);
    const bytes = exportLinearHead(head, { metadata: { embedder: 'test' } });
    const session = await createSession(bytes);
    expect(session.inputNames).toEqual([LINEAR_HEAD_INPUT]);
    expect(session.outputNames).toEqual([LINEAR_HEAD_OUTPUT]);

    const rand = mulberry32(9);
    const batch = 16;
    const x = Float32Array.from({ length: batch * head.inputDim }, () => (rand() - 0.5) * 4);
    const out = await run(session, { [LINEAR_HEAD_INPUT]: { data: x, dims: [batch, head.inputDim] } });
    const probs = out[LINEAR_HEAD_OUTPUT]!;
    expect(probs.dims).toEqual([batch, head.outputDim]);

    let maxErr = 0;
    for (let n = 0; n < batch; n++) {
      const ref = linearForward(head, x.subarray(n * head.inputDim, (n + 1) * head.inputDim));
      for (let o = 0; o < head.outputDim; o++)
        maxErr = Math.max(
          maxErr,
          Math.abs((probs.data[n * head.outputDim + o] as number) - (ref[o] as number)),
        );
    }
    expect(maxErr).toBeLessThanOrEqual(1e-5);
    await releaseSession(session);
  });

  it('writes the same bytes for the same head', () => {
    const head = randomHead(8, 3, 1);
    expect(Buffer.from(exportLinearHead(head)).equals(Buffer.from(exportLinearHead(head)))).toBe(true);
  });

  it('creates sessions one at a time when asked concurrently', async () => {
    const a = exportLinearHead(randomHead(4, 2, 2));
    const b = exportLinearHead(randomHead(5, 3, 3));
    const [sa, sb] = await Promise.all([createSession(a), createSession(b)]);
    const x = new Float32Array(5).fill(1);
    const out = await run(sb, { x: { data: x, dims: [1, 5] } });
    expect(out.probs!.dims).toEqual([1, 3]);
    await Promise.all([releaseSession(sa), releaseSession(sb)]);
  });
});
