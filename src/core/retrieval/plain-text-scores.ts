import { Bm25Index, bm25Tokens } from './baselines/bm25';
import { toolText } from './candidates';
import type { CandidateTool } from './retriever';
import { TfIdfIndex } from './tfidf';
import { reciprocalRanks } from './zero-shot-fusion';
import { maxNormalised } from './zero-shot-scores';

/** BM25 and TF-IDF of a request over the tools' name + description only, each max-normalised. */
export interface PlainTextEvidence {
  bm25: Float32Array;
  tfidf: Float32Array;
  /** `reciprocalRanks` of `bm25`. */
  rrBm25: Float32Array;
}

/**
 * The request matched against each tool's name and description alone, without the schema details the
 * zero-shot hybrid indexes (`detailedToolText`): a second lexical view of the catalogue, fused as its own
 * input. With details, a request word that only a parameter description holds ("date", "city") counts as
 * much as one the tool's summary holds; the plain view keeps what the tool is *for* apart from what it
 * takes (issue 17, fifth pass: leave-one-dataset-out MRR w/o end +0.006, validation +0.007 in the
 * development harness; BENCHMARKS.md). The last request's scores are remembered (a plan ranks it at every
 * step).
 */
export class PlainTextScorer {
  private readonly bm25: Bm25Index;
  private readonly tfidf: TfIdfIndex;
  private last: { query: string; ev: PlainTextEvidence } | undefined;

  constructor(tools: readonly CandidateTool[]) {
    const docs = tools.map((t) => bm25Tokens(toolText(t)));
    this.bm25 = new Bm25Index(docs);
    this.tfidf = new TfIdfIndex(docs);
  }

  scores(query: string): PlainTextEvidence {
    if (this.last?.query === query) return this.last.ev;
    const tokens = bm25Tokens(query);
    const bm25 = maxNormalised(this.bm25.scores(tokens));
    const ev = { bm25, tfidf: maxNormalised(this.tfidf.scores(tokens)), rrBm25: reciprocalRanks(bm25) };
    this.last = { query, ev };
    return ev;
  }
}
