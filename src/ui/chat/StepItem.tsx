import type { ChatStep } from '../../app/agent/chat-steps';
import { CallStep } from './CallStep';
import { CandidatesStep } from './CandidatesStep';
import { ChainStep } from './ChainStep';
import { DecisionStep } from './DecisionStep';
import { QuestionStep } from './QuestionStep';
import { SubIntentsStep } from './SubIntentsStep';
import { rankLabel } from '../../core/agent/rank-label';

/** One step of a turn, drawn by the component for its kind. */
export function StepItem({ step, turnId }: { step: ChatStep; turnId: string }) {
  return (
    <li className={`step step-${step.kind}`} data-testid={`step-${step.kind}`}>
      <StepBody step={step} turnId={turnId} />
    </li>
  );
}

function StepBody({ step, turnId }: { step: ChatStep; turnId: string }) {
  switch (step.kind) {
    case 'sub-intents':
      return <SubIntentsStep items={step.items} />;
    case 'decision':
      return <DecisionStep step={step} />;
    case 'candidates':
      return <CandidatesStep step={step} />;
    case 'toolchain':
      return <ChainStep chain={step.chain} rank={step.rank} />;
    case 'call':
      return <CallStep call={step.call} />;
    case 'question':
      return <QuestionStep step={step} turnId={turnId} />;
    case 'sub-intent-done':
      return (
        <span className={`done done-${step.item.status}`}>
          {rankLabel(step.item.rank)} {step.item.status}
          {step.item.target ? ` via ${step.item.target}` : ''}
          {step.item.note ? ` — ${step.item.note}` : ''}
        </span>
      );
    case 'notice':
      return <span className={`notice-line notice-line-${step.level}`}>{step.text}</span>;
    case 'answer':
      return (
        <div className="answer" data-testid="turn-answer">
          {step.text}
        </div>
      );
  }
}
