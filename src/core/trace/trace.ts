import type { CallFailure, ResultSource } from '../execute/call-outcome';
import type { GateReport } from '../execute/gate/gate-report';

/** One tool call as executed (or as a gold plan states it). */
export interface TraceCall {
  tool: string;
  args: Record<string, unknown>;
  /** The call's output; undefined when unknown (gold plans carry no outputs). */
  output?: unknown;
  status: 'ok' | 'error';
  /** Message of a failed call (kept for traces written before `failure` existed). */
  error?: string;
  /** Why a failed call failed; absent in old traces (then the failure counts against the tool). */
  failure?: CallFailure;
  /** Where an ok call's output came from (sandbox, bundled data, simulated, remote). */
  source?: ResultSource;
  startedAt: number;
  durationMs: number;
  /**
   * Indices of earlier calls this one depends on, when known without values (plans whose
   * dependencies are task links only, e.g. ultratool_graph). Value flows are found from args.
   */
  deps?: number[];
  /** The schema gate's report when it found something (a rejected call has failure 'rejected-by-gate'). */
  gate?: GateReport;
}

/** An execution trace (issue 2): the unit of behavioural evidence the Tool World graph learns from. */
export interface Trace {
  id: string;
  query: string;
  calls: TraceCall[];
}

/** A stored trace: `seq` orders ingestion so evolution can take "the last N traces" as its window. */
export interface TraceRecord extends Trace {
  seq: number;
  ingestedAt: number;
}
