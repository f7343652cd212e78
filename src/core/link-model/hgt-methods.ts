import { hgtEmbed, hgtScorePairs } from '../ml/hgt/hgt-forward';
import type { HgtConfig } from '../ml/hgt/hgt-spec';
import type { HgtPairs } from '../graph-tensors/tensor-spec';
import { trainHgt, type HgtEpochReport, type HgtTrainOptions } from '../ml/hgt/train-hgt';
import type { LinkPair } from '../graph-tensors/link-graph';
import type { LinkMethod } from '../linkpred/link-method';

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
>;

const toPairs = (pairs: readonly LinkPair[]): HgtPairs => ({
  src: Int32Array.from(pairs, (p) => p.src),
  dst: Int32Array.from(pairs, (p) => p.dst),
});

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
    fit: async ({ build, validation, seed, log }) => {
      const t0 = performance.now();
      let epochs = 0;
      const trained = await trainHgt(build.tensors, {
        ...options,
        config,
        seed,
        validation: { pairs: toPairs(validation.pairs), labels: Float32Array.from(validation.labels) },
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
      return {
        epochs,
        note: `best epoch ${trained.bestEpoch} of ${epochs}${bestVal == null ? '' : ` (val AUC ${bestVal.toFixed(3)})`}`,
        secondsPerEpoch: seconds / Math.max(1, epochs),
        score: async (pairs) =>
          Float64Array.from(hgtScorePairs(trained.params, embeddings, toPairs(pairs), build.tensors)),
      };
    },
  };
}
