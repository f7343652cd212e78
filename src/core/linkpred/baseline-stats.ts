import { cosine } from '../embed/embedder';
import type { LinkMethod } from './link-method';
import type { LinkGraph, LinkPair } from '../graph-tensors/link-graph';

/**
 * Statistics alone (w̃, NaviAgent eq. 4). A held-out edge has no w̃ of its own — that is what held out
 * means — so the score is the strongest two-step statistical path u → x → v, max_x w̃_ux · w̃_xv, over every
 * relation: through an API (u was followed by x, x by v) or through a parameter (u produced a value v
 * consumed). It is what a search over the observed graph alone would find between u and v. 0 if none.
 */
export function twoHopWeight(g: LinkGraph, u: number, v: number): number {
  let best = g.edge(u, v)?.w ?? 0;
  for (const e of g.out(u)) {
    if (e.dst === v) continue;
    const second = g.edge(e.dst, v);
    if (second) best = Math.max(best, e.w * second.w);
  }
  return best;
}

export const wTildeMethod: LinkMethod = {
  id: 'wTilde',
  fit: async ({ graph }) => ({
    score: async (pairs: readonly LinkPair[]) =>
      Float64Array.from(pairs, (p) => twoHopWeight(graph, p.src, p.dst)),
  }),
};

/** Text alone: the cosine of the two nodes' description vectors (the first block of eq. 13). */
export const cosineMethod: LinkMethod = {
  id: 'cosine',
  fit: async ({ build }) => ({
    score: async (pairs: readonly LinkPair[]) =>
      Float64Array.from(pairs, (p) => cosine(build.embeddings[p.src]!, build.embeddings[p.dst]!)),
  }),
};
