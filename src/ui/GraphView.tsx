import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import { useEffect, useMemo, useRef } from 'react';
import { edgeWeight } from '../core/graph/weights';
import type { ChainHighlight } from '../app/agent/agent-session';
import { visibleSubgraph } from '../app/visible-subgraph';
import { setGraphHandle } from './graph-handle';
import { GRAPH_STYLE } from './graph-style';
import { useSession, useSessionState } from './use-session';

// Force-directed layout reads well for small graphs but takes tens of seconds past ~1k nodes
// (docs/facts.md: cose 41 s at 2k nodes); concentric stays under 50 ms.
const FORCE_LAYOUT_LIMIT = 150;
const MAX_DRAWN = 300;

/**
 * The Tool World graph. `highlight` (the chat's running chain) lights up the chain's APIs, its searched
 * subgraph and the call in flight; without it, the toolchain panel's last plan does when its target is
 * selected.
 */
export function GraphView({ highlight = null }: { highlight?: ChainHighlight | null } = {}) {
  const session = useSession();
  const { worldVersion, selectedNodeId, toolchain } = useSessionState();
  const chain = toolchain.status === 'done' ? toolchain.result : null;
  const container = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);

  // Selection refocuses the drawn neighbourhood only when the graph is too large to draw whole;
  // otherwise it must not re-run the layout (nodes would jump).
  const large = session.world.graph.nodeCount > MAX_DRAWN;
  const focus = large ? selectedNodeId : null;
  const include = large ? (highlight?.subgraph ?? (chain ? chain.subgraph.nodes : null)) : null;
  const view = useMemo(() => {
    void worldVersion;
    return visibleSubgraph(session.world.graph, focus, MAX_DRAWN, 2, include ?? []);
  }, [session, worldVersion, focus, include]);

  useEffect(() => {
    const instance = cytoscape({ container: container.current, style: GRAPH_STYLE, wheelSensitivity: 0.3 });
    instance.on('tap', 'node', (e) => session.select(e.target.id()));
    instance.on('tap', (e) => {
      if (e.target === instance) session.select(null);
    });
    cy.current = instance;
    setGraphHandle({
      drawnNodeIds: () => instance.nodes().map((n) => n.id()),
      planNodeIds: () => instance.nodes('.in-plan').map((n) => n.id()),
      failedNodeIds: () => instance.nodes('.failed').map((n) => n.id()),
    });
    return () => {
      setGraphHandle(null);
      instance.destroy();
      cy.current = null;
    };
  }, [session]);

  useEffect(() => {
    const instance = cy.current;
    if (!instance) return;
    const graph = session.world.graph;
    const elements: ElementDefinition[] = [
      ...view.nodes.map((n) => ({
        group: 'nodes' as const,
        data: { id: n.id, label: n.label, kind: n.kind, inactive: !n.active },
      })),
      ...view.edges.map((e) => ({
        group: 'edges' as const,
        data: { id: e.id, source: e.source, target: e.target, kind: e.kind, weight: edgeWeight(graph, e) },
      })),
    ];
    instance.batch(() => {
      instance.elements().remove();
      instance.add(elements);
    });
    const layout =
      view.nodes.length <= FORCE_LAYOUT_LIMIT
        ? {
            name: 'cose',
            animate: false,
            randomize: false,
            nodeRepulsion: () => 9000,
            idealEdgeLength: () => 60,
          }
        : {
            name: 'concentric',
            concentric: (n: cytoscape.NodeSingular) => (n.data('kind') === 'api' ? 2 : 1),
            levelWidth: () => 1,
            animate: false,
          };
    instance.layout(layout as cytoscape.LayoutOptions).run();
  }, [session, view]);

  useEffect(() => {
    const instance = cy.current;
    if (!instance) return;
    instance.elements().removeClass('faded in-subgraph in-plan calling failed').unselect();
    const sel = selectedNodeId ? instance.getElementById(selectedNodeId) : null;
    if (highlight) {
      markChain(instance, new Set(highlight.subgraph), new Set(highlight.plan));
      if (highlight.active) instance.getElementById(highlight.active).addClass('calling');
      // Calls that failed in the turn (the detour's tools join the plan).
      for (const id of highlight.failed ?? []) instance.getElementById(id).addClass('failed');
    } else if (chain && selectedNodeId === `api:${chain.request.target}`) {
      // Show the searched subgraph: the plan's APIs stand out, the rest of the subgraph stays visible.
      markChain(instance, new Set(chain.subgraph.nodes), new Set(chain.plan.map((s) => `api:${s.tool}`)));
      sel?.select();
    } else if (sel && sel.nonempty()) {
      sel.select();
      instance.elements().not(sel.closedNeighborhood()).addClass('faded');
    }
  }, [view, selectedNodeId, chain, highlight]);

  return (
    <section className="graph-pane" aria-label="Tool World graph">
      <div className="graph-legend">
        <span className="lg lg-api">API</span>
        <span className="lg lg-param">parameter</span>
        <span className="lg lg-struct">structural</span>
        <span className="lg lg-behav">behavioural</span>
        <span>width = weight w̃</span>
        <span data-testid="graph-counts">
          {view.filtered
            ? `showing ${view.nodes.length} of ${session.world.graph.nodeCount} nodes`
            : `${view.nodes.length} nodes`}{' '}
          · {view.edges.length} edges
        </span>
      </div>
      <div ref={container} className="graph-canvas" data-testid="graph-canvas" />
    </section>
  );
}

/** The plan's APIs stand out, the rest of the searched subgraph stays visible, everything else fades. */
function markChain(instance: Core, inSub: ReadonlySet<string>, inPlan: ReadonlySet<string>): void {
  instance.nodes().forEach((n) => {
    if (inPlan.has(n.id())) n.addClass('in-plan');
    else if (inSub.has(n.id())) n.addClass('in-subgraph');
    else n.addClass('faded');
  });
  instance.edges().forEach((e) => {
    if (!(inSub.has(e.source().id()) && inSub.has(e.target().id()))) e.addClass('faded');
  });
}
