import type { HgtEpochPoint } from '../workers/hgt-protocol';

const W = 280;
const H = 84;
const PAD = 4;

/** "x,y x,y …" of values scaled into the plot box (lo at the bottom, hi at the top). */
function line(values: number[], lo: number, hi: number, n: number): string {
  const span = hi - lo || 1;
  return values
    .map((v, i) => {
      const x = PAD + (n === 1 ? 0 : (i / (n - 1)) * (W - 2 * PAD));
      const y = PAD + (1 - (v - lo) / span) * (H - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The training loss per epoch (solid, scaled to its own range) and the validation AUC (dashed, on 0–1), as
 * an inline SVG: a chart library would outweigh the rest of the view.
 */
export function LossPlot({ points }: { points: readonly HgtEpochPoint[] }) {
  const losses = points.map((p) => p.loss);
  const aucs = points.filter((p) => p.valAuc !== null).map((p) => p.valAuc!);
  const n = points.length;
  return (
    <figure className="loss-plot" data-testid="hgt-loss-plot">
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Training loss per epoch">
        <rect x={0} y={0} width={W} height={H} className="plot-frame" />
        <polyline
          className="plot-loss"
          data-testid="hgt-loss-line"
          points={line(losses, Math.min(...losses), Math.max(...losses), n)}
        />
        {aucs.length === n && <polyline className="plot-auc" points={line(aucs, 0, 1, n)} />}
      </svg>
      <figcaption>
        <span className="key-loss">— loss</span> <span className="key-auc">- - validation AUC (0–1)</span>
      </figcaption>
    </figure>
  );
}
