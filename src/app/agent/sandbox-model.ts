import {
  createSandboxRuntime,
  MemorySandboxStore,
  type SandboxRuntime,
  type SandboxRuntimeOptions,
  type SandboxState,
  type SandboxStore,
} from '../../core/sandbox';
import type { SandboxTabs } from './sandbox-tabs';

export interface SandboxModelState {
  phase: 'loading' | 'ready' | 'failed';
  /** The current sandbox (a new object after every change); null until open. */
  sandbox: SandboxState | null;
  /** Where it is kept, e.g. "sandbox (IndexedDB)". */
  storeLabel: string;
  message: { level: 'info' | 'warn' | 'error'; text: string } | null;
  busy: boolean;
}

export interface SandboxModelDeps {
  /** Opens the IndexedDB store in the app; a failure falls back to memory, with a warning. */
  openStore: () => Promise<SandboxStore>;
  now?: () => number;
  /** Test seam. */
  create?: (options: SandboxRuntimeOptions) => Promise<SandboxRuntime>;
  /** Other tabs of the app over the same store: each save is announced, and theirs are taken in. */
  tabs?: SandboxTabs;
}

/**
 * The sandbox the built-in tools act on, for the UI: opens the runtime over its store, follows every
 * change (the agent's calls, undo, reset) and offers Undo per change and Reset. The runtime it opens is
 * the one the agent calls, so what a turn created shows up here at once.
 */
export class SandboxModel {
  private state: SandboxModelState = {
    phase: 'loading',
    sandbox: null,
    storeLabel: '',
    message: null,
    busy: false,
  };
  private readonly listeners = new Set<() => void>();
  private opened: Promise<SandboxRuntime> | null = null;
  private current: SandboxRuntime | null = null;

  constructor(private readonly deps: SandboxModelDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SandboxModelState => this.state;

  private set(patch: Partial<SandboxModelState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** The runtime, opened on first use (the store, then seeding on a first start). */
  runtime(): Promise<SandboxRuntime> {
    this.opened ??= this.open();
    return this.opened;
  }

  private async open(): Promise<SandboxRuntime> {
    let store: SandboxStore;
    let warning: string | null = null;
    try {
      store = await this.deps.openStore();
    } catch (e) {
      store = new MemorySandboxStore();
      warning = `The sandbox database could not be opened (${message(e)}): changes the tools make will not survive a reload.`;
    }
    const tabs = this.deps.tabs;
    if (tabs) store = announcingSaves(store, tabs);
    try {
      const create = this.deps.create ?? createSandboxRuntime;
      const runtime = await create({ store, ...(this.deps.now ? { now: this.deps.now } : {}) });
      this.current = runtime;
      runtime.subscribe(() => this.set({ sandbox: runtime.state() }));
      tabs?.onAnnounced(() => void runtime.adoptSaved().catch(() => undefined));
      const status = runtime.status;
      if (status.kind === 'recovered')
        warning = `The saved sandbox could not be read (${status.reason}); it started again from the sample data.`;
      this.set({
        phase: 'ready',
        sandbox: runtime.state(),
        storeLabel: store.label,
        message: warning ? { level: 'warn', text: warning } : null,
      });
      return runtime;
    } catch (e) {
      this.set({
        phase: 'failed',
        message: { level: 'error', text: `The sandbox could not be opened: ${message(e)}` },
      });
      throw e;
    }
  }

  /** Reverts one change; a refusal (a later change touched the same record) is shown, not thrown. */
  async undo(changeId: string): Promise<void> {
    await this.run(async (rt) => {
      const change = await rt.undo(changeId);
      return `Undone: ${change.summary}`;
    });
  }

  /** Back to the sample data; the change log empties. */
  async reset(): Promise<void> {
    await this.run(async (rt) => {
      await rt.reset();
      return 'The sandbox is back to its sample data.';
    });
  }

  private async run(job: (rt: SandboxRuntime) => Promise<string>): Promise<void> {
    const rt = this.current;
    if (!rt || this.state.busy) return;
    this.set({ busy: true, message: null });
    try {
      this.set({ message: { level: 'info', text: await job(rt) } });
    } catch (e) {
      this.set({ message: { level: 'error', text: message(e) } });
    } finally {
      this.set({ busy: false, sandbox: rt.state() });
    }
  }
}

/** The same store, announcing each save once it is stored (not before: another tab reads it then). */
function announcingSaves(store: SandboxStore, tabs: SandboxTabs): SandboxStore {
  return {
    label: store.label,
    load: () => store.load(),
    save: async (state) => {
      await store.save(state);
      tabs.announce();
    },
    clear: async () => {
      await store.clear();
      tabs.announce();
    },
    close: () => store.close(),
  };
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
