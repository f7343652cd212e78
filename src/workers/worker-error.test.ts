import { expose, wrap } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { NoWorldLoadedError } from '../core/world/no-world-loaded-error';
import { CancelledError } from '../core/util/cancelled-error';
import { installWorkerErrorTransfer, RebuiltWorkerError } from './worker-error';
import type { WorldApi } from './world-api';
import { WorldWorkerApi } from './world-worker-api';

describe('errors across the worker boundary', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

  /** The world API behind comlink over a MessageChannel, as the app's worker is. */
  function remote(api: object): WorldApi {
    installWorkerErrorTransfer();
    const channel = new MessageChannel();
    channels.push(channel);
    expose(api, channel.port1);
    return wrap<WorldApi>(channel.port2);
  }

  it('rethrows a typed error thrown in the worker with its name and code, so isInstance works', async () => {
    const api = remote(new WorldWorkerApi());
    const error = await api.rank({ query: 'x', history: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RebuiltWorkerError);
    expect(NoWorldLoadedError.isInstance(error)).toBe(true);
    expect((error as RebuiltWorkerError).code).toBe('no-world-loaded');
    expect((error as Error).message).toMatch(/No Tool World is loaded yet/);
  });

  it('keeps the one cancellation error recognisable', async () => {
    const api = remote({
      fail: async () => {
        throw new CancelledError('Training cancelled: the previous model keeps serving.');
      },
    });
    const error = await (api as unknown as { fail(): Promise<void> }).fail().catch((e: unknown) => e);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect((error as RebuiltWorkerError).code).toBe('cancelled');
  });
});
