import type { AgentAction } from './agent-action';
import type {
  CallView,
  CandidateView,
  ChainView,
  QuestionView,
  SubIntentStatus,
  SubIntentView,
} from './agent-events';
import type { PartCondition } from './condition';
import type { LexiconEntry } from '../execute/tool-runtime';
import type { Literal } from './literals';
import type { PlaceWords } from './sub-intents';

/** A value the turn knows, by standardized parameter node: from the request, the user or a call. */
export interface KnownValue {
  value: unknown;
  /** `request`, `user`, `earlier call` (filling level shown beside each argument). */
  source: string;
  /** The field name it was given or returned under. */
  field: string;
  /** Index of the call that returned it. */
  call?: number;
}

export interface SubIntentState {
  rank: number;
  text: string;
  status: SubIntentStatus;
  dependsOn: number[];
  /** Literals inside `text` (spans relative to it). */
  literals: Literal[];
  candidates: CandidateView[] | null;
  /** The order learnt plans give the candidates, when retrieval ranked them zero-shot (`AgentWorld.retrieve`). */
  learntOrder?: readonly string[];
  /** What the world has learnt about this sub-intent's target (`targetPrior`), fetched with the candidates. */
  prior?: ReadonlyMap<string, number>;
  chain: ChainView | null;
  target?: string;
  /** Direct answer, failure reason or "no tool" explanation. */
  note?: string;
  /** What the user must know about how it was done ("set once: … cannot repeat it"), said after its result. */
  caveat?: string;
  /** Output of the target call, when done. */
  result?: unknown;
  /** Answers the user gave for this sub-intent, by field. */
  answers: Record<string, unknown>;
  /** How many calls the turn had made when `chain` was planned: a later call may answer its questions. */
  plannedAtCall?: number;
  /** Where each argument of the target came from (filling level), for the call view. */
  argSources?: Record<string, string>;
  /** Questions already asked (never asked twice in a turn). */
  asked: Set<string>;
  /** Added before another sub-intent's target because learnt plans call this tool first. */
  precursor?: boolean;
  /** Added after the request's own parts because learnt plans call this tool next (`followPlan`). */
  follow?: boolean;
  /** Whether learnt plans were asked for a tool to call before this sub-intent's target. */
  preceded?: boolean;
  /** The rank of the lookup whose result this sub-intent sends as its text ("email Hugo the forecast"). */
  contentFrom?: number;
  /** The title of the one item of a listing the part is about (`eventDetailParts`). */
  pickItem?: string;
  /** Words of the part that name the location the part it depends on found (`eventDetailParts`). */
  placeWords?: PlaceWords[];
  /** The rank of the part whose free slot this part books (`slotBookingParts`). */
  slotFrom?: number;
  /** The thing whose amount the part converts, read by the part it depends on ("the travel cap in my note"). */
  amountOf?: string;
  /**
   * Words of the part that name a day kept in what the part it depends on reads ("the new budget review
   * date from Eve's email"): once read, they are that day.
   */
  dateWords?: string;
  /** The field of that result it sends, when it names one ("… and send the address to Anna"). */
  contentField?: string;
  /**
   * The tool that found nothing the request named ("No file matches …"), and the target it was planned
   * for: an answer when that target is the lookup itself, not a failure to route around.
   */
  nothingFound?: { tool: string; target: string };
  /**
   * The user's other record searches, in the order to try, for a question about their own things no tool's
   * words fit (`ownDataChoice`): when the notes hold nothing, the files or the mail may.
   */
  recordsLeft?: string[];
  /** Done only if this holds on part `condition.on`'s result; `answer` is the user's yes or no when asked. */
  condition?: PartCondition & { answer?: boolean };
}

/** A sub-intent nothing has been done for yet. */
export function newSubIntent(
  rank: number,
  text: string,
  literals: Literal[],
  dependsOn: number[] = [],
): SubIntentState {
  return {
    rank,
    text,
    status: 'pending',
    dependsOn,
    literals,
    candidates: null,
    chain: null,
    answers: {},
    asked: new Set(),
  };
}

/** One (observation, action) pair of NaviAgent's sliding history H_t (eq. 1). */
export interface HistoryEntry {
  observation: string;
  action: string;
}

export const TERMINAL: ReadonlySet<SubIntentStatus> = new Set([
  'done',
  'answered',
  'failed',
  'unanswered',
  'no-tool',
]);

/** Everything one turn has learnt so far; policies read it, the loop alone writes it. */
export interface TurnState {
  turnId: string;
  request: string;
  today: number;
  /** The calendar's events as the tools' data names them (lexicon entries of kind `event`). */
  events?: readonly LexiconEntry[];
  /** The city the user lives in, when the runtime knows it (a lexicon entry marked `home`). */
  homeCity?: string;
  requestLiterals: Literal[];
  subIntents: SubIntentState[];
  known: Map<string, KnownValue>;
  calls: CallView[];
  failedApis: Set<string>;
  history: HistoryEntry[];
  questions: QuestionView[];
  step: number;
}

export const viewOf = (s: SubIntentState): SubIntentView => ({
  rank: s.rank,
  text: s.text,
  status: s.status,
  ...(s.target ? { target: s.target } : {}),
  ...(s.note ? { note: s.note } : {}),
  ...(s.condition ? { condition: conditionWords(s.condition) } : {}),
});

/** "if it is sunny", "unless it rains": a condition as the user said it. */
export const conditionWords = (c: PartCondition): string => `${c.negated ? 'unless' : 'if'} ${c.text}`;

/** Keeps the last `n` pairs (NaviAgent: 3 balance accuracy and prompt length best). */
export function pushHistory(history: HistoryEntry[], entry: HistoryEntry, n: number): void {
  history.push(entry);
  while (history.length > n) history.shift();
}

/** A short, single-line rendering of an action for the history window. */
export function describeAction(a: AgentAction): string {
  const bits = [`#${a.dependency_rank} ${a.action}`];
  if (a.target_api) bits.push(a.target_api);
  if (a.params && Object.keys(a.params).length > 0) bits.push(clip(JSON.stringify(a.params), 160));
  if (a.recall_description) bits.push(`"${clip(a.recall_description, 80)}"`);
  if (a.answer) bits.push(`"${clip(a.answer, 80)}"`);
  return bits.join(' ');
}

export const clip = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);
