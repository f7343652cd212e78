import { kmeans, nearestCentroid } from './kmeans';
import { backoffRanking, type BackoffTier } from './backoff-ranking';
import { cacheOf, type RetrieverContext } from './context';
import type { EmbeddingCache } from './embedding-cache';
import { MarkovTable, describeWindow } from './markov-table';
import { evaluateRetriever } from './metrics';
import type { RetrievalQuery, RetrievalTask, Retriever, ScoredTool } from './retriever';
import { holdOut } from './tasks';

/**
 * DTDR-C (DTDR §4.1, Appendix C): k-means over the training queries' embeddings; per cluster an order-n
 * next-tool table over the cluster's plans. A query goes to its nearest centroid and the history's last n
 * tools key that cluster's table; an unseen key backs off to shorter windows, then to the same chain over all
 * plans (the global table), and the tools a tier lacks are filled in from the next (backoff-ranking.ts).
 */
export interface DtdrCOptions {
  /** Fixed number of clusters; skips the sweep (with `order`). */
  clusters?: number;
  /** Fixed history length n; skips the sweep (with `clusters`). */
  order?: number;
  /** Cluster counts swept, as fractions of the training set. */
  kFractions?: number[];
  orders?: number[];
  /** Share of the training tasks held out to pick (k, n) by MRR; the final model is refit on all of them. */
  validationFraction?: number;
  /** Fewer training tasks than this: no sweep, the defaults below. */
  minTasksForSweep?: number;
  maxIterations?: number;
}

const DEFAULTS = {
  // The paper's range, then up to one cluster per demonstration (its nearest-neighbour extreme, §6): on
  // several shared datasets the best k is past 0.2 of the training set.
  kFractions: [0.02, 0.05, 0.1, 0.2, 0.5, 1],
  orders: [1, 2, 3],
  validationFraction: 0.2,
  minTasksForSweep: 20,
  // Used when the set is too small to sweep; the paper's default fraction is lost in our copy (§6).
  fallbackFraction: 0.1,
  fallbackOrder: 2,
};

export interface DtdrCSweepPoint {
  fraction: number;
  k: number;
  order: number;
  validationMrr: number;
}

export interface DtdrCParams {
  /** Clusters asked for; `clusters` is how many k-means built (fewer when queries repeat). */
  k: number;
  clusters?: number;
  order: number;
  fraction?: number;
  validationMrr?: number;
  sweep: DtdrCSweepPoint[];
}

interface Model {
  centroids: Float32Array[];
  clusters: MarkovTable[];
  global: MarkovTable;
  order: number;
}

const MAX_ORDER = 3;

function buildModel(
  train: readonly RetrievalTask[],
  vectors: readonly Float32Array[],
  k: number,
  order: number,
  seed: number,
  maxIterations: number | undefined,
): Model {
  const maxOrder = Math.max(order, MAX_ORDER);
  const km = kmeans(vectors, k, seed, maxIterations === undefined ? {} : { maxIterations });
  const clusters = km.centroids.map(() => new MarkovTable(maxOrder));
  const global = new MarkovTable(maxOrder);
  train.forEach((t, i) => {
    clusters[km.assignments[i] as number]?.addPlan(t.tools);
    global.addPlan(t.tools);
  });
  return { centroids: km.centroids, clusters, global, order };
}

function rankWith(model: Model, queryVector: Float32Array, history: readonly string[], order = model.order) {
  const c = nearestCentroid(model.centroids, queryVector);
  const table = model.clusters[c] as MarkovTable;
  const tiers: BackoffTier[] = [];
  for (let m = order; m >= 1; m--) {
    const at = `after ${describeWindow(history, m)}`;
    tiers.push({
      ranked: table.ranked(history, m),
      why: m === order ? `cluster ${c}, ${at}` : `cluster ${c}, backed off to order ${m}, ${at}`,
    });
  }
  for (let m = order; m >= 1; m--)
    tiers.push({
      ranked: model.global.ranked(history, m),
      why: `global, order ${m}, after ${describeWindow(history, m)}`,
    });
  tiers.push({ ranked: model.global.ranked(history, 0), why: 'global tool frequency' });
  return backoffRanking(tiers);
}

