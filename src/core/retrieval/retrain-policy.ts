/**
 * When the learned retrievers (the product hybrid and its DTDR-L) retrain by themselves. DTDR-C and the
 * static dependency table learn each new trace online at once; the hybrid and DTDR-L cannot (their heads
 * see every plan in each epoch), so they retrain in the background after `retrainAfter` new complete
 * traces, the previous model serving meanwhile. Like the HGT's automatic retraining (issue 5).
 */
export interface RetrievalPolicy {
  /** New complete traces before a background retraining; 0 = never (Retrain by hand). */
  retrainAfter: number;
}

export const DEFAULT_RETRIEVAL_POLICY: RetrievalPolicy = { retrainAfter: 20 };

/**
 * True when a background retraining is due: a trained model exists to be replaced (before the first use
 * nothing is trained: the first ranking trains on every trace), and either `retrainAfter` new traces
 * arrived or the tools it ranks changed (a trace brought a tool, a prune or restore).
 */
export function retrainDue(
  policy: RetrievalPolicy,
  state: { trained: boolean; newTraces: number; toolsChanged: boolean },
): boolean {
  if (!state.trained || policy.retrainAfter <= 0) return false;
  return state.toolsChanged || state.newTraces >= policy.retrainAfter;
}
