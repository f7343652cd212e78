import { OfflineApp, type RegisterSw } from '../../app/pwa/offline-app';

let instance: OfflineApp | null = null;

/** The tab's OfflineApp, for the update prompt (null before `startOfflineApp`). */
export function offlineApp(): OfflineApp | null {
  return instance;
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const idle = () =>
  new Promise<void>((r) =>
    'requestIdleCallback' in globalThis
      ? requestIdleCallback(() => r(), { timeout: 5_000 })
      : setTimeout(r, 500),
  );

/**
 * Registers the service worker once the world is open and either the first answer is in or 10 s passed,
 * at an idle moment: its precache (ORT's wasm, the models, every chunk) then never competes with the
 * first screen or the first answer. In dev nothing is registered, and a worker a previous `vite preview`
 * on this origin left is removed, so dev never serves a stale build.
 */
export function startOfflineApp(ready: Promise<unknown>, firstAnswer: Promise<unknown>): OfflineApp {
  const app = new OfflineApp({
    enabled: import.meta.env.PROD && 'serviceWorker' in navigator,
    afterFirstScreen: ready
      .catch(() => undefined)
      .then(() => Promise.race([firstAnswer, delay(10_000)]))
      .then(idle),
    loadRegister: async () => (await import('virtual:pwa-register')).registerSW as RegisterSw,
    unregisterStale: async () => {
      if (!('serviceWorker' in navigator)) return;
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    },
  });
  instance = app;
  void app.start();
  return app;
}

/** Resolves when the first turn of this tab has ended (the first answer is on screen). */
export function firstTurnEnded(agent: {
  subscribe: (listener: () => void) => () => void;
  getState: () => { turns: readonly { status: string }[] };
}): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!agent.getState().turns.some((t) => t.status !== 'running')) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = agent.subscribe(check);
    check();
  });
}
