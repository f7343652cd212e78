import type { CallFailure, CallOutcome, ResultSource } from '../execute/call-outcome';
import type { ToolRuntime } from '../execute/tool-runtime';
import { describeIssue } from '../tools/import-issue';
import type { Tool } from '../tools/tool';
import {
  allowRecord,
  connectionsSetting,
  newRecord,
  revokeRecord,
  type McpConnectionRecord,
} from './connection-records';
import { endpointSupported, endpointWhere, parseEndpoint } from './endpoint';
import { failureOfError, isSessionLost } from './mcp-errors';
import { SchemaGate } from '../execute/gate/schema-gate';
import { issuesText } from '../execute/gate/gate-report';
import { resultToOutcome } from './mcp-results';
import {
  McpConnectError,
  type McpCallResult,
  type McpConnect,
  type McpEndpoint,
  type McpSession,
} from './mcp-session';
import { serverSlug, serverToolsToCatalogue, type McpToolName } from './mcp-tools';

/** What the hub needs of the Tool World's owner (WorldSession in the app, the world itself in Node). */
export interface McpWorldSink {
  /** The catalogue's tool of that name, if any. */
  tool(name: string): Tool | undefined;
  /** Upserts tools (unchanged ones keep their graph statistics) and persists the change. */
  importTools(tools: Tool[]): Promise<{ added: number; updated: number; unchanged: number }>;
  /** Persists the connection records (the world setting `mcp.servers`). */
  saveConnections(value: unknown): Promise<void>;
}

export interface PermissionRequest {
  serverId: string;
  /** The server as the user knows it: "everything (127.0.0.1:3001)". */
  server: string;
  tool: string;
  args: Record<string, unknown>;
}

/** Asks the user whether a server may be called; true allows it (and it stays allowed until revoked). */
export type AskPermission = (request: PermissionRequest, signal?: AbortSignal) => Promise<boolean>;

export type McpServerStatus = 'idle' | 'connecting' | 'connected' | 'offline';

/** One server as the UI shows it: its record plus the live connection's state. */
export interface McpServerView extends McpConnectionRecord {
  label: string;
  status: McpServerStatus;
  /** Why it is offline (what failed, what to do), or null. */
  error: string | null;
  /** Entries of its last `tools/list` that were not imported, with why. */
  skipped: string[];
}

export interface McpTimeouts {
  connectMs: number;
  listMs: number;
  callMs: number;
  /** The liveness ping after a transport error. */
  pingMs: number;
}

export const DEFAULT_MCP_TIMEOUTS: McpTimeouts = {
  connectMs: 10_000,
  listMs: 15_000,
  callMs: 30_000,
  pingMs: 3_000,
};

export interface McpHubOptions {
  connect: McpConnect;
  world: McpWorldSink;
  /** The browser opens Streamable HTTP only; Node also starts stdio servers. */
  environment: 'browser' | 'node';
  /** Asks for permission on a call to a server not allowed yet; without it such calls are refused. */
  ask?: AskPermission;
  now?: () => number;
  timeouts?: Partial<McpTimeouts>;
  /** Reports for the user: a re-import after `list_changed`, skipped tools, a server that went away. */
  onNotice?: (level: 'info' | 'warn' | 'error', text: string, details?: string[]) => void;
}

