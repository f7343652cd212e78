import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import type { ToolRuntime } from './tool-runtime';
import { CompositeRuntime } from './composite-runtime';
import { ApiSimulator } from './simulator';

const tool = (name: string): Tool => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
  returns: { type: 'object', properties: { v: { type: 'string' } } },
  category: 'x',
  source: 'dataset',
});

describe('CompositeRuntime', () => {
  it('runs real implementations first and simulates the rest', async () => {
    const real: ToolRuntime = {
      canExecute: (t) => t === 'real_tool',
      call: async () => ({
        ok: true,
        output: { v: 'real' },
        source: { kind: 'sandbox', label: 'sandbox' },
        durationMs: 0,
      }),
      lexicon: async () => [{ kind: 'person', value: 'Anna' }],
    };
    const rt = new CompositeRuntime([real], new ApiSimulator());
    const a = await rt.call(tool('real_tool'), {});
    const b = await rt.call(tool('schema_only'), {});
    expect(a.ok && a.source.kind).toBe('sandbox');
    expect(b.ok && b.source.kind).toBe('simulated');
    expect(rt.canExecute('anything')).toBe(true);
    expect(await rt.lexicon()).toEqual([{ kind: 'person', value: 'Anna' }]);
  });
});
