import { DEMO_TOOLS } from '../demo/demo-tools';
import { demoTraces } from '../demo/demo-traces';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { featureSpec } from './features';
import { END_OF_PLAN } from './retriever';
import type { ScoringHead } from './shipped-head';

/** The built-in demo world: its 20 tools and `count` demonstration traces (the app's 48 by default). */
export async function demoWorld(count = 48): Promise<ToolWorld> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces(count, 7)) await world.ingestTrace(t);
  return world;
}

export const demoLabels = (): string[] => [...DEMO_TOOLS.map((t) => t.name), END_OF_PLAN];

/** A head with fixed preferences, standing in for the ONNX one: it always puts `top` first. */
export function fakeHead(
  labels: string[],
  top: string,
  embedder = new LexicalEmbedder({ dimension: 16 }),
): ScoringHead {
  return {
    file: 'models/fake.onnx',
    runtime: 'test runtime',
    labels,
    tau: 0.5,
    spec: featureSpec('separate', embedder.dimension),
    embedder,
    score: async (inputs) => inputs.map(() => Float32Array.from(labels, (l) => (l === top ? 0.9 : 0.1))),
  };
}
