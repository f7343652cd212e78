import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChainHighlight } from '../app/agent/agent-session';
import { framesOfTurn, playbackView, type PlaybackView } from '../app/graph-playback';
import { GraphPlayer } from '../app/graph-player';
import { visibleSubgraph } from '../app/visible-subgraph';
import { edgeWeight } from '../core/graph/weights';
import { fitNodes, placeNodes, type LayoutOutcome, type PositionCache } from './graph-layout';
import { setGraphHandle } from './graph-handle';
import { GRAPH_STYLE, LARGE_VIEW, PLAYBACK_CLASSES, styleFor } from './graph-style';
import { HistorySlider } from './HistorySlider';
import { PlaybackBar } from './PlaybackBar';
import { useAgentState } from './use-agent';
import { useGraphAsOf } from './use-graph-as-of';
import { useSession, useSessionState } from './use-session';
import { useStore } from './use-store';

/** Nodes drawn before the focus view takes over; each Expand doubles it (and adds a hop), up to 4,000. */
const MAX_DRAWN = 300;
const MAX_EXPANDED = 4000;
/** How long an edge whose weight a new trace changed stays marked. */
const WEIGHT_FLASH_MS = 6000;

interface Tip {
  x: number;
  y: number;
  lines: string[];
}

/**
 * The Tool World graph. In the chat (`highlight` given) it replays each turn: Alpha-Beta's decisions
 * ring by ring, the chosen chain in execution order with its layers, each call, a failure in red and the
 * detour around it; afterwards the edges whose weights the turn's trace changed are marked. Without
 * `highlight` (the workspace), the toolchain panel's last plan lights up when its target is selected.
 * Large graphs show a focus view (what the agent touches and the selection, with their neighbourhood),
 * which Expand widens. The history slider shows the graph as of any earlier trace.
 */
