import type { FusionWeights } from './zero-shot-fusion';

// Written by scripts/fit-zero-shot-fusion.ts (npm run fit:zero-shot) — do not edit by hand.
// Train splits (up to 150 tasks each, seed 1): seal_tools (150), nestful_v1 (150), api_bank (150), ultratool (150), ultratool_graph (150), bfcl (150), stabletoolbench (150), restbench (105).
// END points weigh 1 in END's stage. Losses: tools 1.3926, END 1.2446.

/** The learned zero-shot fusion's weights, FUSION_FEATURES / END_FEATURES order (zero-shot-fusion.ts). */
export const SHIPPED_FUSION_WEIGHTS: FusionWeights = {
  // bm25, tfidf, cos, residualBm25, residualTfidf, residualCos, called, last, calledCue, calledWeakRest, io, ioEarlier, rrBm25, rrTfidf, rrCos, tfidfRaw, residualTfidfRaw, laterBm25, laterTfidf, laterCos, residualBm25Strong, residualTfidfStrong
  tool: [
    1.4891, 1.8017, -0.298, -0.715, 0.2399, 0.4179, -2.4574, 0.7187, 0.1401, 0.5922, 1.1786, -0.0595, 0.7318,
    1.0565, 1.2118, 1.4324, 1.3278, -0.0742, 0.5371, -0.5512, 0.9368, 1.3278,
  ],
  // bias, cover, restStrength, cue, logSteps, calledTfidf
  end: [1.4607, 0.6436, 0.3864, -1.5287, 1.8395, -2.0715],
};
