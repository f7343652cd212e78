import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHeadManifest } from './dtdr-manifest';
import { ShippedHeadError } from './shipped-head-error';

/** The manifest as loose JSON, for editing one field per case. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test fixtures poke at arbitrary fields
type Manifest = any;

const shipped = (): Manifest =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../models/dtdr-l-demo.manifest.json'), 'utf8'));

describe('parseHeadManifest', () => {
  it('reads the shipped manifest: input layout, embedder, labels, τ', () => {
    const m = parseHeadManifest(shipped(), 'models/dtdr-l-demo.manifest.json');
    expect(m.file).toBe('dtdr-l-demo.onnx');
    expect(m.embedder).toEqual({ id: 'lexical-hash-tfidf', dimension: 256, charWeight: 0.3 });
    expect(m.input).toEqual({ name: 'x', dim: 520, historyDecay: 0.5, lengthBuckets: 8 });
    expect(m.labels).toHaveLength(21);
    expect(m.tau).toBeGreaterThan(0);
  });

  it.each([
    ['a joint-variant input', (j: Manifest) => delete j.input.blocks.history, /only variant b inputs/],
    ['an IDF-weighted embedder', (j: Manifest) => (j.embedder.idf = 'fitted on 434 queries'), /IDF weights/],
    [
      'a width that does not add up',
      (j: Manifest) => (j.input.shape = ['batch', 512]),
      /input width 512 ≠ 2 × 256 \+ 8/,
    ],
    ['another end-of-plan label', (j: Manifest) => (j.endOfPlanLabel = 'STOP'), /end-of-plan label must be/],
    ['τ out of range', (j: Manifest) => (j.tau = 1.5), /`tau` must be a number in \(0, 1\)/],
    ['repeated labels', (j: Manifest) => j.labels.push(j.labels[0]), /repeats a name/],
  ])('refuses %s with an actionable message', (_what, edit, message) => {
    const json = shipped();
    edit(json);
    const err = (() => {
      try {
        parseHeadManifest(json, 'models/x.manifest.json');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ShippedHeadError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).toMatch(
      /^models\/x\.manifest\.json is not a usable DTDR-L manifest: .*npm run train/,
    );
  });
});
