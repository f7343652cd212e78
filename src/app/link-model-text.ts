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
    (m.testPairs < SMOKE_TEST_PAIRS ? ' (smoke test)' : '') +
    ` · ${m.config.layers} layers × ${m.config.heads} heads, hidden ${m.config.hidden}`
  );
}

/**
 * Below this many pairs a figure is a smoke test (the model runs and is not upside down), not a measure of
 * quality: with 14 pairs one pair moves an AUC by ~0.02–0.1, and a 1.00 says little.
 */
export const SMOKE_TEST_PAIRS = 50;

/** One figure of the model's held-out check with what it rests on. */
export interface QualityFigure {
  label: string;
  auc: number | null;
  /** Linked pairs and unlinked pairs the AUC compares. */
  positives: number;
  negatives: number;
  smoke: boolean;
}

/**
 * The model's three held-out figures (issue 16): links against random pairs, against the same links
 * reversed, and against look-alike targets — each with how many pairs it rests on. A model trained before
 * the hard figures existed has no reversed / same-category figure (null, 0 pairs).
 */
export function qualityFigures(m: HgtModelInfo): QualityFigure[] {
  // The random-pair check is half positives, half negatives (one random non-edge each).
  const pos = m.testPositives > 0 ? m.testPositives : Math.round(m.testPairs / 2);
  const fig = (label: string, auc: number | null, negatives: number): QualityFigure => ({
    label,
    auc,
    positives: pos,
    negatives,
    smoke: pos + negatives < SMOKE_TEST_PAIRS,
  });
  return [
    fig('random pairs', m.testAuc, m.testPairs - pos),
    fig('reversed pairs', m.reversedAuc, m.reversedPairs),
    fig('same-category twins', m.sameCategoryAuc, m.sameCategoryPairs),
  ];
}

/** "AUC 0.91 vs reversed pairs (7 links vs 6 pairs, smoke test)". */
export function qualityFigureText(f: QualityFigure): string {
  if (f.auc === null || f.negatives === 0)
    return `vs ${f.label}: — (not measured for this model; retrain it)`;
  return (
    `AUC ${f2(f.auc)} vs ${f.label} (${f.positives} links vs ${f.negatives} pairs` +
    `${f.smoke ? ', smoke test' : ''})`
  );
}

/** The caption under the figures when any is a smoke test. */
export const SMOKE_TEST_NOTE =
  `Smoke test: fewer than ${SMOKE_TEST_PAIRS} pairs, so these figures only show that the model runs and ranks ` +
  'the right way round on this small world; its quality is measured on the shared datasets (npm run eval:linkpred, BENCHMARKS.md).';

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
