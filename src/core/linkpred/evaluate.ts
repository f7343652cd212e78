import { rocAuc } from '../ml/roc-auc';
import type { LinkPair } from '../graph-tensors/link-graph';
import type { LinkMethod } from './link-method';
import type { LinkSetting } from './settings';
import { accuracy, countsAt, f1, maxF1Threshold } from './threshold-metrics';
import { trainingHardNegatives } from './negatives';

export interface LinkOutcome {
  method: string;
  setting: LinkSetting['kind'];
  /** Test positives vs the setting's negatives (random non-edges, or cold-start non-edges). */
  auc: number;
  /** At the validation max-F1 threshold (threshold-metrics.ts). */
  acc: number;
  f1: number;
  threshold: number;
  /** Test positives vs reversed pairs, vs look-alike targets; with how many such negatives each rests on. */
  reversedAuc?: number;
  similarAuc?: number;
  reversedPairs?: number;
  similarPairs?: number;
  /**
   * Paired direction: the share of test links (u, v) whose reverse is a reversed negative that score above
   * (v, u) (ties half). The pooled `reversedAuc` also compares a weak link with a strong link's reverse;
   * this asks only "which way does this link run", what a planner choosing between u → v and v → u asks.
   */
  reversedPairedAcc?: number;
  validationAuc: number;
  /**
   * Validation positives against their own reverses and look-alike targets, both drawn from the input graph
   * (negatives.ts `trainingHardNegatives`, never from test links): what model choices for issue 16's goals
   * may be made on. NaN when there are none.
   */
  validationReversedAuc?: number;
  validationSimilarAuc?: number;
  fitSeconds: number;
  epochs?: number;
  secondsPerEpoch?: number;
  note?: string;
  positives: number;
  negatives: number;
}

/** AUC of positives against negatives; NaN when either side is empty. */
export function pairAuc(pos: ArrayLike<number>, neg: ArrayLike<number>): number {
  if (pos.length === 0 || neg.length === 0) return Number.NaN;
  const labels = new Uint8Array(pos.length + neg.length).fill(1, 0, pos.length);
  return rocAuc(Float64Array.from([...Array.from(pos), ...Array.from(neg)]), labels);
}

/** Share of links scored above their own reverse (ties half), over the links whose reverse was scored. */
export function pairedDirection(
  positives: readonly LinkPair[],
  posScores: ArrayLike<number>,
  reversed: readonly LinkPair[],
  revScores: ArrayLike<number>,
): number {
  const rev = new Map(reversed.map((p, i) => [`${p.src}>${p.dst}`, revScores[i] as number]));
  let n = 0;
  let wins = 0;
  positives.forEach((p, i) => {
    const r = rev.get(`${p.dst}>${p.src}`);
    if (r === undefined) return;
    n++;
    const s = posScores[i] as number;
    wins += s > r ? 1 : s === r ? 0.5 : 0;
  });
  return n > 0 ? wins / n : Number.NaN;
}

/** Fits a method on the setting's input graph and scores its test pairs. */
export async function evaluateLink(
  method: LinkMethod,
  setting: LinkSetting,
  options: { seed: number; log?: (line: string) => void },
): Promise<LinkOutcome> {
  const t0 = performance.now();
  const scorer = await method.fit({
    ...setting.input,
    seed: options.seed,
    ...(options.log ? { log: options.log } : {}),
  });
  const fitSeconds = (performance.now() - t0) / 1000;
  const score = (pairs: readonly LinkPair[] | undefined) => scorer.score(pairs ?? []);

  const val = setting.input.validation;
  const valScores = await score(val.pairs);
  const threshold = maxF1Threshold(valScores, val.labels);
  const pos = await score(setting.positives);
  const neg = await score(setting.negatives);
  const labels = new Uint8Array(pos.length + neg.length).fill(1, 0, pos.length);
  const counts = countsAt([...pos, ...neg], labels, threshold);
  const reversedScores = setting.reversed ? await score(setting.reversed) : undefined;
  const valPos = valScores.filter((_, i) => val.labels[i] === 1);
  const valNeg = valScores.filter((_, i) => val.labels[i] === 0);
  const valHard = trainingHardNegatives(
    setting.input.graph,
    val.pairs.filter((_, i) => val.labels[i] === 1),
    {
      embeddings: setting.input.build.embeddings,
      ...(setting.input.categories ? { categories: setting.input.categories } : {}),
    },
  );
  return {
    method: method.id,
    setting: setting.kind,
    auc: pairAuc(pos, neg),
    acc: accuracy(counts),
    f1: f1(counts),
    threshold,
    ...(setting.reversed && reversedScores
      ? {
          reversedAuc: pairAuc(pos, reversedScores),
          reversedPairedAcc: pairedDirection(setting.positives, pos, setting.reversed, reversedScores),
        }
      : {}),
    ...(setting.similar ? { similarAuc: pairAuc(pos, await score(setting.similar)) } : {}),
    ...(setting.reversed ? { reversedPairs: setting.reversed.length } : {}),
    ...(setting.similar ? { similarPairs: setting.similar.length } : {}),
    validationAuc: pairAuc(valPos, valNeg),
    validationReversedAuc: pairAuc(valPos, await score(valHard.reversed)),
    validationSimilarAuc: pairAuc(valPos, await score(valHard.similar)),
    fitSeconds,
    ...(scorer.epochs !== undefined ? { epochs: scorer.epochs } : {}),
    ...(scorer.secondsPerEpoch !== undefined ? { secondsPerEpoch: scorer.secondsPerEpoch } : {}),
    ...(scorer.note ? { note: scorer.note } : {}),
    positives: pos.length,
    negatives: neg.length,
  };
}
