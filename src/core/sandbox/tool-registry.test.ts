import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { InvalidArgumentError } from './errors/invalid-argument-error';
import { ToolCallError } from './errors/tool-call-error';
import { UnknownCityError } from './errors/unknown-city-error';
import { RegistryRuntime, ToolRegistry } from './tool-registry';

const tool = (
  name: string,
  returns: Tool['returns'] = { type: 'object', properties: { count: { type: 'integer' } } },
): Tool => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
  returns,
  category: 'test',
  source: 'builtin',
});

const SOURCE = { kind: 'bundled-data', label: 'local computation' } as const;

describe('RegistryRuntime', () => {
  it('runs a tool registered in a few lines (the doc comment’s example)', async () => {
    const registry = new ToolRegistry().register('word_count', {
      source: SOURCE,
      run: async (args) => ({ count: String(args.text).split(/\s+/).filter(Boolean).length }),
    });
    const runtime = new RegistryRuntime(registry);
    expect(runtime.canExecute('word_count')).toBe(true);
    const outcome = await runtime.call(tool('word_count'), { text: 'one two three' });
    expect(outcome).toMatchObject({ ok: true, output: { count: 3 }, source: SOURCE });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('measures durationMs with its clock', async () => {
    let t = 100;
    const registry = new ToolRegistry().register('slow', {
      source: SOURCE,
      run: async () => {
        t += 42;
        return { count: 1 };
      },
    });
    const outcome = await new RegistryRuntime(registry, { clock: () => t }).call(tool('slow'), {});
    expect(outcome.durationMs).toBe(42);
  });

  it('a tool without an implementation is not-executable, saying it has none yet', async () => {
    const runtime = new RegistryRuntime(new ToolRegistry());
    expect(runtime.canExecute('weather_on_mars')).toBe(false);
    const outcome = await runtime.call(tool('weather_on_mars'), {});
    expect(outcome).toEqual({
      ok: false,
      failure: {
        kind: 'not-executable',
        code: 'no-implementation',
        message: expect.stringContaining('"weather_on_mars" has no implementation yet'),
      },
      durationMs: 0,
    });
  });

  it('an abort during the call is cancelled, without waiting for the tool', async () => {
    const registry = new ToolRegistry().register('hang', {
      source: SOURCE,
      run: () => new Promise(() => undefined),
    });
    const runtime = new RegistryRuntime(registry);
    const controller = new AbortController();
    const pending = runtime.call(tool('hang'), {}, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, failure: { kind: 'cancelled', code: 'aborted' } });
  });

  it('an already aborted signal cancels before the tool runs', async () => {
    let ran = false;
    const registry = new ToolRegistry().register('t', {
      source: SOURCE,
      run: async () => {
        ran = true;
        return { count: 0 };
      },
    });
    const outcome = await new RegistryRuntime(registry).call(tool('t'), {}, AbortSignal.abort());
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'cancelled' } });
    expect(ran).toBe(false);
  });

  it('turns a ToolCallError into its kind, code and message, and anything else into the tool’s error', async () => {
    const registry = new ToolRegistry()
      .register('bad_arg', {
        source: SOURCE,
        run: async () => {
          throw new UnknownCityError('Atlantis', ['Paris']);
        },
      })
      .register('broken', {
        source: SOURCE,
        run: async () => {
          throw new TypeError('x is undefined');
        },
      })
      .register('backend_down', {
        source: SOURCE,
        run: async () => {
          throw new ToolCallError('BackendDownError', 'error', 'backend-down', 'The backend is down.');
        },
      });
    const runtime = new RegistryRuntime(registry);
    expect(await runtime.call(tool('bad_arg'), {})).toMatchObject({
      ok: false,
      failure: {
        kind: 'invalid-arguments',
        code: 'unknown-city',
        message: expect.stringContaining('Atlantis'),
      },
    });
    expect(await runtime.call(tool('broken'), {})).toMatchObject({
      ok: false,
      failure: { kind: 'error', code: 'tool-error', message: 'broken failed: x is undefined' },
    });
    expect(await runtime.call(tool('backend_down'), {})).toMatchObject({
      ok: false,
      failure: { kind: 'error', code: 'backend-down' },
    });
  });

  it('an answer that is not an object of output fields is invalid-output', async () => {
    const registry = new ToolRegistry()
      .register('nothing', { source: SOURCE, run: async () => undefined })
      .register('free_form', { source: SOURCE, run: async () => 'just text' });
    const runtime = new RegistryRuntime(registry);
    expect(await runtime.call(tool('nothing'), {})).toMatchObject({
      ok: false,
      failure: { kind: 'invalid-output' },
    });
    // A tool that declares no output schema may answer anything.
    expect(await runtime.call(tool('free_form', null), {})).toMatchObject({ ok: true, output: 'just text' });
  });

  it('lexicon is empty without a provider, else the provider’s entries', async () => {
    expect(await new RegistryRuntime(new ToolRegistry()).lexicon()).toEqual([]);
    const entries = [{ kind: 'city', value: 'Paris', aliases: ['paris'] }];
    expect(await new RegistryRuntime(new ToolRegistry(), { lexicon: () => entries }).lexicon()).toEqual(
      entries,
    );
  });
});

describe('ToolRegistry', () => {
  it('registers, lists, replaces and removes implementations', () => {
    const a = { source: SOURCE, run: async () => ({}) };
    const b = { source: SOURCE, run: async () => ({ b: 1 }) };
    const registry = new ToolRegistry().registerAll({ a, b });
    expect(registry.names()).toEqual(['a', 'b']);
    registry.register('a', b);
    expect(registry.get('a')).toBe(b);
    expect(registry.unregister('a')).toBe(true);
    expect(registry.has('a')).toBe(false);
  });
});

describe('errors', () => {
  it('keep their name and code, and isInstance works across realms by name', () => {
    const e = new InvalidArgumentError('date', 'is empty.');
    expect(e).toMatchObject({
      name: 'InvalidArgumentError',
      code: 'invalid-argument',
      kind: 'invalid-arguments',
    });
    expect(e.message).toBe('Argument "date" is empty.');
    expect(InvalidArgumentError.isInstance(e)).toBe(true);
    expect(UnknownCityError.isInstance(e)).toBe(false);
    const rebuilt = Object.assign(new Error(e.message), { name: e.name, code: e.code, kind: e.kind });
    expect(InvalidArgumentError.isInstance(rebuilt)).toBe(true);
    expect(ToolCallError.isInstance(rebuilt)).toBe(true);
    expect(ToolCallError.isInstance(new Error('plain'))).toBe(false);
  });
});
