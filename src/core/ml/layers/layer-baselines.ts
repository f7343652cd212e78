import type { LayerExample } from './layer-examples';

/** Whether the graph holds a toolchain edge producer → consumer. */
export type EdgeLookup = (producer: string, consumer: string) => boolean;

/**
 * Longest-path layers over the edges `hasEdge` knows among `toolNames`. A pair known in both directions
 * says nothing about which runs first, so neither edge counts; relaxation stops after |tools| rounds.
 */
export function graphLayers(toolNames: readonly string[], hasEdge: EdgeLookup): number[] {
  const edges: Array<[number, number]> = [];
  toolNames.forEach((a, i) =>
    toolNames.forEach((b, j) => {
      if (i !== j && a !== b && hasEdge(a, b) && !hasEdge(b, a)) edges.push([i, j]);
    }),
  );
  const layer = toolNames.map(() => 0);
  for (let round = 0; round < toolNames.length; round++) {
    let changed = false;
    for (const [a, b] of edges)
      if ((layer[b] as number) < (layer[a] as number) + 1) {
        layer[b] = (layer[a] as number) + 1;
        changed = true;
      }
    if (!changed) break;
  }
  return layer;
}

/**
 * The graph-depth baseline: the toolchain edges a Tool World learns from the train traces (a producer →
 * consumer edge whenever one call read another's output), and for a task's tools the longest path over the
 * edges among them (`graphLayers`). A tool the traces never connected sits in layer 0 — the cold-start case
 * the learned predictor is for.
 */
export class TraceGraphDepth {
  private readonly count = new Map<string, number>();

  constructor(train: readonly LayerExample[]) {
    for (const ex of train)
      for (const key of TraceGraphDepth.keys(ex)) this.count.set(key, (this.count.get(key) ?? 0) + 1);
  }

  private static keys(ex: LayerExample): Set<string> {
    return new Set(ex.edges.map(([a, b]) => `${ex.tools[a]!.name}\u0000${ex.tools[b]!.name}`));
  }

  /**
   * Edge lookup; `without` leaves one train task's own edges out (leave-one-out), so a training example
   * sees the graph the other traces built, as a test task does.
   */
  lookup(without?: LayerExample): EdgeLookup {
    const own = without ? TraceGraphDepth.keys(without) : new Set<string>();
    return (a, b) => {
      const key = `${a}\u0000${b}`;
      return (this.count.get(key) ?? 0) - (own.has(key) ? 1 : 0) > 0;
    };
  }

  layers(toolNames: readonly string[]): number[] {
    return graphLayers(toolNames, this.lookup());
  }
}

export const allInOneLayer = (n: number): number[] => new Array<number>(n).fill(0);
