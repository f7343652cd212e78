import { describe, expect, it } from 'vitest';
import { OfflineApp, type RegisterSw } from './offline-app';

function fakeRegister() {
  const calls: { options: Parameters<RegisterSw>[0]; reloads: number }[] = [];
  const register: RegisterSw = (options) => {
    const call = { options, reloads: 0 };
    calls.push(call);
    return async () => void call.reloads++;
  };
  return { register, calls };
}

describe('OfflineApp', () => {
  it('registers only after the first screen, then reports offline-ready and a waiting update', async () => {
    const { register, calls } = fakeRegister();
    let firstScreen!: () => void;
    const app = new OfflineApp({
      enabled: true,
      loadRegister: async () => register,
      afterFirstScreen: new Promise((r) => (firstScreen = r)),
    });
    const started = app.start();
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    firstScreen();
    await started;
    expect(calls).toHaveLength(1);
    expect(app.getState().phase).toBe('installing');
    calls[0]!.options.onOfflineReady?.();
    expect(app.getState()).toMatchObject({ phase: 'ready', updateWaiting: false });
    // A new build: the tab keeps its version until the user reloads.
    calls[0]!.options.onNeedRefresh?.();
    expect(app.getState().updateWaiting).toBe(true);
    app.dismissUpdate();
    expect(app.getState().updateWaiting).toBe(false);
    await app.reload();
    expect(calls[0]!.reloads).toBe(1);
  });

  it('in dev registers nothing and removes a stale worker; a failed registration says why', async () => {
    const { register, calls } = fakeRegister();
    let unregistered = 0;
    const dev = new OfflineApp({
      enabled: false,
      loadRegister: async () => register,
      afterFirstScreen: Promise.resolve(),
      unregisterStale: async () => void unregistered++,
    });
    await dev.start();
    expect(calls).toHaveLength(0);
    expect(unregistered).toBe(1);
    expect(dev.getState().phase).toBe('off');

    const blocked = new OfflineApp({
      enabled: true,
      loadRegister: async () => register,
      afterFirstScreen: Promise.resolve(),
    });
    await blocked.start();
    calls[0]!.options.onRegisterError?.(new Error('service workers are blocked'));
    expect(blocked.getState()).toMatchObject({ phase: 'failed', problem: 'service workers are blocked' });
  });
});
