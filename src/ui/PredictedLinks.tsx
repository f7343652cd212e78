import { useEffect } from 'react';
import { useLinkModel, useLinkModelState } from './use-link-model';
import { useSession, useSessionState } from './use-session';

/**
 * An API node's top predicted next tools: api→api links the HGT scores high that no trace has shown yet
 * (not edges of the graph). Labelled as predictions, so nobody mistakes them for observed edges.
 */
export function PredictedLinks({ nodeId }: { nodeId: string }) {
  const lm = useLinkModel();
  const session = useSession();
  const { predictions, status } = useLinkModelState();
  const { worldVersion } = useSessionState();
  // Asked again when the node, the world, the model in use or its scores (a debounced rescore) change.
  const modelKey = status?.model ? `${status.model.origin}:${status.model.createdAt}` : 'none';
  const scoresVersion = status?.scores?.version ?? -1;

  useEffect(() => {
    void lm.loadPredictions(nodeId);
  }, [lm, nodeId, worldVersion, modelKey, scoresVersion]);

  const mine = predictions?.nodeId === nodeId ? predictions.result : null;
  return (
    <section className="predicted-links" data-testid="predicted-links">
      <h3>
        Predicted next tools <small>HGT link model · not observed yet</small>
      </h3>
      {!mine ? (
        <p className="hint">Scoring links with the HGT…</p>
      ) : mine.links.length === 0 ? (
        <p className="hint" data-testid="predicted-links-note">
          {mine.note}
        </p>
      ) : (
        <ul className="edges">
          {mine.links.map((l) => (
            <li key={l.target} data-testid="predicted-link">
              <button className="link" onClick={() => session.select(l.target)}>
                {l.label}
              </button>{' '}
              <span className="rel rel-predicted">predicted</span> p_uv {l.p.toFixed(2)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
