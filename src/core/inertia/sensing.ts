import type { InertiaSettings } from './inertia-settings';
import type { ToolPathStore } from './tool-paths';

/** Inertia Confidence Factor (Appendix A): ICF = 1 − k^(−W_total); ≤ 0 when the evidence is not positive. */
export function icf(wTotal: number, k: number): number {
  return 1 - Math.pow(k, -wTotal);
}

/** Inertia Confidence Score (Appendix A): ICS(c) = w(c) / W_total · ICF; 0 when W_total ≤ 0. */
export function ics(w: number, wTotal: number, k: number): number {
  return wTotal > 0 ? (w / wTotal) * icf(wTotal, k) : 0;
}

/** Comprehensive Inertia Potential Score (§4.5 eq. 1): (1 − α)·Score_freq + α·Score_ctx. */
export function cips(scoreFreq: number, scoreCtx: number, alpha: number): number {
  return (1 - alpha) * scoreFreq + alpha * scoreCtx;
}

export interface ScoredNextTool {
  tool: string;
  /** w(c): summed frequency of the paths that put it next (negative paths subtract). */
  w: number;
  wTotal: number;
  icf: number;
  /** Score_freq = ICS. */
  ics: number;
  /** Score_ctx: cosine of the intuition and "tool: description". */
  ctx: number;
  cips: number;
}

export interface InertiaSense {
  /** The current sequence looked up (the last tools called, at most `window`). */
  sequence: string[];
  /** Every candidate, best CIPS first (ties by name), with the ones that may not be called left out. */
  candidates: ScoredNextTool[];
  best: ScoredNextTool | null;
  /** CIPS(v*) > θ_inertial. */
  confident: boolean;
  /** Paths the index intersection returned. */
  intersected: number;
}

export interface SenseInput {
  sequence: readonly string[];
  paths: ToolPathStore;
  settings: Pick<InertiaSettings, 'k' | 'alpha' | 'theta'>;
  /** Score_ctx of a candidate (the advisor embeds the intuition and "tool: description"). */
  ctx: (tool: string) => Promise<number>;
  /** Tools that may be proposed (in the catalogue, not failed this turn). */
  allowed: (tool: string) => boolean;
}

/**
 * Tool selection by CIPS (§4.5, Appendix A Alg. 1): candidates are the tools that follow the current
 * sequence in the stored paths (via the path index); each gets ICS from its share of W_total, which counts
 * every candidate's evidence (a failed tool's too), and Score_ctx; the best is v*, confident when its
 * CIPS exceeds θ_inertial.
 */
export async function senseInertia(input: SenseInput): Promise<InertiaSense> {
  const { k, alpha, theta } = input.settings;
  const found = input.paths.nextTools(input.sequence);
  const candidates: ScoredNextTool[] = [];
  for (const c of found.candidates) {
    if (!input.allowed(c.tool)) continue;
    const freq = ics(c.weight, found.total, k);
    const ctx = await input.ctx(c.tool);
    candidates.push({
      tool: c.tool,
      w: c.weight,
      wTotal: found.total,
      icf: icf(found.total, k),
      ics: freq,
      ctx,
      cips: cips(freq, ctx, alpha),
    });
  }
  candidates.sort((a, b) => b.cips - a.cips || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  const best = candidates[0] ?? null;
  return {
    sequence: [...input.sequence],
    candidates,
    best,
    confident: best !== null && best.cips > theta,
    intersected: found.intersected,
  };
}
