/**
 * AutoTool's ToolPaths and path index (Appendix A, "Data Structure"): every distinct tool sequence is
 * stored once with a frequency; `index` maps a tool to the ids of the paths containing it (self.path_index),
 * `lookup` maps a sequence to its id (self.paths_lookup). A failure is stored as a path with a negative
 * frequency; the same sequence seen again adds to the frequency it already has.
 */
export interface ToolPath {
  id: number;
  tools: readonly string[];
  frequency: number;
}

/** A candidate next tool and the summed frequency of the paths that put it there: w(c). */
export interface NextToolEvidence {
  tool: string;
  weight: number;
  /** Ids of the paths that voted for it. */
  paths: number[];
}

export interface NextToolCandidates {
  candidates: NextToolEvidence[];
  /** W_total = Σ_c w(c) over every candidate (Appendix A). */
  total: number;
  /** Path ids the index intersection returned (before the sub-sequence check). */
  intersected: number;
}

const keyOf = (tools: readonly string[]): string => JSON.stringify(tools);

export class ToolPathStore {
  private readonly list: ToolPath[] = [];
  private readonly lookup = new Map<string, number>();
  private readonly index = new Map<string, Set<number>>();

  get size(): number {
    return this.list.length;
  }

  paths(): readonly ToolPath[] {
    return this.list;
  }

  path(tools: readonly string[]): ToolPath | undefined {
    const id = this.lookup.get(keyOf(tools));
    return id === undefined ? undefined : this.list[id];
  }

  /** Adds `weight` to the path's frequency, creating the path (frequency = weight) when it is new. */
  add(tools: readonly string[], weight: number): ToolPath {
    const key = keyOf(tools);
    const id = this.lookup.get(key);
    if (id !== undefined) {
      const p = this.list[id]!;
      p.frequency += weight;
      return p;
    }
    const path: ToolPath = { id: this.list.length, tools: [...tools], frequency: weight };
    this.list.push(path);
    this.lookup.set(key, path.id);
    for (const t of new Set(tools)) {
      let ids = this.index.get(t);
      if (!ids) this.index.set(t, (ids = new Set()));
      ids.add(path.id);
    }
    return path;
  }

  /**
   * Path ids holding every tool of `sequence`: the index set of the first tool intersected with the set
   * of each following tool (Appendix A, "Tool Prediction"). A superset of the paths that contain the
   * sequence in order; `nextTools` checks the order.
   */
  pathsContaining(sequence: readonly string[]): Set<number> {
    if (sequence.length === 0) return new Set();
    const first = this.index.get(sequence[0]!);
    if (!first) return new Set();
    let ids = new Set(first);
    for (const tool of sequence.slice(1)) {
      const next = this.index.get(tool);
      if (!next) return new Set();
      ids = new Set([...ids].filter((id) => next.has(id)));
      if (ids.size === 0) break;
    }
    return ids;
  }

  /**
   * The candidate next tools after `sequence`: for each path from the intersection that holds the
   * sequence as a contiguous run with a tool after it (its first occurrence, as the reference code
   * does), that tool gets the path's frequency: w(c) += frequency, W_total += frequency.
   */
  nextTools(sequence: readonly string[]): NextToolCandidates {
    const ids = this.pathsContaining(sequence);
    const byTool = new Map<string, NextToolEvidence>();
    let total = 0;
    for (const id of [...ids].sort((a, b) => a - b)) {
      const path = this.list[id]!;
      const at = firstRun(path.tools, sequence);
      if (at < 0 || at + sequence.length >= path.tools.length) continue;
      const tool = path.tools[at + sequence.length]!;
      let e = byTool.get(tool);
      if (!e) byTool.set(tool, (e = { tool, weight: 0, paths: [] }));
      e.weight += path.frequency;
      e.paths.push(id);
      total += path.frequency;
    }
    return { candidates: [...byTool.values()], total, intersected: ids.size };
  }
}

/** Start of the first contiguous occurrence of `run` in `tools`, or −1. */
export function firstRun(tools: readonly string[], run: readonly string[]): number {
  if (run.length === 0 || run.length > tools.length) return -1;
  outer: for (let i = 0; i + run.length <= tools.length; i++) {
    for (let j = 0; j < run.length; j++) if (tools[i + j] !== run[j]) continue outer;
    return i;
  }
  return -1;
}
