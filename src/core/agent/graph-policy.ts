import { REPORTED } from './reports';
import { capabilityAnswer } from './capability-questions';
import type { EngineInfo } from '../llm/llm-engine';
import type { AgentAction } from './agent-action';
import type { Decision, DecisionInput, DecisionPolicy } from './decision-policy';
import { clip, TERMINAL, type SubIntentState } from './turn-state';
import type { AgentWorld } from './agent-world';
import { fieldKind } from './field-kind';
import { pickedItem } from './picked-item';
import { conditionAction } from './condition-gate';
import { effectOf } from '../tools/same-purpose';

/** Why the user asks, said as an aside: "Filling in a form", "Want to work out my pace", "just curious". */
const ASIDE =
  /^(?:\p{Lu}?\p{Ll}+ing\b(?!\s+(?:me|us)\b)|(?:i\s+)?want(?:ed)?\s+to\s+(?:work\s+out|know|figure|see|check)\b|just\s+(?:curious|wondering|checking|asking)\b|(?:it['’]s\s+)?for\s+(?:a|my|the|our)\s+\p{L}+(?:\s+\p{L}+)?$|\p{L}+\s+thing\b)[^?]*$/iu;
export const GRAPH_ONLY_ENGINE: EngineInfo = {
  kind: 'graph-only',
  model: 'none',
  label: 'Graph-only (no LLM)',
};

/**
 * The four-way decision without an LLM. Per open sub-intent: no candidates yet → retrieve_api; no
 * candidate serves it → direct_answer saying so; a chain with inputs nothing can supply → clarify_intent
 * (one question per input, never twice); a feasible chain → call_api. Sub-intents come from
 * `splitSubIntents` (the loop does that when the policy does not decompose).
 */
export class GraphPolicy implements DecisionPolicy {
  readonly engine = GRAPH_ONLY_ENGINE;
  readonly decomposes = false;

  async decide({ state, callable, world }: DecisionInput): Promise<Decision> {
    const actions: AgentAction[] = [];
    for (const si of state.subIntents) {
      if (TERMINAL.has(si.status)) continue;
      // A sub-intent that builds on an earlier one waits until that one is settled.
      const deps = si.dependsOn.map((r) => state.subIntents.find((x) => x.rank === r));
      if (deps.some((d) => d && !TERMINAL.has(d.status))) continue;
      // What it builds on was not done: doing it anyway would send "the address of the museum" as text.
      // (A part no tool serves at all — a lookup the catalogue lacks — leaves the value to the request.)
      // A learnt first step is the plans' suggestion, not the user's: when it fails, the part goes on.
      const unmet = deps.find(
        (d) =>
          d &&
          !d.precursor &&
          // A report ("Alice asked about my lease") is where a "her" comes from, not a step the part needs:
          // whether its lookup found anything does not hold the part back.
          !REPORTED.test(d.text.trim()) &&
          (d.status === 'failed' || d.status === 'unanswered' || (d.status === 'answered' && d.nothingFound)),
      );
      if (unmet) {
        actions.push({
          dependency_rank: si.rank,
          intent: si.text,
          action: 'direct_answer',
          analysis: 'failed',
          answer: `it needs "${clip(unmet.text, 80)}", which ${unmet.status === 'unanswered' ? 'waits for your answer' : unmet.nothingFound ? `found nothing (${unmet.nothingFound.tool})` : 'could not be done'}.`,
        });
        continue;
      }
      // "If it is sunny, text Bob": nothing is done for the part until its condition is known to hold.
      const held = conditionAction(si, state.subIntents);
      if (held) {
        actions.push(held);
        continue;
      }
      actions.push(this.next(si, callable, world, state.subIntents));
    }
    return { actions, llm: null };
  }

  private next(
    si: SubIntentState,
    callable: readonly string[],
    world: AgentWorld,
    parts: readonly SubIntentState[],
  ): AgentAction {
    const base = { dependency_rank: si.rank, intent: si.text };
    // "Can you actually send emails for me? If so, tell Alice …": answered from the catalogue, and the
    // answer is the one a condition on it reads ("if so").
    const can = si.candidates === null ? capabilityAnswer(si.text, world.tools()) : null;
    if (can) {
      for (const o of parts)
        if (o.condition && o.condition.on === si.rank && o.condition.answer === undefined)
          o.condition.answer = can.can !== o.condition.negated;
      return { ...base, action: 'direct_answer', analysis: 'answered', answer: can.answer };
    }
    if (si.candidates === null) return { ...base, action: 'retrieve_api', recall_description: si.text };
    if ((!si.target || !si.chain) && si.nothingFound) {
      // "Find my files about the budget" with no such file: that is the answer. A part that needed the
      // thing to act on it ("email the budget file to Bob") is not done, for that reason alone.
      const { tool, target } = si.nothingFound;
      const found = world.tool(tool);
      const lookup = tool === target && found !== undefined && effectOf(found) === 'none';
      return { ...base, action: 'direct_answer', analysis: lookup ? 'answered' : 'failed', answer: si.note! };
    }
    if ((!si.target || !si.chain) && si.note) {
      return {
        ...base,
        action: 'direct_answer',
        analysis: 'failed',
        answer: `${si.note}; no other tool could stand in.`,
      };
    }
    if (!si.target || !si.chain) {
      // "… and show me the first one": with no tool for it, the item the earlier part found is the answer.
      const picked = pickedItem(si, parts);
      if (picked) return { ...base, action: 'direct_answer', analysis: 'answered', answer: picked };
      // "I'm 5'11 - what's that in cm? Filling in a form": why the user asks, said beside a request that is
      // done, is no request no tool can do (sixteenth QA pass answered "None of my tools can do this").
      // So is what someone else said or wants ("She wants it by Friday"), beside the act it is about.
      if (
        (ASIDE.test(si.text.trim()) || REPORTED.test(si.text.trim())) &&
        parts.some((o) => o !== si && o.target !== undefined)
      )
        return { ...base, action: 'direct_answer', analysis: 'answered', answer: 'Noted.' };
      return {
        ...base,
        action: 'direct_answer',
        analysis: 'no-tool',
        answer: `None of my tools can do this: "${clip(si.text, 120)}".`,
      };
    }
    // Ask for the content before a title: a subject can be made from the body, not the reverse.
    const rank = (m: { tool: string; field: string }) => {
      const kind = fieldKind(m.field, world.tool(m.tool)?.parameters.properties?.[m.field]);
      return kind === 'title' ? 1 : 0;
    };
    const missing = si.chain.missing
      .filter((m) => !si.asked.has(`${m.tool}.${m.field}`))
      .sort((a, b) => rank(a) - rank(b));
    if (si.chain.missing.length > 0) {
      const m = missing[0];
      if (!m) {
        const what = si.chain.missing.map((x) => x.description || x.field).join(', ');
        return {
          ...base,
          action: 'direct_answer',
          analysis: 'unanswered',
          answer: `I could not do this without: ${what}.`,
        };
      }
      return {
        ...base,
        action: 'clarify_intent',
        target_api: m.tool,
        params: { field: m.field },
        answer: question(m),
      };
    }
    if (!callable.includes(si.target)) {
      return {
        ...base,
        action: 'direct_answer',
        analysis: 'failed',
        answer: `${si.target} failed and no other tool could stand in.`,
      };
    }
    return { ...base, action: 'call_api', target_api: si.target, params: targetArgs(si) };
  }
}

const targetArgs = (si: SubIntentState): Record<string, unknown> =>
  si.chain?.steps.find((s) => s.tool === si.target)?.args ?? {};

/** A question for one missing input, in words: "What is the recipient email address?" */
export function question(m: { tool: string; field: string; description: string }): string {
  const what = (m.description || m.field.replace(/_/g, ' ')).replace(/\.$/, '');
  const lower = `${what.charAt(0).toLowerCase()}${what.slice(1)}`;
  // "Keywords to match …" and "What to be reminded of" are no nouns after "What is the".
  if (/^what\b/.test(lower)) return `${what} (${m.field} for ${m.tool})?`;
  // "When the reminder fires: YYYY-MM-DD …" asks "When does the reminder fire?" (it asked "What is the
  // when the reminder fires"); what follows the colon is how to say it.
  const wh =
    /^(when|where|how|who|which)\s+(the\s+\S+(?:\s+\S+)?)\s+([a-z]+[^s\W])s\b([^:;,—]*?)\s*(?:[:;,—]\s*(.*))?$/i.exec(
      what,
    );
  if (wh) {
    const how = wh[5] ? `${wh[5]}; ` : '';
    return `${wh[1]} does ${wh[2]!.toLowerCase()} ${wh[3]}${wh[4]}? (${how}${m.field} for ${m.tool})`;
  }
  if (/^(?:when|where|how|who|which)\b/.test(lower)) return `${what} (${m.field} for ${m.tool})?`;
  const first = lower.split(/\s+/)[0] ?? '';
  // "Your API access key, obtained …": a description with its own determiner takes no "the" (toolalpaca
  // QA asked "What is the your API access key").
  if (/^(?:your|the|a|an|my|our|their|its)$/.test(first))
    return `What is ${lower} (${m.field} for ${m.tool})?`;
  const verb = /[^s]s$/.test(first) && !/(?:ss|us|is)$/.test(first) ? 'are' : 'is';
  return `What ${verb} the ${lower} (${m.field} for ${m.tool})?`;
}
