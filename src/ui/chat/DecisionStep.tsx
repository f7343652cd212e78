import type { ChatStep } from '../../app/agent/chat-steps';
import { msText } from './value-text';

type Decision = ChatStep & { kind: 'decision' };

/** The scores inertia shows beside its step, in this order when present. */
const INERTIA_SCORES: [key: string, label: string][] = [
  ['cips', 'CIPS'],
  ['ics', 'ICS'],
  ['ctx', 'ctx'],
  ['icf', 'ICF'],
];

/**
 * One decision: the action chosen per sub-intent (of the four), and the LLM call behind it, if any; a
 * decision tool inertia made instead of the LLM says so, with its scores.
 */
export function DecisionStep({ step }: { step: Decision }) {
  return (
    <div>
      <span className="step-label">Decision {step.step + 1}</span>{' '}
      {step.inertial && (
        <span
          className="status status-running by-inertia"
          data-testid="by-inertia"
          title="Made from the tool inertia graph (AutoTool) without asking the LLM"
        >
          by inertia{' '}
          <span className="meta">
            {INERTIA_SCORES.filter(([k]) => step.inertial!.scores[k] !== undefined)
              .map(([k, label]) => `${label} ${step.inertial!.scores[k]!.toFixed(2)}`)
              .join(' · ')}
          </span>{' '}
        </span>
      )}
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
