import Ajv, { type ValidateFunction } from 'ajv';
import { parseLlmJson } from '../llm/json-action';
import type { LlmEngine } from '../llm/llm-engine';
import { ACTION_KINDS, decisionSchema, type AgentAction } from './agent-action';
import type { Decision, DecisionInput, DecisionPolicy } from './decision-policy';
import { observationText } from './observation';
import { buildPrompt, promptParts } from './prompt';

export interface LlmPolicyOptions {
  /** Prompt budget in tokens (default 1,000). */
  maxPromptTokens?: number;
  /** Completion budget (default 400). */
  maxTokens?: number;
  /** Asks again once when an unconstrained reply does not validate (default 1). */
  retries?: number;
}

const ajv = new Ajv({ strict: false, allErrors: true });

/**
 * The four-way decision by an LLM engine: the E.3.1 prompt in, a JSON array of actions out, decoded
 * under the decision schema where the engine can constrain decoding (then a malformed action cannot
 * happen) and validated with Ajv either way. An invalid reply is asked again once with the problems
 * named; after that the turn ends with the reason instead of guessing.
 */
export class LlmPolicy implements DecisionPolicy {
  readonly decomposes = true;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    private readonly llm: LlmEngine,
    private readonly options: LlmPolicyOptions = {},
  ) {}

  get engine() {
    return this.llm.info;
  }

  async decide({ state, world, callable, signal }: DecisionInput): Promise<Decision> {
    const schema = decisionSchema({ actions: ACTION_KINDS, callableApis: callable });
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      this.validators.set(key, validate);
    }
    const count = this.llm.countTokens ? (t: string) => Number(this.llm.countTokens!(t)) : undefined;
    const built = buildPrompt(
      promptParts(state, (n) => world.tool(n), observationText(state)),
      {
        maxTokens: this.options.maxPromptTokens ?? 1000,
        ...(count ? { count } : {}),
      },
    );
    let messages = built.messages;
    let note: string | undefined;
    const tries = 1 + (this.options.retries ?? 1);
    let total = { promptTokens: 0, completionTokens: 0, ms: 0 };
    for (let attempt = 0; attempt < tries; attempt++) {
      const res = await this.llm.chat({
        messages,
        jsonSchema: schema,
        maxTokens: this.options.maxTokens ?? 400,
        temperature: 0,
        ...(signal ? { signal } : {}),
        context: { state, callable },
      });
      total = {
        promptTokens: total.promptTokens + res.usage.promptTokens,
        completionTokens: total.completionTokens + res.usage.completionTokens,
        ms: total.ms + res.ms,
      };
      const llm = {
        ...total,
        prompt: messages.map((m) => `[${m.role}]\n${m.content}`).join('\n\n'),
        reply: res.text,
        constrained: res.constrained,
      };
      let parsed: unknown;
      try {
        parsed = parseLlmJson(res.text);
      } catch (error) {
        note = `The reply was not JSON: ${error instanceof Error ? error.message : String(error)}`;
        messages = [
          ...built.messages,
          { role: 'assistant', content: res.text },
          { role: 'user', content: `${note}. Reply with the JSON array only.` },
        ];
        if (attempt + 1 === tries) return { actions: [], llm, note };
        continue;
      }
      const actions = Array.isArray(parsed) ? parsed : [parsed];
      if (validate(actions))
        return {
          actions: actions as AgentAction[],
          llm,
          ...(built.trimmed.length ? { note: `prompt trimmed to fit: ${built.trimmed.join(', ')}` } : {}),
        };
      note = `The reply did not follow the action format: ${ajv.errorsText(validate.errors, { dataVar: 'reply' })}`;
      messages = [
        ...built.messages,
        { role: 'assistant', content: res.text },
        { role: 'user', content: `${note}. Reply again with a valid JSON array.` },
      ];
      if (attempt + 1 === tries) return { actions: [], llm, note };
    }
    return { actions: [], llm: null, ...(note ? { note } : {}) };
  }
}
