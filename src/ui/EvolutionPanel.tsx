import type { EvolutionSettings } from '../core/world/evolution-policy';
import { useSession, useSessionState } from './use-session';

/**
 * The evolution policy (NaviAgent §3.2.4): when edge weights are propagated over the recent traces
 * (eq. 12) and when rarely used or failing nodes are pruned (eq. 11), and what the last runs did. Pruning
 * is announced with Undo; a pruned node's details offer Restore. Settings are kept in the world.
 */
export function EvolutionPanel() {
  const session = useSession();
  const { evolution } = useSessionState();
  const s = evolution.settings;
  const set = (patch: Partial<EvolutionSettings>) => void session.setEvolutionSettings(patch);
  const count = (value: string, apply: (n: number) => void) => {
    const n = Number(value);
    if (Number.isInteger(n) && n >= 0) apply(n);
  };
  return (
    <section className="evolution" aria-label="Graph evolution" data-testid="evolution-panel">
      <h2>Evolution</h2>
      <p className="hint">
        After each trace the graph learns its counts (eq. 4). On a schedule it also propagates edge weights
        over the recent traces (eq. 12) and prunes nodes that are rarely used or keep failing (eq. 11):
        nothing is deleted, and a prune can be undone.
      </p>
      <p className="hint">
        The <strong>History</strong> slider above the graph shows the graph as of any earlier trace (its
        counts, weights and pruned nodes), computed again from the trace log.
      </p>
      <label>
        <input type="checkbox" checked={s.enabled} onChange={(e) => set({ enabled: e.target.checked })} />{' '}
        Evolve automatically
      </label>
      <table className="stats">
        <tbody>
          <tr>
            <th>Propagate every</th>
            <td>
              <input
                type="number"
                min={0}
                value={s.propagateEvery}
                data-testid="propagate-every"
                onChange={(e) => count(e.target.value, (n) => set({ propagateEvery: n }))}
              />{' '}
              traces, over the last{' '}
              <input
                type="number"
                min={1}
                value={s.window.size}
                onChange={(e) =>
                  count(e.target.value, (n) => n > 0 && set({ window: { ...s.window, size: n } }))
                }
              />{' '}
              {s.window.unit}, η = {s.eta}
            </td>
          </tr>
          <tr>
            <th>Prune every</th>
            <td>
              <input
                type="number"
                min={0}
                value={s.pruneEvery}
                data-testid="prune-every"
                onChange={(e) => count(e.target.value, (n) => set({ pruneEvery: n }))}
              />{' '}
              traces, at most{' '}
              <input
                type="number"
                min={0}
                value={s.maxPrunePerRun}
                onChange={(e) => count(e.target.value, (n) => set({ maxPrunePerRun: n }))}
              />{' '}
              nodes scoring ≥ {s.prune.threshold} (λ = {s.prune.lambda}, never within{' '}
              {Math.round(s.prune.graceMs / 86_400_000)} days of being added)
            </td>
          </tr>
          <tr>
            <th>Last propagation</th>
            <td data-testid="last-propagation">
              {evolution.lastPropagation
                ? `after ${evolution.lastPropagation.atTrace} traces: ${evolution.lastPropagation.edges} edges`
                : 'not in this session'}
            </td>
          </tr>
          <tr>
            <th>Last prune</th>
            <td data-testid="last-prune">
              {evolution.lastPrune
                ? `after ${evolution.lastPrune.atTrace} traces: ` +
                  (evolution.lastPrune.nodes.map((n) => n.label).join(', ') || 'nothing to prune')
                : 'not in this session'}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
