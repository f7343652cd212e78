import type { Trace } from '../core/trace/trace';
import type { WorldChange, WorldSnapshot } from '../core/world/world-snapshot';
import type { StoredModel, WorldLoad, WorldStore } from '../core/world/world-store';

/**
 * Two tabs on one IndexedDB (issue 21). Each tab's world worker keeps the whole world in memory and writes
 * the records a change touched, so two writers would overwrite each other's counts. One tab owns writes: the
 * holder of the Web Lock `naviagent-world-writer` (held until the tab closes). Another tab follows: its
 * traces reach the store through the owner (BroadcastChannel, acknowledged, ingested once: the owner refuses
 * an id it already has), it never compacts or replaces the world, and it is told so plainly. The owner
 * publishes every change's records (and "replaced" for a new world), which followers apply, so a follower's
 * world keeps up without a reload. When the owner closes, a follower gets the lock but may have missed a
 * change, so it asks to be reloaded before it writes.
 */
export type TabRole = 'owner' | 'follower' | 'took-over' | 'solo';

export interface TabState {
  role: TabRole;
  /** One sentence for the status line. */
  message: string;
}

export interface LocksLike {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<unknown> | unknown,
  ): Promise<unknown>;
  request(name: string, callback: (lock: unknown) => Promise<unknown> | unknown): Promise<unknown>;
}

/** What the owner publishes after a change: its records, or that the world was replaced. */
export type Published =
  { type: 'changed'; change: WorldChange; settings?: Record<string, unknown> } | { type: 'replaced' };

type Message =
  | { type: 'ingest'; id: number; from: string; trace: Trace }
  | { type: 'ack'; id: number; to: string; ok: boolean; message?: string }
  | { type: 'published'; from: string; message: Published };

export interface TabCoordinatorOptions {
  /** How the owner ingests a trace another tab sent (the session's `ingestTrace`). */
  ingest: (trace: Trace) => Promise<unknown>;
  /** True for an error that means "this trace is already stored" (a duplicate id). */
  isDuplicate?: (e: unknown) => boolean;
  lockName?: string;
  channelName?: string;
  /** How long a follower waits for the owner's acknowledgement. */
  ackTimeoutMs?: number;
  /** Defaults to `navigator.locks`; tests pass their own. */
  locks?: LocksLike;
}

const MESSAGES: Record<TabRole, string> = {
  owner: 'This tab saves the world.',
  follower:
    'Another tab of NaviAgent Web owns the saved world: this tab’s traces are saved through it and its changes show here; imports and resets are made there.',
  'took-over':
    'The tab that owned the saved world was closed: reload this tab to continue saving (its world may be behind).',
  solo: 'This browser cannot coordinate tabs: keep NaviAgent Web open in one tab only.',
};

export class TabCoordinator {
  private current: TabState = { role: 'solo', message: MESSAGES.solo };
  private readonly listeners = new Set<(s: TabState) => void>();
  private channel: BroadcastChannel | null = null;
  private readonly tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly publishedListeners = new Set<(m: Published) => void>();

  constructor(private readonly options: TabCoordinatorOptions) {}

  get state(): TabState {
    return this.current;
  }

  subscribe(listener: (s: TabState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(role: TabRole): void {
    this.current = { role, message: MESSAGES[role] };
    for (const l of this.listeners) l(this.current);
  }

  /** Stops listening (tests; a tab's coordinator lives as long as the tab). */
  close(): void {
    this.channel?.close();
  }

  /** Decides this tab's role (owner when the lock is free), before the store is opened. */
  async start(): Promise<TabState> {
    const locks =
      this.options.locks ??
      ((typeof navigator !== 'undefined' ? navigator.locks : undefined) as LocksLike | undefined);
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(this.options.channelName ?? 'naviagent-world');
      this.channel.onmessage = (e: MessageEvent<Message>) => this.onMessage(e.data);
    }
    if (!locks || !this.channel) {
      this.set('solo');
      return this.current;
    }
    const name = this.options.lockName ?? 'naviagent-world-writer';
    const hold = () => new Promise<void>(() => undefined); // released when the tab closes
    const got = await new Promise<boolean>((resolve) => {
      void locks.request(name, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock !== null ? hold() : undefined;
      });
    });
    if (got) {
      this.set('owner');
      return this.current;
    }
    this.set('follower');
    void locks.request(name, () => {
      this.set('took-over');
      return hold();
    });
    return this.current;
  }

