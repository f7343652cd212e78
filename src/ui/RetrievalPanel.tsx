import { useEffect, useState } from 'react';
import { embedderLabel } from '../app/embedder-options';
import { resultSourceText } from '../app/model-source-text';
import { scoreLegend, scoreText } from '../app/retrieval-score-text';
import { END_OF_PLAN } from '../core/retrieval/retriever';
import { RetrievalModelsBar } from './RetrievalModelsBar';
import { useRetrievalModels, useRetrievalModelsState } from './use-retrieval-models';
import { useSession, useSessionState } from './use-session';

const METHODS = [
  { id: 'hybrid', label: 'Hybrid (product)' },
  { id: 'dtdrL', label: 'DTDR-L' },
  { id: 'dtdrC', label: 'DTDR-C' },
  { id: 'qts', label: 'Query–tool similarity' },
  { id: 'bm25', label: 'BM25' },
  { id: 'staticDependency', label: 'Static dependency' },
  { id: 'staticLR', label: 'Static learned' },
];

/**
 * Type a request, pick the tools already called, and see the ranked next-tool candidates with their
 * scores (a percentage only where the method outputs a probability) and reasons, plus the prompt each
 * DTDR encoding would give the LLM and its token count.
 */
export function RetrievalPanel() {
  const session = useSession();
  const models = useRetrievalModels();
  const { options, embedderLabel: runningEmbedder } = useRetrievalModelsState();
  const { retrieval } = useSessionState();
  const [query, setQuery] = useState('Email Alice Martin the notes about the budget');
  const [history, setHistory] = useState<string[]>([]);
  const [method, setMethod] = useState('hybrid');
  const [shown, setShown] = useState<string | null>(null);
  const tools = session.world.catalogue
    .tools()
    .map((t) => t.name)
    .sort();
  // The tab shows every encoding's prompt and token count, so it asks for all six.
  const run = (h = history) => void session.rankNextTools({ query, history: h, method, prompts: 'all' });
  const result = retrieval.status === 'done' ? retrieval.result : null;

  // A ranking may have trained a model on first use: show where the scores come from now.
  useEffect(() => {
    if (result) void models.refresh();
  }, [models, result]);

  return (
    <section className="retrieval" aria-label="Next-tool retrieval" data-testid="retrieval-panel">
      <h2>Next tool</h2>
      <RetrievalModelsBar />
      <textarea
        rows={2}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label="Request"
        data-testid="retrieval-query"
      />
      <div className="history">
        Called so far: {history.length === 0 && <em>nothing</em>}
        {history.map((t, i) => (
          <span className="chip" key={`${t}-${i}`}>
            {t}
          </span>
        ))}
        {history.length > 0 && (
          <button className="link" onClick={() => setHistory(history.slice(0, -1))}>
            undo
          </button>
        )}
      </div>
      <div className="toolchain-controls">
        <select value={method} onChange={(e) => setMethod(e.target.value)} aria-label="Retrieval method">
          {METHODS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
        <select
          value=""
          aria-label="Add a called tool"
          onChange={(e) => e.target.value && setHistory([...history, e.target.value])}
        >
          <option value="">+ called tool…</option>
          {tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button
          onClick={() => run()}
          // Nothing to rank against: an empty request ranked the demo's first tools at 99.7 %.
          disabled={retrieval.status === 'running' || !query.trim()}
          title={query.trim() ? undefined : 'Type a request first'}
          data-testid="rank-next"
        >
          {retrieval.status === 'running' ? 'Ranking…' : 'Rank next tools'}
        </button>
      </div>
      {retrieval.status === 'failed' && <p className="warn">{retrieval.error}</p>}
      {result && (
        <>
          <p className="meta" data-testid="result-source">
            {result.method}: {resultSourceText(result.method, result.source)} · embedder{' '}
            {embedderLabel(result.embedderId, options)} · {result.rankMs.toFixed(2)} ms
          </p>
          {session.world.catalogue.size === 0 ? (
            // An empty world ranked only "stop (end of plan) score -Infinity" (second QA pass).
            <p className="meta" data-testid="no-candidates">
              No candidates: this world has no tools. Import a tool catalogue or use Reset to demo.
            </p>
          ) : (
            result.candidates.length === 0 && (
              <p className="meta" data-testid="no-candidates">
                No candidates: {result.method} found nothing in the world&apos;s tools that matches this
                request. Try other words or another method.
              </p>
            )
          )}
          {result.candidates.length > 0 && (
            <p className="meta" data-testid="score-legend">
              {scoreLegend(result.method)}
            </p>
          )}
          <ol className="candidates" start={1}>
            {result.candidates.map((c) => (
              <li key={c.tool} data-testid="candidate">
                {c.tool === END_OF_PLAN ? (
                  <strong>stop (end of plan)</strong>
                ) : (
                  <button
                    className="link"
                    title="Add as called and rank again"
                    onClick={() => {
                      const h = [...history, c.tool];
                      setHistory(h);
                      run(h);
                    }}
                  >
                    {c.tool}
                  </button>
                )}{' '}
                <span className="prob" title={scoreText(result.method, c.score).title}>
                  {scoreText(result.method, c.score).text}
                </span>
                {c.why && <span className="why"> — {c.why}</span>}
              </li>
            ))}
          </ol>
          <h3>Prompt per encoding ({result.tokenCounter} tokens)</h3>
          <table className="stats">
            <tbody>
              {result.prompts.map((p) => (
                <tr key={p.encoding}>
                  <th>
                    <button
                      className="link"
                      onClick={() => setShown(shown === p.encoding ? null : p.encoding)}
                    >
                      {p.encoding}
                    </button>
                  </th>
                  <td data-testid={`tokens-${p.encoding}`}>
                    {p.constantTokens} + {p.variableTokens} = {p.constantTokens + p.variableTokens}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown && <pre>{result.prompts.find((p) => p.encoding === shown)?.text}</pre>}
        </>
      )}
      {!result && (
        <p className="hint">
          Embeddings: {runningEmbedder}. Candidates come from the shipped DTDR-L head or from methods trained
          on this world's traces.
        </p>
      )}
    </section>
  );
}
