import { mulberry32 } from '../util/prng';
import { buildHgtGraph } from '../graph-tensors/graph-tensors';
import { coldStartNegatives, holdOutTools, type ColdStartOptions } from './cold-start';
import type { LinkData } from './link-data';
import { edgeIdOf, LinkGraph, type LinkPair } from '../graph-tensors/link-graph';
import type { LabelledPairs, LinkTrainingInput } from './link-method';
import { randomNegatives, reversedNegatives, similarNegatives } from './negatives';
import { holdOutEdges, type EdgeSplitOptions } from './split';
import { TooFewLinksError } from './too-few-links-error';

/** One evaluation setting: what the methods learn from, and the test pairs they are scored on. */
export interface LinkSetting {
  kind: 'edges' | 'coldStart';
  input: Omit<LinkTrainingInput, 'seed' | 'log'>;
  positives: LinkPair[];
  /** Random non-edges of the same relation (edges), or non-edges touching the same held-out tools (cold). */
  negatives: LinkPair[];
  /** Hard negatives of the test positives: the reversed pair, and a look-alike target. */
  reversed?: LinkPair[];
  similar?: LinkPair[];
}

export function labelled(positives: readonly LinkPair[], negatives: readonly LinkPair[]): LabelledPairs {
  const labels = new Uint8Array(positives.length + negatives.length);
  labels.fill(1, 0, positives.length);
  return { pairs: [...positives, ...negatives], labels };
}

async function inputOf(data: LinkData, removed: readonly LinkPair[], hidden: readonly number[] = []) {
  const ids = data.full.tensors.nodeIds;
  const build = await buildHgtGraph(data.world, {
    embedder: data.embedder,
    embeddings: data.vectors,
    excludeEdges: new Set(removed.map((p) => edgeIdOf(ids, p))),
    hiddenNodes: new Set(hidden.map((i) => ids[i]!)),
    io: data.io,
  });
  return { build, graph: new LinkGraph(build.tensors), io: data.io, categories: data.categories };
}

/**
 * Held-out edges: a seeded share of the behavioural edges leaves the graph (test and validation positives),
 * each paired with one random non-edge of the same relation; reversed and look-alike hard negatives are
 * drawn for the test positives.
 */
export async function edgeSetting(
  data: LinkData,
  options: EdgeSplitOptions & { seed: number },
): Promise<LinkSetting> {
  const split = holdOutEdges(data.fullGraph, options);
  const full = data.fullGraph;
  const negatives = randomNegatives(full, split.test, mulberry32(options.seed + 11));
  const valNegatives = randomNegatives(full, split.validation, mulberry32(options.seed + 12));
  const input = await inputOf(data, [...split.test, ...split.validation]);
  return evaluable({
    kind: 'edges',
    input: { ...input, validation: labelled(split.validation, valNegatives) },
    positives: split.test,
    negatives,
    reversed: reversedNegatives(full, split.test),
    similar: similarNegatives(full, split.test, {
      embeddings: data.full.embeddings,
      categories: data.categories,
    }),
  });
}

/** Cold start: whole tools held out (all their behavioural edges removed, statistics hidden). */
export async function coldStartSetting(
  data: LinkData,
  options: ColdStartOptions & { seed: number },
): Promise<LinkSetting> {
  const split = holdOutTools(data.fullGraph, options);
  const full = data.fullGraph;
  const held = [...split.testTools, ...split.validationTools];
  const negatives = coldStartNegatives(
    full,
    split.test,
    new Set(split.testTools),
    mulberry32(options.seed + 21),
  );
  const valNegatives = coldStartNegatives(
    full,
    split.validation,
    new Set(split.validationTools),
    mulberry32(options.seed + 22),
  );
  const input = await inputOf(data, split.removed, held);
  return evaluable({
    kind: 'coldStart',
    input: { ...input, validation: labelled(split.validation, valNegatives) },
    positives: split.test,
    negatives,
    // Issue 16: a new tool's links must also come out the right way round and to the right twin.
    reversed: reversedNegatives(full, split.test),
    similar: similarNegatives(full, split.test, {
      embeddings: data.full.embeddings,
      categories: data.categories,
    }),
  });
}

/**
 * A setting the methods can be scored on: test links with a negative each, and a validation set with
 * both classes (its AUC chooses the threshold and the HGT's epoch). A small dataset can leave one empty
 * after the split; then it is reported and skipped, not a crash in the middle of training.
 */
export function evaluable(setting: LinkSetting): LinkSetting {
  const { labels } = setting.input.validation;
  const linked = labels.filter((l) => l === 1).length;
  if (
    setting.positives.length === 0 ||
    setting.negatives.length === 0 ||
    linked === 0 ||
    linked === labels.length
  )
    throw new TooFewLinksError(
      `${setting.kind === 'edges' ? 'held-out edges' : 'cold start'}: ${setting.positives.length} test links and ` +
        `${linked} of ${labels.length} validation pairs linked; both sets need linked and unlinked pairs`,
    );
  return setting;
}
