// Browser part of `npm run bench:world`: traces ingested through the app (production build, Chromium) on a
// world stored through its own import. `WorldSession.ingestTrace` resolves once the world worker ingested the
// trace, committed it to IndexedDB and retrieval learnt it, and the UI's read model applied the records that
// came back, so its wall time is the whole path; the snapshot count shows no world crossed meanwhile.

import type { Trace } from '../src/core/trace/trace';
import { startHarness } from './browser-harness';

export interface BrowserWorldTimings {
  /**
   * Per spaced trace: until the graph, retrieval, IndexedDB (the worker) and the UI's read model all reflect
   * it — the round trip to the worker, then applying the records.
   */
  reflectedMs: number[];
  /** Traces spaced as an agent's turns are (0.4 s apart, untimed), the first half, including the UI redraw. */
  traceMs: number[];
  /** The second half back to back: each waits for the UI's redraw of the previous one. */
  burstMs: number[];
  /**
   * Per trace: in the worker, ingestion, the IndexedDB write and retrieval's follow (side by side); here, the
   * round trip and applying the records to the read model.
   */
  parts: {
    worldMs: number[];
    storeMs: number[];
    followMs: number[];
    roundTripMs: number[];
    applyMs: number[];
  };
  /** Bytes (JSON) that came back per trace. */
  bytes: number[];
  /** Worlds that crossed the boundary while the traces were ingested (0: only records crossed). */
  snapshotsSent: number;
  rankBefore: Record<string, number[]>;
  rankAfter: Record<string, number[]>;
}

export async function measureWorldInBrowser(
  repoRoot: string,
  snapshotJson: string,
  traces: Trace[],
  methods: string[],
): Promise<BrowserWorldTimings> {
  const harness = await startHarness(repoRoot, 4178);
  try {
    const edges = (JSON.parse(snapshotJson) as { edges: unknown[] }).edges.length;
    await harness.seedWorld(snapshotJson, Math.floor(edges * 0.99));
    const ctx = await harness.launch();
    // Background jobs the app would start on its own are off, so they do not compete with what is timed:
    // the link model's automatic retraining (a world with ≥ 50 traces it was not trained on) and the
    // retrieval policy's.
    await ctx.addInitScript(() => {
      localStorage.setItem(
        'naviagent.linkModel',
        JSON.stringify({ enabled: false, threshold: 50, epochs: 60 }),
      );
      localStorage.setItem('naviagent.retrievalPolicy', JSON.stringify({ retrainAfter: 0 }));
    });
    const page = await harness.openReady(ctx);
    const queries = traces.slice(0, 20).map((t) => t.query);
    const half = Math.ceil(traces.length / 2);
    const spaced = traces.slice(0, half);
    const backToBack = traces.slice(half);
    const rank = () =>
      page.evaluate(
        async ({ queries, methods }) => {
          const out: Record<string, number[]> = {};
          for (const m of methods) out[m] = await window.__naviTest!.rankTimings(queries, m);
          return out;
        },
        { queries, methods },
      );
    // The first ranking sends the stored world to the worker and fits the methods.
    const rankBefore = await rank();
    const sentBefore = await page.evaluate(() => window.__naviTest!.snapshotsSent());
    // Spaced as an agent's turns are (the graph view redraws between two traces), then back to back.
    const timed = await page.evaluate((ts) => window.__naviTest!.traceTimings(ts, 400), spaced);
    const burst = await page.evaluate((ts) => window.__naviTest!.traceTimings(ts, 0), backToBack);
    const burstMs = burst.map((t) => t.ms);
    const traceMs = timed.map((t) => t.ms);
    const reflectedMs = timed.map((t) => t.roundTripMs + t.applyMs);
    const parts = {
      worldMs: timed.map((t) => t.worldMs),
      storeMs: timed.map((t) => t.storeMs),
      followMs: timed.map((t) => t.followMs),
      roundTripMs: timed.map((t) => t.roundTripMs),
      applyMs: timed.map((t) => t.applyMs),
    };
    const bytes = [...timed, ...burst].map((t) => t.bytes);
    const snapshotsSent = (await page.evaluate(() => window.__naviTest!.snapshotsSent())) - sentBefore;
    const rankAfter = await rank();
    await ctx.close();
    return { reflectedMs, traceMs, burstMs, parts, bytes, snapshotsSent, rankBefore, rankAfter };
  } finally {
    await harness.close();
  }
}
