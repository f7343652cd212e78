import type { Core, LayoutOptions, NodeSingular, Position } from 'cytoscape';

/**
 * Layouts for the graph view, chosen to stay under ~200 ms (issue 19; BENCHMARKS "graph layout").
 * Force-directed (cose) reads best but is quadratic: 41 s at 2k nodes (docs/facts.md), so it only lays
 * out small views. Larger views are rings by hop distance from the focus (the chain, the selected node),
 * computed here: near-linear, and the rings say "how far from what the agent is doing".
 */
export const FORCE_LAYOUT_LIMIT = 80;

/** Positions kept across redraws, by node id, so an import or a new trace never moves existing nodes. */
export type PositionCache = Map<string, Position>;

/** When more than this share of the drawn nodes is new, the whole view is laid out again. */
const RELAYOUT_SHARE = 0.5;

export interface LayoutOutcome {
  /** 'full': every node placed by a layout; 'incremental': only new nodes placed; 'none': nothing new. */
  mode: 'full' | 'incremental' | 'none';
  layout: string;
  ms: number;
}

/**
 * Places the drawn nodes: cached positions stay; new nodes go next to their placed neighbours. Only a
 * view that is mostly new (the first draw, a new focus) is laid out whole, with `focus` in the middle.
 */
export function placeNodes(
  cy: Core,
  cache: PositionCache,
  focus: readonly string[],
  /** Lay out the whole view around `focus` (a focus view whose focus changed). */
  force = false,
): LayoutOutcome {
  const t0 = performance.now();
  const nodes = cy.nodes();
  const fresh = force ? nodes : nodes.filter((n) => !cache.has(n.id()));
  if (fresh.length === 0) {
    cy.batch(() => nodes.forEach((n) => void n.position({ ...cache.get(n.id())! })));
    return { mode: 'none', layout: 'preset', ms: performance.now() - t0 };
  }
  if (force || fresh.length > RELAYOUT_SHARE * nodes.length) {
    const options = layoutFor(cy, focus);
    // cose starts from the rings instead of from nothing, so a few hundred iterations settle it.
    if (options.name === 'cose') {
      const start = radialPositions(cy, focus);
      cy.batch(() => nodes.forEach((n) => void n.position({ ...start.get(n.id())! })));
    }
    cy.layout(options).run();
    nodes.forEach((n) => void cache.set(n.id(), { ...n.position() }));
    return { mode: 'full', layout: options.name, ms: performance.now() - t0 };
  }
  cy.batch(() => {
    nodes.forEach((n) => {
      const p = cache.get(n.id());
      if (p) n.position({ ...p });
    });
    placeNearNeighbours(cy, fresh.toArray() as NodeSingular[], cache);
  });
  return { mode: 'incremental', layout: 'neighbours', ms: performance.now() - t0 };
}

/** The layout for a whole view of this size. */
export function layoutFor(cy: Core, focus: readonly string[]): LayoutOptions {
  const n = cy.nodes().length;
  if (n <= FORCE_LAYOUT_LIMIT) {
    return {
      name: 'cose',
      animate: false,
      randomize: false,
      // Labels count as part of a node, so they do not overlap (64 nodes overlapped with the defaults).
      nodeDimensionsIncludeLabels: true,
      nodeRepulsion: () => 8_000,
      idealEdgeLength: () => 50,
      nodeOverlap: 12,
      numIter: 250,
      padding: 20,
    } as LayoutOptions;
  }
  // Positions computed here and handed over as a preset: cytoscape's own concentric measures every
  // node's label box and took 0.6 s at 500 nodes and 3.3 s at 4,000 in Chromium (bench:layout).
  const positions = radialPositions(cy, focus);
  return {
    name: 'preset',
    positions: (node: NodeSingular) => positions.get(node.id()) ?? { x: 0, y: 0 },
    animate: false,
    fit: false,
  } as LayoutOptions;
}

/** Ring spacing and the room each node gets on its ring (model units). */
const RING_GAP = 90;
const NODE_ROOM = 34;

/**
 * A radial layout in O(E log V): the focus in the middle, each hop a ring further out, nodes nothing
 * reaches on an outer ring. On each ring nodes are ordered by the mean angle of their neighbours on the
 * ring inside (a barycentre sweep), so edges between rings mostly run outwards instead of across.
 */
