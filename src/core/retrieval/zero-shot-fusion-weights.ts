import type { FusionWeights } from './zero-shot-fusion';

// Written by scripts/fit-zero-shot-fusion.ts (npm run fit:zero-shot) — do not edit by hand.
// Train splits (up to 150 tasks each, seed 1): seal_tools (150), nestful_v1 (150), api_bank (150), ultratool (150), ultratool_graph (150), bfcl (150), stabletoolbench (150), restbench (105).
// END points weigh 1 in END's stage. Losses: tools 1.2777, END 1.1434.

/** The learned zero-shot fusion's weights, FUSION_FEATURES / END_FEATURES order (zero-shot-fusion.ts). */
export const SHIPPED_FUSION_WEIGHTS: FusionWeights = {
  // bm25, tfidf, cos, residualBm25, residualTfidf, residualCos, called, last, calledCue, calledWeakRest, io, ioEarlier, rrBm25, rrTfidf, rrCos, tfidfRaw, residualTfidfRaw, laterBm25, laterTfidf, laterCos, residualBm25Strong, residualTfidfStrong, simLast, lastCount, lastList, bm25Plain, tfidfPlain, rrPlain, translation
  tool: [
    0.8501, 1.0234, -0.7182, -0.1839, 0.5584, 1.0914, -0.7532, 0.3287, 0.0141, 1.1238, 0.7994, 0.076, 0.4031,
    0.5099, 0.8149, 0.2721, 1.4776, -0.6202, -0.1945, -0.6923, 1.2056, 1.4776, 3.7972, 2.4608, 0.2183, -0.277,
    1.3589, 0.4545, 1.9982,
  ],
  // bias, cover, restStrength, cue, logSteps, calledTfidf
  end: [1.6305, 1.3009, 0.5435, -0.4283, 1.6984, 0.2569],
};
