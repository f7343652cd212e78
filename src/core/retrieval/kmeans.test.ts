import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../util/prng';
import { normalizeInPlace } from '../embed/embedder';
import { kmeans, nearestCentroid } from './kmeans';

function randomUnit(rand: () => number, dim: number): Float32Array {
  return normalizeInPlace(Float32Array.from({ length: dim }, () => rand() - 0.5));
}

describe('kmeans', () => {
  it('is deterministic for a seed', () => {
    const rand = mulberry32(7);
    const pts = Array.from({ length: 60 }, () => randomUnit(rand, 8));
    const a = kmeans(pts, 5, 42);
    const b = kmeans(pts, 5, 42);
    expect([...a.assignments]).toEqual([...b.assignments]);
    expect(a.centroids.map((c) => [...c])).toEqual(b.centroids.map((c) => [...c]));
  });

  it('separates two obvious groups and returns unit centroids', () => {
    const rand = mulberry32(3);
    const near = (axis: number) =>
      normalizeInPlace(
        Float32Array.from({ length: 3 }, (_, d) => (d === axis ? 1 : 0) + (rand() - 0.5) * 0.1),
      );
    const pts = [near(0), near(0), near(0), near(1), near(1), near(1)];
    const r = kmeans(pts, 2, 1);
    const [a, b] = [r.assignments[0], r.assignments[3]];
    expect(a).not.toBe(b);
    expect([...r.assignments]).toEqual([a, a, a, b, b, b]);
    for (const c of r.centroids) expect(Math.hypot(...c)).toBeCloseTo(1, 5);
    expect(nearestCentroid(r.centroids, Float32Array.from([1, 0, 0]))).toBe(a);
    expect(nearestCentroid(r.centroids, Float32Array.from([0, 1, 0]))).toBe(b);
  });

  it('returns fewer centroids than k when there are fewer distinct points', () => {
    const p = Float32Array.from([1, 0]);
    const q = Float32Array.from([0, 1]);
    const r = kmeans([p, p, q, q], 4, 1);
    expect(r.centroids).toHaveLength(2);
  });
});
