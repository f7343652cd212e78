import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { demoTraces } from '../demo/demo-traces';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { hgtAppSplit } from './hgt-app-split';

async function demoWorld(): Promise<ToolWorld> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces()) await world.ingestTrace(t);
  return world;
}

const pairIds = (ids: string[], p: { src: Int32Array; dst: Int32Array }) =>
  Array.from(p.src, (u, i) => `${ids[u]}>${ids[p.dst[i]!]}`);

describe('hgtAppSplit', () => {
  it('holds out behavioural links with as many non-links, disjoint sets, one node order', async () => {
    const s = await hgtAppSplit(await demoWorld());
    const ids = s.full.tensors.nodeIds;
    expect(s.input.tensors.nodeIds).toEqual(ids);
    const full = new Set(
      Array.from(s.full.tensors.edgeSrc, (u, i) => `${ids[u]}>${ids[s.full.tensors.edgeDst[i]!]}`),
    );
    const input = new Set(
      Array.from(s.input.tensors.edgeSrc, (u, i) => `${ids[u]}>${ids[s.input.tensors.edgeDst[i]!]}`),
    );
    for (const set of [s.selection, s.check]) {
      const pairs = pairIds(ids, set.pairs);
      const pos = pairs.filter((_, i) => set.labels[i] === 1);
      const neg = pairs.filter((_, i) => set.labels[i] === 0);
      expect(pos.length).toBeGreaterThan(0);
      expect(neg.length).toBe(pos.length);
      // Positives are real links removed from the input; negatives are not links at all.
      for (const p of pos) expect(full.has(p) && !input.has(p)).toBe(true);
      for (const n of neg) expect(full.has(n)).toBe(false);
    }
    const checkPos = pairIds(ids, s.check.pairs).filter((_, i) => s.check.labels[i] === 1);
    const selPos = pairIds(ids, s.selection.pairs).filter((_, i) => s.selection.labels[i] === 1);
    expect(checkPos.filter((p) => selPos.includes(p))).toEqual([]);
    expect(full.size - input.size).toBe(checkPos.length + selPos.length);
  });

  it('gives the same held-out links for a world rebuilt from its snapshot (another iteration order)', async () => {
    const world = await demoWorld();
    const rebuilt = await ToolWorld.fromSnapshot(world.snapshot(), new LexicalEmbedder());
    expect([...rebuilt.graph.nodes()].map((n) => n.id)).not.toEqual(
      [...world.graph.nodes()].map((n) => n.id),
    );
    const a = await hgtAppSplit(world);
    const b = await hgtAppSplit(rebuilt);
    for (const k of ['check', 'selection'] as const) {
      expect(pairIds(b.full.tensors.nodeIds, b[k].pairs)).toEqual(
        pairIds(a.full.tensors.nodeIds, a[k].pairs),
      );
      expect(b[k].labels).toEqual(a[k].labels);
    }
  });
});
