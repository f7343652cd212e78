// npm run bench:agent -- [--json <file>]
// The agent on the built-in world: the graph-only engine on the written request fixture (share solved,
// by size, LLM calls, ms per request), and what an LLM decision would cost in prompt tokens (Qwen3
// tokenizer) with the pruned-subgraph context, without it, and with every tool in the prompt; and where
// the candidate list puts the first tool a request needs (the chat shows it, an LLM engine's prompt takes
// its first six), on the fixture and on requests written without the demonstrations in view.

import { parseArgs } from 'node:util';
import { LocalAgentWorld } from '../src/core/agent/local-agent-world';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { worldFromPlans } from '../src/core/linkpred/dataset-world';
import type { Decision, DecisionInput, DecisionPolicy } from '../src/core/agent/decision-policy';
import { checkCase } from '../src/core/agent/fixtures/check-case';
import { GRAPH_ONLY_REQUESTS, REFERENCE_DAY } from '../src/core/agent/fixtures/graph-only-requests';
import { FIRST_TOOL_REQUESTS } from '../src/core/agent/fixtures/first-tool-requests';
import { runConversations, runWritten, writtenFigures } from '../src/core/agent/fixtures/run-written';
import {
  WRITTEN_CONV_AGAIN,
  WRITTEN_CONV_HELDOUT_A,
  WRITTEN_CONV_HELDOUT_B,
  WRITTEN_CONV_HELDOUT_C,
  WRITTEN_CONV_HELDOUT_D,
  WRITTEN_CONV_HELDOUT_E,
  WRITTEN_CONV_HELDOUT_F,
  WRITTEN_CONV_HELDOUT_G,
  WRITTEN_CONV_HELDOUT_H,
  WRITTEN_CONV_PEOPLE,
  WRITTEN_CONV_SESSION,
  WRITTEN_CONV_THINGS,
} from '../src/core/agent/fixtures/written-conversations-twentieth';
import { WRITTEN_DEV, WRITTEN_HELDOUT, WRITTEN_HURRIED } from '../src/core/agent/fixtures/written-requests';
import {
  WRITTEN_EVERYDAY,
  WRITTEN_HELDOUT_2,
  WRITTEN_HELDOUT_3,
  WRITTEN_TRICKY,
} from '../src/core/agent/fixtures/written-requests-eleventh';
import {
  WRITTEN_CHAINS,
  WRITTEN_HELDOUT_4,
  WRITTEN_HELDOUT_5,
  WRITTEN_MESSY,
  WRITTEN_RISKY,
} from '../src/core/agent/fixtures/written-requests-twelfth';
import {
  WRITTEN_HELDOUT_6,
  WRITTEN_HELDOUT_7,
  WRITTEN_READING,
  WRITTEN_VOICES,
} from '../src/core/agent/fixtures/written-requests-thirteenth';
import {
  WRITTEN_ASKING,
  WRITTEN_HELDOUT_8,
  WRITTEN_HELDOUT_9,
  WRITTEN_SEVERAL,
} from '../src/core/agent/fixtures/written-requests-fourteenth';
import {
  WRITTEN_GETTING_AROUND,
  WRITTEN_HELDOUT_10,
  WRITTEN_HELDOUT_11,
  WRITTEN_REPLIES,
  WRITTEN_RISKY_2,
  WRITTEN_SOURCES,
} from '../src/core/agent/fixtures/written-requests-fifteenth';
import {
  WRITTEN_LIMITS,
  WRITTEN_NUMBERS,
  WRITTEN_WHO,
  WRITTEN_ORGANISING,
  WRITTEN_HELDOUT_12,
  WRITTEN_HELDOUT_13,
} from '../src/core/agent/fixtures/written-requests-sixteenth';
import {
  WRITTEN_INBOX,
  WRITTEN_LOOSE_DATES,
  WRITTEN_NON_NATIVE,
  WRITTEN_HOME_LIFE,
  WRITTEN_HELDOUT_14,
  WRITTEN_HELDOUT_15,
} from '../src/core/agent/fixtures/written-requests-seventeenth';
import {
  WRITTEN_CONDITIONS,
  WRITTEN_QUESTIONS,
  WRITTEN_VOICE,
  WRITTEN_TRIPS,
  WRITTEN_HELDOUT_16,
  WRITTEN_HELDOUT_17,
} from '../src/core/agent/fixtures/written-requests-eighteenth';
import {
  WRITTEN_CORRECTIONS,
  WRITTEN_DONTS,
  WRITTEN_WORK,
  WRITTEN_GROUPS,
  WRITTEN_HELDOUT_18,
  WRITTEN_HELDOUT_19,
  WRITTEN_HELDOUT_20,
  WRITTEN_HELDOUT_21,
} from '../src/core/agent/fixtures/written-requests-nineteenth';
import {
  WRITTEN_FOUND_THEN_ACT,
  WRITTEN_HELDOUT_22,
  WRITTEN_HELDOUT_23,
  WRITTEN_HELDOUT_24,
  WRITTEN_HELDOUT_25,
  WRITTEN_SEVERAL_AT_ONCE,
  WRITTEN_SITUATION_FIRST,
  WRITTEN_TIMED_FROM,
} from '../src/core/agent/fixtures/written-requests-twenty-first';
import {
  WRITTEN_ASKED_OWN_DATA,
  WRITTEN_HELDOUT_26,
  WRITTEN_HELDOUT_27,
  WRITTEN_HELDOUT_28,
  WRITTEN_HELDOUT_29,
  WRITTEN_NAMED_LOOSELY,
  WRITTEN_PARTLY_POSSIBLE,
  WRITTEN_PASSED_ON,
} from '../src/core/agent/fixtures/written-requests-twenty-second';
import {
  WRITTEN_HELDOUT_30,
  WRITTEN_HELDOUT_31,
  WRITTEN_HELDOUT_32,
  WRITTEN_HELDOUT_33,
} from '../src/core/agent/fixtures/written-requests-twenty-third';
import {
  WRITTEN_HELDOUT_34,
  WRITTEN_HELDOUT_35,
  WRITTEN_HELDOUT_36,
  WRITTEN_HELDOUT_37,
} from '../src/core/agent/fixtures/written-requests-twenty-fourth';
import {
  WRITTEN_HELDOUT_38,
  WRITTEN_HELDOUT_39,
  WRITTEN_HELDOUT_40,
  WRITTEN_HELDOUT_41,
  WRITTEN_HELDOUT_42,
  WRITTEN_HELDOUT_43,
  WRITTEN_HELDOUT_44,
  WRITTEN_HELDOUT_45,
} from '../src/core/agent/fixtures/written-requests-twenty-fifth';
import { RetrievalService } from '../src/core/retrieval/retrieval-service';
import { builtInAgentWorld, runGraphOnlyFixture } from '../src/core/agent/fixtures/run-fixture';
import { Agent } from '../src/core/agent/agent';
import { GraphPolicy } from '../src/core/agent/graph-policy';
import { observationText } from '../src/core/agent/observation';
import { buildPrompt, promptParts, signature } from '../src/core/agent/prompt';
import { createSandboxRuntime } from '../src/core/sandbox';
import { loadDatasetFolder, warnSkippedPlans } from './dataset-folder';
import { FigureSheet, intOption, printRows, runCli } from './figures';
import { tryLoadQwenTokenCounter } from './qwen-token-counter';

