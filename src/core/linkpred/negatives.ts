import { cosine } from '../embed/embedder';
import type { Random } from '../util/prng';
import type { LinkGraph, LinkPair } from '../graph-tensors/link-graph';

/** Tries per negative before giving up on a positive (only a nearly complete graph runs out). */
const MAX_TRIES = 200;

const pairKey = (p: LinkPair): string => `${p.src}>${p.dst}`;

/** Node rows of the same kind as `i` (API or parameter). */
function sameKindRange(g: LinkGraph, i: number): [number, number] {
  return g.isApi(i) ? [0, g.apiCount] : [g.apiCount, g.n];
}

/**
 * One random non-edge per positive, of the same relation: both ends drawn uniformly from the nodes of the
 * positive's end kinds, never a self pair, never an edge of `full` (the whole graph, held-out edges
 * included), never drawn twice. Seeded by `rand`.
 */
export function randomNegatives(
  full: LinkGraph,
  positives: readonly LinkPair[],
  rand: Random,
  avoid: ReadonlySet<string> = new Set(),
): LinkPair[] {
  const seen = new Set<string>(avoid);
  const out: LinkPair[] = [];
  for (const p of positives) {
    const [s0, s1] = sameKindRange(full, p.src);
    const [d0, d1] = sameKindRange(full, p.dst);
    for (let t = 0; t < MAX_TRIES; t++) {
      const q = { src: s0 + Math.floor(rand() * (s1 - s0)), dst: d0 + Math.floor(rand() * (d1 - d0)) };
      if (q.src === q.dst || full.hasEdge(q.src, q.dst) || seen.has(pairKey(q))) continue;
      seen.add(pairKey(q));
      out.push(q);
      break;
    }
  }
  return out;
}

/** The reversed pair (v, u) of each positive (u, v), when it is not itself an edge of `full`. */
export function reversedNegatives(full: LinkGraph, positives: readonly LinkPair[]): LinkPair[] {
  const seen = new Set<string>();
  const out: LinkPair[] = [];
  for (const p of positives) {
    const q = { src: p.dst, dst: p.src };
    if (full.hasEdge(q.src, q.dst) || seen.has(pairKey(q))) continue;
    seen.add(pairKey(q));
    out.push(q);
  }
  return out;
}

export interface SimilarNegativeInput {
  /** Unit text vectors of every node, in graph order. */
  embeddings: readonly Float32Array[];
  /** Dataset category of each node ('' or undefined when none, e.g. parameter nodes). */
  categories?: readonly (string | undefined)[];
}

/**
 * A "same-category" hard negative per positive (u, v): keep u, replace v by the node of v's kind most like
 * v — by text cosine, among the nodes of v's dataset category when the catalogue gives categories and one
 * qualifies, else among all — that is not u, not v and not linked from u in `full`. It asks whether a method
 * knows *which* of several look-alike tools u feeds, which random negatives (mostly unrelated tools) hide.
 */
export function similarNegatives(
  full: LinkGraph,
  positives: readonly LinkPair[],
  input: SimilarNegativeInput,
): LinkPair[] {
  const out: LinkPair[] = [];
  const seen = new Set<string>();
  for (const p of positives) {
    const [lo, hi] = sameKindRange(full, p.dst);
    const category = input.categories?.[p.dst] || undefined;
    const best = (sameCategory: boolean): number => {
      let arg = -1;
      let top = -Infinity;
      for (let w = lo; w < hi; w++) {
        if (w === p.src || w === p.dst || full.hasEdge(p.src, w) || seen.has(pairKey({ src: p.src, dst: w })))
          continue;
        if (sameCategory && input.categories?.[w] !== category) continue;
        const c = cosine(input.embeddings[p.dst]!, input.embeddings[w]!);
        if (c > top) [top, arg] = [c, w];
      }
      return arg;
    };
    let w = category !== undefined ? best(true) : -1;
    if (w < 0) w = best(false);
    if (w < 0) continue;
    const q = { src: p.src, dst: w };
    seen.add(pairKey(q));
    out.push(q);
  }
  return out;
}

/** The hard negatives a method trains on, drawn from its own input graph only (never from held-out links). */
export interface TrainingHardNegatives {
  /** (v, u) for each input edge (u, v) whose reverse is not an edge: its degrees must not count (u, v). */
  reversed: LinkPair[];
  /** (u, w), w the look-alike of v (same category when the catalogue says), not linked from u. */
  similar: LinkPair[];
}

/**
 * Issue 16: reversed and look-alike negatives of the training positives, so training sees the two cases a
 * planner gets wrong (direction, near-twins) and not only random pairs. Same constructions as the eval's
 * hard negatives, but over the input graph: the held-out test links are never read.
 */
export function trainingHardNegatives(
  graph: LinkGraph,
  positives: readonly LinkPair[],
  input: SimilarNegativeInput,
): TrainingHardNegatives {
  return {
    reversed: reversedNegatives(graph, positives),
    similar: similarNegatives(graph, positives, input),
  };
}
