// npm run eval:agent -- --data <dataset dir> [--engine graph-only|oracle|noisy-oracle|endpoint]
//   [--config full,react,…] [--fail-rate 0.3] [--limit N] [--json <file>]
// The whole agent on benchmark tasks (issue 15): the protocol is src/core/eval/run-eval.ts; this file
// reads the dataset folders, picks the token counter, splits the configurations over worker threads
// (--jobs, default 2: one per core) and prints the tables.

import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  CONFIG_IDS,
  DEFAULT_CONFIGS,
  ENGINE_CHOICES,
  parseConfigs,
  type ConfigId,
  type EngineChoice,
} from '../src/core/eval/configs';
import type { AgentEvent } from '../src/core/agent/agent-events';
import { diffLines, evalFigures, failureLines, resultTable } from '../src/core/eval/report';
import {
  evaluateDataset,
  mergeResults,
  splitConfigs,
  tsrFit,
  type DatasetResult,
  type EvalOptions,
  type EvalProgress,
} from '../src/core/eval/run-eval';
import { EndpointEngine } from '../src/core/llm/endpoint-engine';
import { loadEvalDatasetDir } from './eval-dataset-file';
import { ProgressLine } from './progress-line';
import { FigureSheet, runCli } from './figures';
import { tryLoadQwenTokenCounter } from './qwen-token-counter';

const SHARED = resolve(import.meta.dirname, '../../shared/data');

const USAGE = `Usage: npm run eval:agent -- [--data <dataset dir>]... [--engine ${ENGINE_CHOICES.join('|')}]
       [--config <${CONFIG_IDS.join(',')}>] [--fail-rate 0.3 [--faults outage|mixed] [--outage-calls n|task]]
       [--outage-retries 2] [--limit N] [--json <file>]
       [--jobs 2] [--noise 0.2] [--seed 1] [--hgt-epochs 20] [--max-steps 12] [--no-early-calls]
       [--no-graph-fallback] [--endpoint-url http://127.0.0.1:8080 --model <name>] [--tasks] [--trace <task id>]

  Runs the agent on each dataset's test tasks: the world from its tools and train plans, tools in the API
  simulator, clarifications answered by a simulated user from the gold arguments. Without --data every
  dataset folder under ../shared/data with tasks; without --config: ${DEFAULT_CONFIGS.join(', ')}.
  --limit N runs N test tasks spread evenly over the split. --jobs N splits the configurations over N
  threads (each builds its own world). --tasks prints every unsolved task with the reason; --trace <task id>
  prints that task's decisions, calls, gate reports and detours as they happen. --dev runs on a fifth of
  the train split (the world from the rest) instead of the test split: tune there, report on test.
  --no-plans builds the world from the tool schemas alone (every dataset zero-shot).
  --outage-calls n makes an injected outage last n further calls of the tool instead of the task (default
  task); --outage-retries n is how often the executor calls an unavailable tool again, with backoff, before
  routing around it (default 2; 0: at once). Backoff waits are counted per task (waitedMs), not slept.`;

/** What one thread runs: a dataset folder and the options that cross a thread boundary. */
interface ThreadJob {
  dir: string;
  engine: EngineChoice;
  configs: ConfigId[];
  options: Pick<
    EvalOptions,
    | 'noise'
    | 'seed'
    | 'failRate'
    | 'faults'
    | 'outageCalls'
    | 'outageRetries'
    | 'limit'
    | 'maxSteps'
    | 'hgtEpochs'
    | 'earlyCalls'
    | 'fallbackToGraph'
  >;
  endpoint?: { baseUrl: string; model: string };
  /** A task id whose agent events are printed as they happen (`--trace`). */
  trace?: string;
  /** Requests from the development split (`--dev`), for tuning without the test tasks. */
  dev?: boolean;
  /** The world from the tool schemas alone (`--no-plans`). */
  noPlans?: boolean;
}

type ThreadMessage =
  | { type: 'progress'; progress: EvalProgress }
  | { type: 'result'; result: DatasetResult; countMs: number }
  | { type: 'error'; message: string };

function datasetDirs(given: string[] | undefined): string[] {
  if (given?.length) return given;
  if (!existsSync(SHARED)) return [];
  return readdirSync(SHARED)
    .map((d) => resolve(SHARED, d))
    .filter((d) => existsSync(resolve(d, 'tasks.jsonl')) && existsSync(resolve(d, 'tools.json')))
    .sort();
}

