import { signTestPValue } from '../sign-test';
import type { Tool } from '../../tools/tool';
import { DECODING_CANDIDATES, decodeWith, type LayerDecoding } from './layer-decoding';
import { compactLayers } from './shift-rule';

/** A validation task as calibration reads it: the head's threshold probabilities, the tools, gold layers. */
export interface CalibrationTask {
  probs: number[][];
  tools: Tool[];
  gold: readonly number[];
}

export interface DecodingChoice {
  decoding: LayerDecoding;
  /** Validation pairs the chosen decoding orders right and RETO's wrong, and the reverse. */
  wins: number;
  losses: number;
  /** One-sided sign test of wins against losses (1 for RETO's decoding itself). */
  p: number;
}

/**
 * Significance a decoding must reach on the validation pairs to replace RETO's. Validation splits are
 * small (api_bank: 14 pairs), and picking the best of ten decodings on a handful of pairs overfits: a
 * margin that wins 2 pairs to 1 there loses a tenth of the test pairs. 0.1 one-sided, so a change that
 * wins four pairs and loses none (p = 1/16) is enough, two to none is not.
 */
export const DECODING_ALPHA = 0.1;

/** For each same-task pair (i < j): does the predicted order (before / same / after) match the gold one? */
export function pairsRight(gold: readonly number[], predicted: readonly number[]): boolean[] {
  const g = compactLayers(gold);
  const p = compactLayers(predicted);
  const out: boolean[] = [];
  for (let i = 0; i < g.length; i++)
    for (let j = i + 1; j < g.length; j++)
      out.push(
        Math.sign((g[i] as number) - (g[j] as number)) === Math.sign((p[i] as number) - (p[j] as number)),
      );
  return out;
}

/**
 * The decoding the validation tasks support: RETO's, unless another candidate orders more validation
 * pairs right than it gets wrong relative to RETO's with a one-sided sign test p ≤ `alpha`; among those,
 * the one with the largest net gain (wins − losses), a tie going to the earlier candidate. Uses the
 * validation split only, so the test split never tunes it.
 */
export function chooseDecoding(
  tasks: readonly CalibrationTask[],
  candidates: readonly LayerDecoding[] = DECODING_CANDIDATES,
  alpha = DECODING_ALPHA,
): DecodingChoice {
  const [reto, ...others] = candidates;
  if (!reto) throw new RangeError('chooseDecoding: no candidate decoding');
  const right = (d: LayerDecoding) =>
    tasks.flatMap((t) => pairsRight(t.gold, decodeWith(t.probs, t.tools, d)));
  const base = right(reto);
  let best: DecodingChoice = { decoding: reto, wins: 0, losses: 0, p: 1 };
  for (const decoding of others) {
    const mine = right(decoding);
    let wins = 0;
    let losses = 0;
    mine.forEach((r, k) => {
      if (r && !base[k]) wins++;
      else if (!r && base[k]) losses++;
    });
    const p = signTestPValue(wins, losses);
    if (p <= alpha && wins - losses > best.wins - best.losses) best = { decoding, wins, losses, p };
  }
  return best;
}
