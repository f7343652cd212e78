import { useSessionState } from './use-session';

export function ProgressBar() {
  const { progress } = useSessionState();
  if (!progress) return null;
  const pct = progress.total === 0 ? 0 : Math.round((100 * progress.done) / progress.total);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={progress.label}
    >
      <span>
        {progress.label} — {progress.done}/{progress.total}
      </span>
      <div className="progress-track">
        <div className="progress-fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
