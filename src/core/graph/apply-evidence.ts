import type { GraphEdge, GraphNode } from './graph-types';
import type { TraceEvidence } from './observe-trace';
import type { ParamRef } from './param-standardizer';
import type { DeltaRecorder, ToolGraph } from './tool-graph';

/** Maps a tool or parameter to its graph node, creating it if needed (the world owns naming). */
export interface NodeResolver {
  api(tool: string): GraphNode;
  param(ref: ParamRef): GraphNode;
}

function count(
  target: { nSucc: number; nFail: number; lastUsedAt: number | null },
  ok: boolean,
  at: number,
): void {
  if (ok) target.nSucc += 1;
  else target.nFail += 1;
  target.lastUsedAt = target.lastUsedAt === null ? at : Math.max(target.lastUsedAt, at);
}

/**
 * Adds one trace's evidence to the graph's counts (the N terms of NaviAgent eq. 4) and records every
 * touched record. A node is counted once per call it takes part in; an edge once per call it leads into.
 */
export function applyEvidence(
  graph: ToolGraph,
  evidence: TraceEvidence,
  resolve: NodeResolver,
  now: number,
  rec: DeltaRecorder,
): void {
  const bumpEdge = (from: GraphNode, to: GraphNode, ok: boolean, at: number): GraphEdge | null => {
    if (from.id === to.id) return null;
    const e = graph.ensureEdge(from.id, to.id, now, rec);
    count(e, ok, at);
    rec.edge(e);
    return e;
  };
  for (const call of evidence.calls) {
    const api = resolve.api(call.tool);
    count(api, call.ok, call.at);
    rec.node(api);
    const touched = new Set<string>();
    for (const ref of call.inputs) {
      const p = resolve.param(ref);
      if (!touched.has(p.id)) {
        touched.add(p.id);
        count(p, call.ok, call.at);
        rec.node(p);
      }
      bumpEdge(p, api, call.ok, call.at);
    }
    for (const ref of call.outputs) {
      const p = resolve.param(ref);
      if (!touched.has(p.id)) {
        touched.add(p.id);
        count(p, true, call.at);
        rec.node(p);
      }
      bumpEdge(api, p, true, call.at);
    }
  }
  for (const f of evidence.apiFlows) bumpEdge(resolve.api(f.from), resolve.api(f.to), f.ok, f.at);
  for (const f of evidence.paramFlows) bumpEdge(resolve.param(f.from), resolve.param(f.to), f.ok, f.at);
}
