import type { LayerTraining } from '../app/layer-training';
import type { LayerMetrics } from '../core/ml/layers/layer-metrics';
import { useLayerTraining } from './use-layer-training';
import { useStore } from './use-store';

const pct = (m: LayerMetrics | null) => (m ? `${(m.pairwise * 100).toFixed(1)} %` : '—');

/**
 * RETO's layer model (issue 18): retrain it on this world's traces in a worker, with progress and Cancel,
 * and see how it orders held-out traces against the model in use and the schema-shift rule.
 */
export function LayerModelPanel() {
  const store = useLayerTraining();
  return store ? <LayerModelSection store={store} /> : null;
}

function LayerModelSection({ store }: { store: LayerTraining }) {
  const { training, epochs, result, inUse, message } = useStore(store);
  const last = epochs.at(-1);
  return (
    <section className="link-model" data-testid="layer-model">
      <h3>Layer model (RETO)</h3>
      <p className="hint">
        Orders the steps of a plan that the graph cannot place. In use:{' '}
        <span data-testid="layer-model-in-use">
          {inUse === 'retrained' ? 'retrained on this world' : 'shipped'}
        </span>
      </p>
      <div className="toolchain-controls">
        <button
          onClick={() => void store.train()}
          disabled={training}
          data-testid="layer-train"
          title="Train a layer model on this world's traces in a worker; the executor uses it only if it orders held-out traces at least as well as the shipped one"
        >
          {training ? 'Training…' : 'Train on my traces'}
        </button>
        <button onClick={() => store.cancel()} disabled={!training} data-testid="layer-cancel">
          Cancel
        </button>
      </div>
      {training && (
        <div className="progress" role="progressbar" aria-label="Training the layer model">
          <span data-testid="layer-epoch">
            {last
              ? `epoch ${last.epoch} / ${last.epochs}, loss ${last.loss.toFixed(4)}`
              : 'Preparing the traces…'}
          </span>
          <div className="progress-track">
            <div
              className="progress-fill"
              style={{ width: `${last ? (100 * last.epoch) / last.epochs : 0}%` }}
            />
          </div>
        </div>
      )}
      {result && (
        <ul className="model-sources" data-testid="layer-result">
          <li>
            {result.trainTasks} training traces, {result.heldOutTasks} held out ({result.retrained.pairs} tool
            pairs)
          </li>
          <li data-testid="layer-result-pairwise">
            Pairwise order accuracy on held-out traces: retrained {pct(result.retrained)}, in use{' '}
            {pct(result.current)}, shift rule {pct(result.shiftRule)}
          </li>
        </ul>
      )}
      {message && (
        <p className={message.level === 'error' ? 'warn' : 'meta'} data-testid="layer-message">
          {message.text}
        </p>
      )}
    </section>
  );
}
