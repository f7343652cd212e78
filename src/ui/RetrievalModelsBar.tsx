import { useEffect } from 'react';
import { dtdrLSourceText, hybridSourceText } from '../app/model-source-text';
import { embedderIdOf } from '../workers/protocol';
import { TrainingProgressBar } from './TrainingProgressBar';
import { useRetrievalModels, useRetrievalModelsState } from './use-retrieval-models';
import { useSessionState } from './use-session';

/**
 * The Next tool tab's model strip: which embedder retrieval runs on (and the switch), where DTDR-L and
 * the hybrid get their scores (shipped ONNX head or trained here), Retrain, and the job's progress bar
 * with Cancel. Refreshes when the world moves, since DTDR-L's source depends on the world's tools.
 */
export function RetrievalModelsBar() {
  const models = useRetrievalModels();
  const { options, choice, status, progress, job, message, policy } = useRetrievalModelsState();
  const { worldVersion, phase } = useSessionState();
  const current = options.find((o) => o.id === embedderIdOf(choice));

  useEffect(() => {
    if (phase === 'ready') void models.refresh();
  }, [models, worldVersion, phase]);

  return (
    <div className="retrieval-models" data-testid="retrieval-models">
      <label className="embedder-pick">
        Embedder{' '}
        <select
          value={current?.id ?? ''}
          disabled={job !== null}
          aria-label="Retrieval embedder"
          data-testid="embedder-select"
          onChange={(e) => {
            const next = options.find((o) => o.id === e.target.value);
            if (next) void models.chooseEmbedder(next.choice);
          }}
        >
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {status ? (
        <ul className="model-sources">
          <li data-testid="dtdrl-source">
            <strong>DTDR-L:</strong> {dtdrLSourceText(status.dtdrL)}
          </li>
          <li data-testid="hybrid-source">
            <strong>Hybrid (product):</strong> {hybridSourceText(status.hybrid)}
          </li>
          <li data-testid="retrieval-embedder">
            <strong>Embeddings:</strong> {status.embedderId} ({status.embedderDimension} dims)
          </li>
          {status.hybrid.kind === 'trained' && (
            <li data-testid="retrieval-new-traces">
              <strong>New traces:</strong> {status.newTraces} since the hybrid was trained (DTDR-C learns each
              one at once)
              {status.autoRetrainError && (
                <span className="warn"> · automatic retraining failed: {status.autoRetrainError}</span>
              )}
            </li>
          )}
          {status.shippedHead.note && (
            <li className="note" data-testid="shipped-head-note">
              {status.shippedHead.note}
            </li>
          )}
        </ul>
      ) : (
        <p className="hint">Checking the retrieval models…</p>
      )}
      <div className="toolchain-controls">
        <button
          onClick={() => void models.retrain()}
          disabled={job !== null || phase !== 'ready'}
          data-testid="retrain"
          title="Train DTDR-L and the hybrid on this world's traces, in the worker"
        >
          {job === 'retrain' ? 'Retraining…' : 'Retrain'}
        </button>
        <label title="The hybrid and DTDR-L retrain in the background after this many new traces; the current model serves meanwhile (0: only by hand)">
          Retrain after{' '}
          <input
            type="number"
            min={0}
            max={10000}
            value={policy.retrainAfter}
            data-testid="retrain-after"
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 0) void models.setPolicy({ retrainAfter: n });
            }}
          />{' '}
          new traces
        </label>
        {job !== null && !progress && (
          <button onClick={() => models.cancel()} data-testid="cancel-training">
            Cancel
          </button>
        )}
      </div>
      {progress && <TrainingProgressBar progress={progress} onCancel={() => models.cancel()} />}
      {message && (
        <p className={message.level === 'error' ? 'warn' : 'meta'} data-testid="models-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
