import {
  BENCH_CLOCK,
  infeasibleCategory,
  knownFromPlan,
  outputFieldIndex,
} from '../../src/core/bench/search-bench';
import { SyntheticRuntime } from '../../src/core/bench/synthetic-runtime';
import { FailureInjector } from '../../src/core/execute/failure-injection';
import { runPlan } from '../../src/core/execute/step-runner';
import type { RecombineMode } from '../../src/core/search/recombine';
import type { WeightProvider } from '../../src/core/search/weight-provider';
import type { ToolWorld } from '../../src/core/world/world';
import { ms, OUTAGE_RATE, record, type Task } from './shared';

// ------------------------------------------------------------------------------------------------
// Simulated execution with recombination

const MODE_KEY: Record<RecombineMode, string> = {
  'io-equivalent': 'ioEquivalent',
  'upstream-reroute': 'upstreamReroute',
  'subgraph-switch': 'subgraphSwitch',
};

interface RecombinationTally {
  plans: number;
  completedNoFailure: number;
  completedViaRecombination: number;
  completedTargetChanged: number;
  infeasible: number;
  errors: number;
  calls: number;
  failedCalls: number;
  /** Successful recombinations, in every plan (completed or not). */
  recombinations: number;
  /** Calls of an API that had already failed earlier in the same task (a pending step kept its tool). */
  callsToFailedApis: number;
  /** Plans completed via recombination that used each mode at least once (a plan can count under two). */
  byMode: Record<string, number>;
  /** Recombination attempts that failed (the plan ended infeasible there), by category. */
  reasons: Map<string, number>;
}

const emptyTally = (): RecombinationTally => ({
  plans: 0,
  completedNoFailure: 0,
  completedViaRecombination: 0,
  completedTargetChanged: 0,
  infeasible: 0,
  errors: 0,
  calls: 0,
  failedCalls: 0,
  recombinations: 0,
  callsToFailedApis: 0,
  byMode: { ioEquivalent: 0, upstreamReroute: 0, subgraphSwitch: 0 },
  reasons: new Map(),
});

export const overall = emptyTally();

export async function benchRecombination(
  p: string,
  world: ToolWorld,
  weights: WeightProvider,
  tasks: Task[],
  seed: number,
): Promise<void> {
  const fields = outputFieldIndex(world);
  // One injector for the whole run, so outcomes depend on the seed and on the order of calls only.
  const runtime = new SyntheticRuntime(fields);
  const outages = new FailureInjector(runtime, {
    seed,
    rate: OUTAGE_RATE,
    faults: 'unavailable',
    sticky: true,
  });
  const tally = emptyTally();
  const examples: string[] = [];
  const t0 = performance.now();
  for (const task of tasks) {
    outages.nextTask();
    runtime.startTask(task.plan);
    tally.plans++;
    const before = { calls: outages.calls, failures: outages.failures };
    try {
      const res = await runPlan(world, task.plan, outages, {
        weights,
        known: knownFromPlan(world, task.plan),
        excluded: new Set(),
        now: () => BENCH_CLOCK,
      });
      tally.recombinations += res.recombinations.filter((r) => r.mode !== null).length;
      const failed = new Set<string>();
      for (const r of res.steps) {
        if (failed.has(r.tool)) tally.callsToFailedApis++;
        if (!r.ok) failed.add(r.tool);
      }
      if (res.status === 'completed') {
        if (res.recombinations.length === 0) tally.completedNoFailure++;
        else {
          tally.completedViaRecombination++;
          const modes = new Set(res.recombinations.map((r) => r.mode).filter((m) => m !== null));
          for (const m of modes) tally.byMode[MODE_KEY[m]]!++;
          const last = res.plan[res.plan.length - 1]?.tool;
          if (last !== task.plan[task.plan.length - 1]!.tool) tally.completedTargetChanged++;
        }
      } else {
        tally.infeasible++;
        const c = infeasibleCategory(res);
        tally.reasons.set(c, (tally.reasons.get(c) ?? 0) + 1);
        if (examples.length < 3) examples.push(res.reason);
      }
    } catch (e) {
      tally.errors++;
      const c = `error: ${(e as Error).message.replace(/"[^"]*"/g, '"…"').slice(0, 60)}`;
      tally.reasons.set(c, (tally.reasons.get(c) ?? 0) + 1);
    }
    tally.calls += outages.calls - before.calls;
    tally.failedCalls += outages.failures - before.failures;
  }
  console.log(`  recombination: ${tally.plans} plans simulated in ${(ms(t0) / 1000).toFixed(1)} s`);
  const modes = Object.entries(tally.byMode)
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  console.log(
    `    completed without failure ${tally.completedNoFailure}, via recombination ` +
      `${tally.completedViaRecombination} (plans using ${modes}), infeasible ${tally.infeasible + tally.errors}`,
  );
  for (const e of examples) console.log(`    e.g. ${e.length > 220 ? `${e.slice(0, 220)}…` : e}`);
  recordTally(`${p}.recombination`, tally, false);
  mergeTally(overall, tally);
}

function mergeTally(into: RecombinationTally, from: RecombinationTally): void {
  for (const k of [
    'plans',
    'completedNoFailure',
    'completedViaRecombination',
    'completedTargetChanged',
    'infeasible',
    'errors',
    'calls',
    'failedCalls',
    'recombinations',
    'callsToFailedApis',
  ] as const)
    into[k] += from[k];
  for (const [m, n] of Object.entries(from.byMode)) into.byMode[m] = (into.byMode[m] ?? 0) + n;
  for (const [r, n] of from.reasons) into.reasons.set(r, (into.reasons.get(r) ?? 0) + n);
}

const slug = (s: string): string =>
  s
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^./, (c) => c.toLowerCase());

export function recordTally(prefix: string, t: RecombinationTally, table: boolean): void {
  if (t.plans === 0) return;
  record(`${prefix}.plans`, t.plans, '', undefined, table);
  record(`${prefix}.callFailureRate`, t.calls === 0 ? 0 : t.failedCalls / t.calls, '', undefined, table);
  record(`${prefix}.completedNoFailure`, t.completedNoFailure, '', undefined, table);
  record(`${prefix}.completedViaRecombination`, t.completedViaRecombination, '', undefined, table);
  for (const [m, n] of Object.entries(t.byMode))
    record(`${prefix}.completedViaRecombination.${m}`, n, '', undefined, table);
  record(`${prefix}.completedTargetChanged`, t.completedTargetChanged, '', undefined, table);
  record(`${prefix}.recombinations`, t.recombinations, '', undefined, table);
  record(`${prefix}.callsToFailedApis`, t.callsToFailedApis, '', undefined, table);
  record(`${prefix}.infeasible`, t.infeasible + t.errors, '', undefined, table);
  const top = [...t.reasons].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
  for (const [r, n] of top) record(`${prefix}.infeasible.${slug(r)}`, n, '', undefined, table);
}
