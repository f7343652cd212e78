import type { Tool } from '../tools/tool';
import type { CallOutcome, ResultSource } from './call-outcome';

/**
 * Executes tool calls. The agent and the executor see only this interface: the built-in sandbox pack,
 * the simulator for catalogue tools, HTTP (OpenAPI) and MCP tools all sit behind it. A runtime never
 * throws for a failed call: it returns `{ok: false, failure}`; it throws only for programming errors.
 */
export interface ToolRuntime {
  /** True when this runtime can really execute (or, labelled, simulate) the tool. */
  canExecute(tool: string): boolean;
  /** Calls the tool. `args` are already validated by the caller; the runtime checks what only it knows. */
  call(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome>;
  /**
   * Names the tools' data knows (contacts, cities, places…), so an agent without an LLM can recognise
   * them in a request ("Anna" is a contact). Empty when the runtime has none.
   */
  lexicon?(): Promise<LexiconEntry[]>;
}

export interface LexiconEntry {
  /** What kind of thing: `person`, `city`, `place`, `currency`, `unit`, … */
  kind: string;
  /** The name as the tools know it ("Anna Keller", "Natural History Museum"). */
  value: string;
  /** Other ways a user may say it ("Anna", "the museum"), lower case. */
  aliases?: string[];
  /** The city a place lies in ("London" for Hyde Park): what a city input takes when only the place is said. */
  within?: string;
  /**
   * Ways to say it that mean it only where its city is named ("the museum … in Berlin" is Berlin's): every
   * city has a museum, so these count only when the request names `within`.
   */
  localAliases?: string[];
  /** The day an event takes place (YYYY-MM-DD): "Is dinner with Hugo still on?" asks about that day. */
  on?: string;
  /** The time an event starts (HH:MM): "an hour before the dentist" is an hour before it. */
  at?: string;
  /** The time an event ends (HH:MM): "after my lunch with Alice" is when it is over. */
  until?: string;
  /** Where an event takes place (its address): "same place as last time" is there. */
  location?: string;
  /** Short names of an event that mean it only when its day is said ("the dentist tomorrow"). */
  dayAliases?: string[];
  /**
   * What a received message is about (its subject and text), for a `mail` entry whose value is its
   * sender: "whoever sent the invoice" is the sender of the one message about an invoice.
   */
  about?: string;
  /**
   * The city the user lives in: what a city input takes when the request names none ("Will it rain
   * tomorrow?"). Environment state, AutoTool's second filling level.
   */
  home?: true;
}

/** One tool's implementation: plain async code over the runtime's state. */
export interface ToolImplementation {
  /** Runs the call; throw a `ToolCallError` for an expected failure (not found, bad value). */
  run(args: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
  /** Where its results come from (sandbox, bundled data of a date, …). */
  source: ResultSource;
}
