import type { CallView, ChainView } from '../core/agent/agent-events';
import { DETOUR_LABEL, type DetourView } from '../core/execute/reto/detour';
import { layerOf } from '../core/plan/dag';
import { apiNodeId } from '../core/graph/graph-types';
import type { SearchDecision, SearchStep } from '../core/search/search-step';
import type { ChatStep } from './agent/chat-steps';

/**
 * What the graph view replays of a turn (issue 19, "watch it think"), one frame at a time: Alpha-Beta's
 * decisions ring by ring, then the chosen chain in execution order with its layers, then each call as it
 * ran, a failed call and the detour taken around it. Derived from the turn's chat steps (the agent's
 * events as kept), so a live turn and any past turn of the session replay the same way.
 */
export type PlaybackFrame =
  | { kind: 'search'; rank: number; step: SearchStep }
  | {
      kind: 'chain';
      rank: number;
      target: string;
      /** Node ids of the pruned subgraph. */
      subgraph: string[];
      /** The chain's API nodes in execution order, with their layer (calls of one layer run together). */
      order: { node: string; tool: string; layer: number }[];
      method: string;
    }
  | { kind: 'call'; index: number; node: string; tool: string; status: CallView['status']; failure?: string }
  | {
      kind: 'detour';
      failed: string;
      mode: DetourView['mode'];
      label: string;
      /** API node ids of the way around, in execution order (the new tools when no order was given). */
      path: string[];
    };

/** The frames of a turn's steps, in the order the turn produced them. */
export function framesOfTurn(steps: readonly ChatStep[]): PlaybackFrame[] {
  const frames: PlaybackFrame[] = [];
  for (const s of steps) {
    if (s.kind === 'toolchain') frames.push(...framesOfChain(s.rank, s.chain));
    else if (s.kind === 'call') {
      const c = s.call;
      frames.push({
        kind: 'call',
        index: c.index,
        node: apiNodeId(c.tool),
        tool: c.tool,
        status: c.status,
        ...(c.failure ? { failure: `${c.failure.kind}: ${c.failure.message}` } : {}),
      });
      if (c.status === 'error' && c.detour) frames.push(detourFrame(c.detour));
    }
  }
  return frames;
}

/** At most this many frames are kept with a stored conversation (a few hundred bytes each). */
export const MAX_STORED_FRAMES = 600;

/**
 * The frames a conversation record keeps: every chain, call and detour frame, and the search decisions
 * while they fit (the nearest rings come first).
 */
export function storedFrames(frames: readonly PlaybackFrame[], max = MAX_STORED_FRAMES): PlaybackFrame[] {
  if (frames.length <= max) return [...frames];
  let room = max - frames.filter((f) => f.kind !== 'search').length;
  return frames.filter((f) => f.kind !== 'search' || room-- > 0);
}

function framesOfChain(rank: number, chain: ChainView): PlaybackFrame[] {
  const layer = layerOf(chain.steps);
  const order = [...chain.steps]
    .sort((a, b) => (layer.get(a.step) ?? 0) - (layer.get(b.step) ?? 0) || a.step - b.step)
    .map((s) => ({ node: apiNodeId(s.tool), tool: s.tool, layer: layer.get(s.step) ?? 0 }));
  return [
    ...(chain.search ?? []).map((step): PlaybackFrame => ({ kind: 'search', rank, step })),
    {
      kind: 'chain',
      rank,
      target: apiNodeId(chain.target),
      subgraph: chain.subgraph.nodes,
      order,
      method: chain.method,
    },
  ];
}

function detourFrame(d: DetourView): PlaybackFrame {
  const path = (d.newPath ?? d.newTools).filter((t) => t !== d.failedTool).map(apiNodeId);
  return { kind: 'detour', failed: apiNodeId(d.failedTool), mode: d.mode, label: DETOUR_LABEL[d.mode], path };
}

/** How one node is drawn after some frames. */
export interface NodeMark {
  /** The node's last Alpha-Beta decision, with the score and bounds it was judged by. */
  search?: {
    decision: SearchDecision;
    score: number;
    ring: number;
    alpha: number;
    beta: number;
    cut?: boolean;
  };
  inSubgraph?: boolean;
  /** 1-based position in the chain's execution order, and its layer. */
  order?: number;
  layer?: number;
  call?: CallView['status'];
  /** On a detour's path (`failed` marks the tool it goes around). */
  detour?: boolean;
}

export interface PlaybackView {
  marks: Record<string, NodeMark>;
  /** Detours drawn so far: the failed node, the way around, the mode's label. */
  detours: { failed: string; path: string[]; label: string }[];
  /** One line saying what the last frame showed. */
  caption: string;
  /** The state each frame gave its node, in order (what the test hook reads as "the states shown"). */
  log: { node: string; state: NodeState }[];
}