const USAGE = `Usage: npm run bench:agent -- [--data <dataset dir>]... [--limit N] [--json <file>]

  Without --data: the graph-only agent on the built-in world's request fixture, and prompt tokens per
  LLM decision there. With --data (a folder in the shared format, repeatable): prompt tokens per LLM
  decision on its test requests (first N, default 40), the world built from its train plans.`;
const DATASET = 'builtin';

/** Graph-only decisions, and beside each the LLM prompt the same state would need (not sent anywhere). */
class PromptProbe implements DecisionPolicy {
  readonly inner = new GraphPolicy();
  readonly engine = this.inner.engine;
  readonly decomposes = false;
  readonly rows: { subgraph: number; noSubgraph: number; allTools: number }[] = [];

  constructor(private readonly count: (t: string) => number) {}

  async decide(input: DecisionInput): Promise<Decision> {
    const { state, world } = input;
    // Only decisions an LLM would take with candidates in view (after the first retrieval).
    if (state.subIntents.some((s) => s.candidates)) {
      const parts = promptParts(state, (n) => world.tool(n), observationText(state));
      const budget = { maxTokens: 1e9, count: this.count };
      const all = world
        .tools()
        .map((t) => signature(t))
        .join('\n');
      this.rows.push({
        subgraph: buildPrompt(parts, budget).tokens,
        noSubgraph: buildPrompt({ ...parts, subgraph: '' }, budget).tokens,
        allTools: buildPrompt({ ...parts, subgraph: '', candidates: all }, budget).tokens,
      });
    }
    return this.inner.decide(input);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      data: { type: 'string', multiple: true },
      limit: { type: 'string', default: '40' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const sheet = new FigureSheet();
  const qwen = await tryLoadQwenTokenCounter();
  const count = qwen ? (t: string) => qwen.count(t) : (t: string) => Math.ceil(t.length / 4);
  const counter = qwen ? 'Qwen3 tokenizer' : 'chars/4 (Qwen3 tokenizer not installed)';
  sheet.meta.tokenCounter = counter;
  if (values.data?.length) {
    for (const dir of values.data)
      await datasetPrompts(dir, intOption('limit', values.limit, 1), count, sheet);
    sheet.printTable();
    if (values.json) sheet.writeJson(values.json);
    return;
  }

  // 1. Graph-only on the fixture.
  const outcomes = await runGraphOnlyFixture();
  const solved = outcomes.filter((o) => o.solved).length;
  const ms = outcomes.map((o) => o.result.ms).sort((a, b) => a - b);
  sheet.record(`${DATASET}.graph-only.fixture.n`, outcomes.length, '');
  sheet.record(`${DATASET}.graph-only.fixture.solved`, solved / outcomes.length, '', {
    kind: 'min',
    limit: 0.9,
  });
  sheet.record(
    `${DATASET}.graph-only.fixture.llmCalls`,
    outcomes.reduce((n, o) => n + o.result.llmCalls, 0),
    '',
    { kind: 'range', lo: 0, hi: 0 },
  );
  sheet.record(`${DATASET}.graph-only.fixture.msMedian`, ms[Math.floor(ms.length / 2)]!, 'ms');
  sheet.record(`${DATASET}.graph-only.fixture.msMean`, ms.reduce((a, b) => a + b, 0) / ms.length, 'ms');
  const groups: [string, (s: number, noTool: boolean, asks: boolean) => boolean][] = [
    ['oneTool', (s, n, a) => s === 1 && !n && !a],
    ['multiTool', (s, n, a) => s >= 2 && !a],
    ['clarify', (_s, _n, a) => a],
    ['noTool', (_s, n) => n],
  ];
  const rows: string[][] = [];
  for (const [name, pick] of groups) {
    const cases = GRAPH_ONLY_REQUESTS.filter((c) => pick(c.size, Boolean(c.noTool), Boolean(c.asks)));
    const ok = cases.filter((c) => outcomes.find((o) => o.id === c.id)!.solved).length;
    sheet.record(`${DATASET}.graph-only.${name}.solved`, ok / cases.length, '', undefined, false);
    rows.push([name, String(cases.length), String(ok), (ok / cases.length).toFixed(2)]);
  }
  printRows(['group', 'requests', 'solved', 'share'], rows, new Set([1, 2, 3]));
  const failed = outcomes.filter((o) => !o.solved);
  if (failed.length) console.log(`\nNot solved:\n${failed.map((o) => `  ${o.id}: ${o.reason}`).join('\n')}`);

  // 2. Prompt tokens per LLM decision on the same requests.
  const probe = new PromptProbe(count);
  const now = () => REFERENCE_DAY;
  const world = await builtInAgentWorld(now);
  for (const c of GRAPH_ONLY_REQUESTS) {
    const agent = new Agent({
      world,
      runtime: await createSandboxRuntime({ now }),
      policy: probe,
      now,
      learn: false,
    });
    await checkCase(agent, c);
  }
  const mean = (k: 'subgraph' | 'noSubgraph' | 'allTools') =>
    probe.rows.reduce((t, r) => t + r[k], 0) / probe.rows.length;
  sheet.record(`${DATASET}.llm-prompt.withSubgraph.promptTokens`, mean('subgraph'), 'tokens');
  sheet.record(`${DATASET}.llm-prompt.noSubgraph.promptTokens`, mean('noSubgraph'), 'tokens');
  sheet.record(`${DATASET}.llm-prompt.allTools.promptTokens`, mean('allTools'), 'tokens');
  sheet.record(`${DATASET}.llm-prompt.withSubgraph.vsAllTools`, mean('subgraph') / mean('allTools'), '', {
    kind: 'max',
    limit: 1,
  });
  sheet.record(`${DATASET}.llm-prompt.decisions`, probe.rows.length, '', undefined, false);
  console.log(`\nPrompt tokens per decision (${probe.rows.length} decisions, ${counter}).`);

  // 3. The first tool in the candidate list.
  const fixtureFirst = GRAPH_ONLY_REQUESTS.filter((c) => c.tools?.length).map((c) => ({
    request: c.request,
    first: c.tools!.flat(),
  }));
  await firstToolRanks(world, 'fixture', fixtureFirst, sheet);
  await firstToolRanks(world, 'unseenRequests', FIRST_TOOL_REQUESTS, sheet);

  // 4. Requests written without the agent in view: what it did with them.
  const written: string[][] = [];
  // A set's five figures in the JSON sheet and its row in the table.
  const report = (set: string, f: Record<string, number>) => {
    for (const m of ['firstRight', 'unasked', 'actsDone', 'leftAlone', 'n'] as const)
      sheet.record(`${DATASET}.graph-only.${set}.${m}`, f[m]!, '', undefined, false);
    written.push([
      set,
      String(f.n),
      pct(f.firstRight!),
      pct(f.unasked!),
      pct(f.actsDone!),
      pct(f.leftAlone!),
    ]);
  };
  // The writers' "today" (their data summary was of Sunday 2026-12-06).
  const writersDay = () => Date.parse('2026-12-06T10:00:00Z');
  const writtenWorld = await builtInAgentWorld(writersDay);
  for (const [set, cases] of [
    ['writtenDev', WRITTEN_DEV],
    ['writtenHeldout', WRITTEN_HELDOUT],
    ['writtenHurried', WRITTEN_HURRIED],
    ['writtenEveryday', WRITTEN_EVERYDAY],
    ['writtenTricky', WRITTEN_TRICKY],
    ['writtenHeldout2', WRITTEN_HELDOUT_2],
    ['writtenHeldout3', WRITTEN_HELDOUT_3],
    ['writtenChains', WRITTEN_CHAINS],
    ['writtenMessy', WRITTEN_MESSY],
    ['writtenHeldout4', WRITTEN_HELDOUT_4],
    ['writtenHeldout5', WRITTEN_HELDOUT_5],
    ['writtenRisky', WRITTEN_RISKY],
    ['writtenReading', WRITTEN_READING],
    ['writtenVoices', WRITTEN_VOICES],
    ['writtenHeldout6', WRITTEN_HELDOUT_6],
    ['writtenHeldout7', WRITTEN_HELDOUT_7],
    ['writtenSeveral', WRITTEN_SEVERAL],
    ['writtenAsking', WRITTEN_ASKING],
    ['writtenHeldout8', WRITTEN_HELDOUT_8],
    ['writtenHeldout9', WRITTEN_HELDOUT_9],
    ['writtenReplies', WRITTEN_REPLIES],
    ['writtenGettingAround', WRITTEN_GETTING_AROUND],
    ['writtenRisky2', WRITTEN_RISKY_2],
    ['writtenSources', WRITTEN_SOURCES],
    ['writtenHeldout10', WRITTEN_HELDOUT_10],
    ['writtenHeldout11', WRITTEN_HELDOUT_11],
    ['writtenLimits', WRITTEN_LIMITS],
    ['writtenNumbers', WRITTEN_NUMBERS],
    ['writtenWho', WRITTEN_WHO],
    ['writtenOrganising', WRITTEN_ORGANISING],
    ['writtenHeldout12', WRITTEN_HELDOUT_12],
    ['writtenHeldout13', WRITTEN_HELDOUT_13],
    ['writtenInbox', WRITTEN_INBOX],
    ['writtenLooseDates', WRITTEN_LOOSE_DATES],
    ['writtenNonNative', WRITTEN_NON_NATIVE],
    ['writtenHomeLife', WRITTEN_HOME_LIFE],
    ['writtenHeldout14', WRITTEN_HELDOUT_14],
    ['writtenHeldout15', WRITTEN_HELDOUT_15],
    ['writtenConditions', WRITTEN_CONDITIONS],
    ['writtenQuestions', WRITTEN_QUESTIONS],
    ['writtenVoice', WRITTEN_VOICE],
    ['writtenTrips', WRITTEN_TRIPS],
    ['writtenHeldout16', WRITTEN_HELDOUT_16],
    ['writtenHeldout17', WRITTEN_HELDOUT_17],
    ['writtenCorrections', WRITTEN_CORRECTIONS],
    ['writtenDonts', WRITTEN_DONTS],
    ['writtenWork', WRITTEN_WORK],
    ['writtenGroups', WRITTEN_GROUPS],
    ['writtenHeldout18', WRITTEN_HELDOUT_18],
    ['writtenHeldout19', WRITTEN_HELDOUT_19],
    ['writtenHeldout20', WRITTEN_HELDOUT_20],
    ['writtenHeldout21', WRITTEN_HELDOUT_21],
    ['writtenFoundThenAct', WRITTEN_FOUND_THEN_ACT],
    ['writtenSituationFirst', WRITTEN_SITUATION_FIRST],
    ['writtenTimedFrom', WRITTEN_TIMED_FROM],
    ['writtenSeveralAtOnce', WRITTEN_SEVERAL_AT_ONCE],
    ['writtenHeldout22', WRITTEN_HELDOUT_22],
    ['writtenHeldout23', WRITTEN_HELDOUT_23],
    ['writtenHeldout24', WRITTEN_HELDOUT_24],
    ['writtenHeldout25', WRITTEN_HELDOUT_25],
    ['writtenAskedOwnData', WRITTEN_ASKED_OWN_DATA],
    ['writtenPassedOn', WRITTEN_PASSED_ON],
    ['writtenNamedLoosely', WRITTEN_NAMED_LOOSELY],
    ['writtenPartlyPossible', WRITTEN_PARTLY_POSSIBLE],
    ['writtenHeldout26', WRITTEN_HELDOUT_26],
    ['writtenHeldout27', WRITTEN_HELDOUT_27],
    ['writtenHeldout28', WRITTEN_HELDOUT_28],
    ['writtenHeldout29', WRITTEN_HELDOUT_29],
    ['writtenHeldout30', WRITTEN_HELDOUT_30],
    ['writtenHeldout31', WRITTEN_HELDOUT_31],
    ['writtenHeldout32', WRITTEN_HELDOUT_32],
    ['writtenHeldout33', WRITTEN_HELDOUT_33],
    ['writtenHeldout34', WRITTEN_HELDOUT_34],
    ['writtenHeldout35', WRITTEN_HELDOUT_35],
    ['writtenHeldout36', WRITTEN_HELDOUT_36],
    ['writtenHeldout37', WRITTEN_HELDOUT_37],
  ] as const)
    report(set, writtenFigures(await runWritten(writtenWorld, cases, writersDay)));
  // Held-out sets 38–45 were written for the reference day (Tuesday 2026-11-24, 10:00).
  const referenceDay = () => REFERENCE_DAY;
  const referenceWorld = await builtInAgentWorld(referenceDay);
  for (const [set, cases] of [
    ['writtenHeldout38', WRITTEN_HELDOUT_38],
    ['writtenHeldout39', WRITTEN_HELDOUT_39],
    ['writtenHeldout40', WRITTEN_HELDOUT_40],
    ['writtenHeldout41', WRITTEN_HELDOUT_41],
    ['writtenHeldout42', WRITTEN_HELDOUT_42],
    ['writtenHeldout43', WRITTEN_HELDOUT_43],
    ['writtenHeldout44', WRITTEN_HELDOUT_44],
    ['writtenHeldout45', WRITTEN_HELDOUT_45],
  ] as const)
    report(set, writtenFigures(await runWritten(referenceWorld, cases, referenceDay)));
  // Conversations: each message read with the ones before it; the last one judged.
  for (const [set, cases] of [
    ['conversationPeople', WRITTEN_CONV_PEOPLE],
    ['conversationThings', WRITTEN_CONV_THINGS],
    ['conversationAgain', WRITTEN_CONV_AGAIN],
    ['conversationSession', WRITTEN_CONV_SESSION],
    ['conversationHeldoutA', WRITTEN_CONV_HELDOUT_A],
    ['conversationHeldoutB', WRITTEN_CONV_HELDOUT_B],
    ['conversationHeldoutC', WRITTEN_CONV_HELDOUT_C],
    ['conversationHeldoutD', WRITTEN_CONV_HELDOUT_D],
    ['conversationHeldoutE', WRITTEN_CONV_HELDOUT_E],
    ['conversationHeldoutF', WRITTEN_CONV_HELDOUT_F],
    ['conversationHeldoutG', WRITTEN_CONV_HELDOUT_G],
    ['conversationHeldoutH', WRITTEN_CONV_HELDOUT_H],
  ] as const)
    report(set, writtenFigures(await runConversations(writtenWorld, cases, writersDay)));
  console.log('\nRequests written without the agent in view (graph-only):');
  printRows(
    ['set', 'requests', 'first tool right', 'unasked acts', 'asked acts done', 'no-tool left alone'],
    written,
    new Set([1, 2, 3, 4, 5]),
  );
  sheet.printTable();
  if (values.json) sheet.writeJson(values.json);
}

const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)} %`);

/** Candidates an LLM decision's prompt takes per sub-intent (`promptParts`' default). */
const PROMPT_CANDIDATES = 6;

/**
 * Where each ranking puts the first tool a request needs (any of `first`): MRR, top 1, and in the first
 * six (what an LLM engine's prompt lists). `agent` is the candidate list the chat shows and prompts with
 * (`AgentWorld.retrieve`); `learnt` the product ranking without its novelty check (`RankResult.learntOrder`
 * where the check ranked zero-shot: the ranking before it existed), beside the single methods.
 */
async function firstToolRanks(
  world: LocalAgentWorld,
  set: string,
  requests: readonly { request: string; first: readonly string[] }[],
  sheet: FigureSheet,
): Promise<void> {
  const service = new RetrievalService(world.world.embedder);
  service.reset(world.world);
  const methods = ['agent', 'learnt', 'zeroShotHybrid', 'bm25', 'qts'] as const;
  const sums = new Map(methods.map((m) => [m, { rr: 0, top1: 0, inPrompt: 0 }]));
  for (const { request, first } of requests) {
    const product = await service.rank({ query: request, history: [], topK: 100 });
    const lists: Record<(typeof methods)[number], readonly string[]> = {
      agent: (await world.retrieve(request, [], 8)).candidates.map((c) => c.tool),
      learnt: product.learntOrder ?? product.candidates.map((c) => c.tool),
      zeroShotHybrid: [],
      bm25: [],
      qts: [],
    };
    for (const m of ['zeroShotHybrid', 'bm25', 'qts'] as const)
      lists[m] = (await service.rank({ query: request, history: [], topK: 100, method: m })).candidates.map(
        (c) => c.tool,
      );
    for (const m of methods) {
      const at = lists[m].findIndex((t) => first.includes(t));
      const s = sums.get(m)!;
      if (at < 0) continue;
      s.rr += 1 / (at + 1);
      if (at === 0) s.top1++;
      if (at < PROMPT_CANDIDATES) s.inPrompt++;
    }
  }
  const rows: string[][] = [];
  for (const m of methods) {
    const s = sums.get(m)!;
    const n = requests.length;
    const key = `${DATASET}.candidates.${set}.${m}`;
    sheet.record(`${key}.mrr`, s.rr / n, '', undefined, false);
    sheet.record(`${key}.top1`, s.top1 / n, '', undefined, false);
    sheet.record(`${key}.inPrompt`, s.inPrompt / n, '', undefined, false);
    rows.push([m, (s.rr / n).toFixed(3), (s.top1 / n).toFixed(3), (s.inPrompt / n).toFixed(3)]);
  }
  console.log(`\nFirst tool a request needs, in the candidates (${set}, ${requests.length} requests):`);
  printRows(['ranking', 'MRR', 'top 1', 'in first 6'], rows, new Set([1, 2, 3]));
}

/** Prompt tokens per decision on a dataset's test requests (its tools are not executable here). */
async function datasetPrompts(dir: string, limit: number, count: (t: string) => number, sheet: FigureSheet) {
  const ds = loadDatasetFolder(dir);
  if (!ds) return;
  const { name, tools, tasks } = ds;
  const train = tasks.filter((t) => t.split === 'train' && Array.isArray(t.plan) && t.plan.length > 0);
  const test = tasks.filter((t) => t.split === 'test').slice(0, limit);
  if (test.length === 0) return void console.log(`Skipping ${name}: no test tasks (split "test").`);
  const { world, skipped } = await worldFromPlans(tools, train, new LexicalEmbedder());
  warnSkippedPlans(name, skipped, train.length);
  const agentWorld = new LocalAgentWorld(world);
  const probe = new PromptProbe(count);
  const runtime = await createSandboxRuntime();
  const t0 = performance.now();
  for (const t of test) {
    const agent = new Agent({ world: agentWorld, runtime, policy: probe, learn: false, maxSteps: 6 });
    await agent.runTurn(t.query);
  }
  console.log(
    `${name}: ${tools.length} tools, ${train.length} train plans, ${test.length} requests, ${probe.rows.length} decisions, ${Math.round(performance.now() - t0)} ms`,
  );
  const mean = (k: 'subgraph' | 'noSubgraph' | 'allTools') =>
    probe.rows.reduce((s, r) => s + r[k], 0) / Math.max(1, probe.rows.length);
  sheet.record(`${name}.llm-prompt.withSubgraph.promptTokens`, mean('subgraph'), 'tokens');
  sheet.record(`${name}.llm-prompt.noSubgraph.promptTokens`, mean('noSubgraph'), 'tokens');
  sheet.record(`${name}.llm-prompt.allTools.promptTokens`, mean('allTools'), 'tokens');
  sheet.record(`${name}.llm-prompt.withSubgraph.vsAllTools`, mean('subgraph') / mean('allTools'), '', {
    kind: 'max',
    limit: 1,
  });
  sheet.record(`${name}.llm-prompt.decisions`, probe.rows.length, '', undefined, false);
}

runCli(main, USAGE);
