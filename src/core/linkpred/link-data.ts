import type { Embedder } from '../embed/embedder';
import { buildHgtGraph, type HgtGraphBuild, type HgtWorldView } from '../graph-tensors/graph-tensors';
import { toolIoVectors, type ToolIoVectors } from '../graph-tensors/io-fields';
import { LinkGraph } from '../graph-tensors/link-graph';

/** A world read once for link prediction: the full graph, node vectors, categories, tool I/O vectors. */
export interface LinkData {
  world: HgtWorldView;
  embedder: Embedder;
  full: HgtGraphBuild;
  fullGraph: LinkGraph;
  /** Node id → text vector, so held-out variants of the graph are not re-embedded. */
  vectors: ReadonlyMap<string, Float32Array>;
  /** Dataset category per API row (undefined for param rows and tools without one). */
  categories: (string | undefined)[];
  io: ToolIoVectors[];
}

export async function prepareLinkData(world: HgtWorldView, embedder: Embedder): Promise<LinkData> {
  const tools = [...world.graph.nodes()]
    .filter((n) => n.active && n.kind === 'api')
    .map((n) => world.catalogue.get(n.tool ?? n.id.slice('api:'.length)));
  const io = await toolIoVectors(tools, embedder);
  const full = await buildHgtGraph(world, { embedder, io });
  return {
    world,
    embedder,
    full,
    fullGraph: new LinkGraph(full.tensors),
    vectors: new Map(full.tensors.nodeIds.map((id, i) => [id, full.embeddings[i]!])),
    categories: full.tensors.nodeIds.map((_, i) => tools[i]?.category.trim() || undefined),
    io,
  };
}
