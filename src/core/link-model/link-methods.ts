import { cosineMethod, wTildeMethod } from '../linkpred/baseline-stats';
import { hgtMethod, type HgtMethodOptions } from './hgt-methods';
import type { LinkMethod } from '../linkpred/link-method';
import { logregMethod } from '../linkpred/logreg-method';

/**
 * Every method of the link-prediction eval, in report order: the full HGT (trainer defaults: existence
 * labels, margin on the logit, pair features in the head), the graph model alone (no pair features), the
 * ablations, then the baselines it has to beat. `hgtPaperHead` is the paper's form throughout: soft w̃
 * labels (eq. 6), margin on the embedding cosine (eq. 8), eq. 17 head, no pair features.
 */
export function linkMethods(options: HgtMethodOptions = {}): LinkMethod[] {
  return [
    hgtMethod('hgt', {}, options),
    hgtMethod('hgtPure', { pairFeatures: 0 }, options),
    hgtMethod('hgtNoBias', { edgeWeightBias: false }, options),
    hgtMethod(
      'hgtPaperHead',
      { pairHead: 'paper', pairFeatures: 0 },
      { labels: 'soft', marginScore: 'cosine', corrupt: 'source', ...options },
    ),
    wTildeMethod,
    cosineMethod,
    logregMethod,
  ];
}

export const LINK_METHOD_IDS: readonly string[] = linkMethods().map((m) => m.id);
