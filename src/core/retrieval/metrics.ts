import { END_OF_PLAN, type RetrievalTask, type Retriever, type ScoredTool } from './retriever';

/**
 * Step-level retrieval metrics (DTDR §5 "Metrics"). Each task gives one point per step t = 0..L, with the
 * gold prefix as history; t = L is the end-of-plan point. Scores are micro-averaged over points.
 */
export interface StepPoint {
  t: number;
  history: string[];
  /** Distinct acceptable next tools. */
  acceptable: string[];
  isEnd: boolean;
}

/**
 * Acceptable tools after the first t steps (Erdogan et al. 2024, as DTDR uses it): the plan's steps not yet
 * called whose dependencies are all called; {END_OF_PLAN} once every step is called. Steps are tracked by
 * index, so a tool the plan calls twice stays acceptable after its first call.
 */
export function acceptableTools(task: RetrievalTask, t: number): string[] {
  if (t >= task.tools.length) return [END_OF_PLAN];
  const out = new Set<string>();
  for (let j = t; j < task.tools.length; j++) {
    if ((task.deps[j] ?? []).every((d) => d < t)) out.add(task.tools[j] as string);
  }
  return [...out];
}

export function stepPoints(task: RetrievalTask): StepPoint[] {
  return Array.from({ length: task.tools.length + 1 }, (_, t) => ({
    t,
    history: task.tools.slice(0, t),
    acceptable: acceptableTools(task, t),
    isEnd: t === task.tools.length,
  }));
}

export interface PointScores {
  /** 1 / rank of the first acceptable tool; 0 when none is ranked. */
  rr: number;
  /** F1 of the top k against the acceptable set, k = |acceptable|; missing ranks count as misses. */
  f1: number;
  /** Share of the acceptable tools in the top 5. */
  recall5: number;
  /** 1 when the top tool is acceptable (function-selection accuracy of a greedy pick). */
  top1: number;
}

export function scoreRanking(ranking: readonly string[], acceptable: readonly string[]): PointScores {
  const ok = new Set(acceptable);
  const first = ranking.findIndex((t) => ok.has(t));
  const hits = (k: number) => ranking.slice(0, k).filter((t) => ok.has(t)).length;
  // With k = |acceptable|, precision and recall share numerator and denominator, so F1 = hits / k.
  const k = ok.size;
  return {
    rr: first < 0 ? 0 : 1 / (first + 1),
    f1: k === 0 ? 0 : hits(k) / k,
    recall5: k === 0 ? 0 : hits(5) / k,
    top1: ranking.length > 0 && ok.has(ranking[0] as string) ? 1 : 0,
  };
}

/** all; without end-of-plan points; first step; later steps (t > 0, end excluded); end-of-plan points. */
export const POINT_GROUPS = ['all', 'noEnd', 't0', 'later', 'end'] as const;
export type PointGroup = (typeof POINT_GROUPS)[number];

export interface MetricSummary {
  points: number;
  mrr: number;
  f1: number;
  recall5: number;
  top1: number;
}

export interface RetrievalReport {
  groups: Record<PointGroup, MetricSummary>;
  /**
   * Reciprocal rank at every point, tasks in the order given and steps in order, and which points are
   * end-of-plan points: two methods scored on the same tasks can be compared point by point.
   */
  pointRr: Float64Array;
  pointIsEnd: Uint8Array;
  rankCalls: number;
  /** Mean wall time of one `rank` call (query embeddings already cached). */
  msPerQuery: number;
}

function groupsOf(p: StepPoint): PointGroup[] {
  if (p.isEnd) return ['all', 'end'];
  return p.t === 0 ? ['all', 'noEnd', 't0'] : ['all', 'noEnd', 'later'];
}

/** Mean of the point scores per group; NaN metrics for a group with no points. */
function summarise(sums: Map<PointGroup, { n: number; s: PointScores }>): Record<PointGroup, MetricSummary> {
  const out = {} as Record<PointGroup, MetricSummary>;
  for (const g of POINT_GROUPS) {
    const e = sums.get(g);
    const n = e?.n ?? 0;
    const m = (v: number) => (n === 0 ? NaN : v / n);
    out[g] = {
      points: n,
      mrr: m(e?.s.rr ?? 0),
      f1: m(e?.s.f1 ?? 0),
      recall5: m(e?.s.recall5 ?? 0),
      top1: m(e?.s.top1 ?? 0),
    };
  }
  return out;
}

/** Ranks every step of every task (embeddings must already be cached) and scores the rankings. */
export function evaluateRetriever(
  ranker: Pick<Retriever, 'rank'>,
  tasks: readonly RetrievalTask[],
): RetrievalReport {
  const sums = new Map<PointGroup, { n: number; s: PointScores }>();
  let ms = 0;
  let calls = 0;
  const rrs: number[] = [];
  const ends: number[] = [];
  for (const task of tasks) {
    for (const p of stepPoints(task)) {
      const t0 = performance.now();
      const ranked: ScoredTool[] = ranker.rank({ query: task.query, history: p.history });
      ms += performance.now() - t0;
      calls++;
      const s = scoreRanking(
        ranked.map((r) => r.tool),
        p.acceptable,
      );
      rrs.push(s.rr);
      ends.push(p.isEnd ? 1 : 0);
      for (const g of groupsOf(p)) {
        const e = sums.get(g) ?? { n: 0, s: { rr: 0, f1: 0, recall5: 0, top1: 0 } };
        e.n++;
        e.s.rr += s.rr;
        e.s.f1 += s.f1;
        e.s.recall5 += s.recall5;
        e.s.top1 += s.top1;
        sums.set(g, e);
      }
    }
  }
  return {
    groups: summarise(sums),
    pointRr: Float64Array.from(rrs),
    pointIsEnd: Uint8Array.from(ends),
    rankCalls: calls,
    msPerQuery: calls === 0 ? NaN : ms / calls,
  };
}

/** Mean paired difference a − b of per-point values and its standard error (n − 1 in the variance). */
export function pairedDifference(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  keep: (i: number) => boolean = () => true,
): { mean: number; se: number; n: number } {
  if (a.length !== b.length)
    throw new RangeError(`paired arrays differ in length: ${a.length} vs ${b.length}`);
  const d: number[] = [];
  for (let i = 0; i < a.length; i++) if (keep(i)) d.push((a[i] as number) - (b[i] as number));
  const n = d.length;
  if (n === 0) return { mean: NaN, se: NaN, n };
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const variance = n < 2 ? 0 : d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return { mean, se: Math.sqrt(variance / n), n };
}
