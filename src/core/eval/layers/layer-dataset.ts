import type { Embedder } from '../../embed/embedder';
import type { EvalDataset } from '../dataset';
import { isValidationTask, toolDocument, type LayerExample } from '../../ml/layers/layer-examples';
import { layerExample } from './layer-example-of-task';
import type { EncodedLayerTask } from '../../ml/layers/train-layers';
import type { EdgeLookup } from '../../ml/layers/layer-baselines';
import { structureFeatures, toolInput } from '../../ml/layers/layer-features';

/**
 * A dataset's tasks as layer examples: train plans split by task id into train and validation (≈ 10 %),
 * and the test split's tasks with at least two distinct tools (a single tool has no order to get wrong).
 */
export interface LayerDataset {
  name: string;
  train: LayerExample[];
  validation: LayerExample[];
  test: LayerExample[];
  /** Tools used by some train plan: a test task with a tool outside it is a cold-start task. */
  trainTools: Set<string>;
}

export function layerDataset(ds: EvalDataset): LayerDataset {
  const catalogue = new Map(ds.tools.map((t) => [t.name, t]));
  const fromTrain = ds.train.filter((t) => t.plan.length > 0).map((t) => layerExample(t, catalogue));
  const train = fromTrain.filter((e) => !isValidationTask(e.id));
  const validation = fromTrain.filter((e) => isValidationTask(e.id));
  const test = ds.test
    .filter((t) => t.plan.length > 0)
    .map((t) => layerExample(t, catalogue))
    .filter((e) => e.tools.length >= 2);
  const trainTools = new Set(fromTrain.flatMap((e) => e.tools.map((t) => t.name)));
  return { name: ds.name, train, validation, test, trainTools };
}

export const isColdStart = (ex: LayerExample, trainTools: ReadonlySet<string>): boolean =>
  ex.tools.some((t) => !trainTools.has(t.name));

/**
 * Embeds each example's query and tool documents with the active embedder (memoised per text) and appends
 * each tool's structure features; `edgesFor` gives the Tool World edges an example may see (for a train
 * example, the graph without its own trace), absent = no known edges.
 */
export async function encodeLayerTasks(
  examples: readonly LayerExample[],
  embedder: Embedder,
  options: { structure: boolean; edgesFor?: (ex: LayerExample) => EdgeLookup },
): Promise<EncodedLayerTask[]> {
  const texts = new Map<string, number>();
  const all: string[] = [];
  const idOf = (s: string): number => {
    let i = texts.get(s);
    if (i === undefined) {
      i = all.length;
      texts.set(s, i);
      all.push(s);
    }
    return i;
  };
  const ids = examples.map((e) => ({ q: idOf(e.query), t: e.tools.map((t) => idOf(toolDocument(t))) }));
  const vectors = await embedder.embed(all);
  return examples.map((e, k) => {
    const structure = options.structure ? structureFeatures(e.tools, options.edgesFor?.(e)) : [];
    return {
      query: vectors[ids[k]!.q] as Float32Array,
      tools: ids[k]!.t.map((i, j) => {
        const doc = vectors[i] as Float32Array;
        return options.structure ? toolInput(doc, structure[j] as Float32Array) : doc;
      }),
      layers: e.layers,
      edges: e.edges,
    };
  });
}
