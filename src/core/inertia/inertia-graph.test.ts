import { describe, expect, it } from 'vitest';
import { ToolInertiaGraph } from './inertia-graph';
import { inertiaSettings } from './inertia-settings';
import { failed, handWorld, ok, trace } from './inertia-fixtures.test-util';

const S = 'contacts_search';
const G = 'contacts_get';
const M = 'mail_send';
const P = 'messages_send';
const W = 'places_weather';

const anna = { contact_id: 'c7', name: 'Anna Keller', email: 'anna@example.com', phone: '+44 20 7946 0001' };

describe('Tool Inertia Graph built from the world’s traces', () => {
  it('paths from successful sequences, negative paths from the tool’s own failures only', async () => {
    const { world } = await handWorld([
      trace(
        ok(S, { name: 'Anna' }, anna),
        ok(G, { contact_id: 'c7' }, anna),
        ok(M, mail, { message_id: 'm1' }),
      ),
      // P failed by its own fault: [S, G] is the LLM's path, [S, G, P] a negative path of length 3 > window 2.
      trace(ok(S, { name: 'Anna' }, anna), ok(G, { contact_id: 'c7' }, anna), failed(P, text, 'unavailable')),
      // Bad arguments are the caller's fault: no negative path, and [S] alone is no path.
      trace(ok(S, { name: 'Anna' }, anna), failed(M, mail, 'invalid-arguments')),
      // A failed call and its retry read as one step: [S, W, P]; the timeout leaves [S, W] at −1.
      trace(
        ok(S, { name: 'Anna' }, anna),
        failed(W, { city: 'Paris' }, 'timeout'),
        ok(W, { city: 'Paris' }, { temperature_c: 9, condition: 'cloudy' }),
        ok(P, text, { message_id: 'x1' }),
      ),
    ]);
    const s = inertiaSettings();
    const tig = new ToolInertiaGraph(
      () => world,
      () => s,
    );
    tig.sync();
    expect(tig.traceCount).toBe(4);
    const freq = Object.fromEntries(tig.paths.paths().map((p) => [p.tools.join(' > '), p.frequency]));
    expect(freq).toEqual({
      [`${S} > ${G} > ${M}`]: 1,
      [`${S} > ${G}`]: 1,
      [`${S} > ${G} > ${P}`]: -1,
      [`${S} > ${W}`]: -1,
      [`${S} > ${W} > ${P}`]: 1,
    });
    // After [S, G]: M +1, P −1 → W_total 0 (no net evidence, so ICS = 0 for both).
    const afterSG = tig.paths.nextTools([S, G]);
    expect(afterSG.total).toBe(0);
    // After [S]: G from [S,G,M], [S,G], [S,G,P] (1 + 1 − 1), W from [S,W,P], [S,W] (1 − 1).
    const afterS = tig.paths.nextTools([S]);
    expect(Object.fromEntries(afterS.candidates.map((c) => [c.tool, c.weight]))).toEqual({ [G]: 1, [W]: 0 });
    // Incremental: a new world trace is read on the next sync, a trace id only once.
    await world.ingestTrace(trace(ok(S, { name: 'Bob' }, anna), ok(G, { contact_id: 'c7' }, anna)));
    tig.sync();
    expect(tig.paths.path([S, G])?.frequency).toBe(2);
    expect(tig.ingest(world.traces[0]!)).toBe(false);
  });

  it('a turn’s path is split at its inertial calls (they count through feedback)', async () => {
    const { world } = await handWorld([]);
    const s = inertiaSettings();
    const tig = new ToolInertiaGraph(
      () => world,
      () => s,
    );
    tig.sync();
    tig.ingest(
      trace(ok(S, { name: 'A' }, anna), ok(G, { contact_id: 'c7' }, anna), ok(M, mail, {}), ok(P, text, {})),
      new Set([1]),
    );
    // [S] | G inertial | [M, P]
    expect(tig.paths.paths().map((p) => p.tools.join(' > '))).toEqual([`${M} > ${P}`]);
    tig.feedback([S], G, true);
    tig.feedback([S], G, false);
    tig.feedback([S], G, true);
    expect(tig.paths.path([S, G])?.frequency).toBe(1);
    expect(tig.sequenceEdge(S, G).feedback).toBe(1);
  });

  it('reads tool nodes, sequence edges and parameter dependencies from the Tool World', async () => {
    const { world } = await handWorld([
      trace(ok(S, { name: 'Anna' }, anna), ok(G, { contact_id: 'c7' }, anna)),
      trace(
        ok(
          'mail_search',
          { query: 'invoice' },
          { messages: [{ message_id: 'm1' }, { message_id: 'm2' }], count: 2 },
        ),
        ok('mail_read', { message_id: 'm1' }, { from_email: 'x@y.z', subject: 'Invoice', body: 'Pay' }),
      ),
    ]);
    const s = inertiaSettings();
    const tig = new ToolInertiaGraph(
      () => world,
      () => s,
    );
    tig.sync();
    const node = tig.toolNode(G)!;
    expect(node.nSucc).toBe(1);
    expect(node.inputs.map((p) => p.field)).toEqual(['contact_id']);
    expect(node.outputs.map((p) => p.field)).toEqual(['name', 'email', 'phone', 'address']);
    // The world's "called next" edge, not a second copy.
    expect(tig.sequenceEdge(S, G)).toMatchObject({ count: 1, feedback: 0, weight: 1 });
    // ParamEdges per tool field, from the value flows the world's observeTrace finds.
    expect(tig.paramSources(G, 'contact_id')).toEqual([
      { kind: 'edge', tool: S, direction: 'out', field: 'contact_id', count: 1 },
    ]);
    expect(tig.paramSources('mail_read', 'message_id')).toEqual([
      { kind: 'edge', tool: 'mail_search', direction: 'out', field: 'messages', count: 1 },
    ]);
    // Generalized to standardized parameters: the input's own node, then the world's param→param flows.
    s.generalizeParams = true;
    const read = tig.toolNode('mail_read')!.inputs[0]!.node!;
    const messages = tig.toolNode('mail_search')!.outputs.find((p) => p.field === 'messages')!.node!;
    expect(tig.paramSources('mail_read', 'message_id').slice(1)).toEqual([
      { kind: 'node', node: read, count: Infinity, identity: true },
      { kind: 'node', node: messages, count: 1, identity: false },
    ]);
  });

  it('rebuilds from the new world’s traces when the world is replaced', async () => {
    const a = await handWorld([trace(ok(S, { name: 'A' }, anna), ok(G, { contact_id: 'c7' }, anna))]);
    const b = await handWorld([trace(ok(S, { name: 'A' }, anna), ok(M, mail, {}))]);
    let world = a.world;
    const s = inertiaSettings();
    const tig = new ToolInertiaGraph(
      () => world,
      () => s,
    );
    tig.sync();
    expect(tig.paths.path([S, G])?.frequency).toBe(1);
    world = b.world;
    tig.sync();
    expect(tig.paths.path([S, G])).toBeUndefined();
    expect(tig.paths.path([S, M])?.frequency).toBe(1);
  });
});

const mail = { to_email: 'anna@example.com', subject: 'Hi', body: 'Hello' };
const text = { phone: '+44 20 7946 0001', text: 'Running late' };
