import { referencesIn } from '../plan/references';
import type { GoldStep } from './eval-task';
import { valueText } from './normalize';

/** A question the agent asks: which tool's which input, and its text. */
export interface UserQuestion {
  tool: string;
  field: string;
  text: string;
}

/**
 * NaviAgent's simulated user (Appendix E.3.4, "a parameter extractor"): answers a clarification with the
 * exact value the gold plan gives that input, and nothing else. It never invents, paraphrases or leaks a
 * value that is not one of the gold arguments: an input the gold plan does not give, a reference to an
 * earlier call's output, or a question that names no input gets no answer (null). Every answer is counted;
 * the evaluation charges each as one more turn.
 *
 * Lookup order: the same tool and field; else the same field name on another gold step (the agent may ask
 * for an input of a different tool that stands for the same thing); never across different field names.
 */
export class SimulatedUser {
  /** Questions asked, and how many got an answer. */
  asked = 0;
  answered = 0;
  private readonly values: { tool: string; field: string; value: unknown }[] = [];

  constructor(plan: readonly GoldStep[]) {
    for (const s of plan)
      for (const [field, value] of Object.entries(s.args ?? {})) {
        if (value === undefined || value === null || value === '') continue;
        if (referencesIn(value).length > 0) continue;
        this.values.push({ tool: s.tool, field, value });
      }
  }

  /** Every value the user could ever say, as text (for tests: no answer may fall outside it). */
  get knownValues(): string[] {
    return this.values.map((v) => valueText(v.value));
  }

  answer(q: UserQuestion): string | null {
    this.asked++;
    if (!q.field) return null;
    const field = q.field.toLowerCase();
    const hit =
      this.values.find((v) => v.tool === q.tool && v.field.toLowerCase() === field) ??
      this.values.find((v) => v.field.toLowerCase() === field);
    if (!hit) return null;
    this.answered++;
    return valueText(hit.value);
  }
}
