import type { PlanStep } from '../plan/plan-step';
import type { ScoredTool } from '../retrieval/retriever';
import type { RecombineOptions, RecombineResult, RecombineState, StepFailure } from '../search/recombine';
import type { Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import type { ChainView } from './agent-events';
import type { FieldKind } from './field-kind';

/**
 * What the agent needs from the Tool World: the catalogue, the standardized parameters (so a value one
 * call returned can fill another tool's input of the same concept), next-tool retrieval, toolchain
 * search, and a place to send each finished trace (the closed loop). In Node it is the world itself
 * (`LocalAgentWorld`); in the app retrieval and search run in the world worker behind the same interface.
 */
export interface AgentWorld {
  tool(name: string): Tool | undefined;
  /** Every active tool of the catalogue. */
  tools(): readonly Tool[];
  /** Standardized parameter node of a tool's input or output field, or null when none holds it. */
  paramNodeOf(tool: string, direction: 'in' | 'out', field: string): string | null;
  /** Output field names of every tool, lower case (to spot "the address of …" in a request). */
  outputFieldNames(): ReadonlySet<string>;
  /** The kind of value each parameter node holds (majority of its members' kinds). */
  paramKinds(): ReadonlyMap<string, FieldKind>;
  /**
   * Next-tool candidates for a request and the tools already called, best first (DTDR hybrid). For a
   * request unlike the traced ones the ranking is zero-shot and `learntOrder` is the order the learnt
   * plans give the tools (see `RankResult.learntOrder`).
   */
  retrieve(
    query: string,
    history: readonly string[],
    topK: number,
  ): Promise<{ candidates: ScoredTool[]; ms: number; learntOrder?: readonly string[] }>;
  /**
   * The tool a model that learnt whole plans expects next after `history` for this request (DTDR's hybrid
   * ranks END_OF_PLAN among the tools): its name, null when "done" ranks first, undefined when no model
   * has learnt plans here (on a catalogue without traces nothing can tell when a plan is complete).
   */
  nextTool?(query: string, history: readonly string[]): Promise<string | null | undefined>;
  /**
   * How much a request looks like one the world has served (0–1, `PastRequests`): where it does, plans
   * learnt from those requests may choose among look-alike tools.
   */
  familiarity?(query: string): Promise<number>;
  /** Whether a request is unlike the ones the world has served (`PastRequests.isNovel`). */
  isNovel?(query: string): Promise<boolean>;
  /**
   * Whether the world's traces call `tool` at most once per task (`ToolRepeats`); absent or false when
   * they do not know the tool well enough to say.
   */
  rarelyRepeated?(tool: string): Promise<boolean>;
  /**
   * The inputs of `tool` the world's traces nearly always filled from an earlier call's output (a SKU,
   * a token, a result's id: `ProducedInputs`): a request does not state them, a producer looks them up.
   * Each with the shapes of the values outputs gave it ("A-9" for "SKU-0"), to spot one a request does give.
   */
  producedInputs?(tool: string): ReadonlyMap<string, ReadonlySet<string>>;
  /** A toolchain ending at `target`: TWNM subgraph search, then plan extraction with the known values. */
  toolchain(request: ToolchainAsk): Promise<ChainView>;
  /** The world takes in a finished turn's calls (graph evolution, retrieval statistics, retraining). */
  ingest(trace: Trace): Promise<void>;
  /**
   * A detour around a failed step (NaviAgent §3.3 path recombination: I/O-equivalent replacement,
   * upstream rerouting, subgraph switching) on the live graph. Optional: without it a failed call ends
   * the chain and the agent looks for another candidate.
   */
  recombine?(
    plan: PlanStep[],
    failure: StepFailure,
    state: RecombineState,
    options?: RecombineOptions,
  ): RecombineResult;
}

export interface ToolchainAsk {
  target: string;
  /** Values already known, by standardized parameter node. */
  known: Record<string, unknown>;
  /** Failed APIs to route around. */
  exclude: readonly string[];
  method?: 'alpha-beta' | 'ga-sa';
  /** Token budget of the serialized subgraph. */
  tokenBudget?: number;
}
