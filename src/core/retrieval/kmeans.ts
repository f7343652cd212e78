import { mulberry32 } from '../util/prng';

/**
 * Spherical k-means over unit vectors (cosine similarity), seeded and deterministic: k-means++ seeding
 * (Arthur & Vassilvitskii 2007) with D² = ‖x − c‖² = 2 − 2·cos, then Lloyd iterations that assign each point
 * to its most similar centroid and re-normalise each centroid's mean. Used by DTDR-C (§4.1) over query
 * embeddings.
 */
export interface KMeansResult {
  /** Unit-length centroids; fewer than k when the data has fewer distinct points. */
  centroids: Float32Array[];
  /** assignments[i]: the centroid of point i. */
  assignments: Int32Array;
  iterations: number;
}

export interface KMeansOptions {
  maxIterations?: number;
}

/** A point as its non-zero coordinates: lexical embeddings are mostly zeros, so dots cost their fill. */
interface Sparse {
  idx: Int32Array;
  val: Float32Array;
}

function sparse(v: Float32Array): Sparse {
  const idx: number[] = [];
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) idx.push(i);
  return { idx: Int32Array.from(idx), val: Float32Array.from(idx, (i) => v[i] as number) };
}

function dot(p: Sparse, c: Float32Array): number {
  let s = 0;
  for (let j = 0; j < p.idx.length; j++) s += (p.val[j] as number) * (c[p.idx[j] as number] as number);
  return s;
}

/** Index of the centroid most similar to v (first on ties). */
export function nearestCentroid(centroids: readonly Float32Array[], v: Float32Array): number {
  const p = sparse(v);
  let best = 0;
  let bestSim = -Infinity;
  centroids.forEach((c, i) => {
    const s = dot(p, c);
    if (s > bestSim) {
      bestSim = s;
      best = i;
    }
  });
  return best;
}

function seedCentroids(points: Sparse[], dense: readonly Float32Array[], k: number, seed: number): number[] {
  const rand = mulberry32(seed);
  const n = points.length;
  const chosen = [Math.floor(rand() * n)];
  const d2 = new Float64Array(n);
  const first = dense[chosen[0] as number] as Float32Array;
  for (let i = 0; i < n; i++) d2[i] = Math.max(0, 2 - 2 * dot(points[i] as Sparse, first));
  while (chosen.length < k) {
    let total = 0;
    for (let i = 0; i < n; i++) total += d2[i] as number;
    if (total <= 1e-12) break; // every point coincides with a chosen centre: no more distinct clusters
    let r = rand() * total;
    let next = n - 1;
    for (let i = 0; i < n; i++) {
      r -= d2[i] as number;
      if (r < 0 && (d2[i] as number) > 0) {
        next = i;
        break;
      }
    }
    chosen.push(next);
    const c = dense[next] as Float32Array;
    for (let i = 0; i < n; i++)
      d2[i] = Math.min(d2[i] as number, Math.max(0, 2 - 2 * dot(points[i] as Sparse, c)));
  }
  return chosen;
}

export function kmeans(
  vectors: readonly Float32Array[],
  k: number,
  seed: number,
  options: KMeansOptions = {},
): KMeansResult {
  const n = vectors.length;
  if (n === 0) throw new RangeError('k-means of no points');
  if (!(k >= 1)) throw new RangeError(`k must be at least 1, got ${k}`);
  const dim = (vectors[0] as Float32Array).length;
  const points = vectors.map(sparse);
  const centroids = seedCentroids(points, vectors, Math.min(Math.floor(k), n), seed).map((i) =>
    Float32Array.from(vectors[i] as Float32Array),
  );
  const assignments = new Int32Array(n).fill(-1);
  const maxIterations = Math.max(1, options.maxIterations ?? 30);
  let iterations = 0;
  for (;;) {
    iterations++;
    let changed = 0;
    for (let i = 0; i < n; i++) {
      const p = points[i] as Sparse;
      let best = 0;
      let bestSim = -Infinity;
      for (let c = 0; c < centroids.length; c++) {
        const s = dot(p, centroids[c] as Float32Array);
        if (s > bestSim) {
          bestSim = s;
          best = c;
        }
      }
      if (assignments[i] !== best) {
        assignments[i] = best;
        changed++;
      }
    }
    // Stop right after an assignment pass, so the assignments always match the returned centroids.
    if (changed === 0 || iterations === maxIterations) break;
    const sums = centroids.map(() => new Float64Array(dim));
    for (let i = 0; i < n; i++) {
      const p = points[i] as Sparse;
      const s = sums[assignments[i] as number] as Float64Array;
      for (let j = 0; j < p.idx.length; j++)
        s[p.idx[j] as number] = (s[p.idx[j] as number] as number) + (p.val[j] as number);
    }
    sums.forEach((s, c) => {
      let norm = 0;
      for (let d = 0; d < dim; d++) norm += (s[d] as number) ** 2;
      // An emptied cluster (or one whose members cancel out) keeps its previous centroid.
      if (norm === 0) return;
      const inv = 1 / Math.sqrt(norm);
      const out = centroids[c] as Float32Array;
      for (let d = 0; d < dim; d++) out[d] = (s[d] as number) * inv;
    });
  }
  return { centroids, assignments, iterations };
}
