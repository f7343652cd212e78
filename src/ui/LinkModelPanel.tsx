import { useEffect } from 'react';
import { modelText, scoresText, trainingSummaryText, validationText } from '../app/link-model-text';
import type { TrainingProgress } from '../core/retrieval/model-status';
import { LossPlot } from './LossPlot';
import { TrainingProgressBar } from './TrainingProgressBar';
import { useLinkModel, useLinkModelState } from './use-link-model';
import { useSessionState } from './use-session';

/** Positive integer from a number input, or null while the field is being edited to something else. */
const intOf = (text: string): number | null => {
  const v = Number(text);
  return Number.isInteger(v) && v > 0 ? v : null;
};

/**
 * The Link model tab (issue 5): which HGT model scores the graph's links, Retrain in the worker with its
 * epochs, progress, loss plot and the promotion decision, Cancel, Restore previous, and automatic
 * retraining after new traces.
 */
export function LinkModelPanel() {
  const lm = useLinkModel();
  const { status, job, auto, stage, epochs, result, message, settings, scoring } = useLinkModelState();
  const { worldVersion, phase } = useSessionState();

  useEffect(() => {
    if (phase === 'ready') void lm.refresh(true);
  }, [lm, worldVersion, phase]);

  const last = epochs.at(-1);
  const progress: TrainingProgress | null =
    job === 'retrain'
      ? {
          label: stage ?? 'Preparing the training',
          stage: 'training',
          done: last?.epoch ?? 0,
          total: last?.epochs ?? 0,
          ...(last ? { epoch: last.epoch, loss: last.loss } : {}),
        }
      : null;

  return (
    <section className="link-model" data-testid="link-model">
      <p className="hint">
        The Tool World Navigation Model's HGT predicts how likely each link u → v is (p_uv, NaviAgent eq. 17),
        including links no trace has shown yet. Toolchain search uses it when you pick “HGT (learned p_uv)”
        weights. It runs in onnxruntime-web in the world worker.
      </p>
      {status ? (
        <ul className="model-sources">
          <li data-testid="hgt-model">
            <strong>In use:</strong> {status.model ? modelText(status.model) : 'no model'}
          </li>
          {status.problem && (
            <li className="warn" data-testid="hgt-problem">
              {status.problem}
            </li>
          )}
          <li data-testid="hgt-scores">
            <strong>Scores:</strong> {scoresText(status.scores)}
          </li>
          <li data-testid="hgt-new-traces">
            <strong>New traces</strong> since it was trained: {status.newTraces}
          </li>
          {status.previous && (
            <li data-testid="hgt-previous">
              <strong>Previous:</strong> {modelText(status.previous)}
            </li>
          )}
        </ul>
      ) : (
        <p className="hint">Checking the link model…</p>
      )}
      {scoring && !status?.scores && (
        <div className="progress" role="progressbar" aria-label="Scoring the graph with the HGT">
          <span>Scoring the graph with the HGT…</span>
          <div className="progress-track indeterminate">
            <div className="progress-fill" style={{ width: '30%' }} />
          </div>
        </div>
      )}
      <div className="toolchain-controls">
        <label>
          Epochs{' '}
          <input
            type="number"
            min={1}
            max={1000}
            className="small-number"
            value={settings.epochs}
            disabled={job !== null}
            aria-label="Training epochs"
            data-testid="hgt-epochs"
            onChange={(e) => {
              const v = intOf(e.target.value);
              if (v) lm.setSettings({ epochs: v });
            }}
          />
        </label>
        <button
          onClick={() => void lm.retrain()}
          disabled={job !== null || phase !== 'ready'}
          data-testid="hgt-retrain"
          title="Train a new HGT on this world's graph in the worker; it replaces the current one only if it validates at least as well"
        >
          {job === 'retrain' ? 'Retraining…' : 'Retrain'}
        </button>
        <button
          onClick={() => void lm.restorePrevious()}
          disabled={job !== null || !status?.previous}
          data-testid="hgt-restore"
          title="Put the model that was in use before the last swap back"
        >
          Restore previous
        </button>
      </div>
      <label className="auto-retrain">
        <input
          type="checkbox"
          checked={settings.enabled}
          onChange={(e) => lm.setSettings({ enabled: e.target.checked })}
          data-testid="hgt-auto"
        />{' '}
        Retrain automatically after{' '}
        <input
          type="number"
          min={1}
          className="small-number"
          value={settings.threshold}
          aria-label="New traces before an automatic retraining"
          data-testid="hgt-auto-threshold"
          onChange={(e) => {
            const v = intOf(e.target.value);
            if (v) lm.setSettings({ threshold: v });
          }}
        />{' '}
        new traces
      </label>
      {auto && (
        <p className="meta" data-testid="hgt-auto-running">
          Automatic retraining ({auto.newTraces} new traces).
        </p>
      )}
      {progress && <TrainingProgressBar progress={progress} onCancel={() => lm.cancel()} />}
      {epochs.length > 0 && (
        <p className="meta" data-testid="hgt-epoch">
          {job === 'retrain' ? validationText(epochs) : trainingSummaryText(epochs)}
        </p>
      )}
      {epochs.length > 1 && <LossPlot points={epochs} />}
      {result && (
        <p className={result.swapped ? 'ok' : 'meta'} data-testid="hgt-promotion">
          {result.text}
        </p>
      )}
      {message && (
        <p className={message.level === 'error' ? 'warn' : 'meta'} data-testid="hgt-message">
          {message.text}
        </p>
      )}
    </section>
  );
}
