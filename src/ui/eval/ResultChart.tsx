import type { ConfigResult } from '../../core/eval/run-eval';

/** TSR and TCR per configuration as paired horizontal bars (0–100 %). */
export function ResultChart({ configs }: { configs: readonly ConfigResult[] }) {
  const rows = configs.filter((c) => c.ran);
  const bar = 14;
  const gap = 10;
  const label = 110;
  const width = 360;
  const height = rows.length * (2 * bar + gap) + 20;
  return (
    <svg
      className="eval-chart"
      data-testid="eval-chart"
      viewBox={`0 0 ${label + width + 50} ${height}`}
      role="img"
      aria-label="TSR and TCR per configuration"
    >
      {rows.map((c, i) => {
        const y = 4 + i * (2 * bar + gap);
        return (
          <g key={c.config}>
            <text x={label - 6} y={y + bar + 3} textAnchor="end" fontSize="11">
              {c.config}
            </text>
            <rect x={label} y={y} width={width * c.metrics.tsr} height={bar - 2} fill="#2f80ed" />
            <text x={label + width * c.metrics.tsr + 4} y={y + bar - 4} fontSize="10">
              TSR {(100 * c.metrics.tsr).toFixed(0)} %
            </text>
            <rect x={label} y={y + bar} width={width * c.metrics.tcr} height={bar - 2} fill="#9fb3c8" />
            <text x={label + width * c.metrics.tcr + 4} y={y + 2 * bar - 4} fontSize="10">
              TCR {(100 * c.metrics.tcr).toFixed(0)} %
            </text>
          </g>
        );
      })}
      <line x1={label} x2={label} y1={0} y2={height - 16} stroke="#486581" />
    </svg>
  );
}
