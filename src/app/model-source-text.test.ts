import { describe, expect, it } from 'vitest';
import { dtdrLSourceText, hybridSourceText, progressText } from './model-source-text';

describe('model source lines', () => {
  it('says where DTDR-L and the hybrid get their scores', () => {
    expect(
      dtdrLSourceText({
        kind: 'shipped',
        file: 'models/dtdr-l-demo.onnx',
        runtime: 'onnxruntime-web wasm',
        labels: 21,
        tau: 0.7,
      }),
    ).toBe('shipped ONNX head (models/dtdr-l-demo.onnx), onnxruntime-web wasm');
    const trained = {
      kind: 'trained' as const,
      traces: 46,
      embedderId: 'lexical-hash-tfidf',
      epochs: 12,
      seconds: 0.8,
      validation: { plans: 7, mrr: 0.954, top1: 0.9, setF1: 0.8571, tau: 0.5 },
      hybridMrr: 0.97,
    };
    expect(dtdrLSourceText(trained)).toBe(
      'trained in this browser on 46 traces (validation on 7 held-out plans: MRR 0.95, top-1 0.90, set F1 0.86 at τ 0.5)',
    );
    expect(dtdrLSourceText({ ...trained, validation: null })).toMatch(/fewer than 8 traces/);
    expect(hybridSourceText(trained)).toBe(
      'DTDR-L trained in this browser on 46 traces + query–tool similarity (validation MRR 0.97)',
    );
  });

  it('shows epoch, losses or percent, whichever the stage has', () => {
    expect(
      progressText({
        label: 'Training DTDR-L on 46 traces',
        stage: 'training',
        done: 3,
        total: 60,
        epoch: 3,
        loss: 0.1234,
        validationLoss: Number.NaN,
      }),
    ).toBe('Training DTDR-L on 46 traces · epoch 3/60 · loss 0.123');
    expect(progressText({ label: 'Loading tiny-embedder', stage: 'loading', done: 45, total: 100 })).toBe(
      'Loading tiny-embedder · 45%',
    );
    expect(progressText({ label: 'Embedding texts', stage: 'embedding', done: 64, total: 130 })).toBe(
      'Embedding texts · 64/130',
    );
  });
});
