/**
 * Function-selection prompts under the in-context encodings of DTDR §5 (Appendix E–F): how a retriever's
 * ranked candidates reach the LLM that picks the next tool.
 *
 * - `none`: every tool listed, no retrieval (the "No ICL" baseline).
 * - `hardMask`: only the retrieved tools are listed.
 * - `softMask`: every tool listed; the retrieved ones are named as the likely next tools.
 * - `weightedHard` / `weightedSoft`: the same, with the retriever's probabilities shown.
 * - `demonstrations`: every tool listed, plus raw training plans that use the retrieved tools (few-shot).
 *
 * Each prompt is ChatML (built by hand: small tokenizers' chat templates are unreliable) in two parts:
 * the constant section (the system message: guidelines, the one fixed example, the full tool list) is the
 * same at every step and can be prefix-cached; the variable section (the user message: request, history,
 * retrieval hints, retrieved tool list or demonstrations, and the assistant header) changes per step.
 * A hard mask's tool list changes at every step, so it lives in the variable section (DTDR Fig. 4).
 */
import type { JsonSchemaObject } from '../tools/tool';
import { END_OF_PLAN, type RetrievalTask, type ScoredTool } from './retriever';

export type PromptEncoding =
  'none' | 'hardMask' | 'softMask' | 'weightedHard' | 'weightedSoft' | 'demonstrations';

export const PROMPT_ENCODINGS: readonly PromptEncoding[] = [
  'none',
  'hardMask',
  'softMask',
  'weightedHard',
  'weightedSoft',
  'demonstrations',
];

/** What the prompt shows of a tool (a catalogue `Tool` fits). */
export interface PromptTool {
  name: string;
  description: string;
  parameters?: JsonSchemaObject;
}

/** A training example shown as a plan: the request and its tools in order. */
export type Demonstration = Pick<RetrievalTask, 'query' | 'tools'>;

/** One function-selection step: the state of a task and what the retriever says about the next tool. */
export interface PromptStep {
  tools: readonly PromptTool[];
  query: string;
  /** Tools called so far, in order. */
  history: readonly string[];
  /** The retriever's candidates for the next tool, best first (may include END_OF_PLAN). */
  candidates: readonly ScoredTool[];
  /** Training plans the `demonstrations` encoding draws from. */
  demonstrations?: readonly Demonstration[];
}

export interface PromptOptions {
  /** Retrieved tools kept for the masks and hints (DTDR's top-k). Default 5. */
  topK?: number;
  /** Candidates scoring below this are not retrieved (DTDR's threshold); the best one always is. Default 0. */
  minScore?: number;
  /** Raw demonstrations shown at most. Default 5 (DTDR Appendix C). */
  maxDemonstrations?: number;
  /** The one fixed worked example every encoding shows in its constant section (DTDR §5). */
  example?: Demonstration;
}

export interface EncodedPrompt {
  encoding: PromptEncoding;
  /** Prefix shared by every step of every task for this catalogue and encoding. */
  constant: string;
  /** The per-step rest, ending where the assistant's answer starts. */
  variable: string;
  /** The message contents, for chat APIs that apply their own template. */
  system: string;
  user: string;
  /** Tools whose descriptions the prompt lists. */
  listedTools: string[];
  /** Tools the prompt points out as likely next (soft masks, weighted hard mask). */
  hintedTools: string[];
  /** Queries of the demonstrations shown. */
  demonstrationQueries: string[];
}

const GUIDELINES =
  "You pick the next tool to call for the user's request, given the tools already called. " +
  `Answer with one tool name only, or ${END_OF_PLAN} when the request needs no more tool calls.`;

const ENCODING_GUIDELINES: Record<PromptEncoding, string> = {
  none: '',
  hardMask: 'Choose only from the tools listed with the request.',
  softMask: 'The request names the likely next tools: prefer them, but any listed tool may be chosen.',
  weightedHard: 'Choose only from the tools listed with the request; each shows its estimated probability.',
  weightedSoft:
    'The request names the likely next tools with estimated probabilities: prefer them, but any listed ' +
    'tool may be chosen.',
  demonstrations: 'The request comes with plans of similar requests: use them as guidance.',
};

