import { describe, expect, it } from 'vitest';
import { DeltaRecorder, ToolGraph } from '../core/graph/tool-graph';
import { visibleSubgraph } from './visible-subgraph';

/** A chain a0 → a1 → … → a9 of API nodes. */
function chain(n: number): ToolGraph {
  const g = new ToolGraph();
  const rec = new DeltaRecorder();
  for (let i = 0; i < n; i++) g.ensureNode(`api:a${i}`, 'api', `a${i}`, 0, rec);
  for (let i = 0; i + 1 < n; i++) g.ensureEdge(`api:a${i}`, `api:a${i + 1}`, 0, rec);
  return g;
}

describe('visible subgraph', () => {
  it('draws a small graph whole', () => {
    const v = visibleSubgraph(chain(10), null, 20);
    expect(v.filtered).toBe(false);
    expect(v.nodes).toHaveLength(10);
    expect(v.edges).toHaveLength(9);
  });

  it('shows the 2-hop neighbourhood of the focused node of a large graph', () => {
    const v = visibleSubgraph(chain(10), 'api:a5', 8, 2);
    expect(v.filtered).toBe(true);
    expect(v.nodes.map((n) => n.id).sort()).toEqual(['api:a3', 'api:a4', 'api:a5', 'api:a6', 'api:a7']);
    expect(v.edges).toHaveLength(4);
  });

  it('always draws the included nodes of a searched subgraph', () => {
    const v = visibleSubgraph(chain(50), 'api:a5', 8, 1, ['api:a40', 'api:a41']);
    const ids = v.nodes.map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(['api:a40', 'api:a41', 'api:a5', 'api:a4', 'api:a6']));
    expect(v.edges.map((e) => e.id)).toContain('api:a40|api:a41');
  });

  it('never draws more than the cap', () => {
    expect(visibleSubgraph(chain(50), null, 12, 5).nodes.length).toBeLessThanOrEqual(12);
  });
});

describe('focus view of a large graph', () => {
  it('grows around the nodes the agent touches when nothing is selected', () => {
    const v = visibleSubgraph(chain(50), null, 10, 1, ['api:a20']);
    expect(v.nodes.map((n) => n.id).sort()).toEqual(['api:a19', 'api:a20', 'api:a21']);
    const wider = visibleSubgraph(chain(50), null, 10, 3, ['api:a20']);
    expect(wider.nodes).toHaveLength(7);
  });
});
