import type { SubIntentView } from '../../core/agent/agent-events';

/** The request split into sub-intents, each with its status and, once chosen, the API that serves it. */
export function SubIntentsStep({ items }: { items: SubIntentView[] }) {
  return (
    <div>
      <span className="step-label">Sub-intents</span>
      <ol className="sub-intents">
        {items.map((i) => (
          <li key={i.rank} data-testid="sub-intent">
            {i.text} <span className={`status status-${i.status}`}>{i.status}</span>
            {i.condition && <span className="meta"> ({i.condition})</span>}
            {i.target && <span className="meta"> → {i.target}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
