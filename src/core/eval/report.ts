import { DIFFICULTIES } from './eval-task';
import { tsrFit, type DatasetResult, type Metrics } from './run-eval';

/** One figure of an evaluation, as `--json` writes it. */
export interface EvalFigure {
  key: string;
  value: number;
}

const METRIC_KEYS: readonly Exclude<keyof Metrics, 'failures'>[] = [
  'tsr',
  'tcr',
  'f1',
  'plan',
  'args',
  'steps',
  'llmCalls',
  'promptTokens',
  'completionTokens',
  'ms',
  'n',
  'llmCallsSolved',
  'clarifications',
  'calls',
  'inertial',
  'waitedMs',
];

/**
 * The flat figures of a dataset's evaluation: `<dataset>.<engine>.<config>.<metric>` (metric one of tsr,
 * tcr, f1, plan (tool-plan exact match), args (argument accuracy), steps, llmCalls, promptTokens, completionTokens, ms, n, plus llmCallsSolved, clarifications,
 * calls, inertial, waitedMs), `<dataset>.<engine>.<config>.<difficulty>.<metric>`, paired differences as
 * `<dataset>.<engine>.diff.<a>-<b>.<metric>` with `…<metric>Ci95` (half-width), and where the time went as
 * `<dataset>.<engine>.time.*`. A metric with no value (Steps when nothing was solved) is left out.
 */
export function evalFigures(r: DatasetResult): EvalFigure[] {
  const out: EvalFigure[] = [];
  const base = `${r.dataset}.${r.engine}`;
  const put = (key: string, v: number | null) => {
    if (v !== null && Number.isFinite(v)) out.push({ key, value: v });
  };
  for (const c of r.configs) {
    if (!c.ran) continue;
    for (const k of METRIC_KEYS) put(`${base}.${c.config}.${k}`, c.metrics[k]);
    for (const [k, v] of Object.entries(c.metrics.failures)) put(`${base}.${c.config}.fail.${k}`, v);
    for (const d of DIFFICULTIES) {
      const m = c.byDifficulty[d];
      if (!m) continue;
      for (const k of ['tsr', 'tcr', 'steps', 'llmCalls', 'promptTokens', 'n'] as const)
        put(`${base}.${c.config}.${d}.${k}`, m[k]);
    }
    put(`${base}.${c.config}.tsrFit`, tsrFit(c, r.goldMisfits));
    put(`${base}.time.${c.config}.ms`, c.timing.ms);
    put(`${base}.time.${c.config}.retrieveMs`, c.timing.retrieveMs);
    put(`${base}.time.${c.config}.searchMs`, c.timing.searchMs);
  }
  for (const d of r.diffs) {
    put(`${base}.diff.${d.a}-${d.b}.${d.metric}`, d.interval.mean);
    put(`${base}.diff.${d.a}-${d.b}.${d.metric}Ci95`, d.interval.half);
  }
  put(`${base}.zeroShot`, r.zeroShot ? 1 : 0);
  put(`${base}.failRate`, r.failRate);
  put(`${base}.outageCeiling`, r.outageCeiling);
  put(`${base}.goldTypeErrors`, r.goldTypeErrors);
  put(`${base}.goldMisfits`, r.tasks ? r.goldMisfits.length / r.tasks : 0);
  put(`${base}.time.worldMs`, r.timing.worldMs);
  put(`${base}.time.retrievalMs`, r.timing.retrievalMs);
  put(`${base}.time.hgtMs`, r.timing.hgtMs);
  put(`${base}.time.totalMs`, r.timing.totalMs);
  for (const [k, v] of Object.entries(r.simulator)) put(`${base}.simulator.${k}`, v);
  return out;
}

const pct = (v: number) => (100 * v).toFixed(1);
const num = (v: number | null, digits = 2) => (v === null ? '—' : v.toFixed(digits));

/** The per-dataset table as Markdown (what BENCHMARKS.md shows and the CLI prints). */
export function resultTable(r: DatasetResult): string {
  const head =
    '| config | TSR % | TCR % | F1 | plan % | args % | Steps | LLM calls | calls/solved | prompt tok | compl. tok | ms | easy / medium / hard TSR % |';
  const rule = '|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const rows = r.configs.map((c) => {
    if (!c.ran) return `| ${c.config} | — | — | — | — | — | — | — | — | — | — | — | ${c.notes.join('; ')} |`;
    const m = c.metrics;
    const diff = DIFFICULTIES.map((d) => (c.byDifficulty[d] ? pct(c.byDifficulty[d]!.tsr) : '—')).join(' / ');
    return `| ${c.config} | ${pct(m.tsr)} | ${pct(m.tcr)} | ${num(m.f1)} | ${pct(m.plan)} | ${m.args === null ? '—' : pct(m.args)} | ${num(m.steps)} | ${num(m.llmCalls)} | ${num(m.llmCallsSolved)} | ${Math.round(m.promptTokens)} | ${Math.round(m.completionTokens)} | ${num(m.ms, 1)} | ${diff} |`;
  });
  return [head, rule, ...rows].join('\n');
}

/** Why tasks were not solved, per configuration: "full: missing tool 40 %, extra calls 30 %, …". */
export function failureLines(r: DatasetResult): string[] {
  return r.configs
    .filter((c) => c.ran && c.metrics.tsr < 1)
    .map(
      (c) =>
        `${c.config} unsolved: ` +
        Object.entries(c.metrics.failures)
          .filter(([, v]) => v > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${pct(v)} %`)
          .join(', '),
    );
}

/** Paired differences as text lines: "full − react: TSR +0.120 ± 0.041". */
export function diffLines(r: DatasetResult): string[] {
  return r.diffs
    .filter((d) => d.metric === 'tsr' || d.metric === 'tcr')
    .map(
      (d) =>
        `${d.a} − ${d.b}: ${d.metric.toUpperCase()} ${d.interval.mean >= 0 ? '+' : ''}${d.interval.mean.toFixed(3)} ± ${d.interval.half.toFixed(3)} (n ${d.interval.n})`,
    );
}
