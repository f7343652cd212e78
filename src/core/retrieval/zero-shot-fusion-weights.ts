import type { FusionWeights } from './zero-shot-fusion';

// Written by scripts/fit-zero-shot-fusion.ts (npm run fit:zero-shot) — do not edit by hand.
// Train splits (up to 150 tasks each, seed 1): seal_tools (150), nestful_v1 (150), api_bank (150), ultratool (150), ultratool_graph (150), bfcl (150), stabletoolbench (150), restbench (105).
// END points weigh 1 in END's stage. Losses: tools 1.3151, END 1.1681.

/** The learned zero-shot fusion's weights, FUSION_FEATURES / END_FEATURES order (zero-shot-fusion.ts). */
export const SHIPPED_FUSION_WEIGHTS: FusionWeights = {
  // bm25, tfidf, cos, residualBm25, residualTfidf, residualCos, called, last, calledCue, calledWeakRest, io, ioEarlier, rrBm25, rrTfidf, rrCos, tfidfRaw, residualTfidfRaw, laterBm25, laterTfidf, laterCos, residualBm25Strong, residualTfidfStrong, simLast, lastCount, lastList, bm25Plain, tfidfPlain, rrPlain
  tool: [
    1.2471, 1.4471, -0.4473, -0.269, 0.5825, 0.9936, -0.8315, 0.4405, -0.0002, 1.2121, 0.8386, 0.1119, 0.4993,
    0.6892, 0.8375, 1.1608, 1.6205, -0.77, -0.2695, -0.8306, 1.2906, 1.6205, 3.8348, 2.4233, 0.2783, -0.2238,
    1.4283, 0.3581,
  ],
  // bias, cover, restStrength, cue, logSteps, calledTfidf
  end: [1.6705, 1.4776, 0.6671, -0.4784, 1.6438, 0.3918],
};
