import { useState } from 'react';
import { NodeDetails } from './NodeDetails';
import { RetrievalPanel } from './RetrievalPanel';

/** The right column: the selected node, or next-tool retrieval. */
export function RightPane() {
  const [tab, setTab] = useState<'node' | 'retrieval'>('node');
  return (
    <div className="right-pane">
      <div className="tabs" role="tablist">
        <button role="tab" aria-selected={tab === 'node'} onClick={() => setTab('node')}>
          Node
        </button>
        <button
          role="tab"
          aria-selected={tab === 'retrieval'}
          onClick={() => setTab('retrieval')}
          data-testid="tab-retrieval"
        >
          Next tool
        </button>
      </div>
      {tab === 'node' ? <NodeDetails /> : <RetrievalPanel />}
    </div>
  );
}
