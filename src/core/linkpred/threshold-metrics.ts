/**
 * ACC and F1 of link scores need a threshold, and the NaviAgent paper does not say how it chose one. Ours is
 * chosen on the validation pairs only — the threshold that maximises F1 there — then applied unchanged to
 * the test pairs, so no test label shapes it. Scores of different methods live on different scales (a
 * probability, a cosine, a 2-hop product), and a fixed 0.5 would favour the ones that happen to be
 * calibrated. A known effect: on balanced pairs, calling every pair a link already scores F1 2/3 (ACC 1/2), so
 * a scorer that cannot beat that on the validation pairs gets the lowest threshold and reads ACC 50 / F1 66.7.
 */

export interface BinaryCounts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export function countsAt(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  threshold: number,
): BinaryCounts {
  const c = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (let i = 0; i < scores.length; i++) {
    const yes = (scores[i] as number) >= threshold;
    if (labels[i]) {
      if (yes) c.tp++;
      else c.fn++;
    } else if (yes) c.fp++;
    else c.tn++;
  }
  return c;
}

export const accuracy = (c: BinaryCounts): number => {
  const n = c.tp + c.fp + c.tn + c.fn;
  return n === 0 ? Number.NaN : (c.tp + c.tn) / n;
};

/** F1 of the positive class; 0 when nothing is predicted positive or nothing is positive. */
export const f1 = (c: BinaryCounts): number => (c.tp === 0 ? 0 : (2 * c.tp) / (2 * c.tp + c.fp + c.fn));

/**
 * The threshold maximising F1 on (scores, labels): "predict a link when score ≥ t". Candidates are the
 * distinct scores; ties in F1 go to the higher accuracy, then to the higher threshold. O(n log n).
 */
export function maxF1Threshold(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const n = scores.length;
  if (n === 0) return 0.5;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (scores[b] as number) - (scores[a] as number),
  );
  const positives = Array.from(labels).filter(Boolean).length;
  let tp = 0;
  let fp = 0;
  let best = { f1: -1, acc: -1, t: scores[order[0]!] as number };
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (labels[i]) tp++;
    else fp++;
    const t = scores[i] as number;
    // Only a cut between distinct scores is a threshold: move on while the next score is the same.
    if (k + 1 < n && (scores[order[k + 1]!] as number) === t) continue;
    const fn = positives - tp;
    const tn = n - positives - fp;
    const f = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
    const acc = (tp + tn) / n;
    if (f > best.f1 + 1e-12 || (Math.abs(f - best.f1) <= 1e-12 && acc > best.acc + 1e-12))
      best = { f1: f, acc, t };
  }
  return best.t;
}
