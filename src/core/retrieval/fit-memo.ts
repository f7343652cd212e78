import type { RetrievalTask } from './retriever';

/**
 * Results of `fit`, kept by a caller that builds several methods over the same catalogue, embedder and
 * training plans, so a model two methods share is trained once. The evaluation needs it: `hybrid` contains
 * the very DTDR-L that `dtdrL` trains (same plans, seed and options), and on seal_tools one such training is
 * minutes. Keyed by the identity of the training array (a new array is a new training set) and a string
 * the method builds from everything else its result depends on.
 */
export class FitMemo {
  private readonly byTrain = new WeakMap<readonly RetrievalTask[], Map<string, unknown>>();

  get<T>(train: readonly RetrievalTask[], key: string): T | undefined {
    return this.byTrain.get(train)?.get(key) as T | undefined;
  }

  set<T>(train: readonly RetrievalTask[], key: string, value: T): void {
    let m = this.byTrain.get(train);
    if (!m) this.byTrain.set(train, (m = new Map()));
    m.set(key, value);
  }
}
