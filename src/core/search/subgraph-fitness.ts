import type { ToolGraph } from '../graph/tool-graph';
import type { WeightProvider } from './weight-provider';

/**
 * NaviAgent eq. 19, the fitness of a candidate dependency subgraph (Appendix B.2):
 *
 *   F = 0.35·C_c + 0.15·log(1 + ρ_p) + 0.3·D_c + 0.15·W_n + 0.05·C_p
 *
 * The paper names the terms but does not define most of them; the definitions used here, for a subgraph S
 * with node set V (N = |V| nodes, one of them the target t) and edge set E (the graph's edges with both ends
 * in V, counted as directed edges, so u→v and v→u are two), are:
 *
 * - C_c, node compactness: the mean closeness centrality of the API nodes of S. Closeness is computed on the
 *   undirected simple graph underlying S (u ~ v when E has u→v or v→u; self-loops ignored), within S only:
 *   C(v) = (r − 1) / Σ_u dist(v, u) · (r − 1) / (N − 1), where r is the number of nodes v reaches (itself
 *   included). For a connected S this is the usual normalized closeness (N − 1) / Σ dist, in (0, 1], 1 for
 *   the centre of a star; the second factor (Wasserman–Faust) only matters for disconnected S. C(v) = 1 when
 *   N = 1. C_c = 0 when S has no API node.
 * - ρ_p, parameter density: parameter nodes / N. log is the natural logarithm, so 0 ≤ log(1 + ρ_p) < ln 2.
 * - D_c, depth penalty: 0.2·e^(−d/10) + 0.8·e^(−n/8), with n = N and d the mean over V of each node's
 *   backward depth: the length of the shortest directed path from the node to t using edges of S (t has
 *   depth 0). A node with no such path gets depth N (longer than any simple path in S); subgraphs built by
 *   the search never have one.
 * - W_n, weight quantification: the mean weight (from the WeightProvider, in [0, 1]) of the edges in E; 0
 *   when E is empty. A mean rather than the paper's "cumulative" sum keeps the term in [0, 1] like the
 *   others.
 * - C_p, path complexity (structural simplicity): 1 / (1 + max(0, |E| − N + c)), c the number of weakly
 *   connected components (1 for subgraphs built by the search): the cyclomatic number counts independent
 *   cycles, so a tree (every node on one path to t) scores 1 and each edge that closes a cycle lowers it.
 *
 * Every term is in [0, 1], so F ≤ 0.35 + 0.15·ln 2 + 0.3 + 0.15 + 0.05 ≈ 0.954. Every coefficient is a
 * parameter (`FitnessParams`), the paper's values by default.
 *
 * Beyond the paper, an optional sixth term, + κ·C_in (κ = `inputCoverage`, absent or 0 by default, so the
 * default F is eq. 19 exactly). With the paper's coefficients e^(−n/8) costs more per node than any other
 * term gives back, so the best subgraph is the target plus its strongest input (2 nodes) and a plan read
 * off it lacks the target's other inputs and every producer. C_in rewards subgraphs that can feed their APIs:
 *
 * - C_in, input coverage: over the API nodes a of S, with R(a) the standardized param nodes of a's REQUIRED
 *   input fields (as given by the caller, `SubgraphStructure.required`), an input p ∈ R(a) is covered when
 *   p ∈ V and V holds an API node b ≠ a with an edge b → p (a producer of p inside S). C_in = Σ_a covered(a) /
 *   Σ_a |R(a)|, and 1 when Σ_a |R(a)| = 0 (nothing is required). Required inputs outside S count in the
 *   denominator. Inputs the user supplies (known values) are not known to the fitness and count as
 *   uncovered, so C_in < 1 for almost every chain; what matters is that adding a producer of an uncovered
 *   input raises it (from c/r to (c + 1)/(r + k) for a producer with k required inputs of its own, a rise
 *   whenever c/r < 1/k: always for k = 0, while anything is uncovered for k = 1).
 */
export interface FitnessParams {
  /** Coefficient of C_c (0.35). */
  compactness: number;
  /** Coefficient of log(1 + ρ_p) (0.15). */
  paramDensity: number;
  /** Coefficient of D_c (0.3). */
  depthPenalty: number;
  /** Coefficient of W_n (0.15). */
  weight: number;
  /** Coefficient of C_p (0.05). */
  simplicity: number;
  /** D_c = depthCoef·e^(−d/depthScale) + sizeCoef·e^(−n/sizeScale): 0.2, 10, 0.8, 8. */
  depthCoef: number;
  depthScale: number;
  sizeCoef: number;
  sizeScale: number;
  /**
   * κ, coefficient of the optional input-coverage term C_in (beyond the paper; see above). Absent or 0:
   * eq. 19 as published. Needs `SubgraphStructure.required` (GA + SA: the `requiredInputs` option).
   */
  inputCoverage?: number;
}

