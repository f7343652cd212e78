import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { Tool } from '../tools/tool';
import { ProducedInputs, tokenOfShape, valueShape } from '../trace/produced-inputs';
import type { Trace, TraceCall } from '../trace/trace';
import { ToolWorld } from '../world/world';
import { Agent } from './agent';
import { FakeRuntime } from './agent-fixtures.test-util';
import { GraphPolicy } from './graph-policy';
import { LocalAgentWorld } from './local-agent-world';

/** A catalogue the project has never seen: its SKUs are the tools' own values, looked up by name first. */
const shopTool = (
  name: string,
  description: string,
  inputs: Record<string, string>,
  outputs: string[],
): Tool => ({
  name,
  description,
  category: 'shop',
  source: 'openai',
  parameters: {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(inputs).map(([k, t]) => [
        k,
        { type: t, description: k === 'sku' ? 'stock keeping unit' : k },
      ]),
    ),
    required: Object.keys(inputs),
  },
  returns: { type: 'object', properties: Object.fromEntries(outputs.map((o) => [o, { type: 'string' }])) },
});
const TOOLS = [
  shopTool(
    'acme_find_sku',
    'Find the SKU of a product in the ACME catalogue by its name',
    { query: 'string' },
    ['sku'],
  ),
  shopTool('acme_place_order', 'Place an order for a product', { sku: 'string', quantity: 'integer' }, [
    'order_id',
  ]),
  shopTool('acme_stock', 'Stock level of a product', { sku: 'string' }, ['in_stock']),
];
const call = (tool: string, args: Record<string, unknown>, output: unknown, at: number): TraceCall => ({
  tool,
  args,
  output,
  status: 'ok',
  startedAt: at,
  durationMs: 1,
});
const TRACES: Trace[] = ['blue widget', 'steel bolt', 'garden hose', 'desk lamp', 'usb cable'].map(
  (p, i) => ({
    id: `t${i}`,
    query: `Order ${i + 2} ${p}s`,
    calls: [
      call('acme_find_sku', { query: p }, { sku: `SKU-${i}` }, 0),
      call('acme_place_order', { sku: `SKU-${i}`, quantity: i + 2 }, { order_id: `O${i}` }, 1),
    ],
  }),
);

describe('inputs the tools produce (ProducedInputs)', () => {
  it('counts a use as produced (output value, not in the request) or stated (in the request), on hand-made traces', () => {
    const byField = (ref: { field: string }) => `param:${ref.field}`;
    const traces: Trace[] = [
      ...TRACES.slice(0, 3),
      // The user gave the SKU: one stated use against three produced → 3 / 4 = 0.75 < 0.8.
      {
        id: 'u',
        query: 'Order 2 of SKU-9',
        calls: [call('acme_place_order', { sku: 'SKU-9', quantity: 2 }, {}, 0)],
      },
    ];
    const p = new ProducedInputs(traces, byField);
    expect(p.alwaysProduced('param:sku')).toBe(false);
    expect(new ProducedInputs(TRACES.slice(0, 3), byField).alwaysProduced('param:sku')).toBe(true);
    // Two uses are too few to say anything; a `$0.sku` reference counts as produced.
    const refs: Trace[] = [0, 1].map((i) => ({
      id: `r${i}`,
      query: 'order',
      calls: [
        call('acme_find_sku', { query: 'x' }, undefined, 0),
        call('acme_stock', { sku: '$0.sku' }, undefined, 1),
      ],
    }));
    expect(new ProducedInputs(refs, byField).alwaysProduced('param:sku')).toBe(false);
    expect(new ProducedInputs([...refs, refs[0]!], byField).alwaysProduced('param:sku')).toBe(true);
    // The names the user typed are stated, never produced.
    expect(new ProducedInputs(TRACES, byField).alwaysProduced('param:query')).toBe(false);
    expect([...new ProducedInputs(TRACES, byField).shapesOf('param:sku')]).toEqual(['A-9']);
  });

  it('finds a word of a coded shape, never a plain word or a plain number', () => {
    expect(valueShape('SKU-0042')).toBe('A-9');
    expect(valueShape('ord_17b')).toBe('a_9a');
    expect(tokenOfShape('Order 2 of SKU-3.', new Set(['A-9']))).toBe('SKU-3');
    expect(tokenOfShape('Order 2 of the red ones', new Set(['A-9', 'Aa', '9']))).toBeUndefined();
  });
});

describe('graph-only agent: a value the plans always look up is looked up, not asked or guessed', () => {
  async function run(request: string) {
    const world = ToolWorld.empty(new LexicalEmbedder());
    await world.importTools(TOOLS);
    for (const t of TRACES) await world.ingestTrace(t);
    const runtime = new FakeRuntime({
      acme_find_sku: (a) => ({ sku: `SKU-${String(a.query).length}` }),
      acme_place_order: () => ({ order_id: 'O9' }),
      acme_stock: () => ({ in_stock: 4 }),
    });
    const agent = new Agent({
      world: new LocalAgentWorld(world),
      runtime,
      policy: new GraphPolicy(),
      learn: false,
    });
    const result = await agent.runTurn(request);
    return { calls: runtime.calls, result };
  }

  it('looks the SKU up by the product named, quoted or not, also for a tool the traces never called', async () => {
    // Before: "What is the stock keeping unit?" (the look-up was dropped as not spoken of).
    expect((await run('Order 3 red gadgets')).calls).toEqual([
      { tool: 'acme_find_sku', args: { query: 'red gadgets' } },
      { tool: 'acme_place_order', args: { sku: 'SKU-11', quantity: 3 } },
    ]);
    // Before: sku = "red gadget", the quoted phrase.
    expect((await run('Order 3 of "red gadget"')).calls.map((c) => c.tool)).toEqual([
      'acme_find_sku',
      'acme_place_order',
    ]);
    const stock = await run('Is the desk lamp in stock?');
    expect(stock.calls).toEqual([
      { tool: 'acme_find_sku', args: { query: 'desk lamp' } },
      { tool: 'acme_stock', args: { sku: 'SKU-9' } },
    ]);
    expect(stock.result.status).toBe('answered');
  });

  it('uses a SKU the request gives, by name or by its shape, without a look-up', async () => {
    // Before: a look-up of "first acme find sku" ran first (plans learnt to search before ordering).
    expect((await run('Order 3 of sku AB-12')).calls).toEqual([
      { tool: 'acme_place_order', args: { sku: 'AB-12', quantity: 3 } },
    ]);
    // Before: find_sku("SKU-3") and an order for its answer.
    expect((await run('Place an order for 2 of SKU-3')).calls).toEqual([
      { tool: 'acme_place_order', args: { sku: 'SKU-3', quantity: 2 } },
    ]);
  });
});
