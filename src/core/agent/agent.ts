import { isNothingFound, type CallFailure, type FailureKind } from '../execute/call-outcome';
import type { ToolRuntime } from '../execute/tool-runtime';
import type { LexiconEntry } from '../execute/tool-runtime';
import { referencesIn } from '../plan/references';
import { dependenciesOf } from '../plan/dag';
import type { PlanStep } from '../plan/plan-step';
import { keywords, spelledOutContent } from './free-text';
import { fieldDescription, outputNames, type Tool } from '../tools/tool';
import type { Trace, TraceCall } from '../trace/trace';
import type { AgentAction } from './agent-action';
import type { AgentEvent, ChainView, QuestionView, TurnResult } from './agent-events';
import type { AgentWorld } from './agent-world';
import { inLearntOrder, withTargetFirst } from './candidate-union';
import { composeAnswer, describeOutput, formatValue } from './answer';
import { ownDataWording } from './own-data-questions';
import { spokenNumbersAsDigits } from './spoken-numbers';
import type { DecisionPolicy } from './decision-policy';
import { everything, fillArguments, GUESS, HOME } from './fill-args';
import { fieldKind, toolFields, type FieldInfo } from './field-kind';
import { dimensionOf } from './conversion-asked';
import { answerValue } from './answer-value';
import type { ChainExecutor } from './chain-executor';
import { RetoExecutor } from '../execute/reto-executor';
import type { DetourView } from '../execute/reto/detour';
import { doesSameThing, effectOf } from '../tools/same-purpose';
import type { InertiaAdvisor, InertialDecision } from './inertia-advisor';
import { convertsToUnit, findLiterals, type Literal } from './literals';
import { valueShape } from '../trace/produced-inputs';
import { canonicalArgs } from '../execute/simulator';
import { literalKnown } from './literal-known';
import {
  HOME_END,
  KEPT_IN,
  dateThing,
  homeEnds,
  insertLookups,
  mentionedField,
  possessedField,
} from './lookups';
import { numbersAsDigits } from '../util/number-words';
import { withoutRetracted } from './retractions';
import { withCountedItems, withRecordsListed } from './counted-items';
import { withSharedMessage } from './shared-message';
import { withClaimsKeptWithTheirActs } from './claims-done';
import { withoutFillers } from './spoken';
import { withMisspeltNamesCorrected } from './misspelt-names';
import { withMisspeltWordsCorrected } from './misspelt-words';
import { smallTalkAnswer } from './small-talk';
import { eventDetailParts, itemTitled } from './event-details';
import { slotBookingParts } from './slot-booking';
import { withAnchoredOffsets } from './anchored-offsets';
import { withOffsetDayReferred } from './offset-day-referred';
import { withEventConfirmed } from './event-confirmed';
import { dueDayIn, dueLookup, isDueWords, withDueDay } from './due-dates';
import { withPeopleOfEvents } from './people-of-events';
import { withSendersOfMail } from './people-of-mail';
import { withPeopleSaidTogether } from './people-said-together';
import { withBothChannels } from './both-channels';
import { foundNothing, mentionsTopic, otherRecordSearches } from './record-searches';
import { withSameAsEvent } from './same-as-event';
import { askedPart, splitSubIntents } from './sub-intents';
import { withoutOrdinalReference } from './picked-item';
import { fanOutIntents } from './list-fanout';
import { withoutUngroundedProducers } from './grounded-producers';
import { repeatOf } from './repeat-call';
import { foldLaterParts } from './same-call-parts';
import { rankLabel } from './rank-label';
import { FAMILIAR_REQUEST, targetPrior } from './target-prior';
import { requestAsksFor } from './learnt-follow-on';
import { fedByEarlier } from './fed-by-earlier';
import { personLookup } from './person-lookup';
import { carryReferences } from './carried-references';
import {
  asksSomething,
  bestByRelevance,
  chooseTarget,
  asksOutcome,
  contentWords,
  OWNER,
  paperWords,
  relevance,
  standsIn,
  stem,
  wordsOf,
  type TargetChoice,
} from './target-choice';
import {
  describeAction,
  newSubIntent,
  pushHistory,
  TERMINAL,
  viewOf,
  type KnownValue,
  type SubIntentState,
  type TurnState,
} from './turn-state';
import { observationText } from './observation';
import { CONDITION_ASKED } from './condition-gate';
import { yesOrNo } from './condition';
import { onceOnlyCaveat } from './recurrence';
import { escapeRegExp } from '../util/escape-regexp';
import { daysOf, eventDayOf, eventsSaid } from './events-said';
import { capitalize } from '../util/capitalize';
import { linesAbout } from './lines-about';
import { type EarlierTurn, withFollowUpRead } from './follow-ups';
import { withPeopleNamed } from './follow-up-people';
import { peopleSaid } from './earlier-turns';
import { withPeopleOfTheTurn } from './reminder-people';
import { REPORTED } from './reports';
import { withoutSituationRepeats } from './narration';
import { madeResult, measuredResult } from './measured-result';
import { findDates } from './dates';
import { clauseRead, clausesOf } from './text-condition';

export interface AgentDeps {
  world: AgentWorld;
  runtime: ToolRuntime;
  policy: DecisionPolicy;
  now?: () => number;
  /** Decisions per turn before it stops (each may be one LLM call). */
  maxSteps?: number;
  /** NaviAgent's history window (eq. 1): 3. */
  historyWindow?: number;
  /** Candidates retrieved per retrieve_api. */
  topK?: number;
  /** Token budget of the serialized subgraph in the prompt. */
  subgraphTokens?: number;
  method?: 'alpha-beta' | 'ga-sa';
  /** False keeps the turn's trace out of the world (evaluation of a frozen world). */
  learn?: boolean;
  /**
   * How a chain runs (default: RETO's layered execution with the schema gate, deterministic repair and
   * path recombination; give one with `llm` for LLM repair).
   */
  executor?: ChainExecutor;
  /**
   * Acts before the policy when it is confident (AutoTool's inertia): a decision it returns is carried
   * out without asking the policy (no LLM call); null lets the policy decide.
   */
  inertia?: InertiaAdvisor;
  /**
   * After a failed call, take another candidate tool for the sub-intent when one can stand in (default
   * true; false measures the agent without any way around a failure).
   */
  detours?: boolean;
  /**
   * Whole-task planning from learnt plans (`AgentWorld.nextTool`): before a target is called, call first
   * the tool the plans take first when they then go straight to it; and among look-alike candidates for
   * a familiar request, prefer the tools the plans still expect (`targetPrior`). Default: on for the
   * graph-only engine, off for LLM engines (the model plans the steps).
   */
  learntPlans?: boolean;
}

export interface TurnHooks {
  onEvent?: (event: AgentEvent) => void;
  /** Asks the user a question; null when nobody answers (the turn then ends with the question open). */
  ask?: (question: QuestionView) => Promise<string | null>;
  signal?: AbortSignal;
  turnId?: string;
  /**
   * The conversation's earlier turns, oldest first: a follow-up ("text her too", "what about Tuesday?")
   * is read with them.
   */
  earlier?: readonly EarlierTurn[];
}

/**
 * NaviAgent's bilevel loop (§3.1, §3.3): at each step the policy picks one of four actions per open
 * sub-intent from the sliding history, the observation and the pruned subgraph; the loop carries them
 * out — retrieval and TWNM toolchain search for retrieve_api, dependency-resolved execution of the
 * toolchain for call_api, a question to the user for clarify_intent — until every sub-intent is
 * settled. The calls become one trace the world learns from.
 */
/**
 * Least relevance (`relevance`, words of the thing over the tool's) for a tool to look up what a
 * sending command names: "the weather forecast for Paris" scores 0.67 on the weather tool.
 */
const LOOKUP_RELEVANCE = 0.3;

export class Agent {
  private readonly executor: ChainExecutor;
  /** Whether the decision being carried out came from inertia (calls it makes are marked so). */
  private inertialStep = false;
  /** The known values each chain was planned with (recombination plans new steps with the same). */
  private readonly knownOf = new WeakMap<ChainView, Record<string, unknown>>();
  /** The filling level of each argument of the inertial decision being carried out. */
  private inertialSources: Record<string, string> | undefined;

  constructor(private readonly deps: AgentDeps) {
    this.executor = deps.executor ?? new RetoExecutor({ ...(deps.now ? { today: deps.now } : {}) });
  }

  get engine() {
    return this.deps.policy.engine;
  }

  async runTurn(request: string, hooks: TurnHooks = {}): Promise<TurnResult> {
    const t0 = performance.now();
    const now = this.deps.now ?? (() => Date.now());
    const emit = (e: AgentEvent) => hooks.onEvent?.(e);
    // Events are found by their titles beside the other literals, not as one: "dinner with Hugo" still says
    // Hugo (whom "text him" after it means).
    const fullLexicon: LexiconEntry[] = (await this.deps.runtime.lexicon?.()) ?? [];
    const events = fullLexicon.filter((e) => e.kind === 'event');
    const mails = fullLexicon.filter((e) => e.kind === 'mail');
    const lexicon = fullLexicon.filter((e) => e.kind !== 'event' && e.kind !== 'mail');
    const homeCity = lexicon.find((e) => e.kind === 'city' && e.home)?.value;
    const today = now();
    // What the turn reads, each reader in turn on what the one before left: numbers said in words before a
    // measure in digits ("in two days").
    // Known names typed with a slip ("weather in berln") are read as the names.
    // An offset said without its date ("three days before") is from the date or event the request names.
    // "That day" after an offset ("in 10 days … a reminder for 9am that day") is the day the offset names.
    // One message sent two ways ("text and email Anna …") is said once per channel.
    // A person named through the calendar ("the person I had the project sync with this morning") is the
    // one its event is with; one named through the inbox ("whoever sent the invoice") is its sender.
    // A time or place said as an event's ("same place as last time") is that event's.
    // An event asked to be confirmed ("the dentist is tomorrow, right?") is that day's calendar.
    // A follow-up ("text her too", "what about Tuesday?") spelt out from the conversation's earlier turns.
    const typed = withMisspeltWordsCorrected(request);
    const followedUp = withFollowUpRead(typed, hooks.earlier ?? [], today, lexicon, events);
    const readers: ((text: string) => string)[] = [
      (t) => withMisspeltNamesCorrected(t, lexicon),
      withoutFillers,
      withoutRetracted,
      withBothChannels,
      withCountedItems,
      withRecordsListed,
      spokenNumbersAsDigits,
      numbersAsDigits,
      (t) => withPeopleSaidTogether(t, lexicon),
      (t) => withSendersOfMail(t, mails),
      (t) => withPeopleOfEvents(t, today, events),
      (t) => withAnchoredOffsets(t, today, events),
      (t) => withOffsetDayReferred(t, today),
      (t) => withSameAsEvent(t, today, events),
      (t) => withEventConfirmed(t, events, today),
    ];
    const read = readers.reduce((text, reader) => reader(text), followedUp);
    const state: TurnState = {
      turnId: hooks.turnId ?? `turn-${today.toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`,
      request: read,
      today,
      events,
      ...(homeCity ? { homeCity } : {}),
      requestLiterals: findLiterals(read, today, lexicon),
      subIntents: [],
      known: new Map(),
      calls: [],
      failedApis: new Set(),
      history: [],
      questions: [],
      step: 0,
    };
    const trace: TraceCall[] = [];
    const llm = { calls: 0, prompt: 0, completion: 0 };
    emit({ type: 'turn-start', turnId: state.turnId, request, engine: this.engine });
    this.deps.inertia?.startTurn?.({ turnId: state.turnId, request, engine: this.engine });

    const makeSubIntent = (rank: number, text: string, dependsOn: number[] = []): SubIntentState =>
      newSubIntent(rank, text, withoutSituationRepeats(text, findLiterals(text, today, lexicon)), dependsOn);
    // Thanks, a greeting, or a request whose every act was taken back: answered without a tool.
    const smallTalk = this.deps.policy.decomposes ? null : smallTalkAnswer(request, read);
    if (!this.deps.policy.decomposes && smallTalk === null) {
      const split = insertLookups(
        eventDetailParts(
          slotBookingParts(
            fanOutIntents(
              withClaimsKeptWithTheirActs(withSharedMessage(splitSubIntents(read))),
              (text) => findLiterals(text, today, lexicon),
              (text) => this.takesSpan(text),
            ),
          ),
          events,
          today,
        ),
        this.deps.world.outputFieldNames(),
        (text, field) => this.toolTakes(text, field),
        (thing) => this.looksUp(thing),
      );
      const named = withPeopleOfTheTurn(
        split.map((s) => s.text),
        lexicon.filter((e) => e.kind === 'person'),
      );
      state.subIntents = split.map((s, i) => {
        const si = makeSubIntent(s.rank, named[i]!, s.dependsOn);
        if (s.contentFrom !== undefined) si.contentFrom = s.contentFrom;
        if (s.contentField !== undefined) si.contentField = s.contentField;
        if (s.pickItem !== undefined) si.pickItem = s.pickItem;
        if (s.placeWords !== undefined) si.placeWords = s.placeWords;
        if (s.slotFrom !== undefined) si.slotFrom = s.slotFrom;
        if (s.amountOf !== undefined) si.amountOf = s.amountOf;
        if (s.dateWords !== undefined) si.dateWords = s.dateWords;
        if (s.condition) si.condition = { ...s.condition };
        return si;
      });
      emit({ type: 'sub-intents', items: state.subIntents.map(viewOf) });
    }

    let stopped = false;
    /** Why the engine could not decide (the turn failed, it was not "answered" with nothing to do). */
    let engineFailure: string | undefined;
    const maxSteps = this.deps.maxSteps ?? 12;
    for (; smallTalk === null && state.step < maxSteps; state.step++) {
      if (hooks.signal?.aborted) {
        stopped = true;
        break;
      }
      if (state.subIntents.length > 0 && state.subIntents.every((s) => TERMINAL.has(s.status))) {
        if (!(await this.followPlan(state, emit))) break;
      }
      this.placesFound(state, lexicon);
      this.peopleFound(state, lexicon);
      this.datesRead(state, lexicon, mails);
      const callable = this.callable(state);
      const input = {
        state,
        world: this.deps.world,
        callable,
        ...(hooks.signal ? { signal: hooks.signal } : {}),
      };
      let decision;
      let inertial: InertialDecision | null = null;
      try {
        inertial = this.deps.inertia ? await this.deps.inertia.propose(input) : null;
        decision = inertial ?? (await this.deps.policy.decide(input));
      } catch (error) {
        if (hooks.signal?.aborted) {
          stopped = true;
          break;
        }
        engineFailure = `The ${this.engine.label} engine failed: ${message(error)}`;
        emit({ type: 'notice', level: 'error', text: engineFailure });
        break;
      }
      if (decision.llm) {
        llm.calls += 1;
        llm.prompt += decision.llm.promptTokens;
        llm.completion += decision.llm.completionTokens;
      }
      emit({
        type: 'decision',
        step: state.step,
        actions: decision.actions,
        llm: decision.llm,
        ...(decision.note ? { note: decision.note } : {}),
        ...(inertial ? { inertial: { scores: inertial.scores } } : {}),
      });
      this.inertialStep = inertial !== null;
      this.inertialSources = inertial?.argSources;
      if (decision.actions.length === 0) break;
      const observation = observationText(state);
      const before = fingerprint(state);
      for (const action of [...decision.actions].sort((a, b) => a.dependency_rank - b.dependency_rank)) {
        let si = state.subIntents.find((s) => s.rank === action.dependency_rank);
        if (!si) {
          si = makeSubIntent(action.dependency_rank, action.intent || read);
          state.subIntents.push(si);
          state.subIntents.sort((a, b) => a.rank - b.rank);
          emit({ type: 'sub-intents', items: state.subIntents.map(viewOf) });
        }
        if (TERMINAL.has(si.status)) continue;
        const go = await this.act(action, si, state, trace, emit, hooks);
        pushHistory(
          state.history,
          { observation, action: describeAction(action) },
          this.deps.historyWindow ?? 3,
        );
        if (go === 'stop') {
          stopped = true;
          break;
        }
        if (go === 'replan') break;
      }
      if (stopped) break;
      const after = fingerprint(state);
      // A decision that changed nothing would be asked again forever (an inertial one that changed
      // nothing is an invalid inertial action: the policy decides next).
      if (after === before && !decision.llm && !inertial) break;
    }

    for (const si of state.subIntents) {
      if (TERMINAL.has(si.status)) continue;
      si.status = 'failed';
      si.note = stopped
        ? 'Stopped before it was done.'
        : (si.note ?? engineFailure ?? 'Not finished within the step limit.');
    }
    const answer =
      smallTalk ??
      (engineFailure && state.subIntents.length === 0 ? `✗ ${engineFailure}` : composeAnswer(state));
    emit({ type: 'answer', text: answer });
    let traceId: string | null = null;
    if (trace.length > 0 && this.deps.learn !== false) {
      traceId = `agent-${state.turnId}`;
      const t: Trace = { id: traceId, query: request, calls: trace };
      try {
        await this.deps.world.ingest(t);
      } catch (error) {
        traceId = null;
        emit({
          type: 'notice',
          level: 'error',
          text: `The graph could not learn from this turn: ${message(error)}`,
        });
      }
    }
    const result: TurnResult = {
      turnId: state.turnId,
      request,
      ...(followedUp !== typed ? { readAs: followedUp } : {}),
      status: stopped
        ? 'stopped'
        : state.questions.length > 0
          ? 'needs-input'
          : engineFailure || state.subIntents.some((s) => s.status === 'failed')
            ? 'failed'
            : 'answered',
      answer,
      questions: state.questions,
      calls: state.calls,
      subIntents: state.subIntents.map(viewOf),
      llmCalls: llm.calls,
      promptTokens: llm.prompt,
      completionTokens: llm.completion,
      ms: performance.now() - t0,
      traceId,
      engine: this.engine,
    };
    const inertia = this.deps.inertia?.endTurn?.(result);
    if (inertia) result.inertia = inertia;
    emit({ type: 'turn-end', result });
    return result;
  }