  /** Runs ingestions one at a time: the owner's own (through the test hook) and those other tabs send. */
  serialize<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The owner tells the other tabs what changed (records, not the world). */
  publish(message: Published): void {
    if (this.current.role !== 'owner') return;
    this.channel?.postMessage({ type: 'published', from: this.tabId, message } satisfies Message);
  }

  /** What the owner tab published; a follower applies it. */
  onPublished(listener: (m: Published) => void): void {
    this.publishedListeners.add(listener);
  }

  private onMessage(m: Message): void {
    if (m.type === 'published') {
      if (this.current.role === 'owner') return;
      for (const l of this.publishedListeners) l(m.message);
      return;
    }
    if (m.type === 'ack') {
      if (m.to !== this.tabId) return;
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.ok) w.resolve();
      else w.reject(new Error(m.message ?? 'The owner tab could not save the trace.'));
      return;
    }
    if (this.current.role !== 'owner') return;
    void this.serialize(() => this.options.ingest(m.trace)).then(
      () => this.reply(m, true),
      (e: unknown) =>
        this.options.isDuplicate?.(e) ? this.reply(m, true) : this.reply(m, false, (e as Error).message),
    );
  }

  private reply(m: Extract<Message, { type: 'ingest' }>, ok: boolean, message?: string): void {
    this.channel?.postMessage({ type: 'ack', id: m.id, to: m.from, ok, ...(message ? { message } : {}) });
  }

  /**
   * A follower's trace, sent to the owner; resolves once it is stored there (or was already). The owner
   * publishes the trace's records before it acknowledges, and one sender's messages arrive in order.
   */
  sendToOwner(trace: Trace): Promise<void> {
    return this.forward(trace);
  }

  private forward(trace: Trace): Promise<void> {
    const id = ++this.nextId;
    const plain: Trace = { id: trace.id, query: trace.query, calls: trace.calls };
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(
          new Error('No tab owning the saved world answered: the trace was not saved. Reload this tab.'),
        );
      }, this.options.ackTimeoutMs ?? 15_000);
      this.waiting.set(id, {
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.channel!.postMessage({ type: 'ingest', id, from: this.tabId, trace: plain } satisfies Message);
    });
  }

  /** The store as this tab may use it: itself for the owner, writes through the owner for a follower. */
  wrap(store: WorldStore): WorldStore {
    const role = () => this.current.role;
    const notOwner = (what: string) =>
      new Error(`${what} is not possible in this tab: ${this.current.message}`);
    return {
      load: (): Promise<WorldLoad> => store.load(),
      write: async (change: WorldChange, settings?: Record<string, unknown>) => {
        const r = role();
        if (r === 'owner' || r === 'solo') return store.write(change, settings);
        if (r === 'took-over') throw notOwner('Saving');
        // A follower saves only its traces, through the owner, which derives the graph records itself.
        for (const t of change.traces) await this.forward(t);
      },
      replace: async (snapshot: Omit<WorldSnapshot, 'exportedAt'>) => {
        const r = role();
        if (r === 'owner' || r === 'solo') return store.replace(snapshot);
        throw notOwner('Replacing the saved world');
      },
      compact: async (snapshot: Omit<WorldSnapshot, 'exportedAt'>) => {
        const r = role();
        if (r === 'owner' || r === 'solo') return store.compact(snapshot);
      },
      pendingRecords: () => (role() === 'owner' || role() === 'solo' ? store.pendingRecords() : 0),
      putModel: (model: StoredModel) => store.putModel(model),
      getModel: (name: string) => store.getModel(name),
      close: () => store.close(),
    };
  }
}
