import type { TurnResult } from '../../core/agent/agent-events';
import type { PlaybackFrame } from '../graph-playback';

/** One call of a past turn, as the conversation list keeps it. */
export interface ConversationCall {
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  output?: unknown;
  error?: string;
  /** Where the result came from ("sandbox (IndexedDB)", "bundled data…", "simulated"). */
  source?: string;
  ms?: number;
}

/** A past turn: what was asked, what happened (one line per step), the answer, the calls, the time. */
export interface ConversationRecord {
  /** The turn id. */
  id: string;
  request: string;
  answer: string;
  status: TurnResult['status'] | 'error';
  /** The engine label, e.g. "Graph-only (no LLM)". */
  engine: string;
  /** Epoch ms. */
  startedAt: number;
  ms: number;
  steps: string[];
  calls: ConversationCall[];
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** What the graph view replays of the turn (search decisions, chain, calls, detours); absent before issue 19. */
  playback?: PlaybackFrame[];
}

/**
 * Where past conversations are kept: IndexedDB in the app (src/persist/idb-conversation-store.ts, its own
 * database), memory in tests.
 */
export interface ConversationStore {
  /** Newest first, at most `limit`. */
  list(limit: number): Promise<ConversationRecord[]>;
  put(record: ConversationRecord): Promise<void>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}

/** Conversations in memory; records are cloned in and out, as IndexedDB's structured clone would. */
export class MemoryConversationStore implements ConversationStore {
  private readonly records = new Map<string, ConversationRecord>();

  async list(limit: number): Promise<ConversationRecord[]> {
    return [...this.records.values()]
      .sort((a, b) => b.startedAt - a.startedAt)
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }

  async put(record: ConversationRecord): Promise<void> {
    this.records.set(record.id, structuredClone(record));
  }

  async delete(id: string): Promise<void> {
    this.records.delete(id);
  }

  async clear(): Promise<void> {
    this.records.clear();
  }
}

/**
 * A store opened on first use (IndexedDB in the app); if it cannot be opened, conversations are kept in
 * memory for this tab and `onFallback` says so, once.
 */
export class DeferredConversationStore implements ConversationStore {
  private opened: Promise<ConversationStore> | null = null;

  constructor(
    private readonly open: () => Promise<ConversationStore>,
    private readonly onFallback: (error: Error) => void = () => undefined,
  ) {}

  private store(): Promise<ConversationStore> {
    this.opened ??= this.open().catch((e: unknown) => {
      this.onFallback(e instanceof Error ? e : new Error(String(e)));
      return new MemoryConversationStore();
    });
    return this.opened;
  }

  async list(limit: number): Promise<ConversationRecord[]> {
    return (await this.store()).list(limit);
  }

  async put(record: ConversationRecord): Promise<void> {
    return (await this.store()).put(record);
  }

  async delete(id: string): Promise<void> {
    return (await this.store()).delete(id);
  }

  async clear(): Promise<void> {
    return (await this.store()).clear();
  }
}
