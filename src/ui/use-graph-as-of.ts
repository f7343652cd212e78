import { useEffect, useRef, useState } from 'react';
import type { ToolGraph } from '../core/graph/tool-graph';
import { TraceFold } from '../core/world/trace-fold';
import type { ToolWorld } from '../core/world/world';

export interface GraphAsOfState {
  /** The graph as of trace `k` (null when showing now); while a new k is computed, the previous one. */
  graph: ToolGraph | null;
  k: number | null;
  busy: boolean;
  error: string | null;
}

const NOW: GraphAsOfState = { graph: null, k: null, busy: false, error: null };

/**
 * The world's graph as of trace `asOf` (null: now), folded from the trace log (core/world/trace-fold.ts).
 * One fold per world object and trace count, so scrubbing forward only ingests the traces in between.
 */
export function useGraphAsOf(world: ToolWorld, worldVersion: number, asOf: number | null): GraphAsOfState {
  const fold = useRef<{ world: ToolWorld; traces: number; fold: TraceFold } | null>(null);
  const [result, setResult] = useState<{
    key: string;
    graph: ToolGraph | null;
    k: number | null;
    error: string | null;
  } | null>(null);
  const request = useRef(0);
  const showingNow = asOf === null || asOf >= world.traces.length;
  const key = `${asOf}/${world.traces.length}/${worldVersion}`;

  useEffect(() => {
    if (showingNow) return;
    const id = ++request.current;
    if (!fold.current || fold.current.world !== world || fold.current.traces !== world.traces.length)
      fold.current = { world, traces: world.traces.length, fold: new TraceFold(world) };
    fold.current.fold.at(asOf).then(
      (r) => {
        if (id === request.current) setResult({ key, graph: r.graph, k: r.k, error: null });
      },
      (e: unknown) => {
        if (id === request.current)
          setResult({ key, graph: null, k: null, error: e instanceof Error ? e.message : String(e) });
      },
    );
  }, [world, showingNow, asOf, key]);

  if (showingNow) return NOW;
  return {
    graph: result?.graph ?? null,
    k: result?.k ?? null,
    busy: result?.key !== key,
    error: result?.key === key ? result.error : null,
  };
}