export const FITNESS_DEFAULTS: FitnessParams = {
  compactness: 0.35,
  paramDensity: 0.15,
  depthPenalty: 0.3,
  weight: 0.15,
  simplicity: 0.05,
  depthCoef: 0.2,
  depthScale: 10,
  sizeCoef: 0.8,
  sizeScale: 8,
};

/** F and its terms, so a UI or a test can show where a score comes from. */
export interface FitnessBreakdown {
  fitness: number;
  /** C_c: mean closeness of the API nodes. */
  compactness: number;
  /** ρ_p: parameter nodes / nodes (the formula uses log(1 + ρ_p)). */
  paramDensity: number;
  /** D_c. */
  depthPenalty: number;
  /** W_n: mean edge weight. */
  weight: number;
  /** C_p = 1 / (1 + cyclomatic number). */
  simplicity: number;
  /** C_in, input coverage (see above); null when the structure carries no required inputs. */
  inputCoverage: number | null;
  /** d in D_c: mean backward depth. */
  meanDepth: number;
  nodes: number;
  edges: number;
  /** Nodes with no path to the target inside the subgraph (counted at depth N); 0 for search results. */
  unreachable: number;
  /** Backward depth of each node, by position in the structure (the target first). */
  depths: number[];
}

/**
 * A subgraph as plain arrays, the form the search evaluates many times: nodes 0..n−1 with node 0 the target,
 * and directed edges src[i] → dst[i] of weight w[i] between them.
 */
export interface SubgraphStructure {
  n: number;
  isApi: ArrayLike<boolean>;
  src: ArrayLike<number>;
  dst: ArrayLike<number>;
  w: ArrayLike<number>;
  /**
   * For the optional C_in term: per node, its required input params — `inside`, the indices of those in the
   * structure; `total`, how many there are in all (inside or not). Read for API nodes only; an API node
   * with no entry requires nothing. Absent: C_in is not computed (null).
   */
  required?: ArrayLike<{ inside: ArrayLike<number>; total: number } | undefined>;
}

/** Eq. 19 on a structure (see the term definitions above). */
export function structureFitness(
  s: SubgraphStructure,
  params: FitnessParams = FITNESS_DEFAULTS,
): FitnessBreakdown {
  const n = s.n;
  if (n < 1) throw new RangeError('fitness of an empty subgraph');
  const m = s.src.length;

  // Adjacency: backward (in-neighbours) for depths, undirected (deduplicated, no self-loops) for closeness.
  const inAdj: number[][] = Array.from({ length: n }, () => []);
  const undirected: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  let weightSum = 0;
  for (let i = 0; i < m; i++) {
    const a = s.src[i]!;
    const b = s.dst[i]!;
    weightSum += s.w[i]!;
    inAdj[b]!.push(a);
    if (a !== b) {
      undirected[a]!.add(b);
      undirected[b]!.add(a);
    }
  }

  // Backward depths from the target (node 0); unreachable nodes get depth n.
  const depths = new Array<number>(n).fill(-1);
  depths[0] = 0;
  const queue = [0];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (const u of inAdj[v]!) {
      if (depths[u] !== -1) continue;
      depths[u] = depths[v]! + 1;
      queue.push(u);
    }
  }
  let depthSum = 0;
  let unreachable = 0;
  for (let i = 0; i < n; i++) {
    if (depths[i] === -1) {
      depths[i] = n;
      unreachable++;
    }
    depthSum += depths[i]!;
  }
  const meanDepth = depthSum / n;

  // Closeness of API nodes (one BFS each over the undirected graph) and the number of components.
  const adj = undirected.map((set) => [...set]);
  const dist = new Int32Array(n);
  const bfs = (from: number): { reached: number; sum: number } => {
    dist.fill(-1);
    dist[from] = 0;
    const q = [from];
    let sum = 0;
    for (let head = 0; head < q.length; head++) {
      const v = q[head]!;
      for (const u of adj[v]!) {
        if (dist[u] !== -1) continue;
        dist[u] = dist[v]! + 1;
        sum += dist[u]!;
        q.push(u);
      }
    }
    return { reached: q.length, sum };
  };
  let apiCount = 0;
  let closenessSum = 0;
  for (let v = 0; v < n; v++) {
    if (!s.isApi[v]) continue;
    apiCount++;
    if (n === 1) {
      closenessSum += 1;
      continue;
    }
    const { reached, sum } = bfs(v);
    if (reached > 1) closenessSum += ((reached - 1) / sum) * ((reached - 1) / (n - 1));
  }
  const compactness = apiCount === 0 ? 0 : closenessSum / apiCount;

  const seen = new Uint8Array(n);
  let components = 0;
  for (let v = 0; v < n; v++) {
    if (seen[v]) continue;
    components++;
    seen[v] = 1;
    const q = [v];
    for (let head = 0; head < q.length; head++) {
      for (const u of adj[q[head]!]!) {
        if (!seen[u]) {
          seen[u] = 1;
          q.push(u);
        }
      }
    }
  }

  const paramDensity = (n - apiCount) / n;
  const depthPenalty =
    params.depthCoef * Math.exp(-meanDepth / params.depthScale) +
    params.sizeCoef * Math.exp(-n / params.sizeScale);
  const weight = m === 0 ? 0 : weightSum / m;
  const simplicity = 1 / (1 + Math.max(0, m - n + components));
  const inputCoverage = s.required ? coverageOf(s, s.required) : null;
  const kappa = params.inputCoverage ?? 0;
  const fitness =
    params.compactness * compactness +
    params.paramDensity * Math.log(1 + paramDensity) +
    params.depthPenalty * depthPenalty +
    params.weight * weight +
    params.simplicity * simplicity +
    (kappa !== 0 && inputCoverage !== null ? kappa * inputCoverage : 0);
  return {
    fitness,
    compactness,
    paramDensity,
    depthPenalty,
    weight,
    simplicity,
    inputCoverage,
    meanDepth,
    nodes: n,
    edges: m,
    unreachable,
    depths,
  };
}

