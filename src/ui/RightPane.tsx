import { useState } from 'react';
import { LinkModelPanel } from './LinkModelPanel';
import { NodeDetails } from './NodeDetails';
import { RetrievalPanel } from './RetrievalPanel';

/** The right column: the selected node, next-tool retrieval, or the HGT link model. */
export function RightPane() {
  const [tab, setTab] = useState<'node' | 'retrieval' | 'link-model'>('node');
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
        <button
          role="tab"
          aria-selected={tab === 'link-model'}
          onClick={() => setTab('link-model')}
          data-testid="tab-link-model"
        >
          Link model
        </button>
      </div>
      {tab === 'node' ? <NodeDetails /> : tab === 'retrieval' ? <RetrievalPanel /> : <LinkModelPanel />}
    </div>
  );
}
