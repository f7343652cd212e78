import { backoffRanking } from '../backoff-ranking';
import { MarkovTable } from '../markov-table';
import type { RetrievalQuery, RetrievalTask, Retriever, ScoredTool } from '../retriever';

/**
 * Static dependency retriever, ToolNet-style (Liu et al. 2024a; DTDR §5 "DR"): P(next | latest tool) over
 * all training plans, END_OF_PLAN included; at t = 0 the distribution of first tools. The query is ignored.
 * A latest tool never seen in training falls back to overall tool frequency (same fill as DTDR-C).
 */
export class StaticDependencyRetriever implements Retriever {
  readonly id = 'staticDependency';
  readonly learnsFromTraces = true;
  private table = new MarkovTable(1);

  async fit(train: RetrievalTask[]): Promise<void> {
    this.table = new MarkovTable(1);
    for (const t of train) this.table.addPlan(t.tools);
  }

  /** Adds one finished plan online. */
  update(task: RetrievalTask): void {
    this.table.addPlan(task.tools);
  }

  rank(q: RetrievalQuery): ScoredTool[] {
    const last = q.history[q.history.length - 1];
    return backoffRanking([
      { ranked: this.table.ranked(q.history, 1), why: last === undefined ? 'first tools' : `after ${last}` },
      { ranked: this.table.ranked(q.history, 0), why: 'tool frequency' },
    ]);
  }
}
