import { LexicalEmbedder } from '../../embed/lexical-embedder';
import type { Tool } from '../../tools/tool';
import { graphLayers, type EdgeLookup } from './layer-baselines';
import { elementEdges } from './element-match';
import { applyShiftRule, schemaEdges } from './shift-rule';

/**
 * Width of the lexical vectors the shipped predictor reads (query and tool documents), without IDF so the
 * app rebuilds the same vectors with no corpus (as the DTDR-L head does).
 */
export const LAYER_FEATURE_DIM = 256;

export const layerLexicalEmbedder = (): LexicalEmbedder =>
  new LexicalEmbedder({ dimension: LAYER_FEATURE_DIM });

/**
 * Set-level structure appended to each tool's document vector (beyond the paper, which feeds the text
 * alone and applies the schema rule afterwards): what the schema-shift rule and the Tool World's known
 * edges say about this tool *within this task's set*, which no per-tool text vector can carry.
 * [schema layer 0, 1, ≥ 2 (one-hot); consumes a schema match; feeds one;
 *  graph layer 0, 1, ≥ 2 (one-hot); has a known edge in the set; known edges in the set into it; out of it;
 *  consumes an element of another tool's array output (element-match.ts); feeds one].
 */
export const STRUCTURE_FEATURES = [
  'schema.layer0',
  'schema.layer1',
  'schema.layer2+',
  'schema.consumes',
  'schema.feeds',
  'graph.layer0',
  'graph.layer1',
  'graph.layer2+',
  'graph.connected',
  'graph.in',
  'graph.out',
  'element.consumes',
  'element.feeds',
] as const;

const oneHot3 = (v: number): number[] => [v === 0 ? 1 : 0, v === 1 ? 1 : 0, v >= 2 ? 1 : 0];

/** One row of STRUCTURE_FEATURES per tool; `hasEdge` absent = a world with no toolchain edges. */
export function structureFeatures(tools: readonly Tool[], hasEdge?: EdgeLookup): Float32Array[] {
  const schema = applyShiftRule(tools, new Array<number>(tools.length).fill(0));
  const sEdges = schemaEdges(tools);
  const eEdges = elementEdges(tools);
  const names = tools.map((t) => t.name);
  const lookup: EdgeLookup = hasEdge ?? (() => false);
  const graph = graphLayers(names, lookup);
  return tools.map((t, i) => {
    const into = names.filter((n, j) => j !== i && n !== t.name && lookup(n, t.name)).length;
    const out = names.filter((n, j) => j !== i && n !== t.name && lookup(t.name, n)).length;
    return Float32Array.from([
      ...oneHot3(schema[i] as number),
      sEdges.some(([, b]) => b === i) ? 1 : 0,
      sEdges.some(([a]) => a === i) ? 1 : 0,
      ...oneHot3(graph[i] as number),
      into + out > 0 ? 1 : 0,
      Math.min(into, 3) / 3,
      Math.min(out, 3) / 3,
      eEdges.some(([, b]) => b === i) ? 1 : 0,
      eEdges.some(([a]) => a === i) ? 1 : 0,
    ]);
  });
}

/**
 * Whether a model trained with `toolExtra` structure features can be fed the ones built here: 0 (the
 * paper's text-only input) or exactly STRUCTURE_FEATURES (a model from before a feature was added cannot).
 */
export const readsTheseFeatures = (toolExtra: number): boolean =>
  toolExtra === 0 || toolExtra === STRUCTURE_FEATURES.length;

/** A tool's model input: its document vector followed by its structure features. */
export function toolInput(doc: Float32Array, structure: Float32Array): Float32Array {
  const v = new Float32Array(doc.length + structure.length);
  v.set(doc);
  v.set(structure, doc.length);
  return v;
}
