import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/model-status';
import type { RetrievalPolicy } from '../core/retrieval/retrain-policy';
import type { ToolWorld } from '../core/world/world';
import { embedderIdOf, LEXICAL, type EmbedderChoice, type JobOutcome } from '../workers/protocol';
import { loadEmbedderChoice, saveEmbedderChoice } from './embedder-choice-storage';
import { loadRetrievalPolicy, saveRetrievalPolicy } from './retrieval-policy-settings';
import type { SettingsStorage } from './saved-settings';
import { embedderLabel, LEXICAL_OPTION, type EmbedderOption } from './embedder-options';
import type { RetrievalBackend } from './search-client';
import { JobStore, type JobMessage } from './store';

export interface RetrievalModelsState {
  /** The embedder retrieval runs on now (a switch in progress changes it only when done). */
  choice: EmbedderChoice;
  /** Its label, for every place results are shown. */
  embedderLabel: string;
  options: EmbedderOption[];
  status: RetrievalModelsStatus | null;
  progress: TrainingProgress | null;
  job: 'retrain' | 'switch' | null;
  message: JobMessage | null;
  /** When the hybrid and DTDR-L retrain by themselves after new traces (saved in localStorage). */
  policy: RetrievalPolicy;
}

export interface RetrievalModelsDeps {
  backend: RetrievalBackend;
  /** The session's world and its version (SearchClient sends it to the worker when it moved). */
  world: () => { world: ToolWorld; version: number };
  /** The embedders on offer (lexical + model folders found under /models/). */
  probe: () => Promise<EmbedderOption[]>;
  storage?: SettingsStorage;
}

/**
 * The retrieval models' state outside React: which embedder runs, where DTDR-L's scores come from, the
 * training or embedder-switch job with its progress, and the automatic-retraining policy. Jobs run in the
 * worker (a background retraining the policy starts too: its progress shows here, with Cancel); this store
 * starts them, forwards Cancel, and keeps the choices in localStorage.
 */
export class RetrievalModels extends JobStore<RetrievalModelsState> {
  constructor(private readonly deps: RetrievalModelsDeps) {
    super({
      choice: LEXICAL,
      embedderLabel: LEXICAL_OPTION.label,
      options: [LEXICAL_OPTION],
      status: null,
      progress: null,
      job: null,
      message: null,
      policy: loadRetrievalPolicy(deps.storage),
    });
    deps.backend.onTrainingProgress((progress) => {
      const ended = progress === null && this.state.progress !== null;
      this.set({ progress });
      // A retraining the worker started by itself ended: show what serves now.
      if (ended && this.state.job === null) void this.refresh();
    });
  }

  /** Finds the embedders on offer and switches to the saved choice (once the world is ready). */
  async init(): Promise<void> {
    await this.deps.backend.setRetrievalPolicy(this.state.policy).catch(() => undefined);
    const options = await this.deps.probe().catch(() => [LEXICAL_OPTION]);
    this.set({ options });
    const saved = loadEmbedderChoice(this.deps.storage);
    if (saved.kind === 'lexical') return this.refresh();
    const missing =
      saved.kind === 'tool-encoder'
        ? 'The saved retrieval embedder, the trained tool encoder, is not at /models/tool-encoder.onnx any more'
        : `The saved retrieval embedder ${saved.model} is not under /models/${saved.model}/ any more ` +
          '(config.json, tokenizer files, onnx weights)';
    const option = options.find((o) => o.id === embedderIdOf(saved));
    if (!option) {
      this.set({
        message: {
          level: 'error',
          text: `${missing}: using the lexical embedder.`,
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

  /** Sets after how many new traces the hybrid and DTDR-L retrain by themselves (0: never). */
  async setPolicy(policy: RetrievalPolicy): Promise<void> {
    saveRetrievalPolicy(this.deps.storage, policy);
    this.set({ policy });
    await this.deps.backend.setRetrievalPolicy(policy);
    await this.refresh();
  }

  /** Cancels the job, or training a ranking or the policy started. */
  cancel(): void {
    if (this.state.job || this.state.progress) this.deps.backend.cancelTraining();
  }

  private finish(
    outcome: Promise<JobOutcome>,
    done: (status: RetrievalModelsStatus) => string,
  ): Promise<boolean> {
    return this.settle(outcome, {
      ok: (o) => ({ status: o.status, message: { level: 'info', text: done(o.status) } }),
      failed: (o) => ({ status: o.status }),
      idle: { job: null, progress: null },
    });
  }
}
