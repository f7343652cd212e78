import type { HgtEpochPoint } from '../workers/hgt-protocol';

/** Plot box inside the SVG, with room for the axes' ticks and labels around it. */
const W = 320;
const H = 130;
const LEFT = 44;
const RIGHT = 36;
const TOP = 8;
const BOTTOM = 30;
const PLOT_W = W - LEFT - RIGHT;
const PLOT_H = H - TOP - BOTTOM;

const xOf = (i: number, n: number) => LEFT + (n === 1 ? 0 : (i / (n - 1)) * PLOT_W);
const yOf = (v: number, lo: number, hi: number) => TOP + (1 - (v - lo) / (hi - lo || 1)) * PLOT_H;

/** "x,y x,y …" of values scaled into the plot box (lo at the bottom, hi at the top). */
function line(values: number[], lo: number, hi: number, n: number): string {
  return values.map((v, i) => `${xOf(i, n).toFixed(1)},${yOf(v, lo, hi).toFixed(1)}`).join(' ');
}

/** Whole epochs at an even step from 1 (about 5 ticks), and n itself; a step tick too close to n is dropped. */
function epochTicks(n: number): number[] {
  const step = Math.max(1, Math.ceil((n - 1) / 4));
  const ticks: number[] = [];
  for (let e = 1; e < n - step / 2; e += step) ticks.push(e);
  ticks.push(n);
  return ticks;
}

/** Loss values printed with as few digits as tell the ticks apart. */
const lossLabel = (v: number, span: number) => v.toFixed(span >= 1 ? 2 : span >= 0.01 ? 3 : 4);

/**
 * The training loss per epoch (solid, left axis, scaled to its own range) and the validation AUC (dashed,
 * right axis, 0–1), with epochs along the bottom, as an inline SVG: a chart library would outweigh the rest
 * of the view.
 */
export function LossPlot({ points }: { points: readonly HgtEpochPoint[] }) {
  const losses = points.map((p) => p.loss);
  const aucs = points.filter((p) => p.valAuc !== null).map((p) => p.valAuc!);
  const n = points.length;
  const lo = Math.min(...losses);
  const hi = Math.max(...losses);
  const lossTicks = hi > lo ? [lo, (lo + hi) / 2, hi] : [lo];
  const showAuc = aucs.length === n;
  return (
    <figure className="loss-plot" data-testid="hgt-loss-plot">
      <svg
        // Scales down to a narrow panel instead of being clipped (the axes' labels sit at the edges).
        width="100%"
        style={{ maxWidth: W }}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="Training loss and validation AUC per epoch"
      >
        <rect x={LEFT} y={TOP} width={PLOT_W} height={PLOT_H} className="plot-frame" />
        <g className="plot-axis" data-testid="hgt-loss-axis-x" fontSize={9}>
          {epochTicks(n).map((e) => (
            <g key={e}>
              <line
                x1={xOf(e - 1, n)}
                x2={xOf(e - 1, n)}
                y1={TOP + PLOT_H}
                y2={TOP + PLOT_H + 3}
                stroke="currentColor"
              />
              <text x={xOf(e - 1, n)} y={TOP + PLOT_H + 12} textAnchor="middle" fill="currentColor">
                {e}
              </text>
            </g>
          ))}
          <text x={LEFT + PLOT_W / 2} y={H - 3} textAnchor="middle" fill="currentColor">
            epoch
          </text>
        </g>
        <g className="plot-axis" data-testid="hgt-loss-axis-y" fontSize={9}>
          {lossTicks.map((v) => (
            <g key={v}>
              <line x1={LEFT - 3} x2={LEFT} y1={yOf(v, lo, hi)} y2={yOf(v, lo, hi)} stroke="currentColor" />
              <text x={LEFT - 5} y={yOf(v, lo, hi) + 3} textAnchor="end" fill="currentColor">
                {lossLabel(v, hi - lo)}
              </text>
            </g>
          ))}
          <text
            x={10}
            y={TOP + PLOT_H / 2}
            textAnchor="middle"
            fill="currentColor"
            transform={`rotate(-90 10 ${TOP + PLOT_H / 2})`}
          >
            loss
          </text>
        </g>
        {showAuc && (
          <g className="plot-axis" data-testid="hgt-auc-axis" fontSize={9}>
            {[0, 0.5, 1].map((v) => (
              <g key={v}>
                <line
                  x1={LEFT + PLOT_W}
                  x2={LEFT + PLOT_W + 3}
                  y1={yOf(v, 0, 1)}
                  y2={yOf(v, 0, 1)}
                  stroke="currentColor"
                />
                <text x={LEFT + PLOT_W + 5} y={yOf(v, 0, 1) + 3} fill="currentColor">
                  {v.toFixed(1)}
                </text>
              </g>
            ))}
            <text
              x={W - 6}
              y={TOP + PLOT_H / 2}
              textAnchor="middle"
              fill="currentColor"
              transform={`rotate(90 ${W - 6} ${TOP + PLOT_H / 2})`}
            >
              val AUC
            </text>
          </g>
        )}
        <polyline className="plot-loss" data-testid="hgt-loss-line" points={line(losses, lo, hi, n)} />
        {showAuc && <polyline className="plot-auc" points={line(aucs, 0, 1, n)} />}
      </svg>
      <figcaption>
        <span className="key-loss">— training loss (left axis)</span>{' '}
        <span className="key-auc">- - validation AUC (right axis, 0–1)</span>
      </figcaption>
    </figure>
  );
}