export function radialPositions(cy: Core, focus: readonly string[]): Map<string, Position> {
  const ids = cy.nodes().map((n) => n.id());
  const adj = new Map<string, string[]>(ids.map((id) => [id, []]));
  cy.edges().forEach((e) => {
    const a = e.data('source') as string;
    const b = e.data('target') as string;
    adj.get(a)?.push(b);
    adj.get(b)?.push(a);
  });
  let roots = focus.filter((id) => adj.has(id));
  if (roots.length === 0) {
    const apis = cy.nodes('[kind = "api"]').map((n) => n.id());
    roots = (apis.length > 0 ? apis : ids)
      .sort((a, b) => adj.get(b)!.length - adj.get(a)!.length || (a < b ? -1 : 1))
      .slice(0, 5);
  }
  const level = new Map<string, number>(roots.map((id) => [id, 0]));
  const rings: string[][] = [roots];
  for (let d = 1; rings[d - 1]!.length > 0; d++) {
    const ring: string[] = [];
    for (const id of rings[d - 1]!)
      for (const m of adj.get(id)!)
        if (!level.has(m)) {
          level.set(m, d);
          ring.push(m);
        }
    rings.push(ring);
  }
  rings.pop();
  const unreached = ids.filter((id) => !level.has(id));
  if (unreached.length > 0) rings.push(unreached);

  const out = new Map<string, Position>();
  const angle = new Map<string, number>();
  let radius = 0;
  rings.forEach((ring, d) => {
    if (d > 0) {
      // Barycentre of the neighbours already placed; nodes without one keep their discovery order.
      const key = new Map<string, number>();
      ring.forEach((id, i) => {
        let sx = 0;
        let sy = 0;
        for (const m of adj.get(id)!) {
          const a = angle.get(m);
          if (a === undefined) continue;
          sx += Math.cos(a);
          sy += Math.sin(a);
        }
        key.set(id, sx === 0 && sy === 0 ? (2 * Math.PI * i) / ring.length : Math.atan2(sy, sx));
      });
      ring.sort((a, b) => key.get(a)! - key.get(b)!);
    }
    const needed = (ring.length * NODE_ROOM) / (2 * Math.PI);
    radius = d === 0 ? (ring.length === 1 ? 0 : Math.max(40, needed)) : Math.max(radius + RING_GAP, needed);
    ring.forEach((id, i) => {
      const a = (2 * Math.PI * i) / ring.length - Math.PI / 2;
      angle.set(id, a);
      out.set(id, { x: radius * Math.cos(a), y: radius * Math.sin(a) });
    });
  });
  return out;
}

/**
 * New nodes go at the mean of their placed neighbours, nudged around it so several do not stack; a node
 * with no placed neighbour goes on a ring just outside the drawing.
 */
function placeNearNeighbours(cy: Core, fresh: NodeSingular[], cache: PositionCache): void {
  const box = cy
    .nodes()
    .filter((n) => cache.has(n.id()))
    .boundingBox({});
  const cx = (box.x1 + box.x2) / 2;
  const cyy = (box.y1 + box.y2) / 2;
  const radius = Math.max(box.w, box.h) / 2 + 60;
  let lonely = 0;
  fresh.forEach((node, i) => {
    const placed = node.neighborhood('node').filter((m) => cache.has(m.id()));
    let p: Position;
    if (placed.length > 0) {
      let x = 0;
      let y = 0;
      placed.forEach((m) => {
        const q = cache.get(m.id())!;
        x += q.x;
        y += q.y;
      });
      const angle = i * 2.399963; // golden angle: successive nodes spread around the spot
      const r = 28 + 6 * (i % 5);
      p = { x: x / placed.length + r * Math.cos(angle), y: y / placed.length + r * Math.sin(angle) };
    } else {
      const angle = (lonely++ * 2 * Math.PI) / Math.max(8, fresh.length);
      p = { x: cx + radius * Math.cos(angle), y: cyy + radius * Math.sin(angle) };
    }
    node.position(p);
    cache.set(node.id(), { ...p });
  });
}

/**
 * Fits the view to the nodes' centres (plus a margin for their size), without cytoscape's `fit`, which
 * measures every label and edge curve: 3 s of a 4,000-node view's first frame in Chromium (bench:layout).
 */
export function fitNodes(cy: Core, padding = 30): void {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  cy.nodes().forEach((n) => {
    const p = n.position();
    if (p.x < x1) x1 = p.x;
    if (p.x > x2) x2 = p.x;
    if (p.y < y1) y1 = p.y;
    if (p.y > y2) y2 = p.y;
  });
  if (!Number.isFinite(x1)) return;
  const w = Math.max(cy.width() - 2 * padding, 1);
  const h = Math.max(cy.height() - 2 * padding, 1);
  const margin = 20;
  const zoom = Math.min(
    cy.maxZoom(),
    Math.max(cy.minZoom(), Math.min(w / (x2 - x1 + 2 * margin), h / (y2 - y1 + 2 * margin))),
  );
  cy.viewport({
    zoom,
    pan: { x: cy.width() / 2 - zoom * ((x1 + x2) / 2), y: cy.height() / 2 - zoom * ((y1 + y2) / 2) },
  });
}
