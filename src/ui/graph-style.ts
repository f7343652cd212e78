import type { StylesheetJson } from 'cytoscape';

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
    },
  },
  {
    selector: 'node[kind = "api"]',
    style: { shape: 'round-rectangle', 'background-color': '#2f6fdb', width: 26, height: 18 },
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
    style: { 'border-width': 3, 'border-color': '#d62839', 'background-color': '#d62839' },
  },
  { selector: 'node.in-subgraph', style: { 'border-width': 2, 'border-color': '#d62839' } },
  { selector: 'node.calling', style: { 'border-width': 5, 'border-color': '#f7b500' } },
  {
    selector: 'node.failed',
    style: {
      'border-width': 5,
      'border-style': 'dashed',
      'border-color': '#1f2933',
      'background-color': '#7a0916',
    },
  },
];
