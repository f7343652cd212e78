import type { Embedder } from '../embed/embedder';
import type { ToolWorld } from '../world/world';
import type { EmbeddingCache } from './embedding-cache';
import { buildInput, featureTexts, type FeatureSpec } from './features';
import type { ModelSource } from './model-status';
import { END_OF_PLAN, type RetrievalQuery, type RetrievalTask, type ScoredTool } from './retriever';

/**
 * A trained DTDR-L head run outside TypeScript (the worker runs the shipped ONNX file with
 * onnxruntime-web). It brings the embedder and input layout it was trained with, from its manifest.
 */
export interface ScoringHead {
  /** Repo-relative name shown to the user, e.g. `models/dtdr-l-demo.onnx`. */
  readonly file: string;
  /** e.g. `onnxruntime-web wasm`. */
  readonly runtime: string;
  /** Output names in row order, END_OF_PLAN included. */
  readonly labels: readonly string[];
  readonly tau: number;
  readonly spec: FeatureSpec;
  readonly embedder: Embedder;
  /** σ(W·x + b) for each input row, in `labels` order. */
  score(inputs: Float32Array[]): Promise<Float32Array[]>;
}

/** The tools a retriever may rank in this world: its catalogue minus pruned tools. */
export function activeToolNames(world: ToolWorld): string[] {
  return world.catalogue
    .tools()
    .filter((t) => world.graph.node(`api:${t.name}`)?.active ?? true)
    .map((t) => t.name);
}

const list = (names: string[]) => names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
const tools = (n: number) => `${n} tool${n === 1 ? '' : 's'}`;

/**
 * Why a shipped head cannot rank for this world and embedder, or null when it can. A head ranks only its
 * labels, so it must know the world's tools exactly: its labels must be tools of the world, every active
 * tool of the world must be one of its labels (a catalogue import or a trace that brings a tool makes it
 * unfit: it could never rank the new tool), and every tool the world's traces use must be a label. It
 * brings its own embedder, but the user's embedder choice decides.
 */
export function shippedHeadMismatch(
  head: Pick<ScoringHead, 'file' | 'labels' | 'embedder'>,
  world: ToolWorld,
  tasks: readonly RetrievalTask[],
  embedderId: string,
): string | null {
  if (head.embedder.id !== embedderId)
    return `${head.file} reads ${head.embedder.id} vectors and retrieval now runs on ${embedderId}.`;
  const labels = new Set(head.labels);
  const unknown = head.labels.filter((l) => l !== END_OF_PLAN && !world.catalogue.has(l));
  if (unknown.length > 0)
    return `${head.file} was trained for other tools: ${unknown.length} of its labels are not tools of this world (${list(unknown)}).`;
  const unlabelled = activeToolNames(world)
    .filter((t) => !labels.has(t))
    .sort();
  if (unlabelled.length > 0)
    return `this world has ${tools(unlabelled.length)} ${head.file} was not trained on and could never rank (${list(unlabelled)}).`;
  const unranked = [...new Set(tasks.flatMap((t) => t.tools))].filter((t) => !labels.has(t)).sort();
  if (unranked.length > 0)
    return `this world's traces use ${tools(unranked.length)} ${head.file} cannot rank (${list(unranked)}).`;
  return null;
}

export function headSource(head: ScoringHead): ModelSource {
  return {
    kind: 'shipped',
    file: head.file,
    runtime: head.runtime,
    labels: head.labels.length,
    tau: head.tau,
  };
}

/** Ranks with a shipped head: the input built exactly as its manifest says, scored by its runtime. */
export async function rankWithHead(
  head: ScoringHead,
  cache: EmbeddingCache,
  q: RetrievalQuery,
): Promise<{ ranked: ScoredTool[]; rankMs: number }> {
  await cache.warm(featureTexts(head.spec, q));
  const x = buildInput(head.spec, q, cache);
  const t0 = performance.now();
  const [p] = await head.score([x]);
  const rankMs = performance.now() - t0;
  if (!p || p.length !== head.labels.length)
    throw new Error(`${head.file} returned ${p?.length ?? 0} scores for ${head.labels.length} labels`);
  const after = q.history.length === 0 ? 'at the start' : `after ${q.history[q.history.length - 1]}`;
  const ranked = head.labels
    .map((tool, i) => ({ tool, score: p[i] as number }))
    .sort((a, b) => b.score - a.score || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0))
    .map((s) => ({ ...s, why: `DTDR-L (ONNX) p=${s.score.toFixed(2)} ${after}` }));
  return { ranked, rankMs };
}
