import type { ToolIo } from './io-prior';

/**
 * Tool retrieval conditioned on the query and the tools already called (DTDR §3): given a request and the
 * history, rank the catalogue's tools as candidates for the NEXT call. `END_OF_PLAN` is a pseudo-tool
 * meaning "stop calling tools" (DTDR Appendix C), ranked like any other candidate.
 */
export const END_OF_PLAN = '<end-of-plan>';

/** One training or evaluation example: a request and the gold plan's tool sequence. */
export interface RetrievalTask {
  id: string;
  query: string;
  /** Tool names in plan order. */
  tools: string[];
  /** deps[i]: indices of earlier steps step i depends on (the plan DAG), for the acceptable-set metric. */
  deps: number[][];
}

export interface RetrievalQuery {
  query: string;
  /** Tools called so far, in order. */
  history: string[];
}

/** A ranked candidate with its probability-like score and a short reason the UI can show. */
export interface ScoredTool {
  tool: string;
  score: number;
  /** e.g. "cluster 3, after contacts_search" or "query similarity 0.62". */
  why?: string;
}

/**
 * A retrieval method. `fit` sees the training tasks (and the catalogue through the constructor); `rank`
 * returns every candidate it can score, best first. Implementations: DTDR-C, DTDR-L, the baselines, hybrid.
 */
export interface Retriever {
  readonly id: string;
  fit(train: RetrievalTask[]): Promise<void>;
  rank(q: RetrievalQuery): ScoredTool[];
  /**
   * True when `fit` learns from the training plans (a dataset without a train split cannot be scored);
   * false or absent for zero-shot methods (random, BM25, query–tool similarity).
   */
  readonly learnsFromTraces?: boolean;
  /**
   * Texts `rank(q)` reads from the shared `EmbeddingCache`. `rank` is synchronous and never runs the
   * encoder, so the caller warms the cache with these first (the evaluator does, outside its timing).
   */
  textsToEmbed?(q: RetrievalQuery): string[];
  /**
   * Learns one more finished plan online, without refitting (DTDR-C's tables, the dependency table). A
   * method without it learns a new trace only by fitting again.
   */
  update?(task: RetrievalTask): void | Promise<void>;
}

/** A tool the retrievers may return: catalogue name and the text they embed or index. */
export interface CandidateTool {
  name: string;
  description: string;
  /**
   * Schema text (parameter names and descriptions, `tool-details.ts`) that zero-shot matching appends to
   * the description; absent when the catalogue has no schema. Only the zero-shot hybrid reads it.
   */
  details?: string;
  /**
   * Standardised input and output names from the schemas (`io-prior.ts`), for the zero-shot prior "consumes
   * what the last call returned"; absent when the catalogue has no schema.
   */
  io?: ToolIo;
}
