/**
 * AutoTool's knobs (Jia & Li, §4.5, §5.1, Appendix A), each with the paper's default. Everything the
 * inertia step does is read from here, so a setting changes behaviour without touching the formulas.
 */
export interface InertiaSettings {
  /** Master switch: false and the advisor never acts (it still keeps the graph up to date). */
  enabled: boolean;
  /**
   * Act only when the policy is an LLM (the point is to skip LLM calls). The graph-only engine makes no
   * LLM call to save; `false` lets inertia act there too (measured in the report: it does not help).
   */
  llmOnly: boolean;
  /** ICF = 1 − k^(−W_total), k > 1 (Appendix A: k = 1.1). */
  k: number;
  /** CIPS = (1 − α)·Score_freq + α·Score_ctx (§4.5 eq. 1: α = 0.5). */
  alpha: number;
  /** An inertial call is tried only when CIPS(v*) > θ_inertial (§5.1: 0.1). */
  theta: number;
  /** Inertia window: the current sequence is the last `window` tools called (Appendix A: 2). */
  window: number;
  /**
   * Fewest tools the current sequence must hold. The reference code waits for a full window
   * (`minSequence = window`); our turns are short (1–3 calls), so by default one call is enough and the
   * sequence is the last min(window, n) tools. Shorter sequences match more paths (ICF stays honest).
   */
  minSequence: number;
  /** At most this share of calls is inertial (§5.1: 30 %). Checked as (inertial + 1) / (calls + 1). */
  maxShare: number;
  /**
   * What the share is counted over: the paper counts within one task; `session` counts over every turn
   * this advisor served (a chat, a benchmark run), because a turn here is 1–3 calls and a per-turn 30 %
   * cap would allow an inertial call only from the fourth call of a turn on.
   */
  capScope: 'turn' | 'session';
  /** Never two inertial decisions in a row (§5.1). */
  noConsecutive: boolean;
  /** After a failed call (an invalid inertial action above all) the next decision goes to the LLM. */
  fallbackAfterFailure: boolean;
  /**
   * Which tools inertia may propose: `turn` = the calls an LLM decision may make now (the turn's
   * candidates that have not failed: the decision schema's feasibility masking), `sub-intent` = the
   * current sub-intent's own candidates, `catalogue` = any tool (the paper's fixed action set).
   */
  candidateScope: 'turn' | 'sub-intent' | 'catalogue';
  /**
   * Act only when inertia's tool is the target the agent already chose for the open sub-intent (beyond
   * the paper): two independent signals — the tool sequence and the request's words — must agree before a
   * call skips the LLM. Off: the paper's behaviour (inertia may call any allowed tool).
   */
  agreeWithTarget: boolean;
  /**
   * Leave the step that would settle the turn's last open sub-intent to the LLM. In the paper's ReAct
   * loop an LLM step always follows an inertial one (the environment, not the agent, says when the task
   * is done); here a call settles its sub-intent, so an inertial call on the last one would end the turn
   * with nobody looking at it. Off: the paper's behaviour as written.
   */
  leaveLastToLlm: boolean;
  /** Records searched by dependency backtracking, newest first (issue 14: the last 5). */
  backtrackRecords: number;
  /**
   * Backtracking beyond AutoTool's observed ParamEdges: also any earlier field of the input's standardized
   * parameter (Tool World clusters) and the world's param→param flows into it. Off (paper): it fills
   * inputs never seen filled, e.g. a route's origin with the place just found, as its destination.
   */
  generalizeParams: boolean;
  /**
   * Let the heuristic level compose free text (a subject, a message, a search query) from the request's
   * words, as the graph-only engine does. Off: heuristics give only values the request states (dates,
   * numbers, names, addresses, enum words); a required text input backtracking cannot fill goes to the LLM.
   */
  heuristicFreeText: boolean;
  /** Feedback (Appendix F eq. 3): + Δw_success when an inertial call succeeds … */
  deltaSuccess: number;
  /** … − Δw_failure when it fails; also the weight of a negative path from a failure in a trace. */
  deltaFailure: number;
  /**
   * Paths are reinforced only by LLM-made sequences (§4.4): a turn's path is split at its inertial
   * calls, which are counted through feedback instead.
   */
  splitAtInertial: boolean;
  /** Learn from turns the world did not keep (`learn: false`), so inertia still learns online. */
  learnOnline: boolean;
}

export const DEFAULT_INERTIA_SETTINGS: Readonly<InertiaSettings> = Object.freeze({
  enabled: true,
  llmOnly: true,
  k: 1.1,
  alpha: 0.5,
  theta: 0.1,
  window: 2,
  minSequence: 1,
  maxShare: 0.3,
  capScope: 'session',
  noConsecutive: true,
  fallbackAfterFailure: true,
  candidateScope: 'turn',
  agreeWithTarget: true,
  leaveLastToLlm: false,
  backtrackRecords: 5,
  generalizeParams: false,
  heuristicFreeText: false,
  deltaSuccess: 1,
  deltaFailure: 1,
  splitAtInertial: true,
  learnOnline: true,
});

/** Settings with the defaults filled in; numbers out of range are refused, not clamped silently. */
export function inertiaSettings(partial: Partial<InertiaSettings> = {}): InertiaSettings {
  const s: InertiaSettings = { ...DEFAULT_INERTIA_SETTINGS, ...partial };
  const bad = (what: string) => {
    throw new RangeError(`Inertia setting ${what}`);
  };
  if (!(s.k > 1)) bad(`k must be > 1 (got ${s.k})`);
  if (!(s.alpha >= 0 && s.alpha <= 1)) bad(`alpha must be in [0, 1] (got ${s.alpha})`);
  if (!(s.maxShare >= 0 && s.maxShare <= 1)) bad(`maxShare must be in [0, 1] (got ${s.maxShare})`);
  if (!(Number.isInteger(s.window) && s.window >= 1)) bad(`window must be an integer ≥ 1 (got ${s.window})`);
  if (!(Number.isInteger(s.minSequence) && s.minSequence >= 1 && s.minSequence <= s.window))
    bad(`minSequence must be an integer in [1, window] (got ${s.minSequence})`);
  if (!(Number.isInteger(s.backtrackRecords) && s.backtrackRecords >= 0))
    bad(`backtrackRecords must be an integer ≥ 0 (got ${s.backtrackRecords})`);
  if (!(s.deltaSuccess >= 0 && s.deltaFailure >= 0)) bad('deltaSuccess and deltaFailure must be ≥ 0');
  return s;
}
