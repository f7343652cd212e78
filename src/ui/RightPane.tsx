import { useState } from 'react';
import { EvolutionPanel } from './EvolutionPanel';
import { LayerModelPanel } from './LayerModelPanel';
import { LinkModelPanel } from './LinkModelPanel';
import { NodeDetails } from './NodeDetails';
import { RetrievalPanel } from './RetrievalPanel';

type Tab = 'node' | 'retrieval' | 'link-model' | 'evolution';

/** The right column: the selected node, next-tool retrieval, the HGT link model, or graph evolution. */
export function RightPane() {
  const [tab, setTab] = useState<Tab>('node');
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
        <button
          role="tab"
          aria-selected={tab === 'evolution'}
          onClick={() => setTab('evolution')}
          data-testid="tab-evolution"
        >
          Evolution
        </button>
      </div>
      {tab === 'node' ? (
        <NodeDetails />
      ) : tab === 'retrieval' ? (
        <RetrievalPanel />
      ) : tab === 'link-model' ? (
        <>
          <LinkModelPanel />
          <LayerModelPanel />
        </>
      ) : (
        <EvolutionPanel />
      )}
    </div>
  );
}
