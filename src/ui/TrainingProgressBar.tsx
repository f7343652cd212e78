import type { TrainingProgress } from '../core/retrieval/model-status';
import { progressText } from '../app/model-source-text';

/** A training or model-loading job's bar, with a Cancel button; indeterminate when the total is unknown. */
export function TrainingProgressBar({
  progress,
  onCancel,
}: {
  progress: TrainingProgress;
  onCancel: () => void;
}) {
  const known = progress.total > 0;
  const pct = known ? Math.round((100 * progress.done) / progress.total) : undefined;
  const text = progressText(progress);
  return (
    <div className="training-progress" data-testid="training-progress" data-stage={progress.stage}>
      <div
        className="progress"
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(pct === undefined ? {} : { 'aria-valuenow': pct })}
      >
        <span>{text}</span>
        <div className={`progress-track${known ? '' : ' indeterminate'}`}>
          <div className="progress-fill" style={{ width: known ? `${pct}%` : '30%' }} />
        </div>
      </div>
      <button onClick={onCancel} data-testid="cancel-training">
        Cancel
      </button>
    </div>
  );
}
