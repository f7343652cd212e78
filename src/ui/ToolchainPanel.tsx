import { useState } from 'react';
import { parseKnownValues } from '../core/search/known-values';
import type { SearchMethod } from '../core/search/search-engine';
import type { ToolchainWeights } from '../workers/hgt-protocol';
import { useSession, useSessionState } from './use-session';

const METHODS: { id: SearchMethod; label: string }[] = [
  { id: 'alpha-beta', label: 'Alpha-Beta pruning' },
  { id: 'ga-sa', label: 'GA + annealing' },
  { id: 'bfs', label: 'Backward BFS (baseline)' },
];

function argText(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

/** Plans a toolchain to one API and explains it: the steps, what is missing, and the prompt tree. */
export function ToolchainPanel({ tool }: { tool: string }) {
  const session = useSession();
  const { toolchain } = useSessionState();
  const [method, setMethod] = useState<SearchMethod>('alpha-beta');
  const [weights, setWeights] = useState<ToolchainWeights>('dynamic');
  const [knownText, setKnownText] = useState('');
  const [unmatched, setUnmatched] = useState<string[]>([]);
  const plan = () => {
    const { known, unmatched } = parseKnownValues(session.world, knownText);
    setUnmatched(unmatched);
    void session.planToolchain({ target: tool, method, weights, known });
  };
  const running = toolchain.status === 'running';
  const result =
    toolchain.status === 'done' && toolchain.result.request.target === tool ? toolchain.result : null;
  const failed = toolchain.status === 'failed' && toolchain.request.target === tool ? toolchain.error : null;

  return (
    <section className="toolchain" data-testid="toolchain-panel">
      <h3>Toolchain to {tool}</h3>
      <div className="toolchain-controls">
        <select
          value={method}
          onChange={(e) => setMethod(e.target.value as SearchMethod)}
          aria-label="Search method"
        >
          {METHODS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
        <select
          value={weights}
          onChange={(e) => setWeights(e.target.value as ToolchainWeights)}
          aria-label="Edge weights"
        >
          <option value="dynamic">Dynamic weights</option>
          <option value="static">Static weights (session start)</option>
          <option value="hgt">HGT (learned p_uv)</option>
        </select>
        <button disabled={running} data-testid="plan-toolchain" onClick={plan}>
          {running ? 'Searching…' : 'Plan toolchain'}
        </button>
      </div>
      <textarea
        className="known-values"
        rows={2}
        placeholder={'What you know, one per line: name = Alice'}
        value={knownText}
        onChange={(e) => setKnownText(e.target.value)}
        aria-label="Known values"
        data-testid="known-values"
      />
      {unmatched.length > 0 && <p className="warn">No parameter is called {unmatched.join(', ')}.</p>}
      {failed && <p className="warn">{failed}</p>}
      {result && (
        <div data-testid="toolchain-result">
          <p className="meta" data-testid="toolchain-meta">
            Subgraph {result.subgraph.nodes.length} nodes, {result.subgraph.pruned.length} pruned · search{' '}
            {result.searchMs.toFixed(1)} ms · plan {result.planMs.toFixed(1)} ms · weights{' '}
            {result.weightsUsed}
          </p>
          {result.weightsNote && (
            <p className="warn" data-testid="weights-note">
              {result.weightsNote}
            </p>
          )}
          <ol start={0} className="plan-steps">
            {result.plan.map((s) => (
              <li key={s.step} data-testid="plan-step">
                <button className="link" onClick={() => session.select(`api:${s.tool}`)}>
                  {s.tool}
                </button>
                ({argText(s.args)})
              </li>
            ))}
          </ol>
          {result.missing.length > 0 && (
            <div className="missing" data-testid="plan-missing">
              Ask the user for:{' '}
              {result.missing.map((m) => (
                <span key={`${m.tool}.${m.field}`} className="chip" title={m.description}>
                  {m.field}
                </span>
              ))}
            </div>
          )}
          <details>
            <summary>
              Prompt tree ({result.serialized.approximate ? '≈' : ''}
              {result.serialized.tokens} tokens
              {result.serialized.omitted ? `, ${result.serialized.omitted} lines omitted` : ''})
            </summary>
            <pre>{result.serialized.text}</pre>
          </details>
        </div>
      )}
    </section>
  );
}
