import { Store } from './store';

/** What the storage status line shows (issue 21). */
export interface StorageMonitorState {
  /** Persistent storage granted (not evicted under pressure); null when the browser does not say. */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
  /** This tab's part: owner of writes, follower, or a tab that must reload. */
  role: 'owner' | 'follower' | 'took-over' | 'solo';
  roleMessage: string;
  /** The last write the browser refused for lack of space, in words; null when none. */
  failure: string | null;
  /** The last cleanup's result. */
  freed: string | null;
}

export interface StorageMonitorDeps {
  facts: () => Promise<{ persisted: boolean | null; usage: number | null; quota: number | null }>;
  requestPersistence: () => Promise<boolean | null>;
  tab: {
    state: { role: StorageMonitorState['role']; message: string };
    subscribe: (l: (s: { role: StorageMonitorState['role']; message: string }) => void) => unknown;
  };
  /** Deletes model versions that are not in use; returns how many bytes it freed. */
  freeOldModels: () => Promise<number>;
}

/** Storage facts and the tab's role for the header, refreshed after writes and on demand. */
export class StorageMonitor extends Store<StorageMonitorState> {
  constructor(private readonly deps: StorageMonitorDeps) {
    super({
      persisted: null,
      usage: null,
      quota: null,
      role: deps.tab.state.role,
      roleMessage: deps.tab.state.message,
      failure: null,
      freed: null,
    });
    deps.tab.subscribe((s) => this.set({ role: s.role, roleMessage: s.message }));
  }

  /** Asks for persistent storage once, then reads usage and quota. */
  async start(): Promise<void> {
    const persisted = await this.deps.requestPersistence();
    this.set({ persisted });
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const f = await this.deps.facts();
    this.set({ usage: f.usage, quota: f.quota, persisted: f.persisted ?? this.state.persisted });
  }

  /** A write failed for lack of space: shown with the offer to export and free space. */
  reportFailure(message: string): void {
    this.set({ failure: message });
    void this.refresh();
  }

  dismissFailure(): void {
    this.set({ failure: null });
  }

  async freeOldModels(): Promise<void> {
    const bytes = await this.deps.freeOldModels();
    this.set({
      freed: bytes > 0 ? `Freed ${bytes} bytes of old model versions.` : 'No old model versions to delete.',
    });
    await this.refresh();
  }
}