/** C_in: the share of the API nodes' required inputs that have a producer (another API) inside S. */
function coverageOf(s: SubgraphStructure, required: NonNullable<SubgraphStructure['required']>): number {
  // API sources of each node's in-edges inside S.
  const producers: number[][] = Array.from({ length: s.n }, () => []);
  for (let i = 0; i < s.src.length; i++) {
    const a = s.src[i]!;
    if (s.isApi[a]) producers[s.dst[i]!]!.push(a);
  }
  let need = 0;
  let covered = 0;
  for (let a = 0; a < s.n; a++) {
    const r = required[a];
    if (!s.isApi[a] || !r) continue;
    need += r.total;
    for (let j = 0; j < r.inside.length; j++) {
      if (producers[r.inside[j]!]!.some((b) => b !== a)) covered++;
    }
  }
  return need === 0 ? 1 : covered / need;
}

/**
 * Eq. 19 for the subgraph of `graph` on `nodes` (which must include `target`): its edges are every graph edge
 * with both ends in `nodes`, weighted by `weights`. Node activity is not checked here: the search does that.
 * With `requiredInputs` (an API node id → the param node ids of its required inputs) C_in is computed too.
 */
export function subgraphFitness(
  graph: ToolGraph,
  nodes: Iterable<string>,
  target: string,
  weights: WeightProvider,
  params: FitnessParams = FITNESS_DEFAULTS,
  requiredInputs?: (apiNode: string) => readonly string[],
): FitnessBreakdown {
  const ids = [target, ...[...new Set(nodes)].filter((id) => id !== target)];
  const index = new Map(ids.map((id, i) => [id, i]));
  const isApi = ids.map((id) => {
    const node = graph.node(id);
    if (!node) throw new RangeError(`fitness: ${id} is not in the graph`);
    return node.kind === 'api';
  });
  const src: number[] = [];
  const dst: number[] = [];
  const w: number[] = [];
  ids.forEach((id, b) => {
    for (const e of graph.inEdges(id)) {
      const a = index.get(e.source);
      if (a === undefined) continue;
      src.push(a);
      dst.push(b);
      w.push(weights.weight(e));
    }
  });
  const required = requiredInputs
    ? ids.map((id, i) => {
        if (!isApi[i]) return undefined;
        const req = [...new Set(requiredInputs(id))];
        const inside = req.map((p) => index.get(p)).filter((x): x is number => x !== undefined);
        return { inside, total: req.length };
      })
    : undefined;
  return structureFitness({ n: ids.length, isApi, src, dst, w, ...(required ? { required } : {}) }, params);
}