  /**
   * Whole-task planning beyond the request's words: before a target is called, the tool learnt plans take first when
   * they then go straight to that target ("search trains" before "book the ticket") joins the turn as a
   * sub-intent the target waits for — only when the target's chain and the calls so far do not have it,
   * and it shares a word with the request (a lookup step need not be asked for in words: the request
   * says "book", the plan searches first). True when one was added (the target is called after it).
   */
  private async precedePlan(
    si: SubIntentState,
    target: string,
    state: TurnState,
    emit: (e: AgentEvent) => void,
  ): Promise<boolean> {
    const world = this.deps.world;
    if (!this.learntPlansOn() || !world.nextTool) return false;
    // Plans learnt from other requests say nothing about this one's first step (independent request set:
    // "What's the weather in Madrid …" listed today's events first, as the demonstrations' "weather for my
    // first meeting" does): not for a request unlike the traced ones (`PastRequests.isNovel`).
    if (world.isNovel && (await world.isNovel(state.request))) return false;
    const history = state.calls.filter((c) => c.status === 'ok').map((c) => c.tool);
    const first = await world.nextTool(state.request, history);
    if (!first || first === target || history.includes(first) || state.failedApis.has(first)) return false;
    // An earlier part of the request already serves it: calling it first again would do it twice. A
    // later part it serves keeps it first, as learnt, and the one call serves both (`foldLaterParts`):
    // skipped, ultratool_graph's dev split ran "view the updated order" after the change it confirms.
    if (state.subIntents.some((s) => s !== si && s.rank < si.rank && s.target === first)) return false;
    if (si.chain?.steps.some((s) => s.tool === first)) return false;
    const tool = world.tool(first);
    if (!tool || relevance(state.request, tool) === 0) return false;
    if (fedByRequest(world, first, target, si.chain, world.producedInputs?.(target))) return false;
    if ((await world.nextTool(state.request, [...history, first])) !== target) return false;
    const pre: SubIntentState = {
      // Words of the tool's name, not the target's: with the target's words a precursor ran on any name the
      // request says ("Find my notes about Trap" became a contact search for "Trap", as plans learnt here
      // look a contact up before searching notes). It runs on what the turn already knows.
      ...newSubIntent(si.rank - 0.5, `first ${first.replace(/_/g, ' ')}`, []),
      candidates: [{ tool: first, score: 1, why: 'learnt plans take it first' }],
      precursor: true,
      target: first,
    };
    // A precursor runs on what the turn already knows: one that would need a question, or other tools
    // to feed it, is left out (with no words of its own, the search found it producers from anywhere:
    // nestful_v1's test split ran an Instagram and a restaurant search before a discount).
    const chain = await this.plan(pre, first, state, () => undefined);
    if (chain.missing.length > 0 || chain.steps.length > 1) return false;
    si.dependsOn = [...si.dependsOn, pre.rank];
    state.subIntents.push(pre);
    state.subIntents.sort((a, b) => a.rank - b.rank);
    emit({ type: 'sub-intents', items: state.subIntents.map(viewOf) });
    emit({
      type: 'notice',
      level: 'info',
      text: `Plans learnt from earlier tasks call ${first} before ${target}; calling it first.`,
    });
    emit({ type: 'toolchain', rank: pre.rank, chain });
    return true;
  }

  /**
   * Whole-task planning after the request's words: when every part is done and learnt plans for requests
   * like this one go on to a tool the turn has not called ("… place the order" — plans learnt here check
   * out next), that step joins the turn as a last part — once per turn, only for a familiar request, a tool
   * the request asks for (`requestAsksFor`), and a call that needs nothing the turn does not know (no
   * question, no other tool). True when one was added.
   */
  private async followPlan(state: TurnState, emit: (e: AgentEvent) => void): Promise<boolean> {
    const world = this.deps.world;
    if (!this.learntPlansOn() || !world.nextTool || !world.familiarity) return false;
    if (state.subIntents.some((s) => s.follow) || !state.subIntents.every((s) => s.status === 'done'))
      return false;
    const history = state.calls.filter((c) => c.status === 'ok').map((c) => c.tool);
    if (history.length === 0 || (await world.familiarity(state.request)) < FAMILIAR_REQUEST) return false;
    const next = await world.nextTool(state.request, history);
    if (!next || history.includes(next) || state.failedApis.has(next)) return false;
    const tool = world.tool(next);
    const called = history.map((h) => world.tool(h)).filter((t): t is Tool => t !== undefined);
    if (!tool || !requestAsksFor(state.request, tool, called)) return false;
    const last = state.subIntents[state.subIntents.length - 1]!;
    const after: SubIntentState = {
      ...newSubIntent(last.rank + 1, `then ${next.replace(/_/g, ' ')}`, []),
      candidates: [{ tool: next, score: 1, why: 'learnt plans call it next' }],
      precursor: true,
      follow: true,
      target: next,
    };
    const chain = await this.plan(after, next, state, () => undefined);
    if (chain.missing.length > 0 || chain.steps.length > 1) return false;
    state.subIntents.push(after);
    emit({ type: 'sub-intents', items: state.subIntents.map(viewOf) });
    emit({
      type: 'notice',
      level: 'info',
      text: `Plans learnt from requests like this one call ${next} after ${history[history.length - 1]}; calling it too.`,
    });
    emit({ type: 'toolchain', rank: after.rank, chain });
    return true;
  }

