import type { ChainView } from '../../core/agent/agent-events';
import { msText, valueText } from './value-text';
import { rankLabel } from '../../core/agent/rank-label';

/** The toolchain chosen for a sub-intent: its steps with their arguments, what is missing, the subgraph. */
export function ChainStep({ chain, rank }: { chain: ChainView; rank: number }) {
  return (
    <div>
      <span className="step-label">Chain for {rankLabel(rank)}</span>{' '}
      <span className="meta">
        {chain.method} · subgraph {chain.subgraph.nodes.length} nodes, {chain.subgraph.pruned} pruned ·{' '}
        {msText(chain.ms)}
      </span>
      <ol start={0} className="plan-steps" data-testid="chat-chain">
        {chain.steps.map((s) => (
          <li key={s.step} data-testid="chain-step">
            <span className="tool-name">{s.tool}</span>(
            {Object.entries(s.args)
              .map(([k, v]) => `${k}: ${valueText(v, 60)}`)
              .join(', ')}
            )
          </li>
        ))}
      </ol>
      {chain.missing.length > 0 && (
        <div className="missing">
          Missing:{' '}
          {chain.missing.map((m) => (
            <span key={`${m.tool}.${m.field}`} className="chip" title={m.description}>
              {m.field}
            </span>
          ))}
        </div>
      )}
      {chain.tree && (
        <details>
          <summary>Subgraph as the LLM sees it</summary>
          <pre>{chain.tree}</pre>
        </details>
      )}
    </div>
  );
}
