import { mulberry32 } from '../util/prng';
import type { LinkGraph, LinkPair } from '../graph-tensors/link-graph';
import { shuffled } from '../util/shuffle';
import { TooFewLinksError } from './too-few-links-error';

export interface EdgeSplitOptions {
  /** Share of the behavioural edges held out as test positives. Default 0.2. */
  testShare?: number;
  /** Share held out as validation positives (threshold, early stopping, tuning). Default 0.1. */
  validationShare?: number;
  /** At most this many test positives (big graphs); the rest of the share stays in the input graph. */
  maxTest?: number;
  seed?: number;
}

export interface EdgeSplit {
  test: LinkPair[];
  validation: LinkPair[];
  /** Behavioural edges that stay in the input graph (structural edges always stay). */
  kept: LinkPair[];
}

/**
 * Holds out a seeded share of the behavioural edges (api→api, param→param) of the full graph as test and
 * validation positives; everything else forms the input graph the methods learn from. Structural edges
 * (schemas) are never held out: a deployed agent always has them.
 */
export function holdOutEdges(full: LinkGraph, options: EdgeSplitOptions = {}): EdgeSplit {
  const testShare = options.testShare ?? 0.2;
  const valShare = options.validationShare ?? 0.1;
  if (!(testShare > 0 && valShare >= 0 && testShare + valShare < 1))
    throw new RangeError(`shares must satisfy 0 < test, 0 ≤ validation, test + validation < 1`);
  const edges = full.behaviouralEdges().map(({ src, dst }) => ({ src, dst }));
  if (edges.length < 3)
    throw new TooFewLinksError(
      `the graph has ${edges.length} behavioural edges; link prediction needs at least 3 ` +
        `(ingest traces with more than one call)`,
    );
  const order = shuffled(edges, mulberry32(options.seed ?? 1));
  const nTest = Math.min(options.maxTest ?? Infinity, Math.max(1, Math.round(edges.length * testShare)));
  const nVal = Math.max(valShare > 0 ? 1 : 0, Math.round(edges.length * valShare));
  return {
    test: order.slice(0, nTest),
    validation: order.slice(nTest, nTest + nVal),
    kept: order.slice(nTest + nVal),
  };
}
