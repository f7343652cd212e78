import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHgtManifest } from './hgt-app-manifest';
import { HgtManifestError } from './hgt-manifest-error';
import { newTracesSince, shouldAutoRetrain } from './hgt-app-retrain-policy';

const shipped = () =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../../models/twnm-hgt.manifest.json'), 'utf8'),
  ) as Record<string, unknown>;

describe('parseHgtManifest', () => {
  it('reads the shipped manifest: the paper’s 2 layers × 8 heads, lexical 256 + 4 statistics', () => {
    const m = parseHgtManifest(shipped(), 'twnm-hgt.manifest.json');
    expect(m.config).toMatchObject({ layers: 2, heads: 8, hidden: 64, inputDim: 260 });
    expect(m.input.embedder.options.dimension).toBe(256);
    expect(m.origin).toBe('shipped');
    expect(m.bytes).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(m.trainingData).toMatchObject({ traces: 48, lastTraceSeq: 47 });
  });

  it('refuses what the app could not feed, naming the file and the fix', () => {
    const bad = (patch: Record<string, unknown>) => () =>
      parseHgtManifest({ ...shipped(), ...patch }, 'm.json');
    const input = shipped().input as Record<string, unknown>;
    expect(bad({ format: 'other/2' })).toThrow(HgtManifestError);
    expect(bad({ format: 'other/2' })).toThrow(/m\.json .*format is other\/2.*npm run train/);
    expect(bad({ input: { ...input, inputDim: 300 } })).toThrow(/input width/);
    expect(bad({ input: { ...input, embedder: { id: 'transformers:x', options: {} } } })).toThrow(/lexical/);
    expect(bad({ trainingData: {} })).toThrow(/lastTraceSeq/);
  });
});

describe('automatic retraining policy', () => {
  it('counts traces after the model’s last one and fires at the threshold when enabled', () => {
    const traces = Array.from({ length: 60 }, (_, seq) => ({ seq }));
    expect(newTracesSince(traces, 47)).toBe(12);
    expect(newTracesSince(traces, -1)).toBe(60);
    expect(shouldAutoRetrain({ enabled: true, threshold: 12 }, 12)).toBe(true);
    expect(shouldAutoRetrain({ enabled: true, threshold: 13 }, 12)).toBe(false);
    expect(shouldAutoRetrain({ enabled: false, threshold: 1 }, 12)).toBe(false);
  });
});
