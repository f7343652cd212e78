/**
 * Area under the ROC curve for 0/1 labels: the probability that a random positive scores above a random
 * negative, ties counting one half (the Mann–Whitney U statistic over nPos·nNeg). Sorting makes it
 * O(n log n); tied scores share their average rank, which is exactly the half credit.
 * Returns NaN when there are no positives or no negatives (the AUC is undefined, not 0.5).
 */
export function rocAuc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const n = scores.length;
  if (labels.length !== n) throw new RangeError(`rocAuc: ${n} scores for ${labels.length} labels`);
  let nPos = 0;
  for (let i = 0; i < n; i++) {
    const l = labels[i];
    if (l !== 0 && l !== 1) throw new RangeError(`rocAuc: label ${l} at ${i}; labels must be 0 or 1`);
    if (Number.isNaN(scores[i])) throw new RangeError(`rocAuc: score at ${i} is NaN`);
    nPos += l;
  }
  const nNeg = n - nPos;
  if (nPos === 0 || nNeg === 0) return Number.NaN;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (scores[a] as number) - (scores[b] as number),
  );
  // Sum of the positives' 1-based ranks, tied runs getting their mean rank.
  let rankSum = 0;
  for (let i = 0; i < n;) {
    let j = i;
    const s = scores[order[i] as number];
    while (j < n && scores[order[j] as number] === s) j++;
    const meanRank = (i + 1 + j) / 2;
    for (let t = i; t < j; t++) if (labels[order[t] as number] === 1) rankSum += meanRank;
    i = j;
  }
  return (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}
