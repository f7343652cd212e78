import type { AgentAction } from '../../core/agent/agent-action';
import type {
  AgentEvent,
  CallView,
  CandidateView,
  ChainView,
  LlmCallView,
  QuestionView,
  SubIntentView,
} from '../../core/agent/agent-events';

/** One line of a turn in the chat: an agent event, with a call's start and end merged into one step. */
export type ChatStep = { id: number } & (
  | { kind: 'sub-intents'; items: SubIntentView[] }
  | {
      kind: 'decision';
      step: number;
      actions: AgentAction[];
      llm: LlmCallView | null;
      note?: string;
      /** Made by tool inertia (no LLM call), with the scores behind it. */
      inertial?: { scores: Record<string, number> };
    }
  | { kind: 'candidates'; rank: number; query: string; candidates: CandidateView[]; ms: number }
  | { kind: 'toolchain'; rank: number; chain: ChainView }
  | { kind: 'call'; rank: number; call: CallView }
  /** `answer`: undefined while waiting for the user, null when the question went unanswered. */
  | { kind: 'question'; rank: number; question: QuestionView; answer: string | null | undefined }
  | { kind: 'sub-intent-done'; item: SubIntentView }
  | { kind: 'notice'; level: 'info' | 'warning' | 'error'; text: string }
  | { kind: 'answer'; text: string }
);

/**
 * The steps after one more event. Pure: returns a new list (the old one is left as it was), so the chat
 * can compare by reference. A call's end replaces its start; a sub-intent's progress updates the
 * sub-intent list in place; a toolchain identical to the sub-intent's previous one is not repeated.
 */
export function applyEvent(steps: readonly ChatStep[], event: AgentEvent, id: number): ChatStep[] {
  switch (event.type) {
    case 'turn-start':
    case 'turn-end':
      return [...steps];
    case 'sub-intents': {
      const at = steps.findIndex((s) => s.kind === 'sub-intents');
      const step: ChatStep = { id: at >= 0 ? steps[at]!.id : id, kind: 'sub-intents', items: event.items };
      return at >= 0 ? replaceAt(steps, at, step) : [...steps, step];
    }
    case 'decision': {
      const { type: _type, ...rest } = event;
      return [...steps, { id, kind: 'decision', ...rest }];
    }
    case 'candidates': {
      const { type: _type, ...rest } = event;
      return [...steps, { id, kind: 'candidates', ...rest }];
    }
    case 'toolchain': {
      const last = findLast(steps, (s) => s.kind === 'toolchain' && s.rank === event.rank);
      if (last && last.kind === 'toolchain' && sameChain(last.chain, event.chain)) return [...steps];
      return [...steps, { id, kind: 'toolchain', rank: event.rank, chain: event.chain }];
    }
    case 'call-start':
      return [...steps, { id, kind: 'call', rank: event.rank, call: event.call }];
    case 'call-end': {
      const at = steps.findIndex((s) => s.kind === 'call' && s.call.index === event.call.index);
      if (at < 0) return [...steps, { id, kind: 'call', rank: event.rank, call: event.call }];
      return replaceAt(steps, at, { ...(steps[at] as ChatStep & { kind: 'call' }), call: event.call });
    }
    case 'question':
      return [
        ...steps,
        { id, kind: 'question', rank: event.rank, question: event.question, answer: undefined },
      ];
    case 'user-answer': {
      let at = -1;
      steps.forEach((s, i) => {
        if (s.kind === 'question' && s.rank === event.rank && s.answer === undefined) at = i;
      });
      if (at < 0) return [...steps];
      return replaceAt(steps, at, {
        ...(steps[at] as ChatStep & { kind: 'question' }),
        answer: event.answer,
      });
    }
    case 'sub-intent-done': {
      const at = steps.findIndex((s) => s.kind === 'sub-intents');
      let next = [...steps];
      if (at >= 0) {
        const list = steps[at] as ChatStep & { kind: 'sub-intents' };
        next = replaceAt(steps, at, {
          ...list,
          items: list.items.map((i) => (i.rank === event.item.rank ? event.item : i)),
        });
      }
      return [...next, { id, kind: 'sub-intent-done', item: event.item }];
    }
    case 'notice':
      return [...steps, { id, kind: 'notice', level: event.level, text: event.text }];
    case 'answer':
      return [...steps, { id, kind: 'answer', text: event.text }];
  }
}

/** One line per step, for the conversation list (what happened, without the details). */
export function summarizeStep(step: ChatStep): string {
  switch (step.kind) {
    case 'sub-intents':
      return `Sub-intents: ${step.items.map((i) => `${i.rank}. ${i.text} [${i.status}]`).join('; ')}`;
    case 'decision':
      return (
        `Decision ${step.step + 1}: ` +
        (step.actions.length === 0
          ? 'no action'
          : step.actions
              .map((a) => `${a.action}${a.target_api ? ` ${a.target_api}` : ''} (#${a.dependency_rank})`)
              .join(', ')) +
        (step.llm ? ` · LLM ${step.llm.promptTokens}+${step.llm.completionTokens} tokens` : '') +
        (step.inertial ? ` · by inertia (CIPS ${(step.inertial.scores.cips ?? 0).toFixed(2)})` : '')
      );
    case 'candidates':
      return `Candidates for #${step.rank}: ${step.candidates
        .slice(0, 5)
        .map((c) => `${c.tool} ${c.score.toFixed(2)}`)
        .join(', ')}`;
    case 'toolchain':
      return `Chain for #${step.rank}: ${step.chain.steps.map((s) => s.tool).join(' → ') || '(none)'}${
        step.chain.missing.length ? ` · missing ${step.chain.missing.map((m) => m.field).join(', ')}` : ''
      }`;
    case 'call':
      return `Call ${step.call.tool}: ${step.call.status}${
        step.call.failure ? ` (${step.call.failure.message})` : ''
      }`;
    case 'question':
      return `Asked: ${step.question.text} → ${
        step.answer === undefined ? '(waiting)' : step.answer === null ? '(no answer)' : step.answer
      }`;
    case 'sub-intent-done':
      return `#${step.item.rank} ${step.item.status}${step.item.target ? ` via ${step.item.target}` : ''}`;
    case 'notice':
      return `${step.level}: ${step.text}`;
    case 'answer':
      return `Answer: ${step.text}`;
  }
}

function replaceAt(steps: readonly ChatStep[], at: number, step: ChatStep): ChatStep[] {
  const next = [...steps];
  next[at] = step;
  return next;
}

function findLast(steps: readonly ChatStep[], test: (s: ChatStep) => boolean): ChatStep | undefined {
  for (let i = steps.length - 1; i >= 0; i--) if (test(steps[i]!)) return steps[i];
  return undefined;
}

function sameChain(a: ChainView, b: ChainView): boolean {
  return JSON.stringify([a.target, a.steps, a.missing]) === JSON.stringify([b.target, b.steps, b.missing]);
}
