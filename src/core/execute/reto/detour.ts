import type { RecombineMode, RecombineResult } from '../../search/recombine';
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
): DetourView {
  const added = [...new Set(res.replaced.added.map((s) => s.tool))];
  const switched =
    res.replaced.target && res.replaced.target.to !== failedTool ? [res.replaced.target.to] : [];
  return {
    mode: res.mode,
    failedTool,
    failure,
    newTools: [...new Set([...switched, ...added])].filter((t) => t !== failedTool),
    reason: res.reason,
  };
}

/** One sentence for a notice: "places_search failed (unavailable); detour by upstream rerouting: …". */
export function detourText(d: DetourView): string {
  const via = d.newTools.length > 0 ? ` through ${d.newTools.join(', ')}` : ' with the tools already run';
  return `${d.failedTool} failed (${d.failure.kind}: ${d.failure.message}); detour by ${DETOUR_LABEL[d.mode]}${via}.`;
}
