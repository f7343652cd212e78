import { hgtEmbed, hgtScorePairs } from '../ml/hgt/hgt-forward';
import type { HgtConfig } from '../ml/hgt/hgt-spec';
import type { HgtPairs } from '../graph-tensors/tensor-spec';
import {
  HGT_OBJECTIVE_DEFAULTS,
  trainHgt,
  type HgtEpochReport,
  type HgtTrainOptions,
} from '../ml/hgt/train-hgt';
import type { LinkGraph, LinkPair } from '../graph-tensors/link-graph';
import type { LabelledPairs, LinkMethod } from '../linkpred/link-method';
import { trainingHardNegatives } from '../linkpred/negatives';

/** Training settings the eval may change (chosen on validation pairs only); the rest are the trainer's. */
export type HgtMethodOptions = Pick<
  HgtTrainOptions,
  | 'epochs'
  | 'lr'
  | 'targetFraction'
  | 'negatives'
  | 'margin0'
  | 'mu0'
  | 'gamma'
  | 'weightDecay'
  | 'labels'
  | 'marginScore'
  | 'corrupt'
  | 'prefitFeatures'
  | 'hardNegatives'
  | 'hardWeight'
  | 'hardIn'
  | 'directionGate'
>;

const toPairs = (pairs: readonly LinkPair[]): HgtPairs => ({
  src: Int32Array.from(pairs, (p) => p.src),
  dst: Int32Array.from(pairs, (p) => p.dst),
});

/**
 * The validation pairs plus the reversed pair and look-alike target of each validation positive, drawn
 * from the input graph (as the training ones are): the best epoch is then the one that ranks links above
 * random pairs *and* above the hard cases, not the one that forgets direction to win on random pairs.
 */
export function withHardValidation(
  graph: LinkGraph,
  validation: LabelledPairs,
  embeddings: readonly Float32Array[],
  categories?: readonly (string | undefined)[],
): LabelledPairs {
  const positives = validation.pairs.filter((_, i) => validation.labels[i]);
  const hard = trainingHardNegatives(graph, positives, { embeddings, ...(categories ? { categories } : {}) });
  const extra = [...hard.reversed, ...hard.similar];
  const labels = new Uint8Array(validation.labels.length + extra.length);
  labels.set(validation.labels);
  return { pairs: [...validation.pairs, ...extra], labels };
}

/**
 * The HGT link scorer (NaviAgent Appendix B.1) as a link-prediction method: trained on the input graph by
 * `trainHgt`, with the setting's validation pairs for its model selection, then node embeddings computed
 * once over the input graph and pairs scored by the link head (eq. 17).
 */
export function hgtMethod(
  id: string,
  config: Partial<Omit<HgtConfig, 'inputDim'>>,
  options: HgtMethodOptions = {},
): LinkMethod {
  return {
    id,
    fit: async ({ build, graph, categories, validation, seed, log }) => {
      const t0 = performance.now();
      let epochs = 0;
      const hardNegatives = options.hardNegatives ?? HGT_OBJECTIVE_DEFAULTS.hardNegatives;
      const selection = hardNegatives
        ? withHardValidation(graph, validation, build.embeddings, categories)
        : validation;
      const trained = await trainHgt(build.tensors, {
        ...options,
        config,
        seed,
        ...(categories ? { categories } : {}),
        validation: { pairs: toPairs(selection.pairs), labels: Float32Array.from(selection.labels) },
        onEpoch: (e: HgtEpochReport) => {
          epochs = e.epoch;
          if (log && (e.epoch === 1 || e.epoch % 20 === 0 || e.epoch === e.epochs))
            log(
              `epoch ${e.epoch} loss ${e.loss.toFixed(4)}${e.valAuc === null ? '' : ` val AUC ${e.valAuc.toFixed(3)}`}`,
            );
        },
      });
      const seconds = (performance.now() - t0) / 1000;
      const embeddings = hgtEmbed(trained.params, build.tensors);
      const bestVal = trained.history[trained.bestEpoch - 1]?.valAuc;
      const gate = trained.direction
        ? `; direction gate λ ${trained.direction.lambda} (val AUC / reversed: ${trained.direction.tried
            .map((t) => `λ ${t.lambda} ${t.auc.toFixed(3)}/${t.reversedAuc.toFixed(3)}`)
            .join(', ')})`
        : '';
      return {
        epochs,
        note: `best epoch ${trained.bestEpoch} of ${epochs}${bestVal == null ? '' : ` (val AUC ${bestVal.toFixed(3)})`}${gate}`,
        secondsPerEpoch: seconds / Math.max(1, epochs),
        score: async (pairs) =>
          Float64Array.from(hgtScorePairs(trained.params, embeddings, toPairs(pairs), build.tensors)),
      };
    },
  };
}
