import { useEffect, useState } from 'react';
import {
  modelText,
  qualityFigures,
  qualityFigureText,
  scoresText,
  SMOKE_TEST_NOTE,
  trainingSummaryText,
  validationText,
} from '../app/link-model-text';
import type { TrainingProgress } from '../core/retrieval/model-status';
import { LossPlot } from './LossPlot';
import { TrainingProgressBar } from './TrainingProgressBar';
import { useLinkModel, useLinkModelState } from './use-link-model';
import { useSessionState } from './use-session';

/** Positive integer from a number input, or null while the field is being edited to something else. */
const intOf = (text: string): number | null => {
  const v = Number(text);
  return text.trim() !== '' && Number.isInteger(v) && v > 0 ? v : null;
};

const MAX_EPOCHS = 1000;

/** Why an epochs entry cannot be used, or null when it can. */
function epochsProblem(text: string): string | null {
  const v = intOf(text);
  if (text.trim() === '') return 'Enter how many epochs to train (1 to 1000).';
  if (Number(text) === 0) return '0 epochs would train nothing: enter 1 to 1000.';
  if (v === null) return `“${text}” is not a whole number of epochs: enter 1 to 1000.`;
  if (v > MAX_EPOCHS) return `At most ${MAX_EPOCHS} epochs (it would run for a long time in the browser).`;
  return null;
}

/** The model's held-out figures (random, reversed, same-category), each with the pairs it rests on. */
function QualityLine({ model }: { model: Parameters<typeof qualityFigures>[0] }) {
  const figures = qualityFigures(model);
  const ids = ['hgt-quality-random', 'hgt-quality-reversed', 'hgt-quality-same-category'];
  return (
    <li data-testid="hgt-quality">
      <strong>Held-out links of its training world:</strong>
      <ul>
        {figures.map((f, i) => (
          <li key={f.label} data-testid={ids[i]}>
            {qualityFigureText(f)}
          </li>
        ))}
      </ul>
      {figures.some((f) => f.smoke) && (
        <span className="meta" data-testid="hgt-quality-smoke">
          {SMOKE_TEST_NOTE}
        </span>
      )}
    </li>
  );
}

/**
 * The Link model tab (issue 5): which HGT model scores the graph's links, Retrain in the worker with its
 * epochs, progress, loss plot and the promotion decision, Cancel, Restore previous, and automatic
 * retraining after new traces.
 */
export function LinkModelPanel() {
  const lm = useLinkModel();
  const { status, job, auto, stage, epochs, result, message, settings, scoring } = useLinkModelState();
  const { worldVersion, phase } = useSessionState();
  // An unusable entry (0, empty, 2.5) is kept as typed, with a message, instead of snapping back to the
  // saved setting unexplained; null = the field shows the setting.
  const [epochDraft, setEpochDraft] = useState<string | null>(null);
  const epochText = epochDraft ?? String(settings.epochs);
  const epochIssue = epochsProblem(epochText);

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
          {status.model && <QualityLine model={status.model} />}
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
            max={MAX_EPOCHS}
            className="small-number"
            value={epochText}
            disabled={job !== null}
            aria-label="Training epochs"
            aria-invalid={epochIssue !== null}
            data-testid="hgt-epochs"
            onChange={(e) => {
              const v = intOf(e.target.value);
              const usable = v !== null && v <= MAX_EPOCHS;
              if (usable) lm.setSettings({ epochs: v });
              setEpochDraft(usable ? null : e.target.value);
            }}
          />
        </label>
        <button
          onClick={() => void lm.retrain()}
          disabled={job !== null || phase !== 'ready' || epochIssue !== null}
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
      {epochIssue && (
        <p className="warn" role="alert" data-testid="hgt-epochs-problem">
          {epochIssue} Retrain is off until then.
        </p>
      )}
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