export class DtdrC implements Retriever {
  readonly id = 'dtdrC';
  readonly learnsFromTraces = true;
  private readonly cache: EmbeddingCache;
  private model: Model | undefined;
  params: DtdrCParams | undefined;

  constructor(
    private readonly ctx: RetrieverContext,
    private readonly options: DtdrCOptions = {},
  ) {
    this.cache = cacheOf(ctx);
  }

  textsToEmbed(q: RetrievalQuery): string[] {
    return [q.query];
  }

  async fit(train: RetrievalTask[]): Promise<void> {
    if (train.length === 0) throw new RangeError('DTDR-C needs at least one training plan');
    await this.cache.warm(train.map((t) => t.query));
    const vec = (t: RetrievalTask) => this.cache.get(t.query);
    const o = { ...DEFAULTS, ...this.options };
    const kOf = (fraction: number, n: number) => Math.max(1, Math.round(fraction * n));
    let params: DtdrCParams;
    if (o.clusters !== undefined && o.order !== undefined) {
      params = { k: o.clusters, order: o.order, sweep: [] };
    } else if (train.length < o.minTasksForSweep) {
      params = {
        k: o.clusters ?? kOf(o.fallbackFraction, train.length),
        order: o.order ?? o.fallbackOrder,
        fraction: o.fallbackFraction,
        sweep: [],
      };
    } else {
      params = this.sweep(train, o);
      params.k = o.clusters ?? kOf(params.fraction as number, train.length);
    }
    this.model = buildModel(train, train.map(vec), params.k, params.order, this.ctx.seed, o.maxIterations);
    this.params = { ...params, clusters: this.model.centroids.length };
  }

  /** Picks (k fraction, n) by MRR on a seeded hold-out of the training set; ties keep the earlier pair. */
  private sweep(train: RetrievalTask[], o: typeof DEFAULTS & DtdrCOptions): DtdrCParams {
    const { kept, held } = holdOut(train, o.validationFraction, this.ctx.seed);
    const vectors = kept.map((t) => this.cache.get(t.query));
    const fractions = o.clusters !== undefined ? [o.clusters / kept.length] : o.kFractions;
    const orders = o.order !== undefined ? [o.order] : o.orders;
    const sweep: DtdrCSweepPoint[] = [];
    let best: DtdrCSweepPoint | undefined;
    for (const fraction of fractions) {
      const k = Math.max(1, Math.round(fraction * kept.length));
      const model = buildModel(kept, vectors, k, Math.max(...orders), this.ctx.seed, o.maxIterations);
      for (const order of orders) {
        const ranker = {
          rank: (q: RetrievalQuery) => rankWith(model, this.cache.get(q.query), q.history, order),
        };
        const point = { fraction, k, order, validationMrr: evaluateRetriever(ranker, held).groups.all.mrr };
        sweep.push(point);
        if (!best || point.validationMrr > best.validationMrr) best = point;
      }
    }
    const b = best as DtdrCSweepPoint;
    return { k: b.k, order: b.order, fraction: b.fraction, validationMrr: b.validationMrr, sweep };
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    if (!this.model) throw new Error('DTDR-C: call fit() before rank()');
    return rankWith(this.model, this.cache.get(q.query), q.history);
  }

  /** Adds one finished plan online: to its query's nearest cluster and to the global table (centroids stay). */
  async update(task: RetrievalTask): Promise<void> {
    if (!this.model) throw new Error('DTDR-C: call fit() before update()');
    await this.cache.warm([task.query]);
    const c = nearestCentroid(this.model.centroids, this.cache.get(task.query));
    this.model.clusters[c]?.addPlan(task.tools);
    this.model.global.addPlan(task.tools);
  }
}
