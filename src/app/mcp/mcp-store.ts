import { CompositeRuntime } from '../../core/execute/composite-runtime';
import type { ToolRuntime } from '../../core/execute/tool-runtime';
import { readConnections } from '../../core/mcp/connection-records';
import { MCP_SETTINGS_KEY } from '../../core/mcp/connection-records';
import { McpHub, type McpServerView, type McpTimeouts, type PermissionRequest } from '../../core/mcp/mcp-hub';
import type { McpConnect } from '../../core/mcp/mcp-session';
import type { Tool } from '../../core/tools/tool';
import type { ToolWorld } from '../../core/world/world';
import { Store } from '../store';

/** What the store needs of the world's owner (`WorldSession`). */
export interface McpWorldOwner {
  readonly world: ToolWorld;
  subscribe(listener: () => void): () => void;
  importTools(tools: Tool[]): Promise<{ added: number; updated: number; unchanged: number }>;
  setSetting(key: string, value: unknown): Promise<void>;
  notify(level: 'info' | 'warn' | 'error', text: string, extra?: { details?: string[] }): void;
}

/** A call waiting for the user to allow its server. */
export interface McpPrompt extends PermissionRequest {
  id: number;
}

export interface McpStoreState {
  servers: McpServerView[];
  /** The permission question shown now (the first of the waiting calls). */
  prompt: McpPrompt | null;
  adding: boolean;
  addError: string | null;
}

export interface McpStoreDeps {
  owner: McpWorldOwner;
  connect: McpConnect;
  now?: () => number;
  timeouts?: Partial<McpTimeouts>;
}

interface Waiting {
  prompt: McpPrompt;
  resolve: (allowed: boolean) => void;
  signal: AbortSignal | undefined;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The tool servers for the UI: adding one (connect, list, import), the allow-list (stored in the world's
 * settings, shown, revocable), the permission question a call to a server not allowed yet waits on, and
 * the runtime the agent calls them through. The connections follow the world: a reload or an imported
 * world file brings its servers back, and they reconnect in the background.
 */
export class McpStore extends Store<McpStoreState> {
  readonly hub: McpHub;
  private world: ToolWorld | null = null;
  private waiting: Waiting[] = [];
  /**
   * Servers the user denied, per turn (the turn's abort signal): the agent may try the server's other
   * tools next, and one "Deny" answers for the whole turn; the next turn asks again.
   */
  private readonly denied = new WeakMap<AbortSignal, Set<string>>();
  private promptSeq = 0;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: McpStoreDeps) {
    super({ servers: [], prompt: null, adding: false, addError: null });
    const owner = deps.owner;
    this.hub = new McpHub({
      connect: deps.connect,
      environment: 'browser',
      world: {
        tool: (name) => owner.world.catalogue.get(name),
        importTools: (tools) => owner.importTools(tools),
        saveConnections: (value) => owner.setSetting(MCP_SETTINGS_KEY, value),
      },
      ask: (request, signal) => this.ask(request, signal),
      onNotice: (level, text, details) => owner.notify(level, text, details ? { details } : {}),
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.timeouts ? { timeouts: deps.timeouts } : {}),
    });
    this.hub.subscribe(() => this.set({ servers: this.hub.servers() }));
  }

  /** Follows the session's world: its tool servers are restored and reconnected when it changes. */
  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.deps.owner.subscribe(() => this.followWorld());
    this.followWorld();
  }

  private followWorld(): void {
    const world = this.deps.owner.world;
    if (world === this.world) return;
    this.world = world;
    const { records, problems } = readConnections(world.settings);
    this.hub.restore(records);
    for (const p of problems) this.deps.owner.notify('warn', p);
    if (records.length > 0) void this.hub.connectAll();
  }

  /** The agent's runtime: the server tools first, then `base` (the sandbox) for everything else. */
  compose(base: ToolRuntime): ToolRuntime {
    return new CompositeRuntime([this.hub.runtime, base], base);
  }

  /** Adds a server by its Streamable HTTP URL; it is listed (its tools imported) but not allowed yet. */
  async add(url: string): Promise<McpServerView | null> {
    this.set({ adding: true, addError: null });
    try {
      const view = await this.hub.add(url);
      const skipped = view.skipped.length > 0 ? ` (${view.skipped.length} skipped)` : '';
      if (view.status === 'connected')
        this.deps.owner.notify(
          'info',
          `${view.label}: ${view.tools.length} tool${view.tools.length === 1 ? '' : 's'} imported${skipped}.`,
        );
      this.set({ adding: false, addError: view.status === 'connected' ? null : view.error });
      return view;
    } catch (e) {
      this.set({ adding: false, addError: message(e) });
      return null;
    }
  }

  allow = (id: string): Promise<void> => {
    this.answerFor(id, true);
    return this.hub.allow(id);
  };

  revoke = (id: string): Promise<void> => this.hub.revoke(id);

  remove = (id: string): Promise<void> => {
    this.answerFor(id, false);
    return this.hub.remove(id);
  };

  refresh = async (id: string): Promise<void> => {
    await this.hub.refresh(id);
  };

  /** The user's answer to the permission question shown. Allow stores the server as allowed. */
  answerPrompt(allow: boolean): void {
    const first = this.waiting[0];
    if (!first) return;
    if (allow) void this.hub.allow(first.prompt.serverId);
    this.answerFor(first.prompt.serverId, allow);
  }

  /** Resolves every waiting call of one server (they all asked the same question). */
  private answerFor(serverId: string, allow: boolean): void {
    const done = this.waiting.filter((w) => w.prompt.serverId === serverId);
    this.waiting = this.waiting.filter((w) => w.prompt.serverId !== serverId);
    this.set({ prompt: this.waiting[0]?.prompt ?? null });
    for (const w of done) {
      if (!allow && w.signal) {
        const set = this.denied.get(w.signal) ?? new Set<string>();
        set.add(serverId);
        this.denied.set(w.signal, set);
      }
      w.resolve(allow);
    }
  }

  private ask(request: PermissionRequest, signal?: AbortSignal): Promise<boolean> {
    if (signal && this.denied.get(signal)?.has(request.serverId)) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const w: Waiting = { prompt: { ...request, id: ++this.promptSeq }, resolve, signal };
      this.waiting = [...this.waiting, w];
      this.set({ prompt: this.waiting[0]!.prompt });
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.waiting.includes(w)) return;
          this.waiting = this.waiting.filter((x) => x !== w);
          this.set({ prompt: this.waiting[0]?.prompt ?? null });
          resolve(false);
        },
        { once: true },
      );
    });
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const w of this.waiting) w.resolve(false);
    this.waiting = [];
    await this.hub.close();
  }
}
