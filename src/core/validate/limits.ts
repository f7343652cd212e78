/**
 * Every limit an input entering the app must keep, stated once (docs/limits.md repeats this table).
 * Each door (src/core/validate/doors.ts) checks its input against these before anything else reads it,
 * so a hostile or broken input is refused with where and why instead of a stack overflow or a TypeError.
 *
 * The figures leave room for every real input seen so far: ToolBench's 16k-tool catalogue, a 20,000-parameter
 * tool, a 4 MB description, a 5,000-call trace and a 20 MB tool output were all handled before these limits
 * (issue 21) and are still accepted (the output clamped).
 */
export const LIMITS = {
  /** Nesting depth of any JSON value (a tool schema, a call's arguments, a setting, a manifest). */
  maxDepth: 64,
  /** Length of one string (a description, an argument, a query), in UTF-16 code units. */
  maxStringChars: 8 * 1024 * 1024,
  /** Members of one object or items of one list. */
  maxWidth: 100_000,
  /** Values (objects, lists, scalars) in one input as a whole: what a walk may visit. */
  maxValues: 5_000_000,
  /** Length of a tool name (as the catalogue already required). */
  maxNameChars: 256,
  /** Length of a trace id or a setting key. */
  maxIdChars: 512,
  /** Tools in one catalogue file (entries or OpenAPI operations). */
  maxTools: 100_000,
  /** Records in one list of a world file (tools, clusters, nodes, edges, traces). */
  maxWorldRecords: 2_000_000,
  /** Calls in one trace. */
  maxCallsPerTrace: 10_000,
  /** Characters of one setting's value once serialized. */
  maxSettingChars: 1024 * 1024,
  /** Characters of an LLM reply the agent reads JSON out of. */
  maxLlmReplyChars: 256 * 1024,
  /**
   * A tool output is kept in traces and prompts only up to this size (serialized characters); past it, long
   * strings are cut and deep or wide parts summarised, with `truncated` noted (nothing is refused: the call
   * happened).
   */
  maxToolOutputChars: 256 * 1024,
  /** Nesting depth of a tool output kept in traces (deeper parts are summarised). */
  maxToolOutputDepth: 16,
  /** Characters kept of one string in a clamped tool output. */
  maxToolOutputStringChars: 16 * 1024,
  /** Items kept of one list or object in a clamped tool output. */
  maxToolOutputWidth: 1_000,
} as const;

export type Limits = typeof LIMITS;
