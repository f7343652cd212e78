import type { TurnView } from '../../app/agent/agent-session';
import { runningNote } from '../../app/agent/running-note';
import { useAgentState } from '../use-agent';
import { StepItem } from './StepItem';
import { TurnStats } from './TurnStats';

/** One request and everything the agent did for it, as a live list of steps. */
export function TurnCard({ turn }: { turn: TurnView }) {
  // While the turn waits on the user's answer nothing is working: say what it waits for instead.
  const { pending } = useAgentState();
  const waiting = pending?.turnId === turn.id;
  return (
    <article className={`turn turn-${turn.status}`} data-testid="turn" data-status={turn.status}>
      <header className="turn-head">
        <span className="turn-request" data-testid="turn-request">
          {turn.request}
        </span>
        {turn.result?.readAs && (
          <span
            className="turn-read-as meta"
            data-testid="turn-read-as"
            title="Read with the turns before it"
          >
            read as “{turn.result.readAs}”
          </span>
        )}
        <span className="turn-engine" title="The engine this turn ran on">
          {turn.engine}
        </span>
      </header>
      <ol className="steps">
        {turn.steps.map((s) => (
          <StepItem key={s.id} step={s} turnId={turn.id} />
        ))}
      </ol>
      {turn.status === 'running' && (
        <p className="meta running-note" data-testid="turn-running-note">
          {runningNote(turn.engine, turn.steps, waiting)}
        </p>
      )}
      {turn.error && (
        <p className="failure" data-testid="turn-error">
          The turn failed: {turn.error}
        </p>
      )}
      {turn.result && <TurnStats result={turn.result} />}
    </article>
  );
}
