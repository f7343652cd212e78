import { mulberry32, type Random } from '../util/prng';
import { API_API, type LinkGraph, type LinkPair } from '../graph-tensors/link-graph';
import { TooFewLinksError } from './too-few-links-error';
import { shuffled } from '../util/shuffle';

export interface ColdStartOptions {
  /** Share of the API nodes with behavioural edges held out as test tools. Default 0.1. */
  share?: number;
  /** Share held out as validation tools (early stopping, threshold). Default 0.1. */
  validationShare?: number;
  seed?: number;
}

export interface ColdStartSplit {
  /** Row indices of the held-out tools whose links are the test positives. */
  testTools: number[];
  validationTools: number[];
  /** Every behavioural edge touching a held-out tool (test or validation): none is in the input graph. */
  removed: LinkPair[];
  /** Removed edges touching a test tool. */
  test: LinkPair[];
  /** Removed edges touching a validation tool and no test tool. */
  validation: LinkPair[];
}

/**
 * Cold start: a tool just installed has a schema and a description but no history. Holds out a seeded share
 * of the API nodes that have behavioural edges, removes all their behavioural edges (api→api, the only
 * behavioural relation an API node takes part in) and expects the caller to hide their statistics
 * (`buildHgtGraph`'s `hiddenNodes`); their removed edges are the positives.
 */
export function holdOutTools(full: LinkGraph, options: ColdStartOptions = {}): ColdStartSplit {
  const share = options.share ?? 0.1;
  const valShare = options.validationShare ?? 0.1;
  const linked = new Set<number>();
  for (const e of full.behaviouralEdges()) {
    if (e.rel !== API_API) continue;
    linked.add(e.src);
    linked.add(e.dst);
  }
  if (linked.size < 3)
    throw new TooFewLinksError(
      `only ${linked.size} tools have api→api links; cold start needs at least 3 (ingest multi-call traces)`,
    );
  const order = shuffled(
    [...linked].sort((a, b) => a - b),
    mulberry32(options.seed ?? 1),
  );
  const nTest = Math.max(1, Math.round(linked.size * share));
  const nVal = Math.max(valShare > 0 ? 1 : 0, Math.round(linked.size * valShare));
  const testTools = order.slice(0, nTest);
  const validationTools = order.slice(nTest, nTest + nVal);
  const isTest = new Set(testTools);
  const isVal = new Set(validationTools);
  const removed: LinkPair[] = [];
  const test: LinkPair[] = [];
  const validation: LinkPair[] = [];
  for (const e of full.behaviouralEdges()) {
    if (e.rel !== API_API) continue;
    const p = { src: e.src, dst: e.dst };
    if (isTest.has(e.src) || isTest.has(e.dst)) test.push(p);
    else if (isVal.has(e.src) || isVal.has(e.dst)) validation.push(p);
    else continue;
    removed.push(p);
  }
  return { testTools, validationTools, removed, test, validation };
}

/**
 * One negative per cold-start positive, touching the same held-out tool in the same role: a positive (u, v)
 * with u held out gives (u, w), else (w, v), w a random API that is not linked that way in `full`.
 */
export function coldStartNegatives(
  full: LinkGraph,
  positives: readonly LinkPair[],
  heldOut: ReadonlySet<number>,
  rand: Random,
): LinkPair[] {
  const seen = new Set<string>();
  const out: LinkPair[] = [];
  for (const p of positives) {
    const keepSrc = heldOut.has(p.src);
    for (let t = 0; t < 200; t++) {
      const w = Math.floor(rand() * full.apiCount);
      const q = keepSrc ? { src: p.src, dst: w } : { src: w, dst: p.dst };
      const key = `${q.src}>${q.dst}`;
      if (q.src === q.dst || full.hasEdge(q.src, q.dst) || seen.has(key)) continue;
      seen.add(key);
      out.push(q);
      break;
    }
  }
  return out;
}
