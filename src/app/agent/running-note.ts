import { GRAPH_ONLY_ENGINE } from '../../core/agent/graph-policy';
import type { ChatStep } from './chat-steps';

/**
 * What a running turn's card says it is doing. It said "Working…" for the whole of an LLM call (5 s on a
 * slow endpoint, minutes for a small WebLLM model) with nothing else on the card (second QA pass): the
 * engine's decision, a tool call, or the user's answer is what a turn can wait on, and each is named.
 */
export function runningNote(
  engineLabel: string,
  steps: readonly ChatStep[],
  waitingForAnswer: boolean,
): string {
  if (waitingForAnswer)
    return 'Waiting for your answer to the question above (or Stop to drop this request).';
  const calling = steps
    .filter((s): s is ChatStep & { kind: 'call' } => s.kind === 'call' && s.call.status === 'running')
    .map((s) => s.call.tool);
  if (calling.length > 0) return `Calling ${[...new Set(calling)].join(', ')}…`;
  if (engineLabel !== GRAPH_ONLY_ENGINE.label) return `Waiting for ${engineLabel} to decide the next step…`;
  return 'Working…';
}
