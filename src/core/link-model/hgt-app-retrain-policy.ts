/**
 * When the app retrains the HGT link model by itself (issue 5: "when enough new traces arrive"). New traces
 * are those ingested after the last one the model in use was trained with (`lastTraceSeq` in its manifest):
 * trace `seq` numbers only grow within a world. A world replaced by an import or a reset restarts its
 * numbering, so its traces count as new only beyond that mark; that errs towards not retraining.
 */
export interface AutoRetrainSettings {
  enabled: boolean;
  /** New traces that trigger a retraining. */
  threshold: number;
}

export const DEFAULT_AUTO_RETRAIN: AutoRetrainSettings = { enabled: true, threshold: 50 };

/** Traces with a `seq` above the model's last one. */
export function newTracesSince(traces: readonly { seq: number }[], lastTraceSeq: number): number {
  let n = 0;
  for (const t of traces) if (t.seq > lastTraceSeq) n++;
  return n;
}

export function shouldAutoRetrain(settings: AutoRetrainSettings, newTraces: number): boolean {
  return settings.enabled && settings.threshold > 0 && newTraces >= settings.threshold;
}
