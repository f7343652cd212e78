import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const MODELS_DIR = resolve(import.meta.dirname, '../../models');
export const MODELS_BASE = 'http://app.test/models/';

/** A fetch over the repo's models/ folder at MODELS_BASE, with files replaced (or removed: null) per test. */
export function modelsFetch(overrides: Record<string, string | Uint8Array | null> = {}): typeof fetch {
  return (async (url: string | URL | Request) => {
    const name = String(url).slice(MODELS_BASE.length);
    const body =
      name in overrides
        ? overrides[name]
        : (() => {
            try {
              return new Uint8Array(readFileSync(resolve(MODELS_DIR, name)));
            } catch {
              return null;
            }
          })();
    if (body === null || body === undefined) return new Response('model file not found', { status: 404 });
    const type = name.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    return new Response(typeof body === 'string' ? body : new Blob([body as Uint8Array<ArrayBuffer>]), {
      status: 200,
      headers: { 'content-type': type },
    });
  }) as typeof fetch;
}
