/**
 * Runs `work` on every item with at most `limit` running at once, and returns the results in item order.
 * The calls of one RETO layer are independent, so they overlap; the bound keeps a wide layer from
 * flooding a runtime (an HTTP host, a simulator backed by an LLM).
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
