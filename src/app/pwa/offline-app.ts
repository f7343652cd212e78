import { Store } from '../store';

/** What the service worker is doing for this tab. */
export interface OfflineAppState {
  /** `off`: not registered (dev, a browser without service workers, or blocked); `installing`: precaching. */
  phase: 'off' | 'installing' | 'ready' | 'failed';
  /** A new version is installed and waits: the tab keeps running the old one until the user reloads. */
  updateWaiting: boolean;
  /** Why registration failed, for the status line. */
  problem: string | null;
}

/** What the store needs from vite-plugin-pwa's `registerSW` (a stub in tests). */
export type RegisterSw = (options: {
  immediate?: boolean;
  onNeedRefresh?: () => void;
  onOfflineReady?: () => void;
  onRegisteredSW?: (url: string, registration: ServiceWorkerRegistration | undefined) => void;
  onRegisterError?: (error: unknown) => void;
}) => (reloadPage?: boolean) => Promise<void>;

export interface OfflineAppDeps {
  /** Loads `registerSW` (the `virtual:pwa-register` module) only when it is time to register. */
  loadRegister: () => Promise<RegisterSw>;
  /** Resolves once the first screen is up and idle: the precache (ORT's wasm, the models) waits for it. */
  afterFirstScreen: Promise<void>;
  /** Whether this page may register one (false in dev, where a stale worker would serve an old build). */
  enabled: boolean;
  /** Unregisters service workers a previous preview of this origin left (dev only). */
  unregisterStale?: () => Promise<void>;
}

/**
 * The app's service worker (vite-plugin-pwa / Workbox, vite.config.ts): registered after the first screen
 * so its precache of ~5 MB (gzip) never competes with the first answer; an update installs in the
 * background and waits (`updateWaiting`) until the user chooses to reload, so an open tab is never
 * switched to new code under its feet.
 */
export class OfflineApp extends Store<OfflineAppState> {
  private update: ((reloadPage?: boolean) => Promise<void>) | null = null;

  constructor(private readonly deps: OfflineAppDeps) {
    super({ phase: 'off', updateWaiting: false, problem: null });
  }

  async start(): Promise<void> {
    if (!this.deps.enabled) {
      await this.deps.unregisterStale?.().catch(() => undefined);
      return;
    }
    await this.deps.afterFirstScreen;
    let register: RegisterSw;
    try {
      register = await this.deps.loadRegister();
    } catch (e) {
      this.set({ phase: 'failed', problem: (e as Error).message });
      return;
    }
    this.set({ phase: 'installing' });
    this.update = register({
      immediate: true,
      onNeedRefresh: () => this.set({ updateWaiting: true }),
      onOfflineReady: () => this.set({ phase: 'ready' }),
      onRegisteredSW: (_url, registration) => {
        // Already installed by an earlier visit: offline-ready at once.
        if (registration?.active && !registration.installing) this.set({ phase: 'ready' });
      },
      onRegisterError: (e) =>
        this.set({ phase: 'failed', problem: e instanceof Error ? e.message : String(e) }),
    });
  }

  /** Activates the waiting version and reloads the tab into it. */
  async reload(): Promise<void> {
    await this.update?.(true);
  }

  /** Keeps the current version for now (the new one activates when every tab of the app is closed). */
  dismissUpdate(): void {
    this.set({ updateWaiting: false });
  }
}
