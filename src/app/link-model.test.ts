import { describe, expect, it } from 'vitest';
import type { ToolWorld } from '../core/world/world';
import type {
  HgtEvent,
  HgtJobOutcome,
  HgtModelInfo,
  HgtRetrainOptions,
  HgtStatus,
} from '../workers/hgt-protocol';
import { LinkModel } from './link-model';
import type { LinkModelBackend } from './search-client';

const model = (origin: 'shipped' | 'retrained', lastTraceSeq: number): HgtModelInfo => ({
  origin,
  file: origin === 'shipped' ? 'models/twnm-hgt.onnx' : 'IndexedDB (twnm-hgt)',
  createdAt: '2026-11-22T15:13:00.000Z',
  traces: lastTraceSeq + 1,
  lastTraceSeq,
  testAuc: 0.8,
  testPairs: 16,
  testPositives: 8,
  reversedAuc: 0.75,
  reversedPairs: 7,
  sameCategoryAuc: 0.6,
  sameCategoryPairs: 8,
  validationAuc: 0.7,
  config: { hidden: 64, heads: 8, layers: 2 },
  bytes: 1,
  epochs: 60,
});

const status = (m: HgtModelInfo | null): HgtStatus => ({
  model: m,
  problem: m ? null : 'models/twnm-hgt.onnx was not found',
  previous: null,
  scores: null,
  scoring: false,
  training: false,
  newTraces: 0,
  runtime: 'onnxruntime-web wasm',
});

/** A backend whose retraining emits epochs and resolves as the test decides. */
class FakeBackend implements LinkModelBackend {
  current: HgtModelInfo | null = model('shipped', 47);
  retrains: HgtRetrainOptions[] = [];
  cancelled = 0;
  swap = true;
  private listeners = new Set<(e: HgtEvent) => void>();
  private release: (() => void) | null = null;

  async hgtStatus() {
    return status(this.current);
  }
  async hgtRetrain(world: ToolWorld, _v: number, options: HgtRetrainOptions): Promise<HgtJobOutcome> {
    this.retrains.push(options);
    for (let epoch = 1; epoch <= 3; epoch++)
      this.emit({ kind: 'epoch', point: { epoch, epochs: 3, loss: 1 / epoch, valAuc: 0.5, ms: 1 } });
    await new Promise<void>((r) => (this.release = r));
    if (this.cancelled)
      return {
        ok: false,
        error: {
          name: 'CancelledError',
          code: 'cancelled',
          message: 'HGT training cancelled after 3 epoch(s); the previous model stays in use',
        },
        status: status(this.current),
      };
    if (this.swap) this.current = model('retrained', world.traces.at(-1)?.seq ?? -1);
    return {
      ok: true,
      status: status(this.current),
      promotion: {
        swapped: this.swap,
        candidateAuc: 0.9,
        incumbentAuc: 0.8,
        incumbent: 'shipped',
        pairs: 16,
      },
    };
  }
  async hgtRestorePrevious(): Promise<HgtJobOutcome> {
    return { ok: true, status: status(this.current), promotion: null };
  }
  async hgtPredictions(_w: ToolWorld, _v: number, nodeId: string) {
    return { nodeId, links: [{ target: 'api:b', label: 'b', p: 0.9 }], note: null };
  }
  cancelHgtTraining() {
    this.cancelled++;
    this.finish();
  }
  onHgtEvent(l: (e: HgtEvent) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  emit(e: HgtEvent) {
    for (const l of this.listeners) l(e);
  }
  finish() {
    this.release?.();
    this.release = null;
  }
}

/** A session stand-in: a world with `n` traces whose version bumps on `grow`. */
function fakeSession(n: number) {
  let version = 1;
  let traces = Array.from({ length: n }, (_, seq) => ({ seq }));
  const listeners = new Set<() => void>();
  return {
    world: () => ({ world: { traces } as unknown as ToolWorld, version }),
    subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    grow(by: number) {
      traces = [...traces, ...Array.from({ length: by }, (_, i) => ({ seq: traces.length + i }))];
      version++;
      listeners.forEach((l) => l());
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

function storage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('LinkModel', () => {
  it('retrains with the chosen epochs, collects epochs for the plot and shows the promotion', async () => {
    const backend = new FakeBackend();
    const session = fakeSession(48);
    const lm = new LinkModel({ backend, ...session, storage: storage(), autoCheckMs: 0 });
    lm.setSettings({ epochs: 3 });
    const job = lm.retrain();
    await tick();
    expect(lm.getState()).toMatchObject({ job: 'retrain', auto: null });
    expect(lm.getState().epochs.map((e) => e.loss)).toEqual([1, 0.5, 1 / 3]);
    backend.finish();
    await job;
    expect(backend.retrains).toEqual([{ epochs: 3 }]);
    expect(lm.getState()).toMatchObject({ job: null, result: { swapped: true } });
    expect(lm.getState().result?.text).toBe(
      'Swapped in: AUC 0.90 ≥ 0.80 (shipped model) on 16 held-out pairs of this world.',
    );
    expect(lm.getState().status?.model?.origin).toBe('retrained');
  });

  it('retrains by itself once enough new traces arrived, announced, and not again for the same traces', async () => {
    const backend = new FakeBackend();
    backend.swap = false;
    const session = fakeSession(48);
    const lm = new LinkModel({ backend, ...session, storage: storage(), autoCheckMs: 0 });
    session.grow(49);
    await tick();
    expect(backend.retrains).toHaveLength(0);
    session.grow(1);
    await tick();
    expect(backend.retrains).toHaveLength(1);
    expect(lm.getState().auto).toEqual({ newTraces: 50 });
    expect(lm.getState().message?.text).toMatch(
      /automatically: 50 new traces .*Cancel \(Link model tab\) keeps the current model/,
    );
    backend.finish();
    await tick();
    expect(lm.getState().result?.text).toMatch(/^Kept the current model: the new one validates worse/);
    // Refused: the next change does not retrain on the same traces again.
    session.grow(10);
    await tick();
    expect(backend.retrains).toHaveLength(1);
    session.grow(40);
    await tick();
    expect(backend.retrains).toHaveLength(2);
    backend.finish();
  });

  it('does not retrain by itself when switched off, and cancel keeps the model with an info message', async () => {
    const backend = new FakeBackend();
    const session = fakeSession(48);
    const lm = new LinkModel({ backend, ...session, storage: storage(), autoCheckMs: 0 });
    lm.setSettings({ enabled: false });
    session.grow(100);
    await tick();
    expect(backend.retrains).toHaveLength(0);
    const job = lm.retrain();
    await tick();
    lm.cancel();
    await job;
    expect(backend.cancelled).toBe(1);
    expect(lm.getState().message).toEqual({
      level: 'info',
      text: 'HGT training cancelled after 3 epoch(s); the previous model stays in use',
    });
    expect(lm.getState().status?.model?.origin).toBe('shipped');
  });

  it('keeps its settings in storage and loads predictions for the selected node', async () => {
    const store = storage();
    const session = fakeSession(1);
    const a = new LinkModel({ backend: new FakeBackend(), ...session, storage: store });
    a.setSettings({ threshold: 7, epochs: 12 });
    const b = new LinkModel({ backend: new FakeBackend(), ...session, storage: store });
    expect(b.getState().settings).toEqual({ enabled: true, threshold: 7, epochs: 12 });
    await b.loadPredictions('api:a');
    expect(b.getState().predictions?.result?.links[0]).toMatchObject({ label: 'b', p: 0.9 });
  });
});