/** The state a frame puts a node in, as the view's classes name it. */
export type NodeState =
  'kept' | 'alpha' | 'beta' | 'left-out' | 'in-plan' | 'calling' | 'ok' | 'failed' | 'detour';

const stateOfDecision = (d: SearchDecision): NodeState =>
  d === 'kept' || d === 'alpha' || d === 'beta' ? d : 'left-out';

const fmt = (x: number) => x.toFixed(2);

/** The view after the first `at` frames: a fold, so replaying from any frame is cheap and exact. */
export function playbackView(
  frames: readonly PlaybackFrame[],
  at: number,
  /** A node's name for the caption (its id without the kind prefix when not given). */
  labelOf: (id: string) => string = (id) => id.replace(/^(api|param):/, ''),
): PlaybackView {
  const marks: Record<string, NodeMark> = {};
  const mark = (id: string): NodeMark => (marks[id] ??= {});
  const view: PlaybackView = { marks, detours: [], caption: '', log: [] };
  for (const f of frames.slice(0, at)) {
    switch (f.kind) {
      case 'search': {
        const s = f.step;
        mark(s.node).search = {
          decision: s.decision,
          score: s.score,
          ring: s.ring,
          alpha: s.alpha,
          beta: s.beta,
          ...(s.cut ? { cut: true } : {}),
        };
        view.log.push({ node: s.node, state: stateOfDecision(s.decision) });
        view.caption = searchCaption(s, labelOf);
        break;
      }
      case 'chain': {
        for (const id of f.subgraph) mark(id).inSubgraph = true;
        f.order.forEach((o, i) => {
          const m = mark(o.node);
          m.order = i + 1;
          m.layer = o.layer;
          view.log.push({ node: o.node, state: 'in-plan' });
        });
        const layers = Math.max(0, ...f.order.map((o) => o.layer)) + 1;
        view.caption =
          `Chain for #${f.rank}: ${f.order.map((o) => o.tool).join(' → ') || '(none)'}` +
          ` · ${layers} layer${layers === 1 ? '' : 's'} · ${f.subgraph.length} nodes kept (${f.method})`;
        break;
      }
      case 'call': {
        const m = mark(f.node);
        m.call = f.status;
        view.log.push({ node: f.node, state: callState(f.status) });
        view.caption =
          f.status === 'running'
            ? `Calling ${f.tool}…`
            : f.status === 'ok'
              ? `${f.tool} answered`
              : `${f.tool} failed${f.failure ? ` (${f.failure})` : ''}`;
        break;
      }
      case 'detour': {
        for (const id of f.path) {
          mark(id).detour = true;
          view.log.push({ node: id, state: 'detour' });
        }
        view.detours.push({ failed: f.failed, path: f.path, label: f.label });
        view.caption = `Detour by ${f.label}: ${[f.failed, ...f.path].map(toolOf).join(' ⇢ ')}`;
        break;
      }
    }
  }
  return view;
}

const callState = (s: CallView['status']): NodeState =>
  s === 'running' ? 'calling' : s === 'ok' ? 'ok' : 'failed';

const toolOf = (id: string) => id.replace(/^api:/, '');

function searchCaption(s: SearchStep, labelOf: (id: string) => string): string {
  const where = `Alpha-Beta · ring ${s.ring} · ${labelOf(s.node)}`;
  const S = `S = ${fmt(s.score)}`;
  switch (s.decision) {
    case 'kept':
      if (s.ring === 0) return `Alpha-Beta · searching back from ${labelOf(s.node)}`;
      return s.cut
        ? `${where} kept (${S} > β ${fmt(s.beta)}): its remaining siblings are cut`
        : `${where} kept (${S})`;
    case 'alpha':
      return `${where} alpha-pruned (${S} < α ${fmt(s.alpha)})`;
    case 'beta':
      return `${where} beta-cut (a sibling scored above β)`;
    case 'path-length':
      return `${where} left out: too far from the target`;
    case 'inactive':
      return `${where} left out: pruned from the graph`;
    case 'excluded':
      return `${where} left out: it failed in this turn`;
  }
}

/** How long a frame stays before the next (ms at speed 1): a ring's decisions go faster than a call. */
export function frameDelay(frame: PlaybackFrame, next: PlaybackFrame | undefined): number {
  switch (frame.kind) {
    case 'search':
      return next?.kind === 'search' && next.step.ring === frame.step.ring ? 180 : 450;
    case 'chain':
      return 900;
    case 'call':
      return frame.status === 'error' ? 900 : 500;
    case 'detour':
      return 1200;
  }
}
