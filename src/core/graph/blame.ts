import { isToolFault } from '../execute/call-outcome';
import type { TraceCall } from '../trace/trace';

/**
 * Whether a call is evidence about its tool (NaviAgent eq. 4): an ok call, or a call that failed by the
 * tool's own fault. A call the schema gate rejected, that the tool refused for bad arguments, that
 * nothing here could execute, or that the user cancelled says nothing about the tool; counting it in
 * n_fail would blame the tool for the caller's (e.g. an LLM's) mistakes. A failed call without a typed
 * `failure` (traces written before it existed) counts against the tool, as it always did.
 */
export function isEvidenceOfTool(call: Pick<TraceCall, 'status' | 'failure'>): boolean {
  return call.status === 'ok' || call.failure === undefined || isToolFault(call.failure);
}
