import { NOVELTY_QUANTILE, type PastRequests } from './past-requests';
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
 *
 * Familiar tools are not enough: the trained part was validated on held-out plans of its own training
 * requests, so it is trusted only for a request that looks like them (`RequestNovelty`). A request whose
 * word overlap with every past request is under what the past requests share with each other is ranked
 * zero-shot too. On the built-in world (46 demonstration traces from a dozen templates, leave-one-out
 * overlap ≥ 0.40 for 95 % of them) the first tool of 80 requests written by someone who had not seen the
 * templates ranked at MRR 0.35 by the trained part and 0.69 zero-shot; on the shared datasets the test
 * requests look like the training ones except on api_bank, whose test split shifts (BENCHMARKS.md,
 * "The product ranking: requests unlike the traced ones").
 */
/** What the trained part's requests look like: a new request under `floor` is novel to it. */
export interface RequestNovelty {
  past: PastRequests;
  /** `past.leaveOneOutQuantile(FamiliarBlendOptions.requestQuantile)`. */
  floor: number;
}

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
  /** Which leave-one-out quantile of the past requests' familiarity sets `RequestNovelty.floor`. */
  requestQuantile: number;
}

/** Weight of the trained ranking after the first step of a novel request (RRF with the zero-shot one). */
const NOVEL_TRAINED_WEIGHT = 0.5;

export const FAMILIAR_BLEND_DEFAULTS: FamiliarBlendOptions = {
  topK: 5,
  rrfK: 10,
  power: 0,
  requestQuantile: NOVELTY_QUANTILE,
};

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
  /** Word overlap of the last request with the past requests (NaN without a novelty check). */
  lastRequestFamiliarity = Number.NaN;
  /**
   * For a request ranked zero-shot because it is novel: the order the trained part gives (what this
   * blend returns for a familiar request), else null. What learnt plans say is still worth a tie-break
   * and a next-step guess (the agent's `learntOrder`), not the ranking a person or an LLM reads.
   */
  lastLearntOrder: string[] | null = null;

  constructor(
    private readonly zeroShot: Retriever,
    private readonly trained: Retriever | null,
    private readonly seen: ReadonlySet<string>,
    options: Partial<FamiliarBlendOptions> = {},
    /** Ranks only to measure familiarity (default: `zeroShot` itself); see `RetrievalService`. */
    private readonly familiarityRanker: Retriever = zeroShot,
    /** The trained part's requests; without it every request counts as like them. */
    private readonly novelty: RequestNovelty | null = null,
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
    this.lastRequestFamiliarity = Number.NaN;
    this.lastLearntOrder = null;
    if (f <= 0 || !this.trained) return zs;
    // f > 0 here, so p = 0 gives weight 1 (the gate).
    const trained = () =>
      blendRankings(zs, this.trained!.rank(q), f ** this.options.power, this.options.rrfK);
    if (!this.novelty) return trained();
    const r = this.novelty.past.familiarity(q.query);
    this.lastRequestFamiliarity = r;
    if (r >= this.novelty.floor) return trained();
    const learnt = trained();
    this.lastLearntOrder = learnt.map((s) => s.tool);
    // The first step zero-shot; after a call, half and half: what past plans do next after that call
    // (and when they stop) still tells something the request's words do not.
    const first = q.history.length === 0;
    const ranked = first ? zs : blendRankings(zs, learnt, NOVEL_TRAINED_WEIGHT, this.options.rrfK);
    const zsWhy = new Map(zs.map((s) => [s.tool, s.why]));
    const why = `unlike past requests (overlap ${r.toFixed(2)} < ${this.novelty.floor.toFixed(2)}): ${first ? 'zero-shot' : 'half zero-shot, half learnt'}`;
    return ranked.map((s) => {
      const own = zsWhy.get(s.tool);
      return { ...s, why: own ? `${why}; ${own}` : why };
    });
  }
}
