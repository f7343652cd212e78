import type { SandboxChange, SandboxState } from './sandbox-state';
import { builtinTools } from './builtin-tools';
import { sandboxLexicon } from './lexicon';
import { SandboxSession, type SandboxOpenStatus } from './sandbox-session';
import { MemorySandboxStore, type SandboxStore } from './sandbox-store';
import { RegistryRuntime, ToolRegistry } from './tool-registry';
import { sandboxSource } from './tools/sources';

export interface SandboxRuntimeOptions {
  /** Where the sandbox is kept; defaults to memory (nothing survives a reload). */
  store?: SandboxStore;
  /** The clock: "today" for the seed and the tools, and change times. Defaults to Date.now. */
  now?: () => number;
  /** Seed around this day ("YYYY-MM-DD") instead of the day of `now()`. */
  seedDay?: string;
}

/**
 * The built-in tool pack running for real against the sandbox: a `RegistryRuntime` with the 20 tools
 * registered, plus what the UI needs — the state, the change log, undo, reset and change notifications.
 */
export class SandboxRuntime extends RegistryRuntime {
  constructor(
    registry: ToolRegistry,
    private readonly session: SandboxSession,
  ) {
    super(registry, { lexicon: () => sandboxLexicon(session.state()) });
  }

  /** How opening found the store: seeded, loaded, or recovered from an unusable saved state. */
  get status(): SandboxOpenStatus {
    return this.session.status;
  }

  /** The current state; a new object after every change, so it can be compared by reference. */
  state(): SandboxState {
    return this.session.state();
  }

  /** Changes made since the seed, oldest first. */
  changes(): readonly SandboxChange[] {
    return this.session.changes();
  }

  /** Reverts one change (see `SandboxSession.undo` for when it is refused) and returns it. */
  undo(changeId: string): Promise<SandboxChange> {
    return this.session.undo(changeId);
  }

  /** Goes back to the seed and empties the change log. */
  reset(): Promise<void> {
    return this.session.reset();
  }

  /** Takes the state another tab saved to the same store (after this tab's own saves). */
  adoptSaved(): Promise<void> {
    return this.session.adoptSaved();
  }

  /** `listener` runs after every change of the state; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    return this.session.subscribe(listener);
  }
}

/** Opens the sandbox from the store (seeding it on first use) and registers the built-in tools over it. */
export async function createSandboxRuntime(options: SandboxRuntimeOptions = {}): Promise<SandboxRuntime> {
  const store = options.store ?? new MemorySandboxStore();
  const session = await SandboxSession.open({
    store,
    now: options.now ?? Date.now,
    seedDay: options.seedDay,
  });
  const registry = new ToolRegistry().registerAll(builtinTools(session, sandboxSource(store.label)));
  return new SandboxRuntime(registry, session);
}
