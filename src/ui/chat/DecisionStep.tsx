import type { ChatStep } from '../../app/agent/chat-steps';
import { msText } from './value-text';

type Decision = ChatStep & { kind: 'decision' };

/** One decision: the action chosen per sub-intent (of the four), and the LLM call behind it, if any. */
export function DecisionStep({ step }: { step: Decision }) {
  return (
    <div>
      <span className="step-label">Decision {step.step + 1}</span>{' '}
      {step.actions.length === 0 ? (
        <span className="meta">no action</span>
      ) : (
        step.actions.map((a, i) => (
          <span key={i} className="action" data-testid="action">
            <code>{a.action}</code>
            {a.target_api ? ` ${a.target_api}` : ''} <span className="meta">(#{a.dependency_rank})</span>
          </span>
        ))
      )}
      {step.note && <div className="meta">{step.note}</div>}
      {step.llm && (
        <details className="llm-call">
          <summary>
            LLM call: {step.llm.promptTokens} prompt + {step.llm.completionTokens} completion tokens,{' '}
            {msText(step.llm.ms)}
            {step.llm.constrained ? ', JSON-schema constrained' : ''}
          </summary>
          <pre>{step.llm.prompt}</pre>
          <pre>{step.llm.reply}</pre>
        </details>
      )}
    </div>
  );
}
