import type { StylesheetJson } from 'cytoscape';

/** Classes the replay of a turn sets (GraphView removes them all before drawing the next frame). */
export const PLAYBACK_CLASSES = 'dim ab-kept ab-alpha ab-beta ab-out ab-current called detour weight-flash';

/** API nodes are boxes, parameter nodes dots; structural edges solid, behavioural dashed; width = weight. */
export const GRAPH_STYLE: StylesheetJson = [
  {
    selector: 'node',
    style: {
      label: 'data(label)',
      'font-size': 9,
      color: '#1f2933',
      'text-valign': 'bottom',
      'text-margin-y': 3,
      // Labels too small to read when zoomed out are not drawn at all (they overlapped from ~64 nodes);
      // long names are shortened in the data (GraphView), since cytoscape's own ellipsis measures every
      // label and slowed the first frame of large views.
      'min-zoomed-font-size': 5,
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.7,
      'text-background-padding': '1px',
    },
  },
  {
    selector: 'node[kind = "api"]',
    style: {
      shape: 'round-rectangle',
      'background-color': '#2f6fdb',
      width: 26,
      height: 18,
      'font-size': 11,
      'min-zoomed-font-size': 5,
    },
  },
  {
    selector: 'node[kind = "param"]',
    style: {
      shape: 'ellipse',
      'background-color': '#f08c2e',
      width: 11,
      height: 11,
      'font-size': 7,
      color: '#7a4a12',
    },
  },
  { selector: 'node[?inactive]', style: { opacity: 0.3 } },
  // Parameter labels only once zoomed in enough to read them.
  { selector: 'node[kind = "param"]', style: { 'min-zoomed-font-size': 8 } },
  { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#111' } },
  {
    selector: 'edge',
    style: {
      width: 'mapData(weight, 0, 1, 0.6, 7)',
      'curve-style': 'bezier',
      'target-arrow-shape': 'triangle',
      'arrow-scale': 0.6,
      opacity: 0.75,
    },
  },
  {
    selector: 'edge[kind = "structural"]',
    style: { 'line-color': '#9aa5b1', 'target-arrow-color': '#9aa5b1', 'line-style': 'solid' },
  },
  {
    selector: 'edge[kind = "behavioural"]',
    style: { 'line-color': '#2a9d5c', 'target-arrow-color': '#2a9d5c', 'line-style': 'dashed' },
  },
  { selector: '.faded', style: { opacity: 0.12 } },
  {
    selector: 'node.in-plan',
    style: { 'border-width': 3, 'border-color': '#5f3dc4', 'background-color': '#5f3dc4' },
  },
  { selector: 'node.in-subgraph', style: { 'border-width': 2, 'border-color': '#5f3dc4' } },
  { selector: 'node.calling', style: { 'border-width': 5, 'border-color': '#f7b500' } },
  // The replay of a turn (issue 19): Alpha-Beta's decisions, the chain in order, calls, detours.
  { selector: '.dim', style: { opacity: 0.35 } },
  { selector: 'node.ab-kept', style: { 'border-width': 3, 'border-color': '#2a9d5c', opacity: 1 } },
  {
    selector: 'node.ab-alpha',
    style: {
      'background-color': '#c4ccd4',
      'border-width': 3,
      'border-style': 'dotted',
      'border-color': '#8a5a00',
      opacity: 1,
    },
  },
  {
    selector: 'node.ab-beta',
    style: {
      'background-color': '#c4ccd4',
      'border-width': 3,
      'border-style': 'double',
      'border-color': '#6b3fa0',
      opacity: 1,
    },
  },
  { selector: 'node.ab-out', style: { 'background-color': '#dde3e8', opacity: 0.6 } },
  {
    selector: 'node.ab-current',
    style: { 'overlay-color': '#f7b500', 'overlay-opacity': 0.35, 'overlay-padding': 6 },
  },
  // What the turn is about is always labelled, and larger, whatever the zoom.
  {
    selector: 'node.ordered, node.failed, node.detour, node.ab-current, node:selected',
    style: { 'min-zoomed-font-size': 0, 'font-size': 14, 'z-index': 10 },
  },
  {
    selector: 'node.ordered',
    style: { label: 'data(olabel)', 'font-weight': 'bold' },
  },
  { selector: 'node.called', style: { 'border-width': 4, 'border-color': '#2a9d5c' } },
  {
    selector: 'node.detour',
    style: {
      'border-width': 4,
      'border-style': 'dashed',
      'border-color': '#0b7285',
      'background-color': '#0b7285',
    },
  },
  {
    selector: 'edge.detour-edge',
    style: {
      'line-color': '#0b7285',
      'target-arrow-color': '#0b7285',
      'line-style': 'dashed',
      width: 3,
      opacity: 1,
      'font-size': 9,
      color: '#0b7285',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
      'curve-style': 'unbundled-bezier',
    },
  },
  // Only a detour's first hop carries its label: mapping `data(label)` onto the others made cytoscape warn on
  // every redraw of a detour (second QA pass).
  { selector: 'edge.detour-edge[label]', style: { label: 'data(label)' } },
  {
    selector: 'edge.weight-changed',
    style: {
      'line-color': '#f7b500',
      'target-arrow-color': '#f7b500',
      opacity: 1,
      label: 'data(delta)',
      'font-size': 8,
      color: '#8a5a00',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
    },
  },
  // Last, so a failed call is red whatever else the node is (in the plan, kept by the search).
  {
    selector: 'node.failed',
    style: {
      'border-width': 5,
      'border-style': 'solid',
      'border-color': '#7a0916',
      'background-color': '#e03131',
      color: '#b42318',
      'font-weight': 'bold',
    },
  },
];

/** Above this many drawn nodes the view switches to the lighter style below. */
export const LARGE_VIEW = 800;

/**
 * For large views: straight edges without arrows (haystack) and labels without a background, so the
 * first frame of a 4,000-node focus view is drawn in a fraction of the time bezier edges took.
 */
export const GRAPH_STYLE_LARGE: StylesheetJson = [
  ...GRAPH_STYLE,
  { selector: 'edge', style: { 'curve-style': 'haystack', 'haystack-radius': 0, opacity: 0.5 } },
  { selector: 'node', style: { 'text-background-opacity': 0 } },
];

export const styleFor = (drawnNodes: number): StylesheetJson =>
  drawnNodes > LARGE_VIEW ? GRAPH_STYLE_LARGE : GRAPH_STYLE;