const listsAllTools = (e: PromptEncoding) => e !== 'hardMask' && e !== 'weightedHard';

export function encodePrompt(
  step: PromptStep,
  encoding: PromptEncoding,
  options: PromptOptions = {},
): EncodedPrompt {
  const view = catalogueOf(step.tools);
  const { byName, position } = view;
  const retrieved = retrieve(step.candidates, byName, options);
  const retrievedNames = new Set(retrieved.map((c) => c.tool));
  // Unweighted encodings show the retrieved set in catalogue order, so the order leaks no ranking.
  const inCatalogueOrder = retrieved
    .filter((c) => c.tool !== END_OF_PLAN)
    .map((c) => c.tool)
    .sort((a, b) => (position.get(a) as number) - (position.get(b) as number));
  if (retrievedNames.has(END_OF_PLAN)) inCatalogueOrder.push(END_OF_PLAN);
  const score = new Map(retrieved.map((c) => [c.tool, c.score]));

  const system = [GUIDELINES, ENCODING_GUIDELINES[encoding], exampleBlock(options.example)]
    .filter((s) => s.length > 0)
    .join('\n');
  const head = constantSection(view, system, listsAllTools(encoding));

  const userParts: string[] = [];
  let listedTools = step.tools.map((t) => t.name);
  let hintedTools: string[] = [];
  let demos: Demonstration[] = [];
  if (encoding === 'hardMask' || encoding === 'weightedHard') {
    const names = encoding === 'hardMask' ? inCatalogueOrder : retrieved.map((c) => c.tool);
    const weighted = encoding === 'weightedHard';
    userParts.push(
      toolsBlock(
        names.map((n) => toolLine(byName.get(n) ?? endOfPlanTool(), weighted ? score.get(n) : undefined)),
      ),
    );
    listedTools = names.filter((n) => n !== END_OF_PLAN);
    hintedTools = weighted ? names : [];
  } else if (encoding === 'demonstrations') {
    demos = pickDemonstrations(step.demonstrations ?? [], retrieved, options.maxDemonstrations ?? 5);
    if (demos.length > 0) userParts.push(['Plans of similar requests:', ...demos.map(planLines)].join('\n'));
  }
  userParts.push(`Request: ${oneLine(step.query)}\nTools called so far: ${historyText(step.history)}`);
  if (encoding === 'softMask') {
    hintedTools = inCatalogueOrder;
    userParts.push(`Likely next tools: ${hintedTools.join(', ')}`);
  } else if (encoding === 'weightedSoft') {
    hintedTools = retrieved.map((c) => c.tool);
    userParts.push(
      `Likely next tools: ${retrieved.map((c) => `${c.tool} (${probability(c.score)})`).join(', ')}`,
    );
  }
  userParts.push('Next tool?');

  const user = userParts.join('\n\n');
  return {
    encoding,
    constant: head.constant,
    variable: `<|im_start|>user\n${user}<|im_end|>\n<|im_start|>assistant\n`,
    system: head.system,
    user,
    listedTools,
    hintedTools,
    demonstrationQueries: demos.map((d) => d.query),
  };
}

/** Candidates the prompt treats as retrieved: known tools or END_OF_PLAN, above `minScore`, at most top-k. */
function retrieve(
  candidates: readonly ScoredTool[],
  byName: ReadonlyMap<string, PromptTool>,
  options: PromptOptions,
): ScoredTool[] {
  const known = candidates.filter((c) => c.tool === END_OF_PLAN || byName.has(c.tool));
  const topK = Math.max(1, options.topK ?? 5);
  const minScore = options.minScore ?? 0;
  const above = known.filter((c) => c.score >= minScore);
  return (above.length > 0 ? above : known.slice(0, 1)).slice(0, topK);
}

/**
 * Raw demonstrations (DTDR §5): training plans that contain retrieved tools, those containing more of
 * them (then the better-ranked ones) first; ties keep the given order, so the choice is deterministic.
 */
