import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/retrieval-service';
import type { ToolWorld } from '../core/world/world';
import { embedderIdOf, LEXICAL, type EmbedderChoice, type JobOutcome } from '../workers/protocol';
import { fromWorkerError } from '../workers/worker-error';
import { loadEmbedderChoice, saveEmbedderChoice, type ChoiceStorage } from './embedder-choice-storage';
import { embedderLabel, LEXICAL_OPTION, type EmbedderOption } from './embedder-options';
import type { RetrievalBackend } from './search-client';

export interface RetrievalModelsState {
  /** The embedder retrieval runs on now (a switch in progress changes it only when done). */
  choice: EmbedderChoice;
  /** Its label, for every place results are shown. */
  embedderLabel: string;
  options: EmbedderOption[];
  status: RetrievalModelsStatus | null;
  progress: TrainingProgress | null;
  job: 'retrain' | 'switch' | null;
  message: { level: 'info' | 'error'; text: string } | null;
}

export interface RetrievalModelsDeps {
  backend: RetrievalBackend;
  /** The session's world and its version (SearchClient sends it to the worker when it moved). */
  world: () => { world: ToolWorld; version: number };
  /** The embedders on offer (lexical + model folders found under /models/). */
  probe: () => Promise<EmbedderOption[]>;
  storage?: ChoiceStorage;
}

/**
 * The retrieval models' state outside React: which embedder runs, where DTDR-L's scores come from, and
 * the training or embedder-switch job with its progress. Jobs run in the worker; this store starts them,
 * forwards Cancel, and keeps the choice in localStorage.
 */
export class RetrievalModels {
  private state: RetrievalModelsState;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: RetrievalModelsDeps) {
    this.state = {
      choice: LEXICAL,
      embedderLabel: LEXICAL_OPTION.label,
      options: [LEXICAL_OPTION],
      status: null,
      progress: null,
      job: null,
      message: null,
    };
    deps.backend.onTrainingProgress((progress) => this.set({ progress }));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): RetrievalModelsState => this.state;

  private set(patch: Partial<RetrievalModelsState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Finds the embedders on offer and switches to the saved choice (once the world is ready). */
  async init(): Promise<void> {
    const options = await this.deps.probe().catch(() => [LEXICAL_OPTION]);
    this.set({ options });
    const saved = loadEmbedderChoice(this.deps.storage);
    if (saved.kind === 'lexical') return this.refresh();
    const option = options.find((o) => o.id === embedderIdOf(saved));
    if (!option) {
      this.set({
        message: {
          level: 'error',
          text:
            `The saved retrieval embedder ${saved.model} is not under /models/${saved.model}/ any more ` +
            '(config.json, tokenizer files, onnx weights): using the lexical embedder.',
        },
      });
      return this.refresh();
    }
    await this.chooseEmbedder(option.choice);
  }

  /** Asks the worker where the models come from now (after a ranking, or when the world moved). */
  async refresh(): Promise<void> {
    try {
      const { world, version } = this.deps.world();
      this.set({ status: await this.deps.backend.retrievalStatus(world, version) });
    } catch (e) {
      this.set({ message: { level: 'error', text: `Retrieval models: ${(e as Error).message}` } });
    }
  }

  /** Retrains DTDR-L and the hybrid on the world's traces in the worker; Cancel keeps the old model. */
  async retrain(): Promise<void> {
    if (this.state.job) return;
    this.set({ job: 'retrain', message: null });
    const { world, version } = this.deps.world();
    await this.finish(
      this.deps.backend.retrain(world, version),
      (s) => `Retrained DTDR-L and the hybrid on ${s.traces} traces, in the worker.`,
    );
  }

  /** Switches the retrieval embedder: loads it, re-embeds and retrains in the worker, then saves the choice. */
  async chooseEmbedder(choice: EmbedderChoice): Promise<void> {
    if (this.state.job) return;
    this.set({ job: 'switch', message: null });
    const { world, version } = this.deps.world();
    const ok = await this.finish(
      this.deps.backend.setEmbedder(world, version, choice),
      (s) =>
        `Retrieval now runs on ${embedderLabel(s.embedderId, this.state.options)}` +
        (s.traces > 0 ? `, retrained on ${s.traces} traces.` : '.'),
    );
    if (ok) {
      saveEmbedderChoice(this.deps.storage, choice);
      this.set({ choice, embedderLabel: embedderLabel(embedderIdOf(choice), this.state.options) });
    }
  }

  /** Cancels the job, or training a ranking started (the first use of a learned method). */
  cancel(): void {
    if (this.state.job || this.state.progress) this.deps.backend.cancelTraining();
  }

  private async finish(
    outcome: Promise<JobOutcome>,
    done: (status: RetrievalModelsStatus) => string,
  ): Promise<boolean> {
    try {
      const o = await outcome;
      if (o.ok) {
        this.set({ status: o.status, message: { level: 'info', text: done(o.status) } });
        return true;
      }
      const error = fromWorkerError(o.error);
      // A cancel is the user's own choice: say what still serves, not that something broke.
      const level = error.code === 'training-cancelled' ? 'info' : 'error';
      this.set({ status: o.status, message: { level, text: error.message } });
      return false;
    } catch (e) {
      this.set({ message: { level: 'error', text: (e as Error).message } });
      return false;
    } finally {
      this.set({ job: null, progress: null });
    }
  }
}
