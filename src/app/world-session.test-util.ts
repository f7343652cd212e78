import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import type { WorldLoad, WorldStore } from '../core/world/world-store';
import type { WorldApi } from '../workers/world-api';
import { WorldWorkerApi, type WorldWorkerOptions } from '../workers/world-worker-api';
import { SearchClient, type WorldConnection } from './search-client';
import { WorldSession, type SessionTabs } from './world-session';

/**
 * The world API in-thread, but with every argument and result structured-cloned as postMessage does, so a
 * test sees what crosses the worker boundary (no object shared between the worker's world and the read
 * model). Functions (listeners) pass as they are, as comlink proxies do. `crossed` counts bytes (JSON).
 */
export function clonedApi(api: WorldApi, crossed: { bytes: number } = { bytes: 0 }): WorldApi {
  const clone = <T>(v: T): T => {
    if (typeof v === 'function' || v === undefined) return v;
    try {
      const copy = structuredClone(v);
      crossed.bytes += JSON.stringify(v)?.length ?? 0;
      return copy;
    } catch {
      return v;
    }
  };
  return new Proxy(api, {
    get(target, key) {
      const f = (target as unknown as Record<PropertyKey, unknown>)[key];
      if (typeof f !== 'function') return f;
      return async (...args: unknown[]) =>
        clone(await (f as (...a: unknown[]) => Promise<unknown>).apply(target, args.map(clone)));
    },
  });
}

export interface InThreadApp {
  session: WorldSession;
  client: SearchClient;
  /** The worker's API itself (not cloned): to look into the owner's world. */
  api: WorldWorkerApi;
  store: MemoryWorldStore;
  crossed: { bytes: number };
}

/** The app's wiring with the world worker in-thread: a session (read model) over a cloned WorldApi. */
export async function inThreadApp(
  options: {
    store?: MemoryWorldStore;
    load?: WorldLoad;
    openStore?: () => Promise<{ store: WorldStore; load: WorldLoad }>;
    tabs?: SessionTabs;
    worker?: WorldWorkerOptions;
    start?: boolean;
  } = {},
): Promise<InThreadApp> {
  const store = options.store ?? new MemoryWorldStore();
  const api = new WorldWorkerApi({
    ...options.worker,
    openStore: options.openStore ?? (async () => ({ store, load: options.load ?? (await store.load()) })),
  });
  const crossed = { bytes: 0 };
  const connection: WorldConnection = {
    api: clonedApi(api, crossed),
    onCrash: () => undefined,
    dispose: () => undefined,
  };
  const client = new SearchClient(null, () => connection);
  const session = new WorldSession({
    embedder: new LexicalEmbedder(),
    worker: client,
    ...(options.tabs ? { tabs: options.tabs } : {}),
  });
  if (options.start !== false) await session.start();
  return { session, client, api, store, crossed };
}
