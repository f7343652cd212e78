import type { HgtGraphBuild } from '../graph-tensors/graph-tensors';
import type { ToolIoVectors } from '../graph-tensors/io-fields';
import type { LinkGraph, LinkPair } from '../graph-tensors/link-graph';

/** Pairs with 0/1 labels (1 = a real link). */
export interface LabelledPairs {
  pairs: LinkPair[];
  labels: Uint8Array;
}

/** Everything a method may learn from: the input graph (held-out links absent), never the test pairs. */
export interface LinkTrainingInput {
  build: HgtGraphBuild;
  /** Adjacency over `build.tensors`. */
  graph: LinkGraph;
  /** Input and output field vectors per API row. */
  io: readonly ToolIoVectors[];
  /**
   * Catalogue category per node (undefined for parameters and tools without one): schema metadata, known
   * for any catalogue, used to draw look-alike training negatives.
   */
  categories?: readonly (string | undefined)[];
  /** Held-out validation positives with as many negatives: early stopping and the ACC/F1 threshold. */
  validation: LabelledPairs;
  seed: number;
  /** Progress lines (epochs, losses), for the command's log. */
  log?: (line: string) => void;
}

/** A method after fitting: scores any pairs of the input graph's nodes; higher = more likely a link. */
export interface FittedLinkScorer {
  score(pairs: readonly LinkPair[]): Promise<Float64Array>;
  /** Training cost, when the method trains by epochs. */
  epochs?: number;
  secondsPerEpoch?: number;
  /** One line about what was fitted (best epoch, weights), for the report. */
  note?: string;
}

export interface LinkMethod {
  readonly id: string;
  fit(input: LinkTrainingInput): Promise<FittedLinkScorer>;
}
