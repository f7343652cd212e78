import type { AgentWorld } from '../agent/agent-world';
import { findLiterals } from '../agent/literals';
import type { ToolRuntime } from '../execute/tool-runtime';
import { END_OF_PLAN } from '../retrieval/retriever';
import { unionCandidates } from '../agent/candidate-union';
import type { EvalRetrieval } from './eval-world';
import { baselineArguments, rememberOutputs } from './fill';
import { unrecovered, type RunRecord } from './run-record';
import type { SimulatedUser } from './simulated-user';

export interface GreedySetup {
  world: Pick<AgentWorld, 'tool' | 'paramNodeOf'>;
  retrieval: EvalRetrieval;
  runtime: ToolRuntime;
  today: number;
  /** Most calls (default 6). */
  maxCalls?: number;
}

/**
 * The greedy retriever-only planner (no graph search, no LLM): call the retriever's top tool for the
 * request and the tools called so far, fill its arguments as the agent would, and repeat until the
 * retriever ranks end-of-plan first. With DTDR's hybrid when the dataset has training plans; on a
 * zero-shot dataset query–tool match only, which cannot say "stop", so it makes one call. It does not
 * recover from a failure.
 */
export async function runGreedy(
  query: string,
  setup: GreedySetup,
  user: SimulatedUser,
  signal?: AbortSignal,
): Promise<RunRecord> {
  const t0 = performance.now();
  const record: RunRecord = {
    calls: [],
    completed: false,
    llmCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    decisions: 0,
    clarifications: 0,
    inertial: 0,
    ms: 0,
  };
  const r = setup.retrieval;
  const known = new Map<string, unknown>();
  const fill = {
    world: setup.world,
    query,
    literals: findLiterals(query, setup.today),
    today: setup.today,
    known,
    user,
    onAsk: () => record.clarifications++,
  };
  const history: string[] = [];
  let ended = false;
  for (let i = 0; i < (setup.maxCalls ?? 6); i++) {
    if (signal?.aborted) break;
    record.decisions++;
    let ranked;
    if (r.hybrid) ranked = await r.rank(r.hybrid, query, history);
    else {
      if (i > 0) {
        ended = true;
        break;
      }
      ranked = unionCandidates(await r.rank(r.bm25, query, []), [await r.rank(r.qts, query, [])], 8);
    }
    const top = ranked.find(
      (c) => c.tool === END_OF_PLAN || (c.tool !== history[history.length - 1] && setup.world.tool(c.tool)),
    );
    if (!top || top.tool === END_OF_PLAN) {
      ended = true;
      break;
    }
    const tool = setup.world.tool(top.tool)!;
    const args = baselineArguments(tool, fill);
    const out = await setup.runtime.call(tool, args, signal);
    record.calls.push({
      tool: tool.name,
      args,
      status: out.ok ? 'ok' : 'error',
      ...(out.ok ? { output: out.output } : {}),
    });
    if (!out.ok) break;
    rememberOutputs(tool, out.output, fill);
    history.push(tool.name);
  }
  if (!ended && record.calls.length === (setup.maxCalls ?? 6) && record.calls.at(-1)?.status === 'ok')
    ended = true;
  record.completed = ended && !unrecovered(record.calls);
  record.ms = performance.now() - t0;
  return record;
}