export function GraphView({ highlight }: { highlight?: ChainHighlight | null } = {}) {
  const chat = highlight !== undefined;
  const session = useSession();
  const { worldVersion, selectedNodeId, toolchain } = useSessionState();
  const { turns, conversations } = useAgentState();
  const chain = toolchain.status === 'done' ? toolchain.result : null;
  const container = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  const positions = useRef<PositionCache>(new Map());
  const lastLayout = useRef<(LayoutOutcome & { nodes: number }) | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const [expand, setExpand] = useState(0);
  const [asOf, setAsOf] = useState<number | null>(null);

  const player = useMemo(() => new GraphPlayer(), []);
  useEffect(() => () => player.dispose(), [player]);
  const playerState = useStore(player);
  const followLatest = useRef(true);

  // The world as of the slider's trace, or now.
  const history = useGraphAsOf(session.world, worldVersion, asOf);
  const graph = history.graph ?? session.world.graph;

  // Follow the chat's turns: a running turn plays as it grows; a turn that ended before the view opened
  // is shown as it ended; an older turn the user picked stays until a new turn starts.
  useEffect(() => {
    if (!chat) return;
    const last = turns[turns.length - 1];
    if (!last) return;
    const live = last.status === 'running';
    if (live && last.id !== player.getState().turnId) followLatest.current = true;
    if (!followLatest.current) return;
    const frames = framesOfTurn(last.steps);
    const known = player.getState().turnId;
    if (known === null && !live) player.show(last.id, frames);
    else player.follow(last.id, frames, live);
  }, [chat, turns, player]);

  // Past conversations (kept in IndexedDB with their frames) replay like this session's turns.
  const pastTurns = useMemo(() => {
    const here = new Set(turns.map((t) => t.id));
    return conversations.filter((c) => !here.has(c.id) && (c.playback?.length ?? 0) > 0);
  }, [turns, conversations]);

  const pickTurn = (id: string) => {
    const turn = turns.find((t) => t.id === id);
    const past = turn ? null : pastTurns.find((c) => c.id === id);
    if (!turn && !past?.playback) return;
    followLatest.current = id === turns[turns.length - 1]?.id;
    player.replay(id, turn ? framesOfTurn(turn.steps) : past!.playback!);
  };

  const playing = chat && playerState.frames.length > 0;
  const pv: PlaybackView | null = useMemo(
    () =>
      playing ? playbackView(playerState.frames, playerState.at, (id) => graph.node(id)?.label ?? id) : null,
    [playing, playerState.frames, playerState.at, graph],
  );

  // The focus of a large graph: what the agent touches (the replayed chain's subgraph, or the running
  // highlight, or the toolchain panel's plan) and the selected node.
  const cap = Math.min(MAX_DRAWN * 2 ** expand, MAX_EXPANDED);
  const hops = 2 + expand;
  const large = graph.nodeCount > cap;
  const touched = useMemo(() => {
    const fromPlayback = pv
      ? Object.keys(pv.marks).filter((id) => pv.marks[id]!.inSubgraph || pv.marks[id]!.order)
      : [];
    return fromPlayback.length > 0
      ? fromPlayback
      : (highlight?.subgraph ?? (chain ? chain.subgraph.nodes : []));
  }, [pv, highlight, chain]);
  const touchedKey = large ? [...touched].sort().join(',') : '';
  const focus = large ? selectedNodeId : null;
  const view = useMemo(() => {
    void worldVersion;
    return visibleSubgraph(graph, focus, cap, hops, touchedKey ? touchedKey.split(',') : []);
  }, [graph, worldVersion, focus, cap, hops, touchedKey]);

  // What the cytoscape handlers and the test hook read: kept current by an effect, not during render.
  const highlightRef = useRef(highlight);
  const playbackRef = useRef({ player, pv });
  useEffect(() => {
    highlightRef.current = highlight;
    playbackRef.current = { player, pv };
  }, [highlight, player, pv]);

  useEffect(() => {
    const instance = cytoscape({
      container: container.current,
      style: GRAPH_STYLE,
      wheelSensitivity: 0.3,
      minZoom: 0.05,
      maxZoom: 4,
    });
    instance.on('tap', 'node', (e) => session.select(e.target.id()));
    instance.on('tap', (e) => {
      if (e.target === instance) session.select(null);
    });
    instance.on('mouseover', 'node, edge', (e) => {
      const p = e.renderedPosition ?? e.target.renderedMidpoint?.() ?? { x: 0, y: 0 };
      setTip({ x: p.x, y: p.y, lines: tipLines(e.target, playbackRef.current.pv) });
    });
    instance.on('mouseout', 'node, edge', () => setTip(null));
    instance.on('pan zoom', () => setTip(null));
    cy.current = instance;
    const drawn = (ids: readonly string[] | undefined) =>
      (ids ?? []).filter((id) => instance.getElementById(id).nonempty());
    setGraphHandle({
      drawnNodeIds: () => instance.nodes().map((n) => n.id()),
      planNodeIds: () => {
        const h = highlightRef.current;
        return h ? drawn(h.plan) : instance.nodes('.in-plan').map((n) => n.id());
      },
      failedNodeIds: () => {
        const h = highlightRef.current;
        return h ? drawn(h.failed) : instance.nodes('.failed').map((n) => n.id());
      },
      playback: () => {
        const { player: p, pv: v } = playbackRef.current;
        const s = p.getState();
        return {
          turnId: s.turnId,
          at: s.at,
          total: s.frames.length,
          playing: s.playing,
          done: p.done,
          log: v?.log ?? [],
        };
      },
      nodeClasses: (id) => {
        const n = instance.getElementById(id);
        return n.nonempty() ? n.classes() : [];
      },
      detourLabels: () =>
        instance
          .edges('.detour-edge')
          .map((e) => String(e.data('label') ?? ''))
          .filter(Boolean),
      drawnEdgeIds: () =>
        instance
          .edges()
          .not('.detour-edge')
          .map((e) => e.id()),
      edgeWeight: (id) => {
        const e = instance.getElementById(id);
        return e.nonempty() ? (e.data('weight') as number) : null;
      },
      nodePosition: (id) => {
        const n = instance.getElementById(id);
        return n.nonempty() ? { ...n.position() } : null;
      },
      lastLayout: () => lastLayout.current,
    });
    // The pane changes size with the window and the side panel: redraw to fit instead of being cut off.
    const resize = new ResizeObserver(() => {
      instance.resize();
      if (instance.nodes().length > 0) fitNodes(instance);
    });
    if (container.current) resize.observe(container.current);
    return () => {
      resize.disconnect();
      setGraphHandle(null);
      instance.destroy();
      cy.current = null;
    };
  }, [session]);

  // Elements: updated in place (ids kept), so nodes keep their positions; only new nodes are placed.
  const styledLarge = useRef(false);
  const lastFocusKey = useRef('');
  /** Edges whose weight the last trace changed, with "w̃ a → b", waiting for the replay to end. */
  const flash = useRef<{ edges: Map<string, string>; shown: boolean } | null>(null);
  const weightsBefore = useRef<{ version: number; asOf: number | null; w: Map<string, number> } | null>(null);
  useEffect(() => {
    const instance = cy.current;
    if (!instance) return;
    const nodeIds = new Set(view.nodes.map((n) => n.id));
    const edgeIds = new Set(view.edges.map((e) => e.id));
    const weights = new Map(view.edges.map((e) => [e.id, edgeWeight(graph, e)]));
    const added: ElementDefinition[] = [];
    // Large views get the lighter style (straight edges, no label backgrounds); switched only on crossing.
    const large = view.nodes.length > LARGE_VIEW;
    if (large !== styledLarge.current) {
      instance.style(styleFor(view.nodes.length));
      styledLarge.current = large;
    }
    instance.batch(() => {
      instance.remove('.detour-edge');
      instance
        .edges()
        .filter((e) => !edgeIds.has(e.id()))
        .remove();
      instance
        .nodes()
        .filter((n) => !nodeIds.has(n.id()))
        .remove();
      for (const n of view.nodes) {
        const data = {
          id: n.id,
          label: shortLabel(n.label),
          full: n.label,
          kind: n.kind,
          inactive: !n.active,
          nSucc: n.nSucc,
          nFail: n.nFail,
        };
        const el = instance.getElementById(n.id);
        if (el.nonempty()) el.data(data);
        else added.push({ group: 'nodes', data });
      }
      for (const e of view.edges) {
        const data = {
          id: e.id,
          source: e.source,
          target: e.target,
          kind: e.kind,
          weight: weights.get(e.id)!,
        };
        const el = instance.getElementById(e.id);
        if (el.nonempty()) el.data(data);
        else added.push({ group: 'edges', data });
      }
      if (added.length > 0) instance.add(added);
    });
    // The centre of a full layout: the selection in a focus view, else what the agent touches.
    const centre = [...(focus ? [focus] : []), ...touched];
    if (centre.length === 0 && selectedNodeId) centre.push(selectedNodeId);
    // A focus view whose focus moved shows another neighbourhood: lay it out around the new focus.
    const focusKey = view.filtered ? `${focus}|${touchedKey}` : '';
    const refocus = view.filtered && focusKey !== lastFocusKey.current;
    lastFocusKey.current = focusKey;
    const outcome = placeNodes(instance, positions.current, centre, refocus);
    lastLayout.current = { ...outcome, nodes: view.nodes.length };
    if (outcome.mode === 'full') fitNodes(instance);

    // After a trace (same slider position, newer world), mark the edges whose weight moved.
    const before = weightsBefore.current;
    weightsBefore.current = { version: worldVersion, asOf, w: weights };
    if (!before || before.asOf !== asOf || before.version === worldVersion || asOf !== null) return;
    const changed = new Map<string, string>();
    for (const [id, w] of weights) {
      const was = before.w.get(id);
      if (was === undefined || Math.abs(was - w) < 1e-6) continue;
      changed.set(id, `w̃ ${was.toFixed(2)} → ${w.toFixed(2)}`);
    }
    // Shown once the replay of the turn that caused them has ended (the classes effect below).
    if (changed.size > 0) flash.current = { edges: changed, shown: false };
    // `touched`/`selectedNodeId` only centre a full layout; they must not re-run this effect on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, graph]);

  // Classes: the replay, or the running chain, or the selection.
  useEffect(() => {
    const instance = cy.current;
    if (!instance) return;
    instance.batch(() => {
      instance.remove('.detour-edge');
      instance
        .elements()
        .removeClass(`faded in-subgraph in-plan calling failed ordered weight-changed ${PLAYBACK_CLASSES}`)
        .unselect();
    });
    const sel = selectedNodeId ? instance.getElementById(selectedNodeId) : null;
    if (pv) {
      drawPlayback(instance, pv, playerState.frames[playerState.at - 1]);
      sel?.select();
    } else if (highlight) {
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
    // Afterwards the weights visibly change: the edges the trace moved, marked for a few seconds.
    const f = flash.current;
    const replayOver = !pv || playerState.at >= playerState.frames.length;
    if (!f || !replayOver) return;
    for (const [id, delta] of f.edges) {
      const el = instance.getElementById(id);
      if (el.empty()) continue;
      el.data('delta', delta);
      el.addClass('weight-changed');
    }
    if (f.shown) return;
    f.shown = true;
    setTimeout(() => {
      if (flash.current !== f) return;
      flash.current = null;
      for (const id of f.edges.keys()) instance.getElementById(id).removeClass('weight-changed');
    }, WEIGHT_FLASH_MS);
  }, [view, selectedNodeId, chain, highlight, pv, playerState.frames, playerState.at]);

  const turnChoices = [
    ...turns.map((t) => ({ id: t.id, request: t.request })),
    ...pastTurns.map((c) => ({ id: c.id, request: `(earlier) ${c.request}` })),
  ];
  const nodeCount = session.world.graph.nodeCount;
  return (
    <section className="graph-pane" aria-label="Tool World graph">
      <div className="graph-legend">
        <span className="lg lg-api">API</span>
        <span className="lg lg-param">parameter</span>
        <span className="lg lg-struct">structural</span>
        <span className="lg lg-behav">behavioural</span>
        <span>width = weight w̃</span>
        {pv ? (
          <>
            <span className="lg lg-kept">kept</span>
            <span className="lg lg-alpha">α-pruned</span>
            <span className="lg lg-beta">β-cut</span>
          </>
        ) : null}
        <span data-testid="graph-counts">
          {view.filtered
            ? `showing ${view.nodes.length} of ${graph.nodeCount} nodes`
            : `${view.nodes.length} nodes`}{' '}
          · {view.edges.length} edges
        </span>
        {view.filtered || expand > 0 ? (
          <span className="graph-expand">
            {view.filtered && cap < MAX_EXPANDED ? (
              <button
                onClick={() => setExpand(expand + 1)}
                data-testid="graph-expand"
                title="One hop more, twice the nodes"
              >
                Expand
              </button>
            ) : null}
            {expand > 0 ? (
              <button onClick={() => setExpand(expand - 1)} data-testid="graph-shrink">
                Less
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
      <HistorySlider
        traces={session.world.traces.length}
        asOf={asOf}
        onChange={setAsOf}
        busy={history.busy}
        error={history.error}
        pruned={history.graph ? [...history.graph.nodes()].filter((n) => !n.active).length : null}
      />
      {chat && turnChoices.length > 0 ? (
        <PlaybackBar
          player={player}
          state={playerState}
          caption={pv?.caption ?? ''}
          turns={turnChoices}
          onPickTurn={pickTurn}
        />
      ) : null}
      <div className="graph-canvas-wrap">
        <div ref={container} className="graph-canvas" data-testid="graph-canvas" data-nodes={nodeCount} />
        {nodeCount === 0 ? (
          // An empty world drew a blank canvas with no word on what to do (second QA pass).
          <p className="graph-empty" data-testid="graph-empty">
            This world has no tools yet, so the graph is empty. Import a tool catalogue (Import…, or drop a
            file on the page) or use Reset to demo.
          </p>
        ) : null}
        {tip ? (
          <div className="graph-tip" style={{ left: tip.x + 12, top: tip.y + 12 }} data-testid="graph-tip">
            {tip.lines.map((l, i) => (
              <div key={i}>{l}</div>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Long names shortened for drawing (the hover tip shows the whole name). */
const shortLabel = (s: string) => (s.length > 26 ? `${s.slice(0, 25)}…` : s);

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

const SEARCH_CLASS = { kept: 'ab-kept', alpha: 'ab-alpha', beta: 'ab-beta' } as const;

/** Draws the replay's state: search decisions, the chain in order with its layers, calls, detours. */
function drawPlayback(instance: Core, pv: PlaybackView, current: { kind: string } | undefined): void {
  const detourEdges: ElementDefinition[] = [];
  instance.batch(() => {
    const chainShown = Object.values(pv.marks).some((m) => m.order !== undefined);
    instance.nodes().forEach((n) => {
      const m = pv.marks[n.id()];
      if (!m) {
        n.addClass(chainShown ? 'faded' : 'dim');
        return;
      }
      if (m.search) n.addClass(SEARCH_CLASS[m.search.decision as keyof typeof SEARCH_CLASS] ?? 'ab-out');
      if (m.inSubgraph) n.addClass('in-subgraph');
      if (m.order !== undefined) {
        n.addClass('in-plan ordered');
        n.data('olabel', `${m.order}. ${n.data('full') ?? n.data('label')} · L${(m.layer ?? 0) + 1}`);
      }
      if (m.call === 'running') n.addClass('calling');
      else if (m.call === 'ok') n.addClass('called');
      else if (m.call === 'error') n.addClass('failed');
      if (m.detour) n.addClass('detour');
    });
    const last = pv.log[pv.log.length - 1];
    if (last && current?.kind === 'search') instance.getElementById(last.node).addClass('ab-current');
    instance.edges().forEach((e) => {
      const a = pv.marks[e.source().id()];
      const b = pv.marks[e.target().id()];
      if (
        !(a?.inSubgraph || a?.search?.decision === 'kept') ||
        !(b?.inSubgraph || b?.search?.decision === 'kept')
      )
        e.addClass(chainShown ? 'faded' : 'dim');
    });
    pv.detours.forEach((d, i) => {
      const hops = [d.failed, ...d.path].filter((id) => instance.getElementById(id).nonempty());
      for (let j = 0; j + 1 < hops.length; j++)
        detourEdges.push({
          group: 'edges',
          classes: 'detour-edge',
          data: {
            id: `detour:${i}:${j}`,
            source: hops[j],
            target: hops[j + 1],
            ...(j === 0 ? { label: `detour: ${d.label}` } : {}),
          },
        });
    });
    if (detourEdges.length > 0) instance.add(detourEdges);
  });
}

/** Hover text: a node's counts and its Alpha-Beta decision; an edge's weight and counts. */
function tipLines(el: cytoscape.SingularElementReturnValue, pv: PlaybackView | null): string[] {
  const graphData = el.data() as Record<string, unknown>;
  const id = el.id();
  if (el.isEdge()) {
    if (el.hasClass('detour-edge')) return [String(graphData.label ?? 'detour')];
    const lines = [
      `${el.source().data('label')} → ${el.target().data('label')}`,
      `w̃ = ${Number(graphData.weight).toFixed(3)}`,
    ];
    if (graphData.delta && el.hasClass('weight-changed'))
      lines.push(`after the last trace: ${String(graphData.delta)}`);
    return lines;
  }
  const lines = [
    `${String(graphData.full ?? graphData.label)} (${graphData.kind === 'api' ? 'API' : 'parameter'})`,
    `${Number(graphData.nSucc)} ok · ${Number(graphData.nFail)} failed${graphData.inactive ? ' · pruned' : ''}`,
  ];
  const m = pv?.marks[id];
  if (m?.search) {
    const s = m.search;
    const what =
      s.decision === 'kept'
        ? s.cut
          ? 'kept, cut its siblings off (S > β)'
          : 'kept'
        : s.decision === 'alpha'
          ? 'alpha-pruned (S < α and < H)'
          : s.decision === 'beta'
            ? 'beta-cut'
            : `left out (${s.decision})`;
    lines.push(`Alpha-Beta ring ${s.ring}: ${what}`);
    lines.push(`S = ${s.score.toFixed(3)} · α ${s.alpha.toFixed(2)} · β ${s.beta.toFixed(2)}`);
  }
  if (m?.order !== undefined) lines.push(`step ${m.order} of the chain, layer ${(m.layer ?? 0) + 1}`);
  if (m?.call) lines.push(`call: ${m.call}`);
  return lines;
}
