export interface EarlyStoppingOptions {
  /**
   * True: a higher held-out metric is better, ties (within `tolerance`) broken by the lower held-out loss.
   * False: the lower loss alone decides.
   */
  useMetric: boolean;
  /** Metrics this close count as a tie. Default 0. */
  tolerance?: number;
  /** Epochs without a better one before stopping; default: never stop (keep the best of all). */
  patience?: number;
}

/**
 * Best-epoch selection on held-out data, shared by the trainers (linear heads, the HGT): it keeps the state
 * of the best epoch so far and says when `patience` epochs passed without a better one.
 */
export class EarlyStopping<S> {
  private sinceBest = 0;
  best: { epoch: number; metric: number; loss: number; state: S };

  /** `initial`: the state kept if no epoch is ever better (e.g. the starting weights). */
  constructor(
    private readonly o: EarlyStoppingOptions,
    initial: S,
  ) {
    this.best = {
      epoch: 0,
      metric: Number.NEGATIVE_INFINITY,
      loss: Number.POSITIVE_INFINITY,
      state: initial,
    };
  }

  /** Records one epoch's held-out figures; `state` is taken only when it is the best. True: stop now. */
  observe(epoch: number, metric: number, loss: number, state: () => S): boolean {
    const b = this.best;
    const tol = this.o.tolerance ?? 0;
    const better = this.o.useMetric
      ? metric > b.metric + tol || (Math.abs(metric - b.metric) <= tol && loss < b.loss)
      : loss < b.loss;
    if (better) {
      this.best = { epoch, metric, loss, state: state() };
      this.sinceBest = 0;
      return false;
    }
    return ++this.sinceBest >= (this.o.patience ?? Number.POSITIVE_INFINITY);
  }
}