/** Runs one job in this thread: the dataset, its configurations, the Qwen3 counter for the oracles. */
async function runJob(
  job: ThreadJob,
  onProgress: (p: EvalProgress) => void,
): Promise<{ result: DatasetResult; countMs: number }> {
  const ds = loadEvalDatasetDir(job.dir, job.dev, job.noPlans);
  if (typeof ds === 'string') throw new Error(`${job.dir}: ${ds}`);
  const oracle = job.engine === 'oracle' || job.engine === 'noisy-oracle';
  const qwen = oracle ? await tryLoadQwenTokenCounter() : undefined;
  let countMs = 0;
  const count = qwen
    ? (t: string) => {
        const c0 = performance.now();
        const n = qwen.count(t);
        countMs += performance.now() - c0;
        return n;
      }
    : undefined;
  const result = await evaluateDataset(ds, {
    engine: job.engine,
    configs: job.configs,
    ...job.options,
    ...(job.endpoint ? { llm: new EndpointEngine(job.endpoint) } : {}),
    ...(count ? { count } : {}),
    ...(job.trace ? { onTaskEvent: traceEvent(job.trace) } : {}),
    onProgress,
  });
  return { result, countMs };
}

/** Prints one task's events, a line each, so a person can see why it failed. */
function traceEvent(taskId: string) {
  const short = (v: unknown) => JSON.stringify(v)?.slice(0, 160);
  return (id: string, config: ConfigId, e: AgentEvent) => {
    if (id !== taskId) return;
    const line = (text: string) => console.log(`  [${config} ${id}] ${text}`);
    switch (e.type) {
      case 'decision':
        return line(`decision ${e.step}${e.inertial ? ' (inertia)' : ''}: ${short(e.actions)}`);
      case 'candidates':
        return line(`candidates for "${e.query}": ${e.candidates.map((c) => c.tool).join(', ')}`);
      case 'toolchain':
        return line(`toolchain: ${short(e.chain)}`);
      case 'call-end': {
        const c = e.call;
        const extra = [
          c.layer !== undefined ? `layer ${c.layer}` : '',
          c.failure ? `failed ${c.failure.kind}: ${c.failure.message}` : '',
          c.gate ? `gate ${short(c.gate)}` : '',
          c.detour ? `detour ${short(c.detour)}` : '',
        ].filter(Boolean);
        return line(
          `call ${c.tool} ${short(c.args)} → ${c.status} ${short(c.output) ?? ''} ${extra.join('; ')}`,
        );
      }
      case 'question':
        return line(`question: ${e.question.text}`);
      case 'user-answer':
        return line(`user: ${e.field} = ${e.answer}`);
      case 'notice':
        return line(`${e.level}: ${e.text}`);
      case 'answer':
        return line(`answer: ${e.text.slice(0, 300)}`);
    }
  };
}

