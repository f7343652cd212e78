import type { ToolLayerPredictor } from '../core/execute/reto/layer-source';
import { TraceGraphDepth } from '../core/ml/layers/layer-baselines';
import { layerLexicalEmbedder } from '../core/ml/layers/layer-features';
import type {
  LayerRetrainInput,
  LayerRetrainOutcome,
  LayerRetrainResult,
} from '../core/eval/layers/layer-retrain-job';
import { layerPredictorFromModel, typescriptEnsembleHead } from '../core/ml/layers/predict-layers';
import type { LayerEpoch } from '../core/ml/layers/train-layers';
import { traceLayerExamples } from '../core/eval/layers/trace-layer-examples';
import type { ToolWorld } from '../core/world/world';
import { Store, type JobMessage } from './store';

/** What trains the layer model: the layer worker in the app (layer-train-client.ts), in-thread in tests. */
export interface LayerTrainBackend {
  run(input: LayerRetrainInput, onEpoch: (e: LayerEpoch) => void): Promise<LayerRetrainOutcome>;
  cancel(): void;
}

export interface LayerTrainingState {
  training: boolean;
  epochs: LayerEpoch[];
  /** The last training's figures (no parameters), with whether the executor took the model. */
  result: Omit<LayerRetrainResult, 'models' | 'config'> | null;
  /** Which layer model the executor uses for steps the graph cannot place. */
  inUse: 'shipped' | 'retrained';
  message: JobMessage | null;
}

export interface LayerTrainingDeps {
  backend: LayerTrainBackend;
  world: () => ToolWorld;
  /** The shipped model's bytes (models/reto-layers.onnx), the model a retrained one must match. */
  shipped: () => Promise<Uint8Array | null>;
  epochs?: number;
}

/**
 * RETO's layer predictor retrained on this world's traces (issue 18): Train runs in a worker with one
 * progress point per epoch and Cancel; the result is used by the executor (`predictor()`) only when it
 * orders held-out traces at least as well as the shipped model (`decideLayerPromotion`).
 */
export class LayerTraining extends Store<LayerTrainingState> {
  private model: ToolLayerPredictor | null = null;

  constructor(private readonly deps: LayerTrainingDeps) {
    super({ training: false, epochs: [], result: null, inUse: 'shipped', message: null });
  }

  /** The retrained model when it was promoted; null = the shipped one serves. */
  predictor(): ToolLayerPredictor | null {
    return this.model;
  }

  async train(): Promise<void> {
    if (this.state.training) return;
    this.set({ training: true, epochs: [], message: null });
    try {
      const world = this.deps.world();
      const input: LayerRetrainInput = {
        traces: world.traces.map((t) => ({ id: t.id, query: t.query, calls: t.calls })),
        tools: world.catalogue.tools(),
        current: await this.deps.shipped(),
        ...(this.deps.epochs ? { epochs: this.deps.epochs } : {}),
      };
      const out = await this.deps.backend.run(input, (e) => this.set({ epochs: [...this.state.epochs, e] }));
      if (!out.ok) {
        this.set({
          message: out.cancelled
            ? { level: 'info', text: 'Training cancelled; the layer model in use is unchanged.' }
            : { level: 'error', text: out.error.message },
        });
        return;
      }
      const { models, config, ...figures } = out.result;
      if (figures.promote) {
        // Same known edges the model was judged with: those of the traces it trained on.
        const catalogue = new Map(input.tools.map((t) => [t.name, t]));
        const { train } = traceLayerExamples(input.traces, (n) => catalogue.get(n));
        this.model = layerPredictorFromModel(
          { config, layers: typescriptEnsembleHead(models, config) },
          layerLexicalEmbedder(),
          new TraceGraphDepth(train).lookup(),
        );
      }
      this.set({
        result: figures,
        inUse: this.model ? 'retrained' : 'shipped',
        message: { level: 'info', text: figures.reason },
      });
    } catch (e) {
      this.set({ message: { level: 'error', text: (e as Error).message } });
    } finally {
      this.set({ training: false });
    }
  }

  cancel(): void {
    if (this.state.training) this.deps.backend.cancel();
  }
}