/** The live side of one server (not persisted). */
interface Live {
  session: McpSession | null;
  /** The session failed (server gone, closed): the next call reconnects. */
  broken: boolean;
  connecting: Promise<McpSession> | null;
  status: McpServerStatus;
  error: string | null;
  skipped: string[];
  /** Rejecters of the calls in flight, so a server that went away fails them at once. */
  inflight: Set<(e: Error) => void>;
  /** The list being re-read (list_changed notifications coalesce onto it). */
  listing: Promise<void> | null;
  relistAgain: boolean;
  pinging: boolean;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const secs = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/** Rejects when the signal aborts (so a transport that ignores its signal cannot hold a call). */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(onTimeout()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The MCP client core: the user's tool servers, their live sessions, and one `ToolRuntime` over all of
 * them. Adding a server connects, lists its tools (every page) and imports them into the Tool World
 * (source `mcp`, the server as category, `outputSchema` as `returns`); `notifications/tools/list_changed`
 * re-lists and re-imports (an upsert: tools that did not change keep their graph statistics). A call
 * goes out only when the user allowed the server (asked once, stored, revocable), through `tools/call`
 * with a timeout and the caller's abort signal; a server that went away fails its calls at once as
 * `unavailable`, and the next call reconnects.
 */
export class McpHub {
  private records: McpConnectionRecord[] = [];
  private readonly live = new Map<string, Live>();
  /** Catalogue tool name → its server and the server's name for it. */
  private index = new Map<string, { id: string; remote: string }>();
  private readonly listeners = new Set<() => void>();
  private viewCache: McpServerView[] | null = null;
  private readonly timeouts: McpTimeouts;
  private readonly now: () => number;
  private closed = false;
  private readonly gate = new SchemaGate();

  constructor(private readonly options: McpHubOptions) {
    this.timeouts = { ...DEFAULT_MCP_TIMEOUTS, ...options.timeouts };
    this.now = options.now ?? (() => Date.now());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The servers, in the order they were added (the same array until something changes). */
  servers = (): McpServerView[] => {
    this.viewCache ??= this.records.map((r) => this.view(r));
    return this.viewCache;
  };

  server(id: string): McpServerView | undefined {
    return this.servers().find((s) => s.id === id);
  }

  /** The server serving a catalogue tool, if any. */
  serverOf(tool: string): McpServerView | undefined {
    const entry = this.index.get(tool);
    return entry ? this.server(entry.id) : undefined;
  }

  private view(r: McpConnectionRecord): McpServerView {
    const l = this.live.get(r.id);
    return {
      ...r,
      label: labelOf(r),
      status: l?.status ?? 'idle',
      error: l?.error ?? null,
      skipped: l?.skipped ?? [],
    };
  }

  private changed(): void {
    this.viewCache = null;
    this.index = new Map();
    for (const r of this.records)
      for (const t of r.tools) this.index.set(t.tool, { id: r.id, remote: t.remote });
    for (const l of this.listeners) l();
  }

  private liveOf(id: string): Live {
    let l = this.live.get(id);
    if (!l) {
      l = {
        session: null,
        broken: false,
        connecting: null,
        status: 'idle',
        error: null,
        skipped: [],
        inflight: new Set(),
        listing: null,
        relistAgain: false,
        pinging: false,
      };
      this.live.set(id, l);
    }
    return l;
  }

  private record(id: string): McpConnectionRecord | undefined {
    return this.records.find((r) => r.id === id);
  }

  private async update(id: string, patch: (r: McpConnectionRecord) => McpConnectionRecord): Promise<void> {
    this.records = this.records.map((r) => (r.id === id ? patch(r) : r));
    this.changed();
    await this.save();
  }

  private async save(): Promise<void> {
    try {
      await this.options.world.saveConnections(connectionsSetting(this.records));
    } catch (e) {
      this.options.onNotice?.('warn', `The tool servers could not be saved: ${message(e)}`);
    }
  }

  /** Takes the records a stored world holds (nothing is connected until asked or called). */
  restore(records: readonly McpConnectionRecord[]): void {
    const ids = new Set(records.map((r) => r.id));
    for (const [id, l] of this.live)
      if (!ids.has(id)) {
        this.live.delete(id);
        void this.dropSession(
          l,
          new McpConnectError('unavailable', 'The world changed: this tool server is not in it.'),
        );
      }
    this.records = records.map((r) => ({ ...r, tools: [...r.tools] }));
    this.changed();
  }

  /**
   * Adds a server (an http(s) URL, or a command line in Node), connects and imports its tools. It is
   * not allowed yet unless `allow` says so (the command line of `npm run agent -- --mcp` is consent).
   * Resolves with its view; a server that cannot be reached is kept, offline, with the reason.
   */
  async add(spec: string | McpEndpoint, options: { allow?: boolean } = {}): Promise<McpServerView> {
    const endpoint = typeof spec === 'string' ? parseEndpoint(spec) : spec;
    const unsupported = endpointSupported(endpoint, this.options.environment);
    if (unsupported) throw new McpConnectError('refused', unsupported);
    let record = newRecord(endpoint, this.now());
    const existing = this.record(record.id);
    if (existing) record = existing;
    else {
      this.records = [...this.records, record];
      this.changed();
    }
    if (options.allow && !record.allowed) await this.update(record.id, (r) => allowRecord(r, this.now()));
    else await this.save();
    await this.connect(record.id).catch(() => undefined);
    return this.server(record.id)!;
  }

  /** Connects every server that is not connected (after a reload); failures leave them offline. */
  async connectAll(): Promise<void> {
    await Promise.all(
      this.records
        .filter((r) => !endpointSupported(r.endpoint, this.options.environment))
        .map((r) => this.connect(r.id).catch(() => undefined)),
    );
    for (const r of this.records) {
      const why = endpointSupported(r.endpoint, this.options.environment);
      if (why) {
        const l = this.liveOf(r.id);
        l.status = 'offline';
        l.error = why;
      }
    }
    this.changed();
  }

  /** Reconnects if needed and lists the server's tools again. */
  async refresh(id: string): Promise<McpServerView | undefined> {
    const l = this.liveOf(id);
    if (l.session && !l.broken)
      await this.relist(id).catch((e: unknown) => {
        l.error = `Listing its tools failed: ${message(e)}`;
        this.changed();
      });
    else await this.connect(id).catch(() => undefined);
    return this.server(id);
  }

  async allow(id: string): Promise<void> {
    if (this.record(id)) await this.update(id, (r) => allowRecord(r, this.now()));
  }

  async revoke(id: string): Promise<void> {
    if (this.record(id)) await this.update(id, revokeRecord);
  }

  /**
   * Forgets a server: its session closes and its tools stop being executable. They stay in the
   * catalogue and the graph (what was learned is kept; nothing is deleted from a world).
   */
  async remove(id: string): Promise<void> {
    const l = this.live.get(id);
    this.live.delete(id);
    this.records = this.records.filter((r) => r.id !== id);
    this.changed();
    await this.save();
    if (l) await this.dropSession(l, new McpConnectError('unavailable', 'The tool server was removed.'));
  }

  /** Closes every session (stdio servers' processes end) and fails the calls in flight. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = [...this.live.values()].map((l) =>
      this.dropSession(l, new McpConnectError('unavailable', 'The client closed.')),
    );
    this.live.clear();
    await Promise.all(closing);
  }

  private dropSession(l: Live, reason: Error): Promise<void> {
    for (const reject of l.inflight) reject(reason);
    l.inflight.clear();
    const s = l.session;
    l.session = null;
    return s ? s.close().catch(() => undefined) : Promise.resolve();
  }

  /** Opens the session (once at a time) and imports the tools; rejects with a McpConnectError. */
  private connect(id: string): Promise<McpSession> {
    const l = this.liveOf(id);
    if (l.session && !l.broken) return Promise.resolve(l.session);
    if (l.connecting) return l.connecting;
    const record = this.record(id);
    if (!record) return Promise.reject(new McpConnectError('unavailable', 'Unknown tool server.'));
    l.status = 'connecting';
    l.error = null;
    this.changed();
    const where = labelOf(record);
    const attempt = (async () => {
      if (l.session) void this.dropSession(l, new McpConnectError('unavailable', `${where} reconnected.`));
      const session = await withTimeout(
        this.options.connect(record.endpoint, { timeoutMs: this.timeouts.connectMs }),
        this.timeouts.connectMs,
        () =>
          new McpConnectError(
            'timeout',
            `${where} did not finish connecting within ${secs(this.timeouts.connectMs)}.`,
          ),
      );
      if (this.closed || !this.record(id)) {
        void session.close().catch(() => undefined);
        throw new McpConnectError('unavailable', `${where} was removed while connecting.`);
      }
      l.session = session;
      l.broken = false;
      session.onToolsChanged(() => {
        if (l.session === session) void this.relist(id, true);
      });
      session.onError((e) => {
        if (l.session === session) this.checkAlive(id, session, e);
      });
      session.onClose(() => {
        if (l.session === session) this.markGone(id, 'the connection closed');
      });
      const info = session.server;
      const slug = serverSlug(info.name || record.slug);
      this.records = this.records.map((r) =>
        r.id === id ? { ...r, name: info.title || info.name || r.name, slug, lastSeen: this.now() } : r,
      );
      await this.relist(id);
      l.status = 'connected';
      l.error = null;
      this.changed();
      return session;
    })();
    l.connecting = attempt;
    attempt
      .catch((e: unknown) => {
        l.status = 'offline';
        l.error = message(e);
        l.broken = true;
        this.changed();
      })
      .finally(() => {
        if (l.connecting === attempt) l.connecting = null;
      });
    return attempt.catch((e: unknown) => {
      throw McpConnectError.isInstance(e)
        ? e
        : new McpConnectError('unavailable', `${where}: ${message(e)}`, { cause: e });
    });
  }

  /** A transport error: the server may be gone. A ping decides; if it fails, calls in flight fail now. */
  private checkAlive(id: string, session: McpSession, error: Error): void {
    const l = this.liveOf(id);
    if (l.pinging || l.broken) return;
    l.pinging = true;
    void withTimeout(
      session.ping(this.timeouts.pingMs),
      this.timeouts.pingMs + 500,
      () => new Error('no answer'),
    )
      .then(
        () => undefined,
        (e: unknown) => this.markGone(id, `${message(error)}; a ping then failed: ${message(e)}`),
      )
      .finally(() => {
        l.pinging = false;
      });
  }

  private markGone(id: string, why: string, quiet = false): void {
    const l = this.live.get(id);
    const record = this.record(id);
    if (!l || !record || l.broken) return;
    l.broken = true;
    l.status = 'offline';
    l.error = `${labelOf(record)} went away (${why}). The next call tries to reconnect.`;
    void this.dropSession(
      l,
      new McpConnectError('unavailable', `${labelOf(record)} went away during the call (${why}).`),
    );
    this.changed();
    if (!quiet) this.options.onNotice?.('warn', l.error);
  }

  /**
   * Lists every page of the server's tools and imports them. After `list_changed` (`announce`), reports
   * what changed. Notifications that arrive while a listing runs make it run once more after.
   */
  private relist(id: string, announce = false): Promise<void> {
    const l = this.liveOf(id);
    if (l.listing) {
      l.relistAgain = true;
      return l.listing;
    }
    const run = (async () => {
      do {
        l.relistAgain = false;
        await this.listAndImport(id, announce);
      } while (l.relistAgain);
    })();
    l.listing = run;
    return run
      .catch((e: unknown) => {
        const record = this.record(id);
        if (announce)
          this.options.onNotice?.(
            'warn',
            `${record ? labelOf(record) : id}: re-listing its tools failed: ${message(e)}`,
          );
        else throw e;
      })
      .finally(() => {
        l.listing = null;
      });
  }

  private async listAndImport(id: string, announce: boolean): Promise<void> {
    const l = this.liveOf(id);
    const session = l.session;
    const record = this.record(id);
    if (!session || !record) return;
    const where = labelOf(record);
    const entries: unknown[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      const controller = new AbortController();
      const result = await withTimeout(
        session.listTools(cursor, { signal: controller.signal, timeoutMs: this.timeouts.listMs }),
        this.timeouts.listMs,
        () => {
          controller.abort();
          return new McpConnectError(
            'timeout',
            `${where} did not list its tools within ${secs(this.timeouts.listMs)}.`,
          );
        },
      );
      entries.push(...(Array.isArray(result.tools) ? result.tools : []));
      cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
      if (!cursor) break;
      if (cursors.has(cursor) || page >= 1000)
        throw new McpConnectError(
          'protocol',
          `${where} repeats the tools/list cursor "${cursor}"; stopped listing.`,
        );
      cursors.add(cursor);
    }
    const mine = new Set(record.tools.map((t) => t.tool));
    const others = new Set(
      this.records.filter((r) => r.id !== id).flatMap((r) => r.tools.map((t) => t.tool)),
    );
    const mapped = serverToolsToCatalogue(entries, record.slug, (name) => {
      if (mine.has(name)) return 'this-server';
      if (others.has(name)) return 'taken';
      const existing = this.options.world.tool(name);
      if (!existing) return 'free';
      // A tool imported from this kind of file (an MCP tools/list result) and served by nobody: this
      // server takes it over, so the catalogue entry becomes executable.
      return existing.source === 'mcp' ? 'this-server' : 'taken';
    });
    const counts = await this.options.world.importTools(mapped.tools);
    const before = record.tools;
    const removed = before.filter((t) => !mapped.names.some((n) => n.tool === t.tool)).map((t) => t.tool);
    l.skipped = mapped.issues.map(describeIssue);
    this.records = this.records.map((r) =>
      r.id === id ? { ...r, tools: mapped.names, lastSeen: this.now() } : r,
    );
    this.changed();
    await this.save();
    if (mapped.issues.length > 0)
      this.options.onNotice?.(
        'warn',
        `${where}: ${mapped.issues.length} tool${mapped.issues.length === 1 ? '' : 's'} skipped (schema not valid)`,
        l.skipped,
      );
    if (announce)
      this.options.onNotice?.(
        'info',
        `${where} changed its tools: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged` +
          (removed.length > 0 ? `, no longer offered: ${removed.join(', ')}` : '') +
          '.',
      );
  }

  /** The runtime over every server's tools (compose it with the sandbox in a `RoutingRuntime`). */
  readonly runtime: ToolRuntime = {
    canExecute: (tool) => this.index.has(tool),
    call: (tool, args, signal) => this.call(tool, args, signal),
  };

  private async call(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
    let t0 = this.now();
    const elapsed = () => Math.max(0, this.now() - t0);
    const fail = (failure: CallFailure): CallOutcome => ({ ok: false, failure, durationMs: elapsed() });
    const entry = this.index.get(tool.name);
    const record = entry && this.record(entry.id);
    if (!entry || !record)
      return fail({
        kind: 'not-executable',
        code: 'mcp-no-server',
        message: `No connected tool server offers ${tool.name}.`,
      });
    const where = labelOf(record);
    // Arguments that do not fit the tool's input schema never leave the app (issue 13's schema gate; the
    // executor may have repaired them before, this is the last check before the network).
    const gate = this.gate.check(tool, args);
    if (!gate.ok)
      return fail({
        kind: 'rejected-by-gate',
        code: 'mcp-arguments-invalid',
        message: `The arguments of ${tool.name} do not match its input schema (${issuesText(gate.errors)}). Nothing was sent to ${where}.`,
      });
    args = gate.args;
    if (!record.allowed) {
      const allowed = this.options.ask
        ? await Promise.race([
            this.options.ask({ serverId: record.id, server: where, tool: tool.name, args }, signal),
            ...(signal ? [whenAborted(signal).catch(() => false)] : []),
          ])
        : false;
      if (signal?.aborted)
        return fail({
          kind: 'cancelled',
          code: 'cancelled',
          message: `Stopped before ${tool.name} was allowed to run.`,
        });
      if (!allowed)
        return fail({
          kind: 'not-executable',
          code: 'mcp-not-allowed',
          message: `Calls to ${where} are not allowed, so ${tool.name} did not run. Allow the server under Tool servers to use its tools.`,
        });
      if (!this.record(record.id)?.allowed) await this.allow(record.id);
      // The call's time is the server's, not the user's thinking.
      t0 = this.now();
    }
    const source: ResultSource = { kind: 'remote', label: `MCP ${where}` };
    for (let attempt = 0; ; attempt++) {
      let session: McpSession;
      try {
        session = await this.connect(record.id);
      } catch (e) {
        return fail(failureOfError(e, tool.name, where));
      }
      const outcome = await this.callOnce(record.id, session, tool, entry.remote, args, where, signal);
      if ('retry' in outcome) {
        if (attempt === 0) {
          // The server lost our session (it restarted): the call was not processed; send it on a new one.
          this.markGone(record.id, outcome.retry, true);
          continue;
        }
        return fail(failureOfError(outcome.error, tool.name, where));
      }
      if (outcome.ok) {
        const r = this.record(record.id);
        // lastSeen is stored at most once a minute, not on every call.
        if (r && (r.lastSeen === null || this.now() - r.lastSeen > 60_000))
          await this.update(record.id, (x) => ({ ...x, lastSeen: this.now() }));
        return resultToOutcome(outcome.result, tool, source, elapsed());
      }
      if (outcome.failure.kind === 'unavailable') this.markGone(record.id, outcome.failure.message);
      return fail(outcome.failure);
    }
  }

  private async callOnce(
    id: string,
    session: McpSession,
    tool: Tool,
    remote: string,
    args: Record<string, unknown>,
    where: string,
    signal: AbortSignal | undefined,
  ): Promise<
    | { ok: true; result: McpCallResult }
    | { ok: false; failure: CallFailure }
    | { retry: string; error: unknown }
  > {
    const l = this.liveOf(id);
    const controller = new AbortController();
    const stop = () => controller.abort(signal?.reason ?? new Error('Stopped.'));
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`No answer within ${secs(this.timeouts.callMs)}.`));
    }, this.timeouts.callMs);
    let rejectGone: (e: Error) => void = () => undefined;
    const gone = new Promise<never>((_, reject) => (rejectGone = reject));
    l.inflight.add(rejectGone);
    try {
      const result = await Promise.race([
        session.callTool(remote, args, {
          signal: controller.signal,
          timeoutMs: this.timeouts.callMs + 5_000,
        }),
        gone,
        whenAborted(controller.signal),
      ]);
      return { ok: true, result };
    } catch (e) {
      if (signal?.aborted)
        return {
          ok: false,
          failure: {
            kind: 'cancelled',
            code: 'cancelled',
            message: `Stopped before ${where} answered ${tool.name}.`,
          },
        };
      if (timedOut)
        return {
          ok: false,
          failure: {
            kind: 'timeout',
            code: 'mcp-timeout',
            message: `${where} did not answer ${tool.name} within ${secs(this.timeouts.callMs)}.`,
          },
        };
      if (isSessionLost(e)) return { retry: message(e), error: e };
      return { ok: false, failure: failureOfError(e, tool.name, where) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      l.inflight.delete(rejectGone);
    }
  }
}

/** "everything (127.0.0.1:3001)"; before the server first answered, just where it is. */
export function labelOf(r: Pick<McpConnectionRecord, 'slug' | 'name' | 'endpoint'>): string {
  const where = endpointWhere(r.endpoint);
  if (!r.name) return where;
  return r.slug && r.slug !== where ? `${r.slug} (${where})` : where;
}

export type { McpToolName };