/** The job in a worker thread (this same file, loaded through tsx). */
function runInThread(job: ThreadJob, onProgress: (p: EvalProgress) => void) {
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: job });
  return new Promise<{ result: DatasetResult; countMs: number }>((resolvePromise, reject) => {
    worker.on('message', (m: ThreadMessage) => {
      if (m.type === 'progress') onProgress(m.progress);
      else if (m.type === 'result') resolvePromise({ result: m.result, countMs: m.countMs });
      else reject(new Error(m.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => code !== 0 && reject(new Error(`evaluation thread exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      engine: { type: 'string', default: 'graph-only' },
      config: { type: 'string' },
      'fail-rate': { type: 'string', default: '0' },
      faults: { type: 'string', default: 'outage' },
      'outage-calls': { type: 'string', default: 'task' },
      'outage-retries': { type: 'string', default: '2' },
      limit: { type: 'string' },
      json: { type: 'string' },
      jobs: { type: 'string', default: '2' },
      noise: { type: 'string', default: '0.2' },
      seed: { type: 'string', default: '1' },
      'hgt-epochs': { type: 'string', default: '20' },
      'max-steps': { type: 'string', default: '12' },
      'no-early-calls': { type: 'boolean' },
      'no-graph-fallback': { type: 'boolean' },
      'endpoint-url': { type: 'string' },
      model: { type: 'string' },
      tasks: { type: 'boolean' },
      trace: { type: 'string' },
      dev: { type: 'boolean' },
      'no-plans': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const badValue = (message: string) =>
    Object.assign(new Error(message), { code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' });
  const engine = values.engine as EngineChoice;
  if (!(ENGINE_CHOICES as readonly string[]).includes(engine))
    throw badValue(`--engine must be one of ${ENGINE_CHOICES.join(', ')}`);
  let configs: ConfigId[];
  try {
    configs = values.config ? parseConfigs(values.config) : [...DEFAULT_CONFIGS];
  } catch (e) {
    throw badValue((e as Error).message);
  }
  const failRate = Number(values['fail-rate']);
  const faults = values.faults as 'outage' | 'mixed';
  if (faults !== 'outage' && faults !== 'mixed') throw badValue('--faults must be outage or mixed');
  const outageCalls = values['outage-calls'] === 'task' ? 'task' : Number(values['outage-calls']);
  if (outageCalls !== 'task' && !(Number.isInteger(outageCalls) && outageCalls >= 0))
    throw badValue('--outage-calls must be task or a whole number ≥ 0');
  const outageRetries = Number(values['outage-retries']);
  if (!(Number.isInteger(outageRetries) && outageRetries >= 0))
    throw badValue('--outage-retries must be a whole number ≥ 0');
  const limit = values.limit ? Number(values.limit) : undefined;
  const jobs = Math.max(1, Number(values.jobs) || 1);
  if (engine === 'endpoint' && (!values['endpoint-url'] || !values.model))
    throw badValue('--engine endpoint needs --endpoint-url and --model');

  const sheet = new FigureSheet();
  sheet.meta.tokenCounter =
    engine === 'oracle' || engine === 'noisy-oracle'
      ? (await tryLoadQwenTokenCounter())
        ? 'Qwen3 tokenizer'
        : 'chars/4 (Qwen3 tokenizer not installed)'
      : engine === 'endpoint'
        ? 'the server’s usage'
        : 'none (no LLM)';
  sheet.meta.engine = engine;
  sheet.meta.configs = configs;
  sheet.meta.failRate = failRate;
  sheet.meta.faults = faults;
  sheet.meta.outageCalls = outageCalls;
  sheet.meta.outageRetries = outageRetries;
  sheet.meta.jobs = jobs;
  if (limit !== undefined) sheet.meta.limit = limit;

  const dirs = datasetDirs(values.data);
  if (dirs.length === 0) console.log(`No dataset folders (looked in ${SHARED}); pass --data <dir>.`);
  const t0 = performance.now();
  for (const dir of dirs) {
    const ds = loadEvalDatasetDir(dir, values.dev, values['no-plans']);
    if (typeof ds === 'string') {
      console.log(`Skipping ${dir}: ${ds}.`);
      continue;
    }
    const d0 = performance.now();
    const base: Omit<ThreadJob, 'configs'> = {
      dir,
      engine,
      options: {
        noise: Number(values.noise),
        seed: Number(values.seed),
        failRate,
        faults,
        outageCalls,
        outageRetries,
        ...(limit !== undefined ? { limit } : {}),
        maxSteps: Number(values['max-steps']),
        hgtEpochs: Number(values['hgt-epochs']),
        ...(values['no-early-calls'] ? { earlyCalls: false } : {}),
        ...(values['no-graph-fallback'] ? { fallbackToGraph: false } : {}),
      },
      ...(engine === 'endpoint'
        ? { endpoint: { baseUrl: values['endpoint-url']!, model: values.model! } }
        : {}),
      ...(values.trace ? { trace: values.trace } : {}),
      ...(values.dev ? { dev: true } : {}),
      ...(values['no-plans'] ? { noPlans: true } : {}),
    };
    const groups = splitConfigs(configs, jobs);
    const status = new Map<number, string>();
    const stages = new Map<number, string>();
    const line = new ProgressLine();
    const show = (i: number, p: EvalProgress) => {
      status.set(i, p.stage === 'run' ? `${p.config} ${p.done}/${p.total}` : p.stage);
      stages.set(i, `${p.stage} ${p.config ?? ''}`);
      line.update(`${ds.name}: ${[...status.values()].join(' | ')}`, [...stages.values()].join('|'));
    };
    const parts =
      groups.length === 1
        ? [await runJob({ ...base, configs: groups[0]! }, (p) => show(0, p))]
        : await Promise.all(groups.map((g, i) => runInThread({ ...base, configs: g }, (p) => show(i, p))));
    line.clear();
    const r = mergeResults(
      parts.map((p) => p.result),
      configs,
    );
    const countMs = parts.reduce((t, p) => t + p.countMs, 0);
    const secs = (performance.now() - d0) / 1000;
    console.log(
      `\n## ${r.dataset} — ${engine}${failRate ? `, ${failRate * 100} % injected failures (${faults === 'mixed' ? 'mixed kinds, only outages lasting' : 'outages lasting'} ${outageCalls === 'task' ? 'the task' : `${outageCalls} further call${outageCalls === 1 ? '' : 's'}`})` : ''}` +
        ` (${r.tasks} of ${r.testTasks} test tasks, ${r.trainPlans} train plans, ${r.tools} tools${r.zeroShot ? ', zero-shot' : ''}; ` +
        `${secs.toFixed(1)} s wall${groups.length > 1 ? ` in ${groups.length} threads: ${groups.map((g) => g.join('+')).join(' | ')}` : ''})\n`,
    );
    console.log(resultTable(r));
    for (const l of diffLines(r)) console.log(`  ${l}`);
    for (const l of failureLines(r)) console.log(`  ${l}`);
    for (const c of r.configs) if (c.notes.length) console.log(`  ${c.config}: ${c.notes.join('; ')}`);
    for (const n of r.notes) console.log(`  note: ${n}`);
    if (r.goldTypeErrors > 0)
      console.log(
        `  note: ${(100 * r.goldTypeErrors).toFixed(1)} % of the gold plans give an argument of another JSON type than the tool's schema (a schema gate refuses those calls)`,
      );
    if (r.goldMisfits.length > 0)
      console.log(
        `  note: ${r.goldMisfits.length} of ${r.tasks} gold plans do not pass the schema gate themselves (wrong type, value outside an enum, undeclared key); TSR on the other ${r.tasks - r.goldMisfits.length}: ` +
          r.configs
            .filter((c) => c.ran)
            .map((c) => `${c.config} ${(100 * (tsrFit(c, r.goldMisfits) ?? 0)).toFixed(1)} %`)
            .join(', '),
      );
    const waits = r.configs.filter((c) => c.ran && c.metrics.waitedMs > 0);
    if (waits.length)
      console.log(
        `  waiting for tools to come back (counted, not slept; ${outageRetries} backoff retries): ` +
          waits.map((c) => `${c.config} ${(c.metrics.waitedMs / 1000).toFixed(2)} s a task`).join(', '),
      );
    const sim = r.simulator;
    console.log(
      `  simulator: ${sim.recorded} recorded, ${sim.cloned} cloned, ${sim.schema} schema mocks, ${sim.refused} refused calls`,
    );
    console.log(
      `  time (s): world ${(r.timing.worldMs / 1000).toFixed(1)}, retrieval fit ${(r.timing.retrievalMs / 1000).toFixed(1)}, ` +
        `HGT ${(r.timing.hgtMs / 1000).toFixed(1)}; ` +
        r.configs
          .filter((c) => c.ran)
          .map(
            (c) =>
              `${c.config} ${(c.timing.ms / 1000).toFixed(1)} (retrieval ${(c.timing.retrieveMs / 1000).toFixed(1)}, search ${(c.timing.searchMs / 1000).toFixed(1)})`,
          )
          .join(', ') +
        (countMs ? `; token counting ${(countMs / 1000).toFixed(1)}` : ''),
    );
    if (values.tasks)
      for (const c of r.configs)
        for (const t of c.tasks.filter((x) => !x.tsr)) console.log(`  ${c.config} ${t.id}: ${t.reason}`);
    for (const f of evalFigures(r)) sheet.record(f.key, f.value, '', undefined, false);
    sheet.record(`${r.dataset}.${engine}.time.wallMs`, performance.now() - d0, 'ms', undefined, false);
    sheet.record(`${r.dataset}.${engine}.time.tokenCountMs`, countMs, 'ms', undefined, false);
  }
  sheet.meta.wallSeconds = Math.round((performance.now() - t0) / 100) / 10;
  console.log(`\nTotal ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  if (values.json) sheet.writeJson(values.json);
}

if (isMainThread) runCli(main, USAGE);
else {
  const job = workerData as ThreadJob;
  const post = (m: ThreadMessage) => parentPort!.postMessage(m);
  runJob(job, (progress) => post({ type: 'progress', progress })).then(
    ({ result, countMs }) => post({ type: 'result', result, countMs }),
    (e: unknown) => post({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
}