function pickDemonstrations(
  pool: readonly Demonstration[],
  retrieved: ScoredTool[],
  max: number,
): Demonstration[] {
  const rank = new Map(retrieved.filter((c) => c.tool !== END_OF_PLAN).map((c, i) => [c.tool, i]));
  const scored = pool
    .map((demo, order) => {
      const hits = [...new Set(demo.tools)].filter((t) => rank.has(t));
      const best = Math.min(...hits.map((t) => rank.get(t) as number));
      return { demo, order, hits: hits.length, best };
    })
    .filter((s) => s.hits > 0);
  scored.sort((a, b) => b.hits - a.hits || a.best - b.best || a.order - b.order);
  return scored.slice(0, Math.max(0, max)).map((s) => s.demo);
}

function exampleBlock(example: Demonstration | undefined): string {
  return example ? `\nExample:\n${planLines(example)}` : '';
}

function planLines(demo: Demonstration): string {
  return `Request: ${oneLine(demo.query)}\nPlan: ${[...demo.tools, END_OF_PLAN].join(', ')}`;
}

/**
 * The constant section, one string object per catalogue and system head: a token counter's cache then finds
 * it by identity instead of comparing 470k characters per step.
 */
function constantSection(view: CatalogueView, head: string, allTools: boolean) {
  const key = `${allTools ? 1 : 0}${head}`;
  let c = view.constants.get(key);
  if (!c) {
    const system = allTools ? `${head}\n\n${view.block}` : head;
    c = { system, constant: `<|im_start|>system\n${system}<|im_end|>\n` };
    view.constants.set(key, c);
  }
  return c;
}

function toolsBlock(lines: string[]): string {
  return ['Tools:', ...lines].join('\n');
}

interface CatalogueView {
  byName: Map<string, PromptTool>;
  /** Catalogue position of each tool (first occurrence). */
  position: Map<string, number>;
  /** The list of every tool, as the unmasked encodings show it. */
  block: string;
  /** System message and constant section by (system head, full list or not): the same strings every step. */
  constants: Map<string, { system: string; constant: string }>;
}

/**
 * Lookups and the full tool list of a catalogue, built once per catalogue array (the steps of an evaluation
 * share one): for seal_tools (4,076 tools, 470k characters of tool list) rebuilding them took 40 ms a step.
 * Keyed by the array's identity, so a changed catalogue must be a new array (it is `readonly`).
 */
const catalogueViews = new WeakMap<readonly PromptTool[], CatalogueView>();

function catalogueOf(tools: readonly PromptTool[]): CatalogueView {
  let view = catalogueViews.get(tools);
  if (!view) {
    const position = new Map<string, number>();
    tools.forEach((t, i) => position.has(t.name) || position.set(t.name, i));
    view = {
      byName: new Map(tools.map((t) => [t.name, t])),
      position,
      block: toolsBlock(tools.map((t) => toolLine(t))),
      constants: new Map(),
    };
    catalogueViews.set(tools, view);
  }
  return view;
}

/** `- name(a: string, b?: integer): description`, with `[0.62] ` before the name when weighted. */
function toolLine(tool: PromptTool, p?: number): string {
  const props = tool.parameters?.properties ?? {};
  const required = new Set(tool.parameters?.required ?? []);
  const params = Object.entries(props).map(
    ([name, schema]) => `${name}${required.has(name) ? '' : '?'}: ${schemaType(schema)}`,
  );
  const weight = p === undefined ? '' : `[${probability(p)}] `;
  const signature = tool.name === END_OF_PLAN ? tool.name : `${tool.name}(${params.join(', ')})`;
  return `- ${weight}${signature}: ${oneLine(tool.description)}`;
}

function endOfPlanTool(): PromptTool {
  return { name: END_OF_PLAN, description: 'no more tool calls, the request is done.' };
}

function schemaType(schema: JsonSchemaObject): string {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t) && typeof t[0] === 'string') return t[0];
  return 'any';
}

function historyText(history: readonly string[]): string {
  return history.length > 0 ? history.join(', ') : 'none';
}

function probability(p: number): string {
  return Math.min(1, Math.max(0, p)).toFixed(2);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
