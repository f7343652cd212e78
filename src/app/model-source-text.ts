import type { ModelSource, TrainingProgress, ValidationFigures } from '../core/retrieval/model-status';

const f2 = (v: number) => v.toFixed(2);

function validationText(v: ValidationFigures | null): string {
  return v
    ? `validation on ${v.plans} held-out plans: MRR ${f2(v.mrr)}, top-1 ${f2(v.top1)}, set F1 ${f2(v.setF1)} at τ ${v.tau}`
    : 'no validation: fewer than 8 traces to hold out';
}

/** Where DTDR-L's scores come from, e.g. "shipped ONNX head (models/dtdr-l-demo.onnx), onnxruntime-web wasm". */
export function dtdrLSourceText(s: ModelSource): string {
  switch (s.kind) {
    case 'shipped':
      return `shipped ONNX head (${s.file}), ${s.runtime}`;
    case 'trained':
      return `trained in this browser on ${s.traces} traces (${validationText(s.validation)})`;
    case 'untrained':
      return `trains in this browser on ${s.traces} traces when first used`;
    case 'fitted':
      return `fitted in this browser on ${s.traces} traces`;
    case 'zero-shot':
      return 'zero-shot (no training)';
  }
}

/** The product hybrid: its own DTDR-L (always trained here, it tunes on held-out plans) + similarity. */
export function hybridSourceText(s: ModelSource): string {
  if (s.kind === 'trained')
    return (
      `DTDR-L trained in this browser on ${s.traces} traces + query–tool similarity` +
      (s.hybridMrr === null ? '' : ` (validation MRR ${f2(s.hybridMrr)})`)
    );
  if (s.kind === 'untrained') return `trains in this browser on ${s.traces} traces when first used`;
  if (s.kind === 'zero-shot') return 'zero-shot hybrid (BM25 + query–tool similarity): no trace yet';
  return dtdrLSourceText(s);
}

/** The source of one result, for the line under its candidates. */
export function resultSourceText(method: string, s: ModelSource): string {
  return method === 'hybrid' ? hybridSourceText(s) : dtdrLSourceText(s);
}

/** The progress line: stage, epoch and losses when training. */
export function progressText(p: TrainingProgress): string {
  const parts = [p.label];
  if (p.epoch !== undefined) parts.push(`epoch ${p.epoch}${p.total > 0 ? `/${p.total}` : ''}`);
  else if (p.stage === 'loading' && p.total > 0) parts.push(`${Math.round((100 * p.done) / p.total)}%`);
  else if (p.total > 0) parts.push(`${p.done}/${p.total}`);
  if (p.loss !== undefined && Number.isFinite(p.loss)) parts.push(`loss ${p.loss.toFixed(3)}`);
  if (p.validationLoss !== undefined && Number.isFinite(p.validationLoss))
    parts.push(`validation loss ${p.validationLoss.toFixed(3)}`);
  return parts.join(' · ');
}
