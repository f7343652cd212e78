/**
 * What the schema gate found in one call's arguments and what repair did about it (RETO §3.4). Plain data
 * (structured-clone safe, small): the chat shows it under the call and the trace keeps it, so a person can
 * see why a call was refused or how it was fixed.
 */

/** The rule an argument broke. `unknown-key` is not a rejection: the key is dropped and the call goes on. */
export type GateRule =
  | 'required'
  | 'type'
  | 'enum'
  | 'format'
  /** Any other schema keyword (minimum, pattern, minItems, nested additionalProperties…). */
  | 'constraint'
  /** Nested deeper than the gate follows (a runaway or hostile value). */
  | 'depth'
  | 'unknown-key';

export interface GateIssue {
  /** Dotted path of the argument (`city`, `filters.0.name`); the missing key for `required`. */
  field: string;
  rule: GateRule;
  /** A short preview of the offending value (absent for a missing field). */
  value?: string;
  message: string;
}

/** How an argument was changed by repair. */
export type RepairKind = 'coerce' | 'rename' | 'enum' | 'date' | 'default' | 'drop' | 'llm';

export interface RepairEdit {
  kind: RepairKind;
  /** The argument after the edit (the new name for a rename). */
  field: string;
  /** The value (or, for a rename, the key) before, as a short preview. */
  from?: string;
  to?: string;
  note: string;
}

export interface GateReport {
  /** passed: valid as given; repaired: valid after edits; rejected: refused, the call was not made. */
  verdict: 'passed' | 'repaired' | 'rejected';
  /** Problems of the arguments as first given (unknown keys included). */
  issues: GateIssue[];
  /** Edits made, in order (deterministic first, then the LLM's). */
  repairs: RepairEdit[];
  /** For a rejected call: what was still wrong after repair. */
  remaining?: GateIssue[];
  /** LLM repair prompts this call used. */
  llmRepairs?: number;
}

/** One line per problem, for failure messages and the LLM repair prompt. */
export function issuesText(issues: readonly GateIssue[]): string {
  return issues.map((i) => `${i.field || '(arguments)'}: ${i.message}`).join('; ');
}
