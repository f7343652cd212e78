import type { Embedder } from '../embed/embedder';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { splitWords } from '../embed/tokenize';
import { relationOf, type GraphEdge, type GraphNode } from '../graph/graph-types';
import type { ParamCluster } from '../graph/param-standardizer';
import type { ToolGraph } from '../graph/tool-graph';
import { edgeWeight, successRatio } from '../graph/weights';
import { toolIoVectors } from './io-fields';
import { fieldDescription, inputNames, type Tool } from '../tools/tool';
import { relationIndex, type HgtGraphTensors, type HgtToolIo } from './tensor-spec';
import { HgtShapeError } from './hgt-shape-error';

/** What the builder reads from a Tool World; `ToolWorld` satisfies it as it is. */
export interface HgtWorldView {
  graph: ToolGraph;
  catalogue: { get(name: string): Tool | undefined };
  standardizer: { cluster(id: number): ParamCluster | undefined };
}

export interface BuildHgtGraphOptions {
  /**
   * Turns node texts into the description part of eq. 13. Default: a lexical embedder of dimension 256 with
   * no IDF fit, so a node's features are a pure function of its text and the app can rebuild them anywhere.
   */
  embedder?: Embedder;
  /** Text vectors already computed for this embedder, by node id (reused, not re-embedded). */
  embeddings?: ReadonlyMap<string, Float32Array>;
  /** Edge ids (`<source>|<target>`) left out of the graph: held-out links the model must predict. */
  excludeEdges?: ReadonlySet<string>;
  /**
   * Node ids whose statistics are hidden (cold start): they read as never invoked (n_succ = 0, r_succ = 0),
   * and every edge touching them gets weight 0. Degrees count the edges that remain.
   */
  hiddenNodes?: ReadonlySet<string>;
  /** The statistical weight put in `edgeW`, clipped to [0, 1]. Default `edgeWeight` (eq. 12 else eq. 4). */
  weight?: (graph: ToolGraph, edge: GraphEdge) => number;
  /**
   * Input/output field vectors per API row, carried in `tensors.io` for the pair features (io similarity).
   * Default: embedded here with `embedder`; pass vectors already computed (same embedder, model order) to
   * reuse them, or `false` to leave them out.
   */
  io?: readonly HgtToolIo[] | false;
}

export interface HgtGraphBuild {
  tensors: HgtGraphTensors;
  /** Node id → row in `tensors.nodeIds` (API rows first, then parameter rows). */
  indexOf: Map<string, number>;
  /** The unit-length text vector of every node, in model order (the first block of its features). */
  embeddings: Float32Array[];
  /** The text each node was embedded from, in model order. */
  texts: string[];
}

/** At most this many distinct member descriptions describe a parameter node; more only dilute its vector. */
const MAX_PARAM_DESCRIPTIONS = 6;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** API node text: tool name words, description, and its input parameter names (what it needs). */
export function apiNodeText(tool: Tool | undefined, label: string): string {
  if (!tool) return splitWords(label).join(' ');
  const inputs = inputNames(tool).flatMap(splitWords);
  return `${splitWords(tool.name).join(' ')}: ${tool.description}${inputs.length ? ` (${inputs.join(' ')})` : ''}`;
}

/** Parameter node text: its standardized name, then the distinct descriptions of its members. */
export function paramNodeText(cluster: ParamCluster | undefined, label: string, world: HgtWorldView): string {
  const name = splitWords(cluster?.name ?? label).join(' ');
  const descriptions = new Set<string>();
  for (const m of cluster?.members ?? []) {
    if (descriptions.size >= MAX_PARAM_DESCRIPTIONS) break;
    const tool = world.catalogue.get(m.tool);
    const d = tool ? fieldDescription(tool, m.direction, m.field).trim() : '';
    if (d) descriptions.add(d);
  }
  return descriptions.size ? `${name}: ${[...descriptions].join('; ')}` : name;
}

export function nodeText(node: GraphNode, world: HgtWorldView): string {
  if (node.kind === 'api') return apiNodeText(world.catalogue.get(node.tool ?? node.label), node.label);
  const cluster = node.clusterId === undefined ? undefined : world.standardizer.cluster(node.clusterId);
  return paramNodeText(cluster, node.label, world);
}

/**
 * Turns a Tool World graph into the tensors the HGT reads (hgt-spec.ts), node features by NaviAgent eq. 13:
 * h_v = emb(text_v) ⊕ σ(n_succ) ⊕ σ(r_succ) ⊕ σ(deg_in) ⊕ σ(deg_out).
 *
 * Eq. 13 applies σ to raw counts, but σ(3) ≈ 0.95 already: a node called 5 times and one called 500 times
 * would look the same. So the counts (n_succ, deg_in, deg_out) go through log1p first — σ(log1p(n)) runs from
 * 0.5 (never) to 0.9 at n = 8 and 0.99 at n = 100. r_succ is already a ratio in [0, 1] and takes σ as printed.
 *
 * Pruned (inactive) nodes and their edges are left out, as the search leaves them out. Every other node is
 * kept even when all its edges are excluded, so a graph and its held-out variants share one node order.
 */