  /**
   * "Add the new budget review date from Eve's email to my calendar": once the email is read, the words that
   * named its day are that day ("the budget review on 2026-12-14"), read as any day said is.
   */
  private datesRead(
    state: TurnState,
    lexicon: readonly LexiconEntry[],
    mails: readonly LexiconEntry[],
  ): void {
    for (const si of state.subIntents) {
      if (si.dateWords === undefined || si.status !== 'pending' || si.candidates !== null) continue;
      const read = state.subIntents.filter((x) => si.dependsOn.includes(x.rank));
      if (read.length === 0 || !read.every((x) => TERMINAL.has(x.status))) continue;
      const text = read
        .filter((x) => x.status === 'done')
        .map((x) => textContent(x.result) ?? describeOutput(x.result))
        .join('\n');
      // "… the day before it's due": the day the bill is due, written where those words were.
      if (isDueWords(si.dateWords)) {
        const due = dueDayIn(text, mails, state.today);
        const bill = dueLookup(si.text)?.bill;
        if (due) {
          si.text = withDueDay(si.text, si.dateWords, bill ?? si.dateWords, due);
          si.literals = findLiterals(si.text, state.today, lexicon);
          si.dependsOn = si.dependsOn.filter((d) => !read.some((x) => x.rank === d));
        }
        si.dateWords = undefined;
        continue;
      }
      const thing = dateThing(si.dateWords);
      // The day said beside the thing it is of ("Budget review moved to the 14th"); the lease's "12 months
      // from 1 December 2026" gives no end date, so "the end date of my lease" is asked, not its start.
      const said = (thing ?? '')
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length > 2)
        .map((w) => w.slice(0, 4));
      const day = text
        .split(/[.;!?\n]+/)
        .filter((clause) => said.length === 0 || said.some((w) => clause.toLowerCase().includes(w)))
        .flatMap((clause) => findDates(clause, state.today))[0]?.date;
      if (day) {
        si.text = si.text.replace(si.dateWords, `${thing ? `the ${thing} ` : ''}on ${day}`);
        si.literals = findLiterals(si.text, state.today, lexicon);
        // Only the day was wanted of it: the email's sender is no attendee of the event.
        si.dependsOn = si.dependsOn.filter((d) => !read.some((x) => x.rank === d));
      }
      si.dateWords = undefined;
    }
  }

  /**
   * "Who did I have coffee with today? Text him I'm running late": a person an earlier part of the same
   * message found — the one its event is with, the sender of the mail it read — is whom "him" means, as it is
   * when the question was the message before (`withPeopleNamed`; twenty-first QA pass asked for a phone
   * number). Only where the parts it builds on name nobody: a person they name is carried as before.
   */
  private peopleFound(state: TurnState, lexicon: readonly LexiconEntry[]): void {
    const people = lexicon.filter((e) => e.kind === 'person');
    for (const si of state.subIntents) {
      if (si.status !== 'pending' || si.candidates !== null || si.dependsOn.length === 0) continue;
      if (si.literals.some((l) => l.kind === 'entity' && l.sub === 'person')) continue;
      const read = state.subIntents.filter((x) => si.dependsOn.includes(x.rank));
      if (!read.every((x) => TERMINAL.has(x.status))) continue;
      const done = read.filter((x) => x.status === 'done' && x.target !== undefined);
      // A person the parts say, even inside quotes ("a reminder for 'Confirm offsite with Anna'"), is theirs
      // to carry; a report about someone ("She wants it by Friday") is no act on them.
      // Nor when any part before it names someone: "email Noah …; otherwise send him an invite" is Noah's,
      // even though the part that names him was held back.
      const before = state.subIntents.filter((x) => x.rank < si.rank);
      if (done.length === 0 || before.some((x) => peopleSaid(x.text, people).length > 0)) continue;
      if (REPORTED.test(si.text.trim())) continue;
      const earlier: EarlierTurn[] = done.map((x) => ({
        request: x.text,
        calls: [{ tool: x.target!, args: {}, status: 'ok', output: x.result }],
      }));
      const named = withPeopleNamed(si.text, earlier, lexicon, state.today);
      if (named === si.text) continue;
      si.text = named;
      si.literals = withoutSituationRepeats(named, findLiterals(named, state.today, lexicon));
    }
  }

  /**
   * "How long from 27 Upper Street to the museum visit on Wednesday?": once the event is found, the words
   * that named it are its location, so the route's end is read from the words as any address is.
   */
  private placesFound(state: TurnState, lexicon: readonly LexiconEntry[]): void {
    for (const si of state.subIntents) {
      if (si.placeWords === undefined || si.status !== 'pending' || si.candidates !== null) continue;
      const listings = si.placeWords.map((p) =>
        state.subIntents.find((x) => si.dependsOn.includes(x.rank) && x.pickItem === p.event),
      );
      if (listings.some((found) => !found || !TERMINAL.has(found.status))) continue;
      for (const [i, found] of listings.entries()) {
        const placeWords = si.placeWords[i]!.words;
        const location = (found!.result as Record<string, unknown> | undefined)?.location;
        if (found!.status !== 'done' || typeof location !== 'string' || !location.trim()) continue;
        const at = si.text.indexOf(placeWords);
        if (at < 0) continue;
        // "For the museum visit on Wednesday — how long … from 27 Upper Street?": the event is where to.
        const forIt = /\bfor\s+$/i.exec(si.text.slice(0, at));
        // "After the dentist tomorrow, how long to walk to Carol's?": the route starts where the event is
        // (twenty-fifth QA pass routed from the dentist to the dentist).
        const afterIt = /\b(?:right\s+|straight\s+|just\s+)?after\s+$/i.exec(si.text.slice(0, at));
        si.text =
          forIt && !/\bto\b/i.test(si.text.slice(at + placeWords.length))
            ? `${si.text.slice(0, forIt.index)}to ${location}${si.text.slice(at + placeWords.length)}`
            : afterIt && !/\bfrom\b/i.test(si.text.slice(at + placeWords.length))
              ? `${si.text.slice(0, afterIt.index)}from ${location}${si.text.slice(at + placeWords.length)}`
              : si.text.replace(placeWords, location);
        si.literals = findLiterals(si.text, state.today, lexicon);
      }
      si.placeWords = undefined;
    }
  }

  /** What a part's own words give `target`'s inputs (nothing known or inherited: its stated values). */
  private valuesFor(si: SubIntentState, target: string, state: TurnState): Record<string, unknown> {
    return fillArguments({
      tool: this.deps.world.tool(target)!,
      intent: si.text,
      intentLiterals: si.literals,
      requestLiterals: si.literals,
      known: () => undefined,
      today: state.today,
      ...eventDayOf(si.text, state.events ?? []),
    }).args;
  }

  private learntPlansOn(): boolean {
    return this.deps.learntPlans ?? this.engine.kind === 'graph-only';
  }

  /** APIs a call_api may name: every candidate of the turn that has not failed. */
  private callable(state: TurnState): string[] {
    const names = new Set<string>();
    for (const si of state.subIntents) for (const c of si.candidates ?? []) names.add(c.tool);
    for (const f of state.failedApis) names.delete(f);
    return [...names];
  }

  /** Carries out one action. 'replan' ends this decision's batch (the state changed under the rest). */
  private async act(
    action: AgentAction,
    si: SubIntentState,
    state: TurnState,
    trace: TraceCall[],
    emit: (e: AgentEvent) => void,
    hooks: TurnHooks,
  ): Promise<'next' | 'replan' | 'stop'> {
    switch (action.action) {
      case 'direct_answer': {
        si.status =
          action.analysis === 'no-tool'
            ? 'no-tool'
            : action.analysis === 'unanswered'
              ? 'unanswered'
              : action.analysis === 'failed'
                ? 'failed'
                : 'answered';
        si.note = action.answer ?? '';
        emit({ type: 'sub-intent-done', item: viewOf(si) });
        return 'next';
      }
      case 'clarify_intent': {
        if (action.params?.condition === true && si.condition)
          return this.askCondition(action, si, state, emit, hooks);
        const field = typeof action.params?.field === 'string' ? action.params.field : '';
        // A question decided together with an earlier part's call ("find an apartment … and schedule a
        // visit to it"): that call may have returned the answer; plan again before asking the user.
        const stale = si.target !== undefined && si.plannedAtCall !== state.calls.length;
        const asked = (c: ChainView | null) =>
          c?.missing.some((m) => m.tool === action.target_api && m.field === field) === true;
        if (stale && asked(si.chain) && !asked(await this.plan(si, si.target!, state, emit))) return 'next';
        const q: QuestionView = {
          tool: action.target_api ?? '',
          field,
          text: action.answer || `Could you tell me more about "${si.text}"?`,
        };
        si.asked.add(`${q.tool}.${q.field}`);
        emit({ type: 'question', rank: si.rank, question: q });
        const answer = hooks.ask ? await hooks.ask(q) : null;
        if (hooks.signal?.aborted) return 'stop';
        emit({ type: 'user-answer', rank: si.rank, field, answer });
        if (answer === null || answer.trim() === '') {
          state.questions.push(q);
          si.status = 'unanswered';
          si.note = `Waiting for an answer: ${q.text}`;
          emit({ type: 'sub-intent-done', item: viewOf(si) });
          return 'next';
        }
        if (field && q.tool) {
          const schema = this.deps.world.tool(q.tool)?.parameters.properties?.[field];
          const value = answerValue(fieldKind(field, schema), answer, state.today);
          si.answers[field] = value;
          const node = this.deps.world.paramNodeOf(q.tool, 'in', field);
          if (node) state.known.set(node, { value, source: 'user', field });
        } else {
          // A free clarification adds to what the sub-intent says; retrieval starts over with it.
          si.text = `${si.text} ${answer.trim()}`;
          si.literals = findLiterals(si.text, state.today, []);
          si.candidates = null;
        }
        if (si.target) await this.plan(si, si.target, state, emit);
        return 'next';
      }
      case 'retrieve_api': {
        const query = action.recall_description?.trim() || si.text;
        const history = state.calls.filter((c) => c.status === 'ok').map((c) => c.tool);
        const { candidates, ms, learntOrder } = await this.deps.world.retrieve(
          query,
          history,
          this.deps.topK ?? 8,
        );
        si.learntOrder = learntOrder;
        si.candidates = candidates
          .filter((c) => this.deps.world.tool(c.tool)) // not DTDR's end-of-plan label
          .map((c) => ({ tool: c.tool, score: c.score, ...(c.why ? { why: c.why } : {}) }));
        // The request's own words over the whole catalogue: a tool no ranking put in its top K is still found.
        const seen = new Set(si.candidates.map((c) => c.tool));
        // The words the part chooses its tool by, once for the three readings below.
        const wording = choiceText(si, state.events ?? [], state.today);
        const kinds = entityKinds(si, state.events ?? []);
        for (const c of bestByRelevance(wording, this.deps.world.tools(), 5, kinds))
          if (!seen.has(c.tool)) si.candidates.push(c);
        // A tool another sub-intent of the turn already serves is no one else's learnt target.
        const taken = new Set(
          state.subIntents.filter((o) => o !== si && o.target).map((o) => o.target as string),
        );
        si.prior = this.learntPlansOn()
          ? await targetPrior(this.deps.world, state.request, history, taken)
          : undefined;
        const toolOf = (n: string) => this.deps.world.tool(n);
        // "… and open the first one": the tool that takes what the earlier part's tool gives.
        const earlier = si.dependsOn
          .map((r) => state.subIntents.find((o) => o.rank === r)?.target)
          .find((t): t is string => t !== undefined);
        const fed = earlier
          ? fedByEarlier(
              this.deps.world,
              earlier,
              si.candidates.map((c) => c.tool),
            )
          : undefined;
        const context = { request: state.request, ...(fed ? { bonus: fed } : {}) };
        const ranked = inLearntOrder(si.candidates, si.learntOrder);
        // "email Carol Hugo's address": what was looked up is sent, by a tool that sends (the contact record
        // was read again, "email … address" read as an email address; fourteenth QA pass).
        const excluded =
          (si.contentFrom !== undefined || si.dependsOn.length > 0) && SENDS_LOOKED_UP.test(si.text.trim())
            ? new Set([
                ...state.failedApis,
                ...this.deps.world
                  .tools()
                  .filter((t) => effectOf(t) !== 'send')
                  .map((t) => t.name),
              ])
            : state.failedApis;
        const choice =
          chooseTarget(wording, ranked, toolOf, excluded, kinds, si.prior, context) ??
          madeInWhatWasFound(si.text, fed, toolOf, excluded) ??
          // Only a request that is the one question: beside other parts it is context or a follow-up. Or the
          // question that reads an amount a later part converts ("the passport renewal fee in euros").
          (state.subIntents.length === 1 ||
          state.subIntents.some((o) => o.amountOf !== undefined && o.dependsOn.includes(si.rank))
            ? this.ownDataChoice(si, excluded)
            : null);
        // A question about the user's own things, answered by one of their record searches: the others
        // are tried when it finds nothing.
        si.recordsLeft =
          choice && si.recordsLeft === undefined
            ? otherRecordSearches(si.text, choice.tool, this.deps.world.tools(), excluded)
            : si.recordsLeft;
        const byWords = si.prior
          ? chooseTarget(wording, ranked, toolOf, excluded, kinds, undefined, context)
          : choice;
        // Shown with the tool the request's words chose first: the ranking is next-tool retrieval's, and a
        // question ("Any emails from Anna …?") ranks the sender high that the words rule out.
        emit({
          type: 'candidates',
          rank: si.rank,
          query,
          candidates: withTargetFirst(si.candidates, choice?.tool),
          ms,
        });
        if (choice && byWords && byWords.tool !== choice.tool)
          emit({
            type: 'notice',
            level: 'info',
            text: `Plans learnt from requests like this one use ${choice.tool} here; the words alone pointed to ${byWords.tool}.`,
          });
        if (choice) {
          // A tool chosen by other words than the part's (`ownDataChoice`) is a candidate too.
          if (!si.candidates.some((c) => c.tool === choice.tool))
            si.candidates.push({ tool: choice.tool, score: choice.relevance });
          si.target = choice.tool;
          await this.plan(si, choice.tool, state, emit);
        } else {
          si.target = undefined;
          si.chain = null;
        }
        return 'next';
      }
      case 'call_api': {
        const target = action.target_api ?? '';
        if (!this.deps.world.tool(target) || state.failedApis.has(target)) {
          emit({
            type: 'notice',
            level: 'warning',
            text: `call_api refused: "${target}" is not a candidate that can be called.`,
          });
          si.candidates = null;
          return 'replan';
        }
        if (!si.preceded && !si.precursor) {
          si.preceded = true;
          if (await this.precedePlan(si, target, state, emit)) return 'replan';
        }
        si.target = target;
        const chain = await this.plan(si, target, state, emit, action.params ?? {});
        if (chain.missing.length > 0) {
          // Feasibility masking: a call whose required inputs nothing supplies is not made.
          const what = chain.missing.map((m) => `${m.tool}.${m.field}`).join(', ');
          emit({ type: 'notice', level: 'info', text: `Not calling ${target} yet: no value for ${what}.` });
          return 'replan';
        }
        const once = (await this.deps.world.rarelyRepeated?.(target)) === true;
        const repeat =
          this.engine.kind === 'graph-only'
            ? repeatOf(
                chain.steps,
                state.calls,
                once,
                si.literals.map((l) => l.value),
                // The parts' own values too: "the next 3 days" states each day only in its copy.
                [...state.requestLiterals, ...state.subIntents.flatMap((s) => s.literals)].map(
                  (l) => l.value,
                ),
              )
            : undefined;
        if (repeat) {
          // Graph-only: the same call twice comes from splitting the request, not from a decision to repeat.
          si.status = 'done';
          si.result = repeat.output;
          emit({
            type: 'notice',
            level: 'info',
            text: once
              ? `${target} was already called (call ${repeat.index + 1}), and plans learnt here call it once per task; its result serves this part too.`
              : `${target} was already called with the same arguments (call ${repeat.index + 1}); its result serves this part too.`,
          });
          emit({ type: 'sub-intent-done', item: viewOf(si) });
          return 'next';
        }
        // Graph-only: later parts the same call serves ("… the weather for Denver? I need the data in
        // scientific units.") give it their inputs and are done when it is.
        const targetStep = chain.steps.find((s) => s.tool === target);
        const folded =
          this.engine.kind === 'graph-only' && targetStep
            ? foldLaterParts(si, this.deps.world.tool(target)!, targetStep, state.subIntents, (o) =>
                this.valuesFor(o, target, state),
              )
            : [];
        if (folded.length > 0) {
          emit({
            type: 'notice',
            level: 'info',
            text: `One ${target} call serves ${[si, ...folded].map((o) => rankLabel(o.rank)).join(' and ')}.`,
          });
          emit({ type: 'toolchain', rank: si.rank, chain });
        }
        si.status = 'planned';
        const run = await this.execute(si, chain, state, trace, emit, hooks);
        if (run === 'stop') return 'stop';
        // Tools a detour routed around are out for the rest of the turn, whatever happened next.
        for (const d of run.detours ?? []) state.failedApis.add(d.failedTool);
        // "How much flour goes in the banana bread?": nothing in the notes; the files are looked in next.
        const nextRecords = si.recordsLeft?.[0];
        if (
          nextRecords !== undefined &&
          ((run.ok && (foundNothing(run.result) || !mentionsTopic(run.result, si.text))) ||
            (!run.ok && isNothingFound(run.failure)))
        ) {
          const searched = run.ok ? target : run.tool;
          si.recordsLeft = si.recordsLeft!.slice(1);
          // A candidate, so the policy may call it.
          if (!si.candidates?.some((c) => c.tool === nextRecords))
            si.candidates?.push({ tool: nextRecords, score: 0 });
          si.target = nextRecords;
          await this.plan(si, nextRecords, state, emit);
          si.status = 'pending';
          emit({
            type: 'notice',
            level: 'info',
            text: `${searched} found nothing for this; looking with ${nextRecords} instead.`,
          });
          return 'replan';
        }
        if (run.ok) {
          si.status = 'done';
          // "where is dinner with Hugo?": of the day's listing, the one event asked about.
          si.result =
            (si.pickItem !== undefined ? itemTitled(run.result, si.pickItem) : undefined) ?? run.result;
          if (run.target) si.target = run.target; // a detour switched to another target
          const made = [...state.calls].reverse().find((c) => c.tool === si.target && c.status === 'ok');
          const caveat = onceOnlyCaveat(si.text, this.deps.world.tool(si.target ?? ''), made?.args);
          // A city the request did not name is said, so a user who meant another one sees it.
          const home = Object.entries(made?.argSources ?? {}).find(([, source]) => source === HOME);
          const where = home ? `in ${String(made!.args[home[0]])}, where you live` : undefined;
          if (caveat || where) si.caveat = [where, caveat].filter(Boolean).join('; ');
          emit({ type: 'sub-intent-done', item: viewOf(si) });
          for (const o of folded) {
            o.status = 'done';
            o.target = si.target;
            // Each folded listing keeps its own event ("from the budget review to lunch with Alice").
            o.result =
              (o.pickItem !== undefined ? itemTitled(run.result, o.pickItem) : undefined) ?? run.result;
            o.note = `Served by the same call as ${rankLabel(si.rank)}.`;
            emit({ type: 'sub-intent-done', item: viewOf(o) });
          }
          return 'next';
        }
        // The failed tool is out for the rest of the turn; look for another way (path recombination).
        state.failedApis.add(run.tool);
        const standIn =
          si.candidates && this.deps.detours !== false
            ? this.standIn(si, target, run.failure.kind, state.failedApis)
            : null;
        // "Read the budget file" with no such file: planning the read again without the search only asks
        // the user for the file's identifier (twelfth QA pass); what was not found is the answer.
        const detour = standIn && standIn.tool === target && isNothingFound(run.failure) ? null : standIn;
        if (detour) {
          // The same target again means the failed tool was a producer: plan the target without it.
          const same = detour.tool === target;
          si.target = detour.tool;
          await this.plan(si, detour.tool, state, emit);
          si.status = 'pending';
          this.markDetour(state, run, {
            mode: same ? 'replan' : 'another-target',
            failedTool: run.tool,
            failure: { kind: run.failure.kind, message: run.failure.message },
            newTools: same ? [] : [detour.tool],
            reason:
              `${run.why ? `no detour within the chain (${run.why}); ` : ''}` +
              (same ? `${target} planned again without ${run.tool}` : `${detour.tool} is the next candidate`),
          });
          emit({
            type: 'notice',
            level: 'warning',
            text: same
              ? `${run.tool} failed (${run.failure.message}); planning ${target} again without it.`
              : `${run.tool} failed (${run.failure.message}); trying ${detour.tool} instead.`,
          });
        } else {
          // No detour in sight: the policy decides (an LLM may retrieve anew; graph-only reports it).
          si.target = undefined;
          si.chain = null;
          si.status = 'pending';
          if (isNothingFound(run.failure)) {
            // Nothing of that name exists: no other tool would find it either, so no detour talk.
            si.nothingFound = { tool: run.tool, target };
            // An empty result passed on (`nothingToPass`) names its producer itself.
            si.note =
              run.failure.code === 'input-not-found'
                ? run.failure.message
                : `${run.tool} found nothing: ${run.failure.message}`;
          } else
            si.note = `${run.tool} failed: ${run.failure.message.replace(/\.$/, '')}${run.why ? `; no way around it: ${afterFailure(run.why, run.failure.message)}` : ''}`;
        }
        return 'replan';
      }
    }
  }

  /** Asks whether a part's condition holds ("Does that mean it is sunny?"); a yes or a no decides it. */
  private async askCondition(
    action: AgentAction,
    si: SubIntentState,
    state: TurnState,
    emit: (e: AgentEvent) => void,
    hooks: TurnHooks,
  ): Promise<'next' | 'stop'> {
    const q: QuestionView = { tool: '', field: '', text: action.answer ?? `Does ${si.condition!.text}?` };
    si.asked.add(CONDITION_ASKED);
    emit({ type: 'question', rank: si.rank, question: q });
    const answer = hooks.ask ? await hooks.ask(q) : null;
    if (hooks.signal?.aborted) return 'stop';
    emit({ type: 'user-answer', rank: si.rank, field: '', answer });
    const yes = answer === null ? null : yesOrNo(answer);
    if (answer === null || answer.trim() === '') {
      state.questions.push(q);
      si.status = 'unanswered';
      si.note = `Waiting for an answer: ${q.text}`;
      emit({ type: 'sub-intent-done', item: viewOf(si) });
    } else if (yes !== null) si.condition!.answer = yes;
    // Anything but a yes or a no leaves it unknown: the policy says it could not tell.
    return 'next';
  }

  /**
   * The candidate that takes over after a call failed while serving `target`: the same target when
   * the failure was a producer's (planned again without it), else another candidate that can stand in —
   * and none when the arguments were at fault (the gate or the tool refused them: another tool would get
   * the same values, so the user hears what was wrong instead).
   */
  private standIn(
    si: SubIntentState,
    target: string,
    kind: FailureKind,
    exclude: ReadonlySet<string>,
  ): TargetChoice | null {
    const toolOf = (n: string) => this.deps.world.tool(n);
    const wording = choiceText(si, []);
    const choice = chooseTarget(
      wording,
      inLearntOrder(si.candidates ?? [], si.learntOrder),
      toolOf,
      exclude,
      entityKinds(si),
      si.prior,
    );
    if (!choice || choice.tool === target) return choice;
    if (kind === 'rejected-by-gate' || kind === 'invalid-arguments') return null;
    const failed = toolOf(target);
    const other = toolOf(choice.tool)!;
    // A stand-in must do what the failed tool did (same-purpose.ts): no DeleteMeeting for a ModifyMeeting,
    // and act on nothing the failed one does not (`places_weather` shares only a prefix with `places_search`).
    if (failed && !doesSameThing(failed, other, { bothWays: true })) return null;
    return standsIn(wording, failed, other, entityKinds(si)) ? choice : null;
  }

  /**
   * Fills the target's arguments (explicit ones, then what the turn knows and the request says) and asks
   * the TWNM for a toolchain that supplies the rest.
   */
  private async plan(
    si: SubIntentState,
    target: string,
    state: TurnState,
    emit: (e: AgentEvent) => void,
    explicit: Record<string, unknown> = {},
  ): Promise<ChainView> {
    const world = this.deps.world;
    const tool = world.tool(target)!;
    // The chain the policy read its arguments from: their references number its steps.
    const before = si.chain?.steps ?? [];
    const about = aboutOthers(si, state);
    const aboutOtherRecipients = aboutOthers(si, state, true);
    // Whom an event invites is someone its own words name (`namesSomeone`).
    const invites = namesSomeone(si, state);
    const knownByField = (field: string): { value: unknown; source: string } | undefined => {
      if (si.answers[field] !== undefined) return { value: si.answers[field], source: 'user' };
      // Whom an event invites is someone its own words name ("with Bob", "invite him"): an address read
      // for another reason (the email a date was read from) invites nobody (seventeenth QA pass).
      if (ATTENDEE_FIELD.test(field) && !invites) return undefined;
      const node = world.paramNodeOf(target, 'in', field);
      const k = node ? state.known.get(node) : undefined;
      const whom = RECIPIENT_FIELD.test(field) && effectOf(tool) === 'send' ? aboutOtherRecipients : about;
      return k && !whom(k) ? { value: k.value, source: k.source } : undefined;
    };
    const produced = world.producedInputs?.(target);
    const filled = fillArguments({
      tool,
      intent: ownWords(si),
      intentLiterals: si.literals,
      requestLiterals: state.requestLiterals,
      inherit: si.dependsOn.length > 0,
      known: knownByField,
      today: state.today,
      ...(produced ? { produced } : {}),
      ...eventDayOf(si.text, state.events ?? []),
      ...(state.homeCity ? { homeCity: state.homeCity } : {}),
    });
    const args: Record<string, unknown> = { ...filled.args };
    const sources: Record<string, string> = { ...filled.sources };
    this.continueFromEarlierTarget(tool, si, state, args, sources);
    this.atTheSlotFound(tool, si, state, args, sources);
    this.amountRead(tool, si, state, args, sources);
    this.thereFromEarlier(tool, si, state, args, sources);
    this.fromEarlierResult(tool, si, state, args, sources);
    // "…the address of the museum": the free text is what an earlier call looked up; "email Hugo the
    // forecast": the whole of what the lookup before returned.
    const lookup =
      si.contentFrom !== undefined ? state.subIntents.find((x) => x.rank === si.contentFrom) : undefined;
    const sent =
      lookup?.status === 'done' && lookup.result !== undefined && si.contentField === undefined
        ? sentItems(lookup.result)
        : undefined;
    const lookupArgs =
      lookup?.target === undefined
        ? undefined
        : state.calls.filter((c) => c.tool === lookup.target && c.status === 'ok').at(-1)?.args;
    const looked =
      lookup?.status === 'done' && lookup.result !== undefined
        ? si.contentField !== undefined
          ? namedField(lookup.result, si.contentField)
          : ((sent === undefined && lookupArgs
              ? (measuredResult(lookup.result, lookupArgs) ?? madeResult(lookup.result, lookupArgs))
              : undefined) ??
            linesAbout(
              sent?.text ?? textContent(lookup.result) ?? describeOutput(lookup.result),
              lookup.text,
            ))
        : this.mentionedOutput(si, state);
    // "reply to his email saying I'm in", "drop her an email saying I'll bring …": what is said is the message,
    // not the address its words name — a contact detail alone is never what is spelt out (twenty-fifth QA pass
    // sent "Ines Silva: ines.silva@example.com").
    const detailOnly =
      lookup === undefined &&
      looked !== undefined &&
      spelledOutContent(si.text) !== null &&
      CONTACT_DETAIL.test(looked.trim());
    // A search's list ("1 message: Marathon training …") names no thing: "his Sunday long run" stays his.
    const listFound =
      sent === undefined &&
      lookup?.result !== undefined &&
      lookup.result !== null &&
      typeof lookup.result === 'object' &&
      Object.values(lookup.result).some(Array.isArray);
    if (looked !== undefined && !detailOnly) {
      // "text Jonas the address saying let's meet there Tuesday at 8": what was looked up, then the
      // user's own words (twelfth QA pass: the words were dropped and only the address went).
      // "text her the address and ask if she wants to meet there": the address found, then the question.
      const ownWords = lookup === undefined || lookup.status === 'done' ? spelledOutContent(si.text) : null;
      for (const f of toolFields(tool.parameters))
        if (f.kind === 'text' && !(f.name in explicit)) {
          args[f.name] = ownWords && !looked.includes(ownWords) ? `${looked} — ${ownWords}` : looked;
          sources[f.name] = 'earlier call';
        } else if (f.kind === 'title' && !(f.name in explicit) && !(f.name in args) && sent) {
          // "Search notes for the offsite and email them to Carol": the subject is what is sent.
          args[f.name] = sent.titles;
          sources[f.name] = 'earlier call';
        } else if (
          f.kind === 'title' &&
          !(f.name in explicit) &&
          !(f.name in args) &&
          /^[^:]{2,60}:/.test(looked)
        ) {
          // "Pull the Q3 report, then email them to Noah": a text that names itself ("Q3 report: …") is the
          // subject of the mail it is sent in (held-out set 11 asked for a subject line).
          args[f.name] = looked.split(':')[0]!.trim();
          sources[f.name] = 'earlier call';
        } else if (
          f.kind === 'title' &&
          !(f.name in explicit) &&
          typeof args[f.name] === 'string' &&
          (/\b(?:its|their)\b|^(?:it|them|this|that|these|those)$/i.test(args[f.name] as string) ||
            // "save it as a note": the title "it as a note" is the pronoun and the kind, nothing more.
            // "his tips" after reading his email are what it says; "put his Sunday long run in my calendar"
            // after a mail search is Jonas's run (eighteenth QA pass titled it "1 message").
            (si.contentFrom !== undefined &&
              /^(?:it|them|this|that|these|those)\b/i.test(args[f.name] as string)) ||
            (si.contentFrom !== undefined && !listFound && /\b(?:his|her)\b/i.test(args[f.name] as string)))
        ) {
          // "send its address …": a subject made of the request's pronoun says nothing; the thing does.
          args[f.name] = sent?.titles ?? looked.split(':')[0]!.trim();
          sources[f.name] = 'earlier call';
        } else if (f.kind === 'title' && !(f.name in explicit) && typeof args[f.name] === 'string') {
          // "Save the lease details as a note", "Make a note from the Q3 report": the title is the thing
          // ("lease details"), not how it was asked ("lease details as a note", "from the Q3 report").
          const bare = (args[f.name] as string)
            .replace(/\s+(?:as|into|in|to)\s+(?:an?\s+|my\s+|the\s+)?(?:new\s+)?note$/i, '')
            .replace(/^(?:from|of|with)\s+(?:the|my|our)\s+/i, '')
            // "interview loop from my hiring plan note": where it is kept is no part of its name.
            .replace(new RegExp(`\\s+${KEPT_IN.source}$`, 'iu'), '');
          if (bare.trim() && bare !== args[f.name]) args[f.name] = capitalize(bare);
        }
    }
    // Arguments the policy gave: an LLM's are "llm"; graph-only passes back what was filled here, so
    // each keeps the level it came from (a reference to an earlier step is "earlier call").
    // Inertia's arguments keep the filling level that gave them.
    const byLlm = this.deps.policy.engine.kind !== 'graph-only';
    const byInertia = this.inertialStep ? this.inertialSources : undefined;
    const carried: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(explicit)) {
      // The plan's value flow invites nobody the part's words do not name (`ATTENDEE_FIELD`).
      if (!byLlm && ATTENDEE_FIELD.test(k) && !invites && !(k in filled.args)) continue;
      if (referencesIn(v).length > 0) {
        carried[k] = v; // renumbered onto the new chain below
        continue;
      }
      // Graph-only gives back the last plan's arguments; a guess there gives way to what is known now
      // ("… and schedule a visit to tour the home": "tour" was the one word left for the apartment's
      // name, and the apartment an earlier part found has one).
      if (!byLlm && si.argSources?.[k] === GUESS && k in filled.args && filled.sources[k] !== GUESS) continue;
      args[k] = v;
      sources[k] =
        byInertia?.[k] ??
        (byLlm ? 'llm' : (sources[k] ?? (referencesIn(v).length > 0 ? 'earlier call' : 'graph')));
    }
    if (!byLlm) titledAsEvent(tool, si, state, args);
    // "Email Grace's invoice to my accountant": whom it goes to is someone no contact names, so the person
    // whose thing it is gives no address — the user is asked (sixteenth QA pass emailed Grace her invoice).
    const toSomeoneElse = effectOf(tool) === 'send' && TO_SOMEONE_UNNAMED.test(si.text.trim());
    const recipientless = (ls: readonly Literal[]) =>
      toSomeoneElse
        ? ls.filter((l) => !(l.kind === 'entity' && l.sub === 'person' && ownerIn(si.text, l)))
        : ls;
    const known: Record<string, unknown> = {
      ...literalKnown(
        world.paramKinds(),
        recipientless(si.literals),
        recipientless(state.requestLiterals),
        searchWords(si, tool),
      ),
    };
    const recipientNodes = new Set(
      effectOf(tool) === 'send'
        ? Object.keys(tool.parameters.properties ?? {})
            .filter((f) => RECIPIENT_FIELD.test(f))
            .map((f) => world.paramNodeOf(target, 'in', f))
        : [],
    );
    const inviteNodes = new Set(
      invites
        ? []
        : Object.keys(tool.parameters.properties ?? {})
            .filter((f) => ATTENDEE_FIELD.test(f))
            .map((f) => world.paramNodeOf(target, 'in', f)),
    );
    for (const [node, k] of state.known)
      if (!inviteNodes.has(node) && !(recipientNodes.has(node) ? aboutOtherRecipients : about)(k))
        known[node] = k.value;
    const chain = await world.toolchain({
      target,
      known,
      // The target itself is never excluded: a tool that failed as another chain's producer may still be
      // what this sub-intent asks for (the search would refuse an excluded target).
      exclude: [...state.failedApis].filter((t) => t !== target),
      ...(this.deps.method ? { method: this.deps.method } : {}),
      tokenBudget: this.deps.subgraphTokens ?? 300,
    });
    const step = chain.steps.find((s) => s.tool === target);
    if (step) {
      // The target's own arguments are this sub-intent's, not whatever its standardized parameter held;
      // producers that fed only overridden arguments are no longer needed.
      for (const [k, v] of Object.entries(args)) step.args[k] = v;
      for (const [k, v] of Object.entries(carried)) {
        const moved = carryReferences(v, before, chain.steps, step.step);
        if (moved === undefined) continue;
        step.args[k] = args[k] = moved;
        sources[k] = byInertia?.[k] ?? (byLlm ? 'llm' : 'earlier call');
      }
      this.oneEndPerPlace(tool, step, sources, chain);
      // "send Bob's email to finance": whom it goes to is nobody the request names, so no search finds their
      // address (twenty-fifth QA pass emailed it to the sender of a mail about finance) — the user is asked.
      if (effectOf(tool) === 'send' && TO_A_ROLE.test(si.text.trim()))
        for (const f of Object.keys(step.args).filter((x) => RECIPIENT_FIELD.test(x))) {
          if (referencesIn(step.args[f]).length === 0) continue;
          delete step.args[f];
          delete args[f];
          const property = tool.parameters.properties?.[f] as { description?: string } | undefined;
          chain.missing.push({ tool: target, field: f, description: property?.description ?? f });
          // Producers no step reads any more go, and those only they read (a search feeding a read).
          for (let before = -1; before !== chain.steps.length;) {
            before = chain.steps.length;
            const used = new Set(
              chain.steps.flatMap((s) => Object.values(s.args).flatMap(referencesIn)).map((r) => r.step),
            );
            chain.steps = chain.steps.filter((s) => s === step || used.has(s.step));
          }
        }
      // "Invite Anna to …": the optional attendee is looked up from the name the request gives.
      // A re-plan gets the first plan's arguments back, with a reference to its look-up step: that
      // step is planned again here.
      const steps = new Set(chain.steps.map((x) => x.step));
      const current = Object.fromEntries(
        Object.entries(step.args).filter(([, v]) => referencesIn(v).every((r) => steps.has(r.step))),
      );
      const who = personLookup(world, tool, si.literals, current, si.text);
      if (who) {
        const same = chain.steps.find((x) => x.tool === who.producer && x.args[who.nameField] === who.person);
        const n = same?.step ?? Math.max(...chain.steps.map((x) => x.step)) + 1;
        if (!same)
          chain.steps.splice(chain.steps.indexOf(step), 0, {
            step: n,
            tool: who.producer,
            args: { [who.nameField]: who.person },
            deps: [],
          });
        step.args[who.field] = `$${n}.${who.output}`;
        sources[who.field] = 'earlier call';
      }
      step.deps = step.deps.filter((d) =>
        Object.values(step.args).some((v) => referencesIn(v).some((r) => r.step === d)),
      );
      chain.steps = neededSteps(chain.steps, step.step);
      chain.missing = chain.missing.filter(
        (m) => (m.tool !== target || !(m.field in args)) && chain.steps.some((s) => s.tool === m.tool),
      );
      // The kinds of everything the request names ("Anna" → a contact), not only this sub-intent's: "send
      // her the address" reaches Anna's email through a contact look-up.
      // A person the request names, though a part's words were rewritten without them ("Jonas asked when
      // my dentist appointment is" became the day's listing): "text him" still reaches Jonas.
      const kinds = [
        ...state.subIntents.flatMap((o) => entityKinds(o)),
        ...(state.requestLiterals.some((l) => l.kind === 'entity' && l.sub === 'person')
          ? (KIND_WORDS.person ?? [])
          : []),
      ];
      // Without the sub-intents' command words: "retrieve …" is in every "Retrieves …" description.
      const commands = new Set(state.subIntents.map((x) => contentWords(x.text)[0]));
      const groundingText = contentWords(state.request)
        .filter((w) => !commands.has(w))
        .join(' ');
      // A producer that feeds an input the world's plans always look up (a SKU, a token) is grounded by
      // those plans: the request cannot state that value, so without the producer it is only a question.
      const lookedUp = new Set(
        Object.entries(step.args)
          .filter(([field]) => produced?.has(field))
          .flatMap(([, v]) => referencesIn(v).map((r) => chain.steps.find((x) => x.step === r.step)?.tool)),
      );
      const grounded = withoutUngroundedProducers(
        chain,
        step.step,
        (n) => world.tool(n),
        (t) => lookedUp.has(t.name) || relevance(groundingText, t, kinds) > 0,
      );
      if (grounded.dropped.length > 0) {
        Object.assign(chain, grounded.chain);
        emit({
          type: 'notice',
          level: 'info',
          text: `Not using ${grounded.dropped.join(', ')} to fill ${target}'s inputs: the request does not speak of ${grounded.dropped.length > 1 ? 'them' : 'it'}.`,
        });
      }
    }
    this.knownOf.set(chain, known);
    si.chain = chain;
    si.argSources = sources;
    si.plannedAtCall = state.calls.length;
    emit({ type: 'toolchain', rank: si.rank, chain });
    return chain;
  }

  /**
   * Whether the tool that best covers `text` by its words deals in `field` itself: takes it as an input
   * ("papers on the topic of …") or names it ("update the details of …" → updateCommunityDetails).
   */
  /** Whether the tool that best serves `text` takes a number of days or a date range (`days`, `end_date`). */
  private takesSpan(text: string): boolean {
    const tool = this.bestToolFor(text);
    return Object.keys(tool?.parameters.properties ?? {}).some((k) => SPAN_INPUT.test(k));
  }

  /** The tool whose words cover `text` best, before any retrieval (splitting decisions need a guess). */
  private bestToolFor(text: string): Tool | undefined {
    const best = bestByRelevance(text, this.deps.world.tools(), 1)[0];
    return best ? this.deps.world.tool(best.tool) : undefined;
  }

  private toolTakes(text: string, field: string): boolean {
    const tool = this.bestToolFor(text);
    if (!tool) return false;
    if (Object.keys(tool.parameters.properties ?? {}).some((k) => k.toLowerCase() === field)) return true;
    const named = new Set(contentWords(tool.name).map(stem));
    return contentWords(field).every((w) => named.has(stem(w)));
  }

  /**
   * Whether a tool other than a sender looks `thing` up ("the weather forecast for Paris" → the
   * weather tool): its words must cover the thing, and it must change nothing.
   */
  private looksUp(thing: string): boolean {
    // "the launch risks from my product launch note": a thing said to be kept somewhere is read from
    // there, whichever tool its other words fit (thirteenth QA pass texted those words to Bob).
    if (KEPT_IN.test(thing)) return true;
    const ranked = bestByRelevance(thing, this.deps.world.tools(), 8);
    const top = ranked[0]?.score ?? 0;
    if (top < LOOKUP_RELEVANCE) return false;
    // Among the tools its words fit best, one that reads: "the notes about the budget" fits the note
    // maker as well as the note search (seventh QA pass asked for the email's body instead).
    return ranked.some((r) => {
      if (r.score < top) return false;
      const effect = effectOf(this.deps.world.tool(r.tool)!);
      return effect === null || effect === 'none';
    });
  }

  /**
   * A question about the user's own things that no tool's words fit ("anything else on today?", "What was
   * the gift idea for Mum?"): the day's calendar, or the notes (`ownDataWording`).
   */
  private ownDataChoice(si: SubIntentState, excluded: ReadonlySet<string>): TargetChoice | null {
    const tools = this.deps.world.tools();
    const wording = ownDataWording(si.text, tools);
    if (!wording) return null;
    // Only a tool that reads answers a question: nothing is sent or made on a guess.
    const readers = tools.filter((t) => {
      const effect = effectOf(t);
      return effect === null || effect === 'none';
    });
    const candidates = bestByRelevance(wording, readers, 5);
    return chooseTarget(wording, candidates, (n) => this.deps.world.tool(n), excluded);
  }

  /** The earlier output a sub-intent's words name ("the address of the museum"), formatted as text. */
  private mentionedOutput(si: SubIntentState, state: TurnState): string | undefined {
    const outputs = this.deps.world.outputFieldNames();
    // "… and send its address to Bob": the field of what the part before found.
    const field =
      mentionedField(si.text, outputs) ?? (si.dependsOn.length > 0 ? possessedField(si.text, outputs) : null);
    if (!field) return undefined;
    for (const call of [...state.calls].reverse()) {
      if (call.status !== 'ok') continue;
      const text = namedField(call.output, field);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  /** Runs the chain through the executor, keeping the turn's calls, trace and known values in step. */
  private async execute(
    si: SubIntentState,
    chain: ChainView,
    state: TurnState,
    trace: TraceCall[],
    emit: (e: AgentEvent) => void,
    hooks: TurnHooks,
  ): Promise<
    | { ok: true; result: unknown; target?: string; detours?: DetourView[] }
    | { ok: false; tool: string; failure: CallFailure; call?: number; why?: string; detours?: DetourView[] }
    | 'stop'
  > {
    const r = await this.executor.run({
      chain,
      target: si.target ?? chain.target,
      world: this.deps.world,
      runtime: this.deps.runtime,
      ...(si.argSources ? { argSources: si.argSources } : {}),
      firstCallIndex: state.calls.length,
      failedApis: state.failedApis,
      known: this.knownOf.get(chain) ?? {},
      query: si.text,
      ...(hooks.signal ? { signal: hooks.signal } : {}),
      onCallStart: (call) => {
        state.calls.push({ ...call });
        emit({ type: 'call-start', rank: si.rank, call });
      },
      onCallEnd: (call, traceCall) => {
        const i = state.calls.findIndex((c) => c.index === call.index);
        if (i >= 0) state.calls[i] = { ...call };
        else state.calls.push({ ...call });
        trace.push(traceCall);
        if (call.status === 'ok') this.remember(call.tool, call.output, call.index, state);
        this.deps.inertia?.observeCall?.(call, this.inertialStep);
        emit({ type: 'call-end', rank: si.rank, call });
      },
      onNotice: (level, text) => emit({ type: 'notice', level, text }),
    });
    if (r.status === 'stopped') return 'stop';
    const detours = r.detours ? { detours: r.detours } : {};
    if (r.status === 'ok')
      return { ok: true, result: r.result, ...(r.target ? { target: r.target } : {}), ...detours };
    return {
      ok: false,
      tool: r.tool,
      failure: r.failure,
      ...(r.call !== undefined ? { call: r.call } : {}),
      ...(r.why ? { why: r.why } : {}),
      ...detours,
    };
  }

  /**
   * Records a detour taken after the chain gave up on the failed call, on the turn's copy of the call (the
   * final answer names it; the chat has the notice). No second call-end: listeners count those as calls.
   */
  private markDetour(state: TurnState, run: { call?: number }, detour: DetourView): void {
    const i = run.call === undefined ? -1 : state.calls.findIndex((c) => c.index === run.call);
    if (i >= 0) state.calls[i] = { ...state.calls[i]!, detour };
  }

  /**
   * An amount an earlier conversion returned is in that conversion's target unit: "convert 250 GBP to USD,
   * then convert that to JPY" converts from USD, not from the GBP the request named first. A `from` side
   * unit or currency takes the earlier call's `to` side when another argument came from that call's output
   * and this sub-intent's own words do not name the source.
   */
  private continueFromEarlierTarget(
    tool: Tool,
    si: SubIntentState,
    state: TurnState,
    args: Record<string, unknown>,
    sources: Record<string, string>,
  ): void {
    const fields = toolFields(tool.parameters);
    const earlier = fields
      .filter((f) => sources[f.name] === 'earlier call')
      .map((f) => this.deps.world.paramNodeOf(tool.name, 'in', f.name))
      .map((node) => (node ? state.known.get(node)?.call : undefined))
      .map((index) => state.calls.find((c) => c.index === index))
      .find((c) => c !== undefined);
    if (!earlier) return;
    const before = this.deps.world.tool(earlier.tool);
    for (const f of fields) {
      if (f.side !== 'from' || (f.kind !== 'currency' && f.kind !== 'unit') || sources[f.name] === 'user')
        continue;
      const to = before && toolFields(before.parameters).find((g) => g.side === 'to' && g.kind === f.kind);
      const value = to ? earlier.args[to.name] : undefined;
      const own = typeof args[f.name] === 'string' && si.literals.some((l) => l.value === args[f.name]);
      if (value === undefined || own) continue;
      args[f.name] = value;
      sources[f.name] = 'earlier call';
    }
  }

  /**
   * "Convert the travel cap in my budget note to US dollars": the amount, and its currency or unit, are the
   * ones the note gives for the thing ("travel capped at 12k EUR"), in the clause most about it.
   */
  private amountRead(
    tool: Tool,
    si: SubIntentState,
    state: TurnState,
    args: Record<string, unknown>,
    sources: Record<string, string>,
  ): void {
    if (si.amountOf === undefined) return;
    const read = resultsReferredTo(si, state).map(
      (r) => sentItems(r)?.text ?? textContent(r) ?? describeOutput(r),
    );
    // Of the clauses that give an amount ("fee of 88 GBP", not "takes about 6 weeks"), the one most about it.
    // Into a unit: a quantity of what that unit measures ("Bake 60 minutes at 175 °C" into fahrenheit is the
    // 175 °C, not the 250 g of flour; twenty-fifth QA pass).
    const into = toolFields(tool.parameters).find((f) => f.kind === 'unit' && f.side === 'to');
    const measures =
      into && typeof args[into.name] === 'string' ? dimensionOf(String(args[into.name])) : undefined;
    const amountIn = (clause: string) =>
      findLiterals(withoutFillers(clause), state.today).find(
        (l) =>
          (l.kind === 'money' && measures === undefined) ||
          (l.kind === 'quantity' && (measures === undefined || dimensionOf(String(l.sub)) === measures)),
      );
    const withAmount = clausesOf(read).filter((c) => amountIn(c) !== undefined);
    // "the total of Grace's invoice": the head is the word before "of"; "grace's invoice 1042 - whats the
    // total in US dollars?": the word the question asks for.
    const head =
      (/\b(?:what(?:['’]?s|\s+is)|how\s+much\s+is)\s+the\s+(total|amount|sum|price|cost|fee|balance)\s+in\b/iu.exec(
        si.text,
      ) ??
        /^(?:the|my|our)\s+([\p{L}]+)\s+of\b/iu.exec(si.amountOf) ??
        /([\p{L}]+)\s*$/u.exec(si.amountOf))?.[1];
    // "Grace's invoice": what an invoice, a bill or a quote comes to is its total, not a price in it (it
    // converted "38 hours … at 85 EUR").
    const total = withAmount.filter((c) => /\b(?:total|amount\s+due|grand\s+total)\b/i.test(c));
    // "Grace's invoice total": the clause that names the thing's head word ("total 3230 EUR"), of several
    // about the invoice ("… at 85 EUR" was converted).
    const named = head
      ? withAmount.filter((c) => new RegExp(`\\b${escapeRegExp(head)}\\b`, 'i').test(c))
      : [];
    const clause =
      head && /^(?:invoice|bill|receipt|quote|order|estimate)s?$/i.test(head) && total.length === 1
        ? total[0]
        : named.length === 1
          ? named[0]
          : // The one quantity of what the unit wanted measures: whatever its clause says beside it.
            (clauseRead(si.amountOf, withAmount) ??
            (measures !== undefined && withAmount.length === 1 ? withAmount[0] : undefined));
    const said = clause === undefined ? undefined : amountIn(clause);
    if (!said) return;
    fillFromEarlier(tool, args, sources, (f) =>
      f.kind === 'number' && f.required
        ? said.value
        : (f.kind === 'currency' || f.kind === 'unit') && f.side === 'from'
          ? said.sub
          : undefined,
    );
  }

  /**
   * "Find 45 minutes on Thursday after 2pm … and put it in my calendar": the event starts and ends when the
   * free slot the part before found does — not at the time the request said to search from.
   */
  private atTheSlotFound(
    tool: Tool,
    si: SubIntentState,
    state: TurnState,
    args: Record<string, unknown>,
    sources: Record<string, string>,
  ): void {
    if (si.slotFrom === undefined) return;
    const slot = state.subIntents.find((o) => o.rank === si.slotFrom);
    if (slot?.status !== 'done' || !slot.result || typeof slot.result !== 'object') return;
    const out = slot.result as Record<string, unknown>;
    const at = (bound: 'start' | 'end') =>
      Object.entries(out).find(
        ([k, v]) => typeof v === 'string' && new RegExp(bound, 'i').test(k) && /T\d/.test(v),
      )?.[1];
    fillFromEarlier(tool, args, sources, (f) => (f.kind === 'datetime' && f.bound ? at(f.bound) : undefined));
  }

  /**
   * "Find Bob's address and get directions there from …": "there" is the address the part it refers
   * back to found. It fills the route's destination (or a lone address input) unless the user or the
   * request's own words gave one (fifth QA pass: a place search for "there 10 Rue de Rivoli" was the
   * destination).
   */
  private thereFromEarlier(
    tool: Tool,
    si: SubIntentState,
    state: TurnState,
    args: Record<string, unknown>,
    sources: Record<string, string>,
  ): void {
    // "… from Alice's place to Carol's": each end is the address looked up for its person.
    const homes = homeEnds(si.text);
    if (homes.length > 1) {
      const addresses = toolFields(tool.parameters).filter((f) => f.kind === 'address');
      for (const home of homes) {
        const found = resultsReferredTo(si, state).find(
          (o) => typeof o.name === 'string' && o.name.toLowerCase().startsWith(home.name.toLowerCase()),
        );
        const key =
          found && Object.keys(found).find((k) => /address/i.test(k) && typeof found[k] === 'string');
        const field = addresses.find((f) => f.side === home.side);
        if (!found || !key || !field || sources[field.name] === 'user') continue;
        args[field.name] = found[key];
        sources[field.name] = 'earlier call';
      }
      return;
    }
    // "… from my home to Anna's place": her address, looked up by the part before, is that end.
    const home = HOME_END.exec(si.text);
    if (!home && !/\bthere\b/i.test(si.text)) return;
    const place = placeReferredTo(si, state);
    if (!place) return;
    const { out, key } = place;
    const addresses = toolFields(tool.parameters).filter((f) => f.kind === 'address');
    const side =
      (home && /^from\b/i.test(home[0])) || (!home && /\bfrom\s+there\b/i.test(si.text)) ? 'from' : 'to';
    const field =
      addresses.find((f) => f.side === side) ?? (addresses.length === 1 ? addresses[0] : undefined);
    if (!field && home) return;
    if (!field) {
      // "… and remind me to go there tomorrow": the reminder says where (seventh QA pass: "go there").
      const name = typeof out.name === 'string' ? `${out.name}, ` : '';
      for (const f of toolFields(tool.parameters)) {
        const said = args[f.name];
        if (f.kind !== 'text' || typeof said !== 'string' || sources[f.name] === 'user') continue;
        if (!/\bthere\b/i.test(said)) continue;
        args[f.name] = said.replace(
          /\b(go|get|head|drive|walk|cycle|travel|come)\s+there\b|\bthere\b/i,
          (_, verb) => (verb ? `${verb} to ${name}${out[key]}` : `at ${name}${out[key]}`),
        );
      }
      return;
    }
    if (sources[field.name] === 'user' || sources[field.name] === 'request') return;
    args[field.name] = out[key];
    sources[field.name] = 'earlier call';
  }

  /**
   * "Find a pasta recipe … and show me its ingredients": a required input the part referred back to
   * returned under the same name — at the top of its result or in the first item of a list in it
   * (`recipes[0].recipe_id`) — is taken from there, as the executor does within one chain
   * (`scalarFromLists`). Between parts the standardized parameters may not link a list's items to the
   * input (unseen-catalogue QA asked for the recipe id the search had just returned).
   */
  private fromEarlierResult(
    tool: Tool,
    si: SubIntentState,
    state: TurnState,
    args: Record<string, unknown>,
    sources: Record<string, string>,
  ): void {
    const results = resultsReferredTo(si, state);
    if (results.length === 0) return;
    // "text Bob the address of Anna": Anna's record holds the address to send, not whom it goes to.
    const recipients = effectOf(tool) === 'send' ? namedRecipients(si) : [];
    for (const f of toolFields(tool.parameters)) {
      if (!f.required || f.name in args) continue;
      for (const out of results) {
        if (
          recipients.length > 0 &&
          RECIPIENT_FIELD.test(f.name) &&
          !Object.values(out).some((v) => recipients.includes(v))
        )
          continue;
        const value = out[f.name] ?? firstItemField(out, f.name) ?? pluralItem(out, f.name);
        if (value === undefined || value === null) continue;
        // An object goes only where the tool takes one ("book it": `hotel` is the hotel found).
        const fits =
          typeof value !== 'object' ||
          (f.type === 'object' && !Array.isArray(value)) ||
          (f.type === 'array' && Array.isArray(value));
        if (!fits) continue;
        args[f.name] = value;
        sources[f.name] = 'earlier call';
        break;
      }
    }
  }

  /**
   * "Get directions there from the Louvre" where "there" (Anna) has no address: the search filled both
   * ends of the route from the one place it found, a route from a place to itself reported as done.
   * One value at both ends of a from/to pair is no answer: the end the user did not give is dropped
   * and asked for (the `to` end when neither was given; both kept when the user said both).
   */
  private oneEndPerPlace(
    tool: Tool,
    step: PlanStep,
    sources: Record<string, string>,
    chain: ChainView,
  ): void {
    const fields = toolFields(tool.parameters);
    const given = (f: string) => sources[f] === 'user' || sources[f] === 'request';
    for (const to of fields.filter((f) => f.side === 'to')) {
      const from = fields.find((f) => f.side === 'from' && f.kind === to.kind);
      const a = from ? step.args[from.name] : undefined;
      const b = step.args[to.name];
      if (!from || a === undefined || b === undefined || canonicalArgs(a) !== canonicalArgs(b)) continue;
      if (given(from.name) && given(to.name)) continue;
      const drop = given(to.name) ? from : to;
      delete step.args[drop.name];
      if (!chain.missing.some((m) => m.tool === tool.name && m.field === drop.name))
        chain.missing.push({
          tool: tool.name,
          field: drop.name,
          description: fieldDescription(tool, 'in', drop.name) || drop.name,
        });
    }
  }

  /** Each output field becomes a known value of its standardized parameter (value flow to later calls). */
  private remember(toolName: string, output: unknown, call: number, state: TurnState): void {
    if (!output || typeof output !== 'object' || Array.isArray(output)) return;
    const tool = this.deps.world.tool(toolName);
    const declared = new Set(tool ? outputNames(tool) : []);
    for (const [field, value] of Object.entries(output as Record<string, unknown>)) {
      if (value === undefined || value === null || (declared.size > 0 && !declared.has(field))) continue;
      const node = this.deps.world.paramNodeOf(toolName, 'out', field);
      if (node) state.known.set(node, { value, source: 'earlier call', field, call } satisfies KnownValue);
    }
  }
}

/** What a decision can change; equal before and after means the same decision would come again. */
/**
 * Words a producer's search input may take ("read the file about passport renewal" → "passport renewal"):
 * the sub-intent's keywords less the target tool's own words, which only say what to do.
 */
function searchWords(si: SubIntentState, target: Tool): string {
  const paper = paperWords(ownWords(si));
  if (paper) return paper;
  const own = wordsOf(target);
  const words = keywords(ownWords(si), si.literals)
    .split(' ')
    .filter((w) => w && !own.named.has(stem(w)) && !own.all.has(stem(w)))
    .join(' ');
  // "Read my latest email": no keyword, so a search asks for the newest of everything.
  return words || (everything(ownWords(si)) ?? '');
}

/**
 * What "email them to Carol" sends of a search's result: each item found by its title and its text
 * ("Offsite: Offsite shortlist: Sintra …"), not the one-line summary the chat shows ("1 note: Offsite",
 * seventh QA pass), and their titles as a subject. Undefined when the result lists no such items.
 */
function sentItems(output: unknown): { text: string; titles: string } | undefined {
  if (!output || typeof output !== 'object' || Array.isArray(output)) return undefined;
  const pick = (item: Record<string, unknown>, keys: readonly string[]) =>
    keys.map((k) => item[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const lists = Object.values(output).filter((v): v is unknown[] => Array.isArray(v) && v.length > 0);
  if (lists.length !== 1) {
    // One thing found ("Find the file about banana bread and email it"): named by its title or its
    // file name, not "path /Documents/…".
    const one = output as Record<string, unknown>;
    const path = pick(one, ['path', 'file_path', 'filename', 'file_name']);
    const title = pick(one, ['title', 'name', 'subject']) ?? path?.split('/').pop();
    return title ? { text: textContent(one) ?? describeOutput(one), titles: title } : undefined;
  }
  const items = lists[0]!.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object');
  const titles = items.map((i) => pick(i, ['title', 'name', 'subject'])).filter((t): t is string => !!t);
  const texts = items.map((i) => pick(i, ['content', 'body', 'text', 'description', 'summary']));
  if (titles.length === 0 || texts.every((t) => t === undefined)) return undefined;
  return {
    text: items.map((_, i) => [titles[i], texts[i]].filter(Boolean).join(': ')).join('\n'),
    titles: titles.join(', '),
  };
}

/** One field of a call's output as text, after the name of what it belongs to ("Corner Roast: 19 …"). */
function namedField(output: unknown, field: string): string | undefined {
  if (!output || typeof output !== 'object') return undefined;
  const out = output as Record<string, unknown>;
  // Several fields, comma-separated ("start_time,location"): those the output has, in that order.
  const keys = field
    .split(',')
    .flatMap((f) => Object.keys(out).filter((k) => k.toLowerCase() === f))
    .filter((k, i, all) => all.indexOf(k) === i);
  if (keys.length === 0) return undefined;
  const label = typeof out.name === 'string' ? out.name : out.title;
  const name =
    typeof label === 'string' && keys.every((k) => k !== 'name' && k !== 'title') ? `${label}: ` : '';
  return `${name}${keys.map((k) => clockOrValue(out[k])).join(', ')}`;
}

/** A local date-time said as people read it ("14:00 on 2026-12-08"); anything else as `formatValue` says it. */
const clockOrValue = (value: unknown): string => {
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(value) : null;
  return m ? `${m[2]} on ${m[1]}` : formatValue(value);
};

/**
 * The words a sub-intent's own arguments may come from. A learnt first step has none: its text is a
 * label ("first places search"), and its label's words made a search for "first" (seventh QA pass).
 */
const ownWords = (si: SubIntentState): string => (si.precursor ? '' : si.text);

/** The target and the steps it depends on, transitively, in their order. */
function neededSteps(steps: PlanStep[], target: number): PlanStep[] {
  const byNumber = new Map(steps.map((s) => [s.step, s]));
  const keep = new Set<number>();
  const visit = (n: number) => {
    if (keep.has(n)) return;
    keep.add(n);
    const s = byNumber.get(n);
    if (s) for (const d of dependenciesOf(s)) visit(d);
  };
  visit(target);
  return steps.filter((s) => keep.has(s.step));
}

const fingerprint = (state: TurnState): string =>
  [
    state.calls.length,
    state.failedApis.size,
    ...state.subIntents.map(
      (s) =>
        `${s.rank}:${s.status}:${s.target ?? ''}:${s.chain?.steps.length ?? -1}:${s.chain?.missing.length ?? -1}:` +
        `${s.candidates?.length ?? -1}:${s.asked.size}:${Object.keys(s.answers).length}`,
    ),
  ].join('|');

/** Words a sub-intent's values add ("Anna" is a person/contact, "+44 …" a phone): which tool knows them. */
const KIND_WORDS: Record<string, string[]> = {
  person: ['contact', 'person'],
  place: ['place'],
  city: ['city'],
  email: ['email'],
  phone: ['phone'],
  url: ['url'],
  money: ['currency'],
  quantity: ['unit'],
};
/**
 * "Bob's address", "the Louvre's opening hours", "the address of Grace": a named thing that owns the
 * field asked for.
 */
const ownsAskedField = (text: string, l: Literal): boolean =>
  l.kind === 'entity' &&
  (/^['’]s\s+\p{L}/u.test(text.slice(l.end)) ||
    /\bthe\s+\p{L}+(?:\s+\p{L}+)?\s+of\s+$/iu.test(text.slice(0, l.start)));

const POSSESSED_CONTACT_FIELD =
  /\b\p{Lu}[\p{L}-]+['’]s\s+(?:e-?mail|phone|mobile|cell|number|address|birthday|contact)\b/u;

/** A day in minutes: a span of one or more asks for date arithmetic (`entityKinds`). */
const DAY_MINUTES = 24 * 60;

/**
 * The words a part chooses its tool by: what it asks (`askedPart`), an ordinal reference left out, and an
 * event of the calendar said by its title as just "event" — the words of "the long run in Hyde Park" or
 * "the dinner with Hugo" are its name, not what is asked (eleventh QA pass: "park" chose the place search).
 */
/** "put 'Gift shopping' in it", "book it", "block that": something made in what the part before found. */
const PUTS_IN_FOUND =
  /^(?:if\s+(?:so|it\s+is|there\s+is|yes)\s*,?\s*)?(?:(?:and|then|so|please|just)\s+)*(?:put|add|book|block|pencil|schedule|use|take|hold)\b.*\b(?:it|that|this|there)\b/i;

/**
 * "Is there a free hour on the 18th after lunch? If so put 'Gift shopping' in it": no tool's words match
 * "put … in it", but "it" is what the part before found, and the tool that takes it to make something is
 * meant (sixteenth QA pass: "None of my tools can do this"). Only a making tool fed by that part's output.
 */
function madeInWhatWasFound(
  text: string,
  fed: ReadonlyMap<string, number> | undefined,
  toolOf: (name: string) => Tool | undefined,
  excluded: ReadonlySet<string>,
): TargetChoice | null {
  if (!fed || !PUTS_IN_FOUND.test(text.trim())) return null;
  const made = [...fed.keys()].filter((t) => !excluded.has(t) && effectOf(toolOf(t)!) === 'create');
  return made.length === 1 ? { tool: made[0]!, relevance: 0 } : null;
}

/** Where a question names the calendar's events in its part's text ([start, end) spans). */
const eventNameSpans = (si: SubIntentState, events: readonly LexiconEntry[]): [number, number][] =>
  events.length && asksSomething(si.text) && !asksOutcome(si.text)
    ? eventsSaid(si.text, events, daysOf(si)).flatMap((e) => {
        const at = si.text.toLowerCase().indexOf(e.words.toLowerCase());
        return at < 0 ? [] : [[at, at + e.words.length] as [number, number]];
      })
    : [];

/** A question about the weather: an event it names says where and when, not what to look up. */
const ASKS_WEATHER = /\b(?:weather|forecast|rain|raining|rainy|snow|snowing|temperature)\b/i;

/**
 * "add Hugo to the thing with Bob on Tuesday", "invite Anna to my dentist appointment": someone added to an
 * event that exists changes it — no new event (twenty-second QA pass made one called "Hugo to the thing with
 * Bob"). Read as the change it is, which only a tool that changes events serves.
 */
const ADDS_TO_EVENT =
  /^(?:(?:please|pls|can\s+you|could\s+you|just)\s+)*(?:add|invite|put)\s+(?:\p{Lu}\p{L}+|him|her|them)(?:\s+and\s+\p{Lu}\p{L}+)?\s+(?:to|into|on)\s+(.+)$/iu;
// The event said as one that exists ("the", "my", "our" before its name, or a loose name that says it), on
// its own day when a day is said: "to a design review follow-up", "to the budget review on the 14th" (it is on
// the 7th) make a new one.
const addsToEvent = (text: string, events: readonly LexiconEntry[], today: number): boolean => {
  const m = ADDS_TO_EVENT.exec(text.trim());
  if (!m) return false;
  const rest = m[1]!.trim();
  const days = findDates(rest, today).map((d) => d.date);
  return eventsSaid(rest, events).some(
    (e) =>
      new RegExp(`^(?:(?:the|my|our)\\s+)?${escapeRegExp(e.words)}\\b`, 'i').test(rest) &&
      (/^(?:the|my|our)\s/i.test(rest) || /^(?:thing|meeting)\b/i.test(e.words)) &&
      (days.length === 0 || days.includes(e.entry.on ?? '')),
  );
};

const choiceText = (si: SubIntentState, events: readonly LexiconEntry[], today = 0): string => {
  if (events.length > 0 && addsToEvent(si.text, events, today)) return 'update the event';
  // "Add 'Walk to Baker Street' to my calendar": a name given in quotes says nothing of the tool (the
  // getting-around set routed a walk).
  let t = si.text.replace(
    /(?<=\b(?:add|put|create|schedule|book|pencil\s+in|called|titled|named|title|(?:it|that|this)\s+as)\s+)(["“‘'])[^"“”‘’'\n]{1,80}["”’']/gi,
    'it',
  );
  // "What's the total of Grace's invoice in US dollars?": the thing is read by the part before; here it is an
  // amount to convert, and its words ("invoice", "Grace") chose a file or her mail (held-out set 27).
  if (si.amountOf !== undefined) t = t.replace(new RegExp(escapeRegExp(si.amountOf), 'i'), 'the amount');
  // Only in a question: in a command the event is what the act is about ("set me a reminder an hour before
  // my video call with Anna", "buy two tickets for Wednesday's museum visit"), and "event" would make one.
  // Nor when the question asks the weather for it ("What's the weather going to be like for my long run …?"):
  // the event only says where and when.
  if (asksSomething(t) && !asksOutcome(t) && !ASKS_WEATHER.test(t))
    for (const e of eventsSaid(si.text, events, daysOf(si)))
      t = t.replace(new RegExp(`(?<![\\w])${escapeRegExp(e.words)}(?![\\w])`, 'gi'), 'event');
  return withoutOrdinalReference(askedPart(t));
};

/**
 * What a read document says, when that is all it returned besides ids: the text itself, not "content …"
 * (an email of the Q3 report's figures began with the field's name).
 */
const textContent = (result: unknown): string | undefined => {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return undefined;
  const fields = Object.entries(result as Record<string, unknown>).filter(([k]) => !/(^|_)id$/.test(k));
  const [only] = fields;
  if (fields.length === 1)
    return /^(?:content|contents|text|body)$/.test(only![0]) && typeof only![1] === 'string'
      ? only![1]
      : undefined;
  // A message read ("from email …, subject …, body …"): what is sent on is its body; its subject is the
  // subject's (held-out-9 forwarded "from email frank.weber@…, subject …, body …").
  const body = fields.find(([k, v]) => /^(?:content|contents|text|body)$/.test(k) && typeof v === 'string');
  const header = fields.filter((f) => f !== body);
  return body &&
    header.length <= 4 &&
    header.every(
      ([k, v]) =>
        /(?:^|_)(?:from|to|sender|subject|title|date|email|name)(?:_|$)/.test(k) && typeof v === 'string',
    )
    ? (body[1] as string)
    : undefined;
};

/**
 * The kinds of a sub-intent's values. "… that to meters" names a unit and "… that in yen" a currency
 * though neither has an amount; a currency word beside a quantity is a unit ("10 kg in pounds").
 */
const entityKinds = (si: SubIntentState, events: readonly LexiconEntry[] = []): string[] => {
  const quantity = si.literals.some((l) => l.kind === 'quantity');
  // Only the values of what the part asks: in "What's 12,000 yen in pounds?\nJust landed in Tokyo" the
  // city is the situation's (eleventh QA pass: it made the weather tie with the conversion).
  const asked = askedPart(si.text);
  // Nor the values inside an event's name, asked about: "What's the Paris dinner place called?" asks the
  // calendar, not Paris's weather (twenty-second QA pass); `choiceText` reads the name as "event".
  const named = eventNameSpans(si, events);
  // Nor those of an amount read by the part before ("the total of Grace's invoice"): Grace is no contact here.
  const kept = si.amountOf === undefined ? -1 : si.text.toLowerCase().indexOf(si.amountOf.toLowerCase());
  if (kept >= 0) named.push([kept, kept + si.amountOf!.length]);
  const literals = (
    asked === si.text ? si.literals : si.literals.filter((l) => asked.includes(si.text.slice(l.start, l.end)))
  ).filter((l) => !named.some(([a, b]) => l.start >= a && l.end <= b));
  return [
    ...literals.flatMap((l) =>
      // "my emails from Anna", "notes by Bob": the person filters what is asked for; they are its
      // sender or author, not a contact to look up (fifth QA pass: the contact lookup answered).
      l.kind === 'entity' && l.sub === 'person' && /\b(?:from|by)\s+$/i.test(si.text.slice(0, l.start))
        ? ['sender', 'author']
        : ownsAskedField(si.text, l)
          ? (KIND_WORDS[l.sub ?? ''] ?? []).map((k) => `${OWNER}${k}`)
          : (KIND_WORDS[l.kind === 'entity' ? (l.sub ?? '') : l.kind] ?? []),
    ),
    // "Dave's email", "Bob's phone number": a name no contact list knows, asked for a contact's field.
    ...(POSSESSED_CONTACT_FIELD.test(si.text) && !si.literals.some((l) => l.sub === 'person')
      ? ['contact', 'person']
      : []),
    ...(convertsToUnit(si.text) ? ['unit'] : []),
    // "2 weeks from next Friday": a span and a day ask for date arithmetic.
    // Only a span of days or more: "a 1-hour call on Friday" is an event's length, not date arithmetic.
    ...((si.literals.some((l) => l.kind === 'duration' && Number(l.value) >= DAY_MINUTES) ||
      /\b\d+\s+(?:days?|weeks?|months?|years?)\b/i.test(si.text)) &&
    si.literals.some((l) => l.kind === 'date')
      ? ['date']
      : []),
    ...(!quantity && si.literals.some((l) => l.kind === 'currency') ? ['currency'] : []),
  ];
};

/** The object results of the finished parts a sub-intent refers back to, in its `dependsOn` order. */
/**
 * The nearest result with an address among the parts `si` builds on, and the parts those build on: in
 * "Look up a cafe, email its address to Anna and add a reminder to go there", "there" is the cafe, two
 * parts back (seventh QA pass: the email's result has no address, so the reminder said "go there").
 */
function placeReferredTo(
  si: SubIntentState,
  state: TurnState,
): { out: Record<string, unknown>; key: string } | undefined {
  const seen = new Set<number>();
  let frontier = [si];
  while (frontier.length > 0) {
    const next: SubIntentState[] = [];
    for (const part of frontier)
      for (const out of resultsReferredTo(part, state)) {
        const key = Object.keys(out).find((k) => /address/i.test(k) && typeof out[k] === 'string');
        if (key) return { out, key };
      }
    for (const part of frontier)
      for (const r of part.dependsOn) {
        const o = state.subIntents.find((x) => x.rank === r);
        if (o && !seen.has(r)) {
          seen.add(r);
          next.push(o);
        }
      }
    frontier = next;
  }
  return undefined;
}

function resultsReferredTo(si: SubIntentState, state: TurnState): Record<string, unknown>[] {
  return si.dependsOn
    .map((r) => state.subIntents.find((o) => o.rank === r))
    .filter(
      (o) => o?.status === 'done' && o.result && typeof o.result === 'object' && !Array.isArray(o.result),
    )
    .map((o) => o!.result as Record<string, unknown>);
}

/**
 * The first item of the list named by `field`'s plural: input `hotel` ← `hotels[0]` ("Find a hotel in
 * Tokyo and book it": the booking takes the hotel the search found; unseen-catalogue QA asked for it).
 */
function pluralItem(out: Record<string, unknown>, field: string): unknown {
  const f = field.toLowerCase();
  const plurals = new Set([`${f}s`, `${f}es`, f.replace(/y$/, 'ies'), `${f}_list`]);
  for (const [k, v] of Object.entries(out))
    if (plurals.has(k.toLowerCase()) && Array.isArray(v) && v.length > 0) return v[0];
  return undefined;
}

/**
 * Each input of `tool` the user did not give that `pick` has a value for, taken from an earlier part's
 * result: the value, and "earlier call" as where it came from.
 */
function fillFromEarlier(
  tool: Tool,
  args: Record<string, unknown>,
  sources: Record<string, string>,
  pick: (f: FieldInfo) => unknown,
): void {
  for (const f of toolFields(tool.parameters)) {
    if (sources[f.name] === 'user') continue;
    const value = pick(f);
    if (value === undefined) continue;
    args[f.name] = value;
    sources[f.name] = 'earlier call';
  }
}

/** `field` of the first object in a list at the top of `out` ("recipes": [{recipe_id}] → recipe_id). */
function firstItemField(out: Record<string, unknown>, field: string): unknown {
  for (const v of Object.values(out))
    if (Array.isArray(v)) {
      const item = v.find((x) => x && typeof x === 'object' && !Array.isArray(x)) as
        Record<string, unknown> | undefined;
      if (item && field in item) return item[field];
    }
  return undefined;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Inputs that take a span of days: `days`, `num_days`, `forecast_days`, `end_date`, `date_range`, `until`. */
const SPAN_INPUT =
  /(?:^|_)(?:days|num_?days|duration|period|range|end_?date|to_?date|date_?to|until|week)(?:$|_)/i;

/**
 * What `why` adds after quoting the failure ("step 1 (x) failed (kind: <message>): no other API …" →
 * "no other API …"): the answer says the message once.
 */
function afterFailure(why: string, message: string): string {
  const at = message ? why.indexOf(message) : -1;
  return at < 0 ? why : why.slice(at + message.length).replace(/^\)?:?\s*/, '') || why;
}

/**
 * The people a part names as whom it goes to, not as whose thing it is: "text Bob Anna's address", "…
 * the address of Anna" go to Bob (fourteenth QA pass: Anna's phone, found for her address, was texted).
 */
function namedRecipients(si: SubIntentState): unknown[] {
  return si.literals
    .filter((l) => l.kind === 'entity' && l.sub === 'person' && !ownerIn(si.text, l))
    .map((l) => l.value);
}

/**
 * Whether a person is named as whose thing it is, not whom it goes to: "Bob's launch risks", "the email
 * from Frank", "the PDF Grace attached".
 */
function ownerIn(text: string, l: Literal): boolean {
  const name = escapeRegExp(l.text);
  return (
    l.possessive === true ||
    new RegExp(String.raw`\b(?:of|from)\s+${name}\b|\b${name}['’]s?\s`, 'i').test(text) ||
    new RegExp(String.raw`\b${name}\s+(?:\p{L}+ed|sent|wrote|gave|made|said|told|took|put)\b`, 'iu').test(
      text,
    )
  );
}

/** "… to my accountant", "… to the team": a recipient said by a role no contact is named by. */
const TO_SOMEONE_UNNAMED =
  /\bto\s+(?:my|our|the|his|her|their)\s+(?!(?:calendar|diary|notes?|inbox|list|reminders?|files?|folder|phone|email|address)\b)\p{L}+(?:\s+\p{L}+)?\s*[.!?]?$/iu;

/**
 * "Forward Grace's invoice PDF to accounts", "send Bob's email to finance", "… to my accountant": sent to a
 * team or a role no contact names (twenty-fifth QA pass emailed Grace her own contact record, or the sender
 * of a mail about finance). Not "to her instead", "to her by Thursday": a pronoun is someone said.
 */
const TO_A_ROLE =
  /\bto\s+(?:(?:my|our|the)\s+(?:(?:new|old|finance|accounts|hr|it|sales|whole)\s+)?(?:accountant|bookkeeper|assistant|boss|manager|team|landlord|landlady|lawyer|solicitor|bank|office|colleagues?|department|clients?|printers?|agent|secretary|pa|doctor|gp|vet|school|teachers?|plumber|builder|cleaner|nanny|babysitter|neighbou?rs?)|(?:accounts|accounting|finance|payroll|hr|legal|procurement|reception|admin|support|sales|marketing|everyone|everybody)(?:\s+(?:team|department|dept))?)\s*[.!?]?$/iu;

/** A part that sends something to someone: "email Carol …", "text him …", "send it to Bob". */
const SENDS_LOOKED_UP =
  /^(?:(?:[Pp]lease|[Cc]an\s+you|[Cc]ould\s+you|[Aa]nd|[Tt]hen|[Aa]lso)\s+)*(?:[Ss]end|[Ee]-?mail|[Mm]ail|[Tt]ext|[Mm]essage|SMS|[Ff]orward)\s+(?:it\s+|them\s+|that\s+|this\s+)?(?:to\s+)?(?:\p{Lu}|him\b|her\b|them\b)/u;

/** Inputs that say whom a message goes to. */
/**
 * "Eve says the budget review moved. Add it on the 14th …": a title said as "it" is the event the request
 * names ("Budget review", not "it, at 40 Baker Street"); and a title never repeats the address the event
 * is at ("lunch with Carol in, at 65 Upper Street, London").
 */
function titledAsEvent(
  tool: Tool,
  si: SubIntentState,
  state: TurnState,
  args: Record<string, unknown>,
): void {
  const props = tool.parameters.properties ?? {};
  const title = Object.keys(props).find(
    (f) => fieldKind(f, props[f]) === 'title' && typeof args[f] === 'string',
  );
  // Things that happen at a time only (an event, not a note called "it …").
  if (!title || !Object.keys(props).some((f) => fieldKind(f, props[f]) === 'datetime')) return;
  let value = args[title] as string;
  const place = Object.keys(props).find(
    (f) => f !== title && /location|address|venue|place/i.test(f) && typeof args[f] === 'string',
  );
  if (place) {
    const at = escapeRegExp(args[place] as string);
    value = value.replace(new RegExp(`\\s*,?\\s*(?:at\\s+)?${at}`, 'i'), '').trim();
  }
  if (/^(?:it|that|this)(?:\s+in)?\b/i.test(value)) {
    // Named by its title, or by a short name with its day ("dentist … tmrw").
    const days = new Set(findDates(state.request, state.today).map((d) => d.date));
    const named = eventsSaid(state.request, state.events ?? [], days)[0]?.entry.value;
    if (named) value = named;
    else value = value.replace(/^(?:it|that|this)(?:\s+in)?[\s,:;–—-]*/i, '');
  }
  // "Put lunch with Carol in for …": the "in" of "put … in" is no word of the name ("Check in" is).
  const putIn = /\s+in\s*(?=,|$)/i.exec(value);
  if (
    putIn &&
    new RegExp(
      `\\b(?:put|pop|stick|pencil)\\s+(?:the\\s+|my\\s+|a\\s+)?${escapeRegExp(value.slice(0, putIn.index))}\\s+in\\b`,
      'i',
    ).test(si.text)
  )
    value = value.slice(0, putIn.index) + value.slice(putIn.index + putIn[0].length);
  value = value.replace(/[\s,]+$/, '');
  if (value.trim()) args[title] = value;
}

/** An input that invites someone to what the tool makes. */
const ATTENDEE_FIELD = /(?:^|_)(?:attendees?|guests?|invitees?|participants?)(?:_|$)/i;

/**
 * Whether a part's own line names someone (a person, or "with"/a pronoun for one), or the request asks
 * for an invite anywhere ("Find a gap and book it, invite him too"). Its own line: a line of context
 * merged beside it ("… but Eve says it has moved") names whom the news came from, not a guest.
 */
const namesSomeone = (si: SubIntentState, state: TurnState): boolean => {
  const own = si.text.split('\n')[0]!;
  return (
    si.literals.some((l) => l.kind === 'entity' && l.sub === 'person' && own.includes(l.text)) ||
    /\b(?:with|invite|inviting|him|her|them|us)\b/i.test(own) ||
    /\binvit(?:e|ing)\b/i.test(state.request)
  );
};

/** A contact detail as a lookup formats it: "Ines Silva: ines.silva@example.com", "+1 555 0131". */
const CONTACT_DETAIL = /^(?:[\p{L}' .-]{1,60}:\s*)?(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?[\d][\d\s().-]{6,})$/u;

const RECIPIENT_FIELD = /(?:^|_)(?:to|phone|e-?mail|recipient|number|address)(?:_|$)|^to[A-Z]/i;

/**
 * Whether a value an earlier call returned is about someone other than the person this sub-intent
 * names: "email Anna … and Bob …" — Anna's address is known, but Bob's part needs his own look-up. With
 * `recipientOnly`, only the people it names as recipients count (for the inputs that say whom it goes to).
 */
function aboutOthers(
  si: SubIntentState,
  state: TurnState,
  recipientOnly = false,
): (k: KnownValue) => boolean {
  // A person named only inside a title the part quotes ('schedule "A meeting with Jonas"') is still whom it is
  // about (twenty-fifth QA pass invited Dan, texted by a later part, to the meeting with Jonas).
  const said = si.literals.filter((l) => l.kind === 'entity' && l.sub === 'person');
  const persons =
    said.length > 0
      ? said
      : state.requestLiterals.filter(
          (l) =>
            l.kind === 'entity' &&
            l.sub === 'person' &&
            new RegExp(`\\b${escapeRegExp(String(l.value).split(' ')[0]!)}\\b`, 'i').test(si.text),
        );
  // "Forward Grace's invoice PDF to accounts": sent to someone no contact names, so an address found for the
  // one whose thing it is goes to nobody (twenty-fifth QA pass emailed Grace her own record).
  if (recipientOnly && TO_A_ROLE.test(si.text.trim())) {
    const owners = new Set(persons.filter((l) => ownerIn(si.text, l)).map((l) => l.value));
    if (owners.size > 0)
      return (k) => {
        const call = k.call !== undefined ? state.calls.find((c) => c.index === k.call) : undefined;
        const said = call ? [...Object.values(call.args), ...Object.values(call.output ?? {})] : [];
        return said.some((v) => (typeof v === 'string' || typeof v === 'number') && owners.has(v));
      };
  }
  const recipients = recipientOnly ? namedRecipients(si) : [];
  const mine = new Set(recipients.length > 0 ? recipients : persons.map((l) => l.value));
  if (mine.size === 0) return () => false;
  const people = new Set(
    state.requestLiterals.filter((l) => l.kind === 'entity' && l.sub === 'person').map((l) => l.value),
  );
  return (k) => {
    const call = k.call !== undefined ? state.calls.find((c) => c.index === k.call) : undefined;
    if (!call) return false;
    // A record read by its identifier names its person in what it returned ("name Anna Keller").
    const output = call.output !== null && typeof call.output === 'object' ? Object.values(call.output) : [];
    const named = [...Object.values(call.args), ...(recipients.length > 0 ? output : [])].filter(
      (v): v is string | number => (typeof v === 'string' || typeof v === 'number') && people.has(v),
    );
    // Whom it goes to comes from a call about them: "find Frank's email about hiring and send it to Alice"
    // read Frank's email, whose sender is no address for Alice (held-out-9 sent it back to Frank).
    if (recipients.length > 0) return !named.some((v) => mine.has(v));
    return named.length > 0 && !named.some((v) => mine.has(v));
  };
}

/**
 * Whether every input of `target` that `producer`'s outputs could feed (same standardized parameter)
 * already has a value the request gave: then a learnt "look it up first" step has nothing to look up
 * ("order 3 of sku AB-12" needs no SKU search). Only for inputs the tools always produce, and only a
 * value of the shape their outputs had: "the G-type train" gives no train number a search would find,
 * and where the traces cannot say what a value looks like the learnt step runs as before.
 */
function fedByRequest(
  world: AgentWorld,
  producer: string,
  target: string,
  chain: ChainView | null | undefined,
  produced: ReadonlyMap<string, ReadonlySet<string>> | undefined,
): boolean {
  const step = chain?.steps.find((s) => s.tool === target);
  const from = world.tool(producer);
  if (!step || !from) return false;
  const feeds = new Set(outputNames(from).map((f) => world.paramNodeOf(producer, 'out', f)));
  const fed = Object.keys(world.tool(target)?.parameters.properties ?? {}).filter((f) =>
    feeds.has(world.paramNodeOf(target, 'in', f)),
  );
  return (
    fed.length > 0 &&
    fed.every(
      (f) =>
        step.args[f] !== undefined &&
        referencesIn(step.args[f]).length === 0 &&
        produced?.get(f)?.has(valueShape(step.args[f])) === true,
    )
  );
}
