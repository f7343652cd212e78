import type { HgtEpochPoint, HgtModelInfo, HgtPromotion, HgtStatus } from '../workers/hgt-protocol';

const f2 = (v: number | null) => (v === null || !Number.isFinite(v) ? '—' : v.toFixed(2));

/** "2026-11-22 15:13" (UTC): the same text in every locale and time zone, so tests and screenshots agree. */
export const dateText = (iso: string): string => iso.replace('T', ' ').slice(0, 16);

/** Which model is in use, where it came from and what it scored when trained. */
export function modelText(m: HgtModelInfo): string {
  const where =
    m.origin === 'shipped'
      ? `shipped model (${m.file}), trained ${dateText(m.createdAt)} on the demo world's ${m.traces} traces`
      : `retrained in this browser ${dateText(m.createdAt)} on ${m.traces} traces (${m.file})`;
  return (
    `${where} · held-out AUC ${f2(m.testAuc)} on ${m.testPairs} pairs` +
    ` · ${m.config.layers} layers × ${m.config.heads} heads, hidden ${m.config.hidden}`
  );
}

/** The promotion decision in one line, e.g. "Swapped in: AUC 0.91 ≥ 0.88 (shipped model) on 16 held-out pairs." */
export function promotionText(p: HgtPromotion): string {
  const on = `on ${p.pairs} held-out pairs of this world`;
  if (p.swapped)
    return p.incumbentAuc === null
      ? `Swapped in: AUC ${f2(p.candidateAuc)} ${on} (no model was in use).`
      : `Swapped in: AUC ${f2(p.candidateAuc)} ≥ ${f2(p.incumbentAuc)} (${p.incumbent} model) ${on}.`;
  if (!Number.isFinite(p.candidateAuc))
    return `Kept the current model: the new one could not be scored ${on}.`;
  return (
    `Kept the current model: the new one validates worse ` +
    `(AUC ${f2(p.candidateAuc)} < ${f2(p.incumbentAuc)}) ${on}.`
  );
}

/** The best validation AUC so far and its epoch, or null before any. */
function best(points: readonly HgtEpochPoint[]): HgtEpochPoint | null {
  let top: HgtEpochPoint | null = null;
  for (const p of points) if (p.valAuc !== null && (top === null || p.valAuc > top.valAuc!)) top = p;
  return top;
}

/** The line under the progress bar: this epoch's validation AUC and the best so far (what is kept). */
export function validationText(points: readonly HgtEpochPoint[]): string {
  const last = points.at(-1);
  const top = best(points);
  if (!last || !top) return 'no validation AUC yet';
  return `validation AUC ${f2(last.valAuc)} · best ${f2(top.valAuc)} at epoch ${top.epoch}`;
}

/** The caption of a finished training's plot. */
export function trainingSummaryText(points: readonly HgtEpochPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  const top = best(points);
  return (
    `${points.length} epoch${points.length === 1 ? '' : 's'} · loss ${first.loss.toFixed(3)} → ${last.loss.toFixed(3)}` +
    (top ? ` · best validation AUC ${f2(top.valAuc)} at epoch ${top.epoch} (kept)` : '')
  );
}

/** What the cached scores cover, e.g. "p_uv of 113 edges and 267 candidate links, run 12 ms". */
export function scoresText(s: HgtStatus['scores']): string {
  if (!s) return 'not computed yet (on first use)';
  return (
    `p_uv of ${s.edges} edges and ${s.candidates} candidate links over ${s.nodes} nodes · ` +
    `features ${s.buildMs.toFixed(0)} ms, model ${s.runMs.toFixed(0)} ms` +
    (s.fresh ? '' : ' · the graph changed: rescoring shortly')
  );
}