export async function buildHgtGraph(
  world: HgtWorldView,
  options: BuildHgtGraphOptions = {},
): Promise<HgtGraphBuild> {
  const embedder = options.embedder ?? new LexicalEmbedder({ dimension: 256 });
  const excluded = options.excludeEdges ?? new Set<string>();
  const hidden = options.hiddenNodes ?? new Set<string>();
  const weightOf = options.weight ?? edgeWeight;
  const graph = world.graph;

  const active = [...graph.nodes()].filter((n) => n.active);
  const apis = active.filter((n) => n.kind === 'api');
  const params = active.filter((n) => n.kind === 'param');
  const nodes = [...apis, ...params];
  const indexOf = new Map(nodes.map((n, i) => [n.id, i]));

  const edges = [...graph.edges()].filter(
    (e) => !excluded.has(e.id) && indexOf.has(e.source) && indexOf.has(e.target),
  );
  const degIn = new Int32Array(nodes.length);
  const degOut = new Int32Array(nodes.length);
  const edgeSrc = new Int32Array(edges.length);
  const edgeDst = new Int32Array(edges.length);
  const edgeRel = new Int32Array(edges.length);
  const edgeW = new Float32Array(edges.length);
  edges.forEach((e, k) => {
    const s = indexOf.get(e.source)!;
    const d = indexOf.get(e.target)!;
    edgeSrc[k] = s;
    edgeDst[k] = d;
    // The relation from the node kinds, as the graph defines it (a stale `relation` field cannot mislead).
    edgeRel[k] = relationIndex(relationOf(nodes[s]!.kind, nodes[d]!.kind));
    // A hidden node was never invoked, so no edge into or out of it has been traversed: w̃ = 0.
    const w = hidden.has(e.source) || hidden.has(e.target) ? 0 : weightOf(graph, e);
    edgeW[k] = Math.min(1, Math.max(0, Number.isFinite(w) ? w : 0));
    degOut[s] = (degOut[s] as number) + 1;
    degIn[d] = (degIn[d] as number) + 1;
  });

  const texts = nodes.map((n) => nodeText(n, world));
  const embeddings = await embedAll(nodes, texts, embedder, options.embeddings);
  const io =
    options.io === false
      ? undefined
      : (options.io ??
        (await toolIoVectors(
          apis.map((n) => world.catalogue.get(n.tool ?? n.label)),
          embedder,
        )));
  const dim = embedder.dimension;
  const inputDim = dim + 4;
  const x = new Float32Array(nodes.length * inputDim);
  nodes.forEach((n, i) => {
    const row = i * inputDim;
    x.set(embeddings[i]!, row);
    const isHidden = hidden.has(n.id);
    x[row + dim] = sigmoid(Math.log1p(isHidden ? 0 : n.nSucc));
    x[row + dim + 1] = sigmoid(isHidden ? 0 : successRatio(n));
    x[row + dim + 2] = sigmoid(Math.log1p(degIn[i] as number));
    x[row + dim + 3] = sigmoid(Math.log1p(degOut[i] as number));
  });

  return {
    tensors: {
      nodeIds: nodes.map((n) => n.id),
      apiCount: apis.length,
      paramCount: params.length,
      inputDim,
      xApi: x.slice(0, apis.length * inputDim),
      xParam: x.slice(apis.length * inputDim),
      edgeSrc,
      edgeDst,
      edgeRel,
      edgeW,
      ...(io ? { io: [...io] } : {}),
    },
    indexOf,
    embeddings,
    texts,
  };
}

async function embedAll(
  nodes: GraphNode[],
  texts: string[],
  embedder: Embedder,
  known: ReadonlyMap<string, Float32Array> | undefined,
): Promise<Float32Array[]> {
  const missing = nodes.map((n, i) => (known?.has(n.id) ? -1 : i)).filter((i) => i >= 0);
  const fresh = missing.length ? await embedder.embed(missing.map((i) => texts[i]!)) : [];
  const out: Float32Array[] = nodes.map((n) => known?.get(n.id) ?? new Float32Array(0));
  missing.forEach((i, k) => (out[i] = fresh[k]!));
  out.forEach((v, i) => {
    if (v.length !== embedder.dimension)
      throw new HgtShapeError(
        `the embedding of node ${nodes[i]!.id} has ${v.length} values, the embedder ${embedder.id} gives ` +
          `${embedder.dimension}: pass vectors from the same embedder, or none`,
      );
  });
  return out;
}
