import type { RecombineMode, RecombineResult } from '../../search/recombine';
import { topologicalOrder } from '../../plan/dag';
import type { FailureKind } from '../call-outcome';

/**
 * A way around a failed call, as the chat and the final answer show it: how (NaviAgent §3.3's three
 * recombination modes, or the agent taking another candidate tool), which tool failed and why, and which
 * tools the new path brought in.
 */
export interface DetourView {
  /** `another-target`: the agent took its next candidate; `replan`: the same target, planned without the failed tool. */
  mode: RecombineMode | 'another-target' | 'replan';
  failedTool: string;
  failure: { kind: FailureKind; message: string };
  /** Tools the new path runs that the old one did not. */
  newTools: string[];
  /** The tools still to run on the new path, in execution order (absent for the agent's own detours). */
  newPath?: string[];
  reason: string;
}

export const DETOUR_LABEL: Record<DetourView['mode'], string> = {
  'io-equivalent': 'I/O-equivalent replacement',
  'upstream-reroute': 'upstream rerouting',
  'subgraph-switch': 'subgraph switching',
  'another-target': 'another candidate tool',
  replan: 'a new plan without it',
};

/** The detour a successful recombination describes. */
export function detourOf(
  failedTool: string,
  failure: DetourView['failure'],
  res: Extract<RecombineResult, { status: 'recombined' }>,
  /** Step numbers that have run: with it the view also gets the new path (`newPath`). */
  completed?: ReadonlySet<number>,
): DetourView {
  const added = [...new Set(res.replaced.added.map((s) => s.tool))];
  const switched =
    res.replaced.target && res.replaced.target.to !== failedTool ? [res.replaced.target.to] : [];
  return {
    mode: res.mode,
    failedTool,
    failure,
    newTools: [...new Set([...switched, ...added])].filter((t) => t !== failedTool),
    // The new plan's steps that have not run yet, in an execution order: the path the graph view draws.
    ...(completed
      ? {
          newPath: topologicalOrder(
            res.plan.filter((s) => !completed.has(s.step)),
            { lenient: true },
          ).map((s) => s.tool),
        }
      : {}),
    reason: res.reason,
  };
}

/** One sentence for a notice: "places_search failed (unavailable); detour by upstream rerouting: …". */
export function detourText(d: DetourView): string {
  const via = d.newTools.length > 0 ? ` through ${d.newTools.join(', ')}` : ' with the tools already run';
  return `${d.failedTool} failed (${d.failure.kind}: ${d.failure.message}); detour by ${DETOUR_LABEL[d.mode]}${via}.`;
}
