import { END_OF_PLAN } from './retriever';

/** Padding for histories shorter than the order (DTDR Appendix C pads with 'start'; bracketed so no tool clashes). */
export const START = '<start>';

/** The last `order` tools of a history, padded in front with START (DTDR Appendix C sliding window). */
export function windowOf(history: readonly string[], order: number): string[] {
  const tail = order === 0 ? [] : history.slice(-order);
  return [...Array<string>(order - tail.length).fill(START), ...tail];
}

/**
 * Next-tool counts of an order-n Markov chain over tool plans (DTDR Appendix C): for each window of the last
 * m ≤ n tools, how often each tool (or END_OF_PLAN, the last transition of every plan) came next. Windows of
 * every order 0..n are kept so a caller can back off to a shorter window; order 0 has the single empty window
 * (how often each tool is called at all, END_OF_PLAN included).
 */
/** A successor and its probability, as `MarkovTable.ranked` lists them. */
export interface RankedNext {
  tool: string;
  p: number;
}

export class MarkovTable {
  private readonly tables: Map<string, Map<string, number>>[];
  /** Sorted distributions by order and key, dropped whenever a plan is added. */
  private sortedCache = new Map<string, RankedNext[]>();
  private plans = 0;

  constructor(readonly maxOrder: number) {
    if (!Number.isInteger(maxOrder) || maxOrder < 0)
      throw new RangeError(`order must be ≥ 0, got ${maxOrder}`);
    this.tables = Array.from({ length: maxOrder + 1 }, () => new Map());
  }

  get planCount(): number {
    return this.plans;
  }

  /** Adds one plan: each of its tools, then END_OF_PLAN, as the successor of every window before it. */
  addPlan(tools: readonly string[]): void {
    this.plans++;
    this.sortedCache.clear();
    const seq = [...tools, END_OF_PLAN];
    seq.forEach((next, i) => {
      const history = tools.slice(0, i);
      this.tables.forEach((table, m) => {
        const key = JSON.stringify(windowOf(history, m));
        let row = table.get(key);
        if (!row) table.set(key, (row = new Map()));
        row.set(next, (row.get(next) ?? 0) + 1);
      });
    });
  }

  /** Successor counts of the window of `order` over `history`; undefined if that window was never seen. */
  counts(history: readonly string[], order: number): ReadonlyMap<string, number> | undefined {
    if (order > this.maxOrder) throw new RangeError(`order ${order} > table order ${this.maxOrder}`);
    return this.tables[order]?.get(JSON.stringify(windowOf(history, order)));
  }

  /** Counts normalised to probabilities (P(next | window) = N(window → next) / N(window)). */
  distribution(history: readonly string[], order: number): Map<string, number> | undefined {
    const c = this.counts(history, order);
    if (!c) return undefined;
    let total = 0;
    for (const v of c.values()) total += v;
    return new Map([...c].map(([t, v]) => [t, v / total]));
  }

  /**
   * The distribution best first (ties by name, a tie-break unrelated to any gold plan), cached until the
   * next `addPlan`: ranking reads it on every call.
   */
  ranked(history: readonly string[], order: number): readonly RankedNext[] | undefined {
    const cacheKey = `${order}|${JSON.stringify(windowOf(history, order))}`;
    const hit = this.sortedCache.get(cacheKey);
    if (hit) return hit;
    const d = this.distribution(history, order);
    if (!d) return undefined;
    const list = [...d]
      .map(([tool, p]) => ({ tool, p }))
      .sort((a, b) => b.p - a.p || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
    this.sortedCache.set(cacheKey, list);
    return list;
  }
}

/** A window as text for `why`: "[start, contacts_search]". */
export function describeWindow(history: readonly string[], order: number): string {
  return `[${windowOf(history, order)
    .map((t) => (t === START ? 'start' : t))
    .join(', ')}]`;
}
