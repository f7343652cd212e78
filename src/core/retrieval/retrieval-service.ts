import type { Embedder } from '../embed/embedder';
import type { ToolWorld } from '../world/world';
import { EmbeddingCache } from './embedding-cache';
import { METHODS } from './method-registry';
import { encodePrompt, PROMPT_ENCODINGS, type PromptEncoding } from './prompt-encodings';
import type { CandidateTool, RetrievalTask, Retriever, ScoredTool } from './retriever';
import { approximateTokenCounter, type TokenCounter } from './token-counter';
import { tracesToRetrievalTasks } from './trace-tasks';

/** The retriever the agent uses (issue 4: hybrid of DTDR-L and query–tool similarity). */
export const PRODUCT_RETRIEVER = 'hybrid';

export interface RankRequest {
  query: string;
  /** Tools already called, in order. */
  history: string[];
  method?: string;
  topK?: number;
}

export interface EncodedPromptSummary {
  encoding: PromptEncoding;
  constantTokens: number;
  variableTokens: number;
  text: string;
}

export interface RankResult {
  method: string;
  embedderId: string;
  candidates: ScoredTool[];
  prompts: EncodedPromptSummary[];
  tokenCounter: string;
  rankMs: number;
  /** Training tasks the method learnt from (the world's successful traces). */
  trainedOn: number;
}

/** The world's complete traces as retrieval tasks (see `traceToRetrievalTask`). */
export function tasksFromWorld(world: ToolWorld): RetrievalTask[] {
  return tracesToRetrievalTasks(world.traces);
}

export function candidatesFromWorld(world: ToolWorld): CandidateTool[] {
  return world.catalogue
    .tools()
    .filter((t) => world.graph.node(`api:${t.name}`)?.active ?? true)
    .map((t) => ({ name: t.name, description: t.description }));
}

/**
 * Ranks next-tool candidates for a request and its history with a method trained on the world's own
 * traces, and shows the prompt each DTDR encoding would give the LLM. Methods are trained on first use
 * and retrained when the world changes (`reset`).
 */
export class RetrievalService {
  private world: ToolWorld | null = null;
  private cache: EmbeddingCache;
  private readonly fitted = new Map<string, Promise<Retriever>>();
  private tasks: RetrievalTask[] = [];

  constructor(
    private readonly embedder: Embedder,
    private readonly counter: TokenCounter = approximateTokenCounter,
  ) {
    this.cache = new EmbeddingCache(embedder);
  }

  reset(world: ToolWorld): void {
    this.world = world;
    this.fitted.clear();
    this.cache = new EmbeddingCache(this.embedder);
    this.tasks = tasksFromWorld(world);
  }

  private retriever(method: string): Promise<Retriever> {
    const world = this.world;
    if (!world) throw new Error('The retrieval service has no Tool World yet: load one first.');
    const factory = METHODS[method];
    if (!factory)
      throw new Error(`Unknown retrieval method "${method}". Known: ${Object.keys(METHODS).join(', ')}.`);
    let p = this.fitted.get(method);
    if (!p) {
      p = (async () => {
        const r = factory({
          catalogue: candidatesFromWorld(world),
          embedder: this.embedder,
          seed: 1,
          cache: this.cache,
        });
        await r.fit(this.tasks);
        return r;
      })();
      this.fitted.set(method, p);
      p.catch(() => this.fitted.delete(method));
    }
    return p;
  }

  async rank(req: RankRequest): Promise<RankResult> {
    const method = req.method ?? PRODUCT_RETRIEVER;
    const r = await this.retriever(method);
    const q = { query: req.query, history: req.history };
    await this.cache.warm(r.textsToEmbed?.(q) ?? []);
    const t0 = performance.now();
    const ranked = r.rank(q);
    const rankMs = performance.now() - t0;
    const topK = req.topK ?? 10;
    const world = this.world!;
    const tools = world.catalogue
      .tools()
      .map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
    const demonstrations = this.tasks.map((t) => ({ query: t.query, tools: t.tools }));
    const prompts = PROMPT_ENCODINGS.map((encoding) => {
      const p = encodePrompt(
        { tools, query: req.query, history: req.history, candidates: ranked, demonstrations },
        encoding,
        { topK: 5 },
      );
      return {
        encoding,
        constantTokens: this.counter.count(p.constant),
        variableTokens: this.counter.count(p.variable),
        text: p.constant + p.variable,
      };
    });
    return {
      method,
      embedderId: this.embedder.id,
      candidates: ranked.slice(0, topK),
      prompts,
      tokenCounter: this.counter.id,
      rankMs,
      trainedOn: this.tasks.length,
    };
  }
}
