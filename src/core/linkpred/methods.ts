import { cosineMethod, wTildeMethod } from './baseline-stats';
import { hgtMethod, type HgtMethodOptions } from './hgt-methods';
import type { LinkMethod } from './link-method';
import { logregMethod } from './logreg-method';

/**
 * Every method of the link-prediction eval, in report order: the full HGT, its two ablations, then the
 * baselines it has to beat.
 */
export function linkMethods(options: HgtMethodOptions = {}): LinkMethod[] {
  return [
    hgtMethod('hgt', {}, options),
    hgtMethod('hgtNoBias', { edgeWeightBias: false }, options),
    hgtMethod('hgtPaperHead', { pairHead: 'paper' }, options),
    wTildeMethod,
    cosineMethod,
    logregMethod,
  ];
}

export const LINK_METHOD_IDS: readonly string[] = linkMethods().map((m) => m.id);
