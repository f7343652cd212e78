import type { ChatStep } from '../../app/agent/chat-steps';
import { msText } from './value-text';
import { rankLabel } from '../../core/agent/rank-label';

type Candidates = ChatStep & { kind: 'candidates' };

const SHOWN = 6;

/** The retriever's candidates for a sub-intent, with scores and reasons. */
export function CandidatesStep({ step }: { step: Candidates }) {
  return (
    <div>
      <span className="step-label">Candidates for {rankLabel(step.rank)}</span>{' '}
      <span className="meta">({msText(step.ms)})</span>
      <ol className="chat-candidates">
        {step.candidates.slice(0, SHOWN).map((c) => (
          <li key={c.tool} data-testid="chat-candidate">
            <span className="tool-name">{c.tool}</span> <span className="prob">{c.score.toFixed(2)}</span>
            {c.why && <span className="why"> {c.why}</span>}
          </li>
        ))}
      </ol>
      {step.candidates.length > SHOWN && (
        <span className="meta">and {step.candidates.length - SHOWN} more</span>
      )}
    </div>
  );
}
