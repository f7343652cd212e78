import { useState } from 'react';
import type { ChatStep } from '../../app/agent/chat-steps';
import { useAgentState, useAgentStores } from '../use-agent';

type Question = ChatStep & { kind: 'question' };

/** A question to the user, answered inline while the turn waits; afterwards the answer it got. */
export function QuestionStep({ step, turnId }: { step: Question; turnId: string }) {
  const { agent } = useAgentStores();
  const { pending } = useAgentState();
  const [text, setText] = useState('');
  const waiting = step.answer === undefined && pending?.turnId === turnId;
  return (
    <div className="question" data-testid="chat-question">
      <span className="step-label">Question</span> {step.question.text}
      {waiting ? (
        <form
          className="answer-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) agent.answer(text);
          }}
        >
          <input
            value={text}
            autoFocus
            onChange={(e) => setText(e.target.value)}
            aria-label="Your answer"
            data-testid="question-input"
          />
          <button type="submit" disabled={!text.trim()} data-testid="question-send">
            Answer
          </button>
        </form>
      ) : (
        <div className="meta" data-testid="question-answer">
          {step.answer ? `You answered: ${step.answer}` : step.answer === null ? 'No answer.' : ''}
        </div>
      )}
    </div>
  );
}
