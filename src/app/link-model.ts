import { newTracesSince, shouldAutoRetrain } from '../core/link-model/hgt-app-retrain-policy';
import type { ToolWorld } from '../core/world/world';
import type {
  HgtEpochPoint,
  HgtEvent,
  HgtJobOutcome,
  HgtPredictions,
  HgtStatus,
} from '../workers/hgt-protocol';
import type { SettingsStorage } from './saved-settings';
import { loadLinkModelSettings, saveLinkModelSettings, type LinkModelSettings } from './link-model-settings';
import { promotionText } from './link-model-text';
import type { LinkModelBackend } from './search-client';
import { JobStore, type JobMessage } from './store';

export interface LinkModelState {
  status: HgtStatus | null;
  job: 'retrain' | 'restore' | null;
  /** Set when the running retraining started by itself: how many new traces triggered it. */
  auto: { newTraces: number } | null;
  /** The running job's stage (holding out links, training, comparing). */
  stage: string | null;
  /** Epochs of the running or last training, for the progress line and the loss plot. */
  epochs: HgtEpochPoint[];
  /** The last promotion decision. */
  result: { swapped: boolean; text: string } | null;
  message: JobMessage | null;
  settings: LinkModelSettings;
  /** Predicted next tools of the selected API node. */
  predictions: { nodeId: string; result: HgtPredictions | null } | null;
  /** A status request that scores the graph is under way (the first one loads onnxruntime-web). */
  scoring: boolean;
}

export interface LinkModelDeps {
  backend: LinkModelBackend;
  world: () => { world: ToolWorld; version: number };
  /** Called on every session change; the store reacts when the world version moved. */
  subscribe: (listener: () => void) => () => void;
  storage?: SettingsStorage;
  /** Quiet time after a world change before the automatic-retraining check (default 2,000 ms). */
  autoCheckMs?: number;
  /** Announces an automatic retraining app-wide (the session's notices), whichever tab is open. */
  notify?: (text: string) => void;
}

/**
 * The HGT link model's state outside React (issue 5): the model in use, Retrain with its epochs and
 * promotion result, Cancel, Restore previous, automatic retraining when enough new traces arrived, and the
 * selected node's predicted links. Jobs run in the world worker; this store starts them and keeps the
 * settings in localStorage.
 */
export class LinkModel extends JobStore<LinkModelState> {
  private lastVersion = -1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /**
   * `seq` of the newest trace an automatic retraining already tried, whatever its outcome: a refused or
   * cancelled model must not be retrained again on the next change, only after `threshold` more traces.
   */
  private autoTriedSeq = -1;

  constructor(private readonly deps: LinkModelDeps) {
    super({
      status: null,
      job: null,
      auto: null,
      stage: null,
      epochs: [],
      result: null,
      message: null,
      settings: loadLinkModelSettings(deps.storage),
      predictions: null,
      scoring: false,
    });
    deps.backend.onHgtEvent((e) => this.onEvent(e));
    deps.subscribe(() => this.sessionChanged());
  }

  private onEvent(e: HgtEvent): void {
    if (e.kind === 'stage') this.set({ stage: e.label });
    else if (e.kind === 'epoch') this.set({ epochs: [...this.state.epochs, e.point] });
    else if (e.kind === 'changed') void this.refresh();
  }

  /** Debounced: a burst of traces (an import, an agent run) leads to one check. */
  private sessionChanged(): void {
    const { version } = this.deps.world();
    if (version === this.lastVersion) return;
    this.lastVersion = version;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.checkAutoRetrain();
    }, this.deps.autoCheckMs ?? 2000);
  }

  /** New traces since the model in use was trained (or since the last automatic attempt). */
  newTraces(): number {
    const model = this.state.status?.model;
    const since = Math.max(model ? model.lastTraceSeq : -1, this.autoTriedSeq);
    return newTracesSince(this.deps.world().world.traces, since);
  }

  async checkAutoRetrain(): Promise<void> {
    await this.refresh();
    const newTraces = this.newTraces();
    if (this.state.job || this.state.status?.training) return;
    if (!shouldAutoRetrain(this.state.settings, newTraces)) return;
    await this.retrain({ newTraces });
  }

  /** Asks the worker for the status; `score` also scores the current graph (shown in the Link model view). */
  async refresh(score = false): Promise<void> {
    if (score) this.set({ scoring: true });
    try {
      const { world, version } = this.deps.world();
      this.set({ status: await this.deps.backend.hgtStatus(world, version, score) });
    } catch (e) {
      this.set({ message: { level: 'error', text: `Link model: ${(e as Error).message}` } });
    } finally {
      if (score) this.set({ scoring: false });
    }
  }

  /** Retrains in the worker; `auto` when the new-trace threshold started it (announced, cancellable). */
  async retrain(auto: { newTraces: number } | null = null): Promise<void> {
    if (this.state.job) return;
    const { world, version } = this.deps.world();
    const announcement = auto
      ? `Retraining the link model automatically: ${auto.newTraces} new traces since it was trained ` +
        `(threshold ${this.state.settings.threshold}). Cancel (Link model tab) keeps the current model.`
      : null;
    if (auto) this.autoTriedSeq = world.traces.at(-1)?.seq ?? -1;
    if (announcement) this.deps.notify?.(announcement);
    this.set({
      job: 'retrain',
      auto,
      stage: null,
      epochs: [],
      result: null,
      message: announcement ? { level: 'info', text: announcement } : null,
    });
    await this.finish(this.deps.backend.hgtRetrain(world, version, { epochs: this.state.settings.epochs }));
  }

  async restorePrevious(): Promise<void> {
    if (this.state.job) return;
    this.set({ job: 'restore', message: null, result: null });
    const { world, version } = this.deps.world();
    const ok = await this.finish(this.deps.backend.hgtRestorePrevious(world, version));
    if (ok) this.set({ message: { level: 'info', text: 'The previous link model is back in use.' } });
  }

  cancel(): void {
    if (this.state.job === 'retrain') this.deps.backend.cancelHgtTraining();
  }

  setSettings(patch: Partial<LinkModelSettings>): void {
    const settings = { ...this.state.settings, ...patch };
    saveLinkModelSettings(this.deps.storage, settings);
    this.set({ settings });
  }

  /** Loads the predicted next tools of a node (null clears them). */
  async loadPredictions(nodeId: string | null): Promise<void> {
    if (!nodeId) return this.set({ predictions: null });
    this.set({ predictions: { nodeId, result: null } });
    try {
      const { world, version } = this.deps.world();
      const result = await this.deps.backend.hgtPredictions(world, version, nodeId, 5);
      // Another node may have been selected meanwhile.
      if (this.state.predictions?.nodeId === nodeId) this.set({ predictions: { nodeId, result } });
    } catch (e) {
      if (this.state.predictions?.nodeId === nodeId)
        this.set({ predictions: { nodeId, result: { nodeId, links: [], note: (e as Error).message } } });
    }
  }

  private finish(outcome: Promise<HgtJobOutcome>): Promise<boolean> {
    return this.settle(outcome, {
      ok: (o) => ({
        status: o.status,
        ...(o.ok && o.promotion
          ? { result: { swapped: o.promotion.swapped, text: promotionText(o.promotion) }, message: null }
          : {}),
      }),
      failed: (o) => ({ status: o.status }),
      idle: { job: null, auto: null, stage: null },
    });
  }
}
