/**
 * Prompt length per encoding (DTDR Fig. 4): mean tokens per function-selection step in the constant
 * (cacheable) and variable sections. Run over every step of every evaluation task.
 */
import {
  encodePrompt,
  type Demonstration,
  type PromptEncoding,
  type PromptOptions,
  type PromptStep,
  type PromptTool,
} from './prompt-encodings';
import type { RetrievalTask, Retriever } from './retriever';
import type { TokenCounter } from './token-counter';

export interface PromptTokenRow {
  encoding: PromptEncoding;
  steps: number;
  /** Mean tokens per step. */
  constant: number;
  variable: number;
  total: number;
  counter: string;
}

/**
 * The steps a task's gold plan walks through: after 0, 1, …, n tool calls (the last step should answer
 * END_OF_PLAN), each with the retriever's ranking for that history.
 */
export function promptStepsFor(
  tasks: readonly RetrievalTask[],
  tools: readonly PromptTool[],
  retriever: Pick<Retriever, 'rank'>,
  demonstrations: readonly Demonstration[] = [],
): PromptStep[] {
  const steps: PromptStep[] = [];
  for (const task of tasks) {
    for (let i = 0; i <= task.tools.length; i++) {
      const history = task.tools.slice(0, i);
      const candidates = retriever.rank({ query: task.query, history });
      steps.push({ tools, query: task.query, history, candidates, demonstrations });
    }
  }
  return steps;
}

/** Mean constant / variable / total tokens per step for each encoding. Repeated texts are counted once. */
export function promptTokenTable(
  tasksSteps: readonly PromptStep[],
  encodings: readonly PromptEncoding[],
  counter: TokenCounter,
  options: PromptOptions = {},
): PromptTokenRow[] {
  const cache = new Map<string, number>();
  const count = (text: string) => {
    let n = cache.get(text);
    if (n === undefined) {
      n = counter.count(text);
      cache.set(text, n);
    }
    return n;
  };
  return encodings.map((encoding) => {
    let constant = 0;
    let variable = 0;
    for (const step of tasksSteps) {
      const prompt = encodePrompt(step, encoding, options);
      constant += count(prompt.constant);
      variable += count(prompt.variable);
    }
    const n = Math.max(1, tasksSteps.length);
    return {
      encoding,
      steps: tasksSteps.length,
      constant: constant / n,
      variable: variable / n,
      total: (constant + variable) / n,
      counter: counter.id,
    };
  });
}

/** The table as Markdown, one row per encoding. */
export function formatPromptTokenTable(rows: readonly PromptTokenRow[]): string {
  const fmt = (x: number) => x.toFixed(1);
  return [
    `Mean prompt tokens per step (${rows[0]?.counter ?? 'no counter'}):`,
    '',
    '| encoding | steps | constant | variable | total |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.encoding} | ${r.steps} | ${fmt(r.constant)} | ${fmt(r.variable)} | ${fmt(r.total)} |`,
    ),
  ].join('\n');
}
