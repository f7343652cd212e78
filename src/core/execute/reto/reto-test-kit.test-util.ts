import type { CallView, ChainView } from '../../agent/agent-events';
import type { ChainRunRequest } from '../../agent/chain-executor';
import type { AgentWorld } from '../../agent/agent-world';
import type { PlanStep } from '../../plan/plan-step';
import type { Tool } from '../../tools/tool';
import type { TraceCall } from '../../trace/trace';
import type { CallFailure, CallOutcome } from '../call-outcome';
import type { ToolRuntime } from '../tool-runtime';

/** A chain as the agent would hand it over, for a plan written by hand. */
export function chainOf(steps: PlanStep[], target = steps[steps.length - 1]!.tool): ChainView {
  return {
    target,
    steps,
    missing: [],
    subgraph: { nodes: [], edges: [], pruned: 0 },
    tree: '',
    method: 'test',
    ms: 0,
  };
}

type Handler = (args: Record<string, unknown>) => unknown;

/** A runtime whose tools answer after `delayMs`, recording when each call ran and how many overlapped. */
export class TimedRuntime implements ToolRuntime {
  readonly calls: { tool: string; args: Record<string, unknown>; start: number; end: number }[] = [];
  readonly failing = new Map<string, CallFailure>();
  inFlight = 0;
  maxInFlight = 0;

  constructor(
    private readonly handlers: Record<string, Handler>,
    private readonly delayMs = 0,
  ) {}

  canExecute(tool: string): boolean {
    return tool in this.handlers;
  }

  async call(tool: Tool, args: Record<string, unknown>): Promise<CallOutcome> {
    const start = performance.now();
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    this.inFlight--;
    const end = performance.now();
    this.calls.push({ tool: tool.name, args, start, end });
    const failure = this.failing.get(tool.name);
    if (failure) return { ok: false, failure, durationMs: end - start };
    const h = this.handlers[tool.name];
    if (!h)
      return {
        ok: false,
        failure: { kind: 'not-executable', code: 'no-impl', message: `${tool.name} cannot run here` },
        durationMs: 0,
      };
    return { ok: true, output: h(args), source: { kind: 'sandbox', label: 'test' }, durationMs: end - start };
  }
}

/** A run request over `world` and `runtime` that records every start, end and notice. */
export function requestFor(
  world: AgentWorld,
  runtime: ToolRuntime,
  chain: ChainView,
  extra: Partial<ChainRunRequest> = {},
) {
  const log = {
    starts: [] as CallView[],
    ends: [] as CallView[],
    trace: [] as TraceCall[],
    notices: [] as string[],
  };
  const req: ChainRunRequest = {
    chain,
    target: chain.target,
    world,
    runtime,
    firstCallIndex: 0,
    failedApis: new Set(),
    onCallStart: (c) => log.starts.push(c),
    onCallEnd: (c, t) => {
      log.ends.push(c);
      log.trace.push(t);
    },
    onNotice: (_level, text) => log.notices.push(text),
    ...extra,
  };
  return { req, log };
}

/** Answers of the station tools (search-fixtures' LOCATE_CITY … GET_FORECAST): Paris, ST-1, ST-2, sunny. */
export const STATION_HANDLERS = {
  locate_city: () => ({ city_name: 'Paris' }),
  find_station: () => ({ station_id: 'ST-1' }),
  nearest_station: () => ({ weather_station_id: 'ST-2' }),
  get_forecast: (a: Record<string, unknown>) => ({ forecast: `sunny at ${String(a.station_id)}` }),
};
