import type { TurnResult } from '../../core/agent/agent-events';
import { msText } from './value-text';

/** The turn's cost: LLM calls, prompt + completion tokens, wall time, tool calls; what tool inertia saved. */
export function TurnStats({ result }: { result: TurnResult }) {
  const ok = result.calls.filter((c) => c.status === 'ok').length;
  const inertia = result.inertia;
  return (
    <p className="turn-stats meta" data-testid="turn-stats">
      {result.status} · {result.llmCalls} LLM calls · {result.promptTokens} prompt + {result.completionTokens}{' '}
      completion tokens · {msText(result.ms)} · {ok}/{result.calls.length} tool calls ok
      {result.traceId ? ' · learned from (trace ingested)' : ''}
      {inertia && inertia.decisions > 0 && (
        <span data-testid="inertia-saved">
          {' '}
          · {inertia.calls} {inertia.calls === 1 ? 'call' : 'calls'} by inertia: {inertia.llmCallsSaved} LLM{' '}
          {inertia.llmCallsSaved === 1 ? 'call' : 'calls'} and ~{inertia.promptTokensSaved} prompt tokens
          saved
        </span>
      )}
    </p>
  );
}
