import { useMemo } from 'react';
import type { GraphEdge } from '../core/graph/graph-types';
import { edgeWeight, statWeight, successRatio } from '../core/graph/weights';
import { PredictedLinks } from './PredictedLinks';
import { ToolchainPanel } from './ToolchainPanel';
import { useSession, useSessionState } from './use-session';

function EdgeRow({ edge, other, onPick }: { edge: GraphEdge; other: string; onPick: (id: string) => void }) {
  const session = useSession();
  const g = session.world.graph;
  const label = g.node(other)?.label ?? other;
  return (
    <li>
      <button className="link" onClick={() => onPick(other)}>
        {label}
      </button>{' '}
      <span className={`rel rel-${edge.kind}`}>{edge.relation}</span> w̃ {statWeight(g, edge).toFixed(2)}
      {edge.wEvolved !== null && <> (evolved {edgeWeight(g, edge).toFixed(2)})</>} · {edge.nSucc} ok /{' '}
      {edge.nFail} failed
    </li>
  );
}

export function NodeDetails() {
  const session = useSession();
  const { selectedNodeId, worldVersion } = useSessionState();
  const world = session.world;
  const node = selectedNodeId ? world.graph.node(selectedNodeId) : undefined;
  const edges = useMemo(() => {
    void worldVersion;
    if (!selectedNodeId) return { inn: [], out: [] };
    const byWeight = (a: GraphEdge, b: GraphEdge) => edgeWeight(world.graph, b) - edgeWeight(world.graph, a);
    return {
      inn: world.graph.inEdges(selectedNodeId).sort(byWeight),
      out: world.graph.outEdges(selectedNodeId).sort(byWeight),
    };
  }, [world, selectedNodeId, worldVersion]);

  if (!node) {
    return (
      <aside className="details" aria-label="Node details">
        <p className="hint">
          Click a node in the graph or a tool in the list to see its schema, statistics and neighbours.
        </p>
        <p className="hint">
          Drop a tool catalogue anywhere on the page to import it: OpenAI <code>tools</code>, an MCP{' '}
          <code>tools/list</code> result, a dataset <code>tools.json</code>, or an exported world.
        </p>
      </aside>
    );
  }
  const record = node.tool ? world.catalogue.record(node.tool) : undefined;
  const cluster = node.clusterId !== undefined ? world.standardizer.cluster(node.clusterId) : undefined;
  const pick = (id: string) => session.select(id);
  return (
    <aside className="details" aria-label="Node details" data-testid="node-details">
      <h2>
        {node.label} <small>{node.kind === 'api' ? 'API' : 'parameter'}</small>
      </h2>
      {!node.active && (
        <p className="warn">
          Pruned{node.pruneScore !== null ? ` (score ${node.pruneScore.toFixed(2)})` : ''} — inactive, kept,
          not deleted.{' '}
          <button className="link" onClick={() => void session.restoreNodes([node.id])}>
            Restore
          </button>
        </p>
      )}
      <table className="stats">
        <tbody>
          <tr>
            <th>successful calls</th>
            <td>{node.nSucc}</td>
          </tr>
          <tr>
            <th>failed calls</th>
            <td>{node.nFail}</td>
          </tr>
          <tr>
            <th>success ratio</th>
            <td>{node.nSucc + node.nFail === 0 ? '—' : successRatio(node).toFixed(2)}</td>
          </tr>
          <tr>
            <th>in / out degree</th>
            <td>
              {world.graph.inDegree(node.id)} / {world.graph.outDegree(node.id)}
            </td>
          </tr>
        </tbody>
      </table>
      {node.kind === 'api' && node.active && <PredictedLinks nodeId={node.id} />}
      {record && node.active && <ToolchainPanel tool={record.tool.name} />}
      {record && (
        <>
          <p>{record.tool.description || <em>No description.</em>}</p>
          <p className="meta">
            {record.tool.category} · from {record.tool.source} · revision {record.revision}
          </p>
          <h3>Parameters</h3>
          <pre>{JSON.stringify(record.tool.parameters, null, 2)}</pre>
          <h3>Returns</h3>
          <pre>
            {record.tool.returns
              ? JSON.stringify(record.tool.returns, null, 2)
              : 'not declared (one "result" output)'}
          </pre>
        </>
      )}
      {cluster && (
        <>
          <p className="meta">
            standardized parameter #{cluster.id} · type {cluster.type}
          </p>
          <h3>Original parameters ({cluster.members.length})</h3>
          <ul className="members">
            {cluster.members.slice(0, 100).map((m) => (
              <li key={`${m.tool}.${m.direction}.${m.field}`}>
                {m.tool}.{m.field} <small>{m.direction === 'in' ? 'input' : 'output'}</small>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Incoming ({edges.inn.length})</h3>
      <ul className="edges">
        {edges.inn.slice(0, 50).map((e) => (
          <EdgeRow key={e.id} edge={e} other={e.source} onPick={pick} />
        ))}
      </ul>
      <h3>Outgoing ({edges.out.length})</h3>
      <ul className="edges">
        {edges.out.slice(0, 50).map((e) => (
          <EdgeRow key={e.id} edge={e} other={e.target} onPick={pick} />
        ))}
      </ul>
    </aside>
  );
}
