/**
 * The evolution slider: the graph as of trace k (counts, w̃, pruned nodes), folded from the world's trace
 * log. At the right end it shows the world now.
 */
export function HistorySlider({
  traces,
  asOf,
  onChange,
  busy,
  error,
  pruned,
}: {
  traces: number;
  asOf: number | null;
  onChange: (k: number | null) => void;
  busy: boolean;
  error: string | null;
  /** Pruned nodes in the graph shown (null: showing now). */
  pruned: number | null;
}) {
  if (traces === 0) return null;
  const k = asOf ?? traces;
  return (
    <div className="graph-history" data-testid="graph-history">
      <label>
        History{' '}
        <input
          type="range"
          min={0}
          max={traces}
          step={1}
          value={k}
          onChange={(e) => {
            const v = Number(e.target.value);
            onChange(v >= traces ? null : v);
          }}
          aria-label="Show the graph as of trace"
          data-testid="history-slider"
        />
      </label>{' '}
      <span data-testid="history-label" data-k={k} data-busy={busy ? 'true' : 'false'}>
        {asOf === null
          ? `now (${traces} traces)`
          : `as of trace ${k} of ${traces}${busy ? ' …' : ''}${pruned !== null ? ` · ${pruned} pruned` : ''}`}
      </span>
      {asOf !== null ? (
        <button onClick={() => onChange(null)} data-testid="history-now">
          Now
        </button>
      ) : null}
      {error ? <span className="error">{error}</span> : null}
    </div>
  );
}
