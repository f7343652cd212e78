import {
  END_OF_PLAN,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
  type ScoredTool,
} from './retriever';

/**
 * The product ranking between the two hybrids (issue 17): the trained `Hybrid` knows order and stopping
 * for the tools of its training plans, the `ZeroShotHybrid` knows every catalogue tool and needs no plan.
 * Which one to trust is decided per request from what is visible at test time, with no statistic of the
 * training plans (those do not transfer to a new catalogue):
 *
 *   familiarity f = share of the zero-shot ranking's top-k tools that occur in any trace the trained part
 *                   learnt from (an MCP list or OpenAPI import seen for the first time: f = 0)
 *   blend:          s(t) = f / (c + rank_trained(t)) + (1 − f) / (c + rank_zeroShot(t))   (weighted RRF:
 *                   the two score scales differ — softmax mixture vs max-normalised fusion — ranks do not)
 *
 * with weight f^p on the trained part (p below: 0 by the figures, a gate). f = 0 returns the zero-shot
 * ranking itself and weight 1 the trained one, so the product degrades to the zero-shot hybrid on an
 * unfamiliar catalogue and moves to the trained parts as traces cover the tools a request points at (the
 * trained hybrid then still mixes in its own zero-shot part per tool). A tool one ranking lacks (a tool imported after training; a training-plan tool no
 * longer in the catalogue) ranks just after that ranking's last.
 */
export interface FamiliarBlendOptions {
  /** How many of the zero-shot ranking's best tools decide familiarity. */
  topK: number;
  /** RRF constant c. */
  rrfK: number;
  /**
   * The trained part's weight is f^p when f > 0 (0 when f = 0); p = 0 is a gate: the zero-shot hybrid
   * exactly when nothing is familiar, the trained hybrid as soon as one top tool has a trace. Default 0:
   * in-domain (scripts/eval-product-blend.ts, api_bank / restbench / nestful_v1, lexical) p = 1, ½, ¼ gave
   * mean (MRR + MRR w/o end)/2 of 0.611, 0.623, 0.634 vs 0.643 for the gate (the trained hybrid alone 0.650:
   * the gate costs api_bank MRR 0.596 → 0.544, buys MRR w/o end 0.509 → 0.519) — the trained hybrid already
   * mixes in its own zero-shot part by how much of it falls on seen tools (λ in hybrid.ts), so blending on
   * top only took its end-of-plan skill away (restbench MRR 0.668 → 0.584 at p = 1).
   */
  power: number;
}

export const FAMILIAR_BLEND_DEFAULTS: FamiliarBlendOptions = { topK: 5, rrfK: 10, power: 0 };

/** Share of the best `topK` tools of `ranked` (END_OF_PLAN skipped) that are in `seen`; 0 for none. */
export function familiarity(ranked: readonly ScoredTool[], seen: ReadonlySet<string>, topK: number): number {
  const top = ranked.filter((s) => s.tool !== END_OF_PLAN).slice(0, topK);
  if (top.length === 0) return 0;
  return top.filter((s) => seen.has(s.tool)).length / top.length;
}

/**
 * Weighted reciprocal-rank fusion of two rankings, weight f on `trained`. Ties keep the order of the part
 * with the larger weight (the zero-shot one at f = ½).
 */
export function blendRankings(
  zeroShot: readonly ScoredTool[],
  trained: readonly ScoredTool[],
  f: number,
  rrfK: number,
): ScoredTool[] {
  if (f <= 0) return [...zeroShot];
  if (f >= 1) {
    // A tool imported after training is still offered, after the trained part's own.
    const known = new Set(trained.map((s) => s.tool));
    return [...trained, ...zeroShot.filter((s) => !known.has(s.tool))];
  }
  const rankIn = (list: readonly ScoredTool[]) => new Map(list.map((s, i) => [s.tool, i + 1]));
  const rz = rankIn(zeroShot);
  const rt = rankIn(trained);
  const lead = f > 0.5 ? trained : zeroShot;
  const other = f > 0.5 ? zeroShot : trained;
  const inLead = new Set(lead.map((s) => s.tool));
  const tools = [...inLead, ...other.map((s) => s.tool).filter((t) => !inLead.has(t))];
  const why = new Map([...other, ...lead].map((s) => [s.tool, s.why]));
  const scored = tools.map((tool, order) => {
    const a = rt.get(tool) ?? trained.length + 1;
    const b = rz.get(tool) ?? zeroShot.length + 1;
    return { tool, order, score: f / (rrfK + a) + (1 - f) / (rrfK + b) };
  });
  scored.sort((x, y) => y.score - x.score || x.order - y.order);
  return scored.map(({ tool, score }) => ({
    tool,
    score,
    why: `familiar ${f.toFixed(2)}; ${why.get(tool) ?? ''}`,
  }));
}

/** The product retriever: both parts already fitted elsewhere (see `RetrievalService`). */
export class FamiliarBlend implements Retriever {
  readonly id = 'hybrid';
  readonly learnsFromTraces = true;
  readonly options: FamiliarBlendOptions;
  /** Familiarity of the last ranked request (shown in the UI's reasons; read by tests). */
  lastFamiliarity = 0;

  constructor(
    private readonly zeroShot: Retriever,
    private readonly trained: Retriever | null,
    private readonly seen: ReadonlySet<string>,
    options: Partial<FamiliarBlendOptions> = {},
    /** Ranks only to measure familiarity (default: `zeroShot` itself); see `RetrievalService`. */
    private readonly familiarityRanker: Retriever = zeroShot,
  ) {
    this.options = { ...FAMILIAR_BLEND_DEFAULTS, ...options };
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    return [
      ...new Set([
        ...(this.zeroShot.textsToEmbed?.(q) ?? []),
        ...(this.familiarityRanker.textsToEmbed?.(q) ?? []),
        ...(this.trained?.textsToEmbed?.(q) ?? []),
      ]),
    ];
  }

  /** The parts are fitted by their owners; nothing to learn here. */
  async fit(_train?: RetrievalTask[]): Promise<void> {}

  rank(q: RetrievalQuery): ScoredTool[] {
    const zs = this.zeroShot.rank(q);
    const probe = this.familiarityRanker === this.zeroShot ? zs : this.familiarityRanker.rank(q);
    const f = this.trained ? familiarity(probe, this.seen, this.options.topK) : 0;
    this.lastFamiliarity = f;
    if (f <= 0 || !this.trained) return zs;
    // f > 0 here, so p = 0 gives weight 1 (the gate).
    return blendRankings(zs, this.trained.rank(q), f ** this.options.power, this.options.rrfK);
  }
}
