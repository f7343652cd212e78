import { lazy, Suspense, type ComponentProps } from 'react';

// The graph view brings cytoscape (~130 KB gzipped): loaded as its own chunk once a screen shows the
// graph, so the app shell (everything index.html loads) stays under the 400 KB edge budget (issue 19).
const GraphView = lazy(() => import('./GraphView').then((m) => ({ default: m.GraphView })));

export function LazyGraphView(props: ComponentProps<typeof GraphView>) {
  return (
    <Suspense
      fallback={
        <div className="graph-pane graph-loading" data-testid="graph-loading">
          Loading the graph view…
        </div>
      }
    >
      <GraphView {...props} />
    </Suspense>
  );
}
