import { CONFIGS, DEFAULT_CONFIGS, type ConfigId, type EngineChoice } from '../../core/eval/configs';
import { datasetKey, parseEvalDataset } from '../../core/eval/dataset';
import type { EvalJobInput, EvalJobOutcome } from '../../core/eval/eval-job';
import type { DatasetResult, EvalProgress } from '../../core/eval/run-eval';
import { detectFormat } from '../../core/tools/importers';
import { Store } from '../store';

/** What runs an evaluation: the evaluation worker in the app (eval-worker-client.ts), in-thread in tests. */
export interface EvalBackend {
  run(input: EvalJobInput, onProgress: (p: EvalProgress) => void): Promise<EvalJobOutcome>;
  cancel(): void;
}

/** A dataset the user dropped or picked: its name and files, with what parsing them found. */
export interface LoadedDataset {
  name: string;
  tools: number;
  train: number;
  test: number;
  zeroShot: boolean;
}

export interface EvalSessionState {
  dataset: LoadedDataset | null;
  /** Why the files could not be used, when they could not. */
  loadError: string | null;
  /** What the loaded files held that is not used (bad task lines, rejected tools), or null. */
  loadWarning: string | null;
  engine: EngineChoice;
  configs: ConfigId[];
  /** Test tasks to run (evenly spread); null for all. */
  limit: number | null;
  failRate: number;
  /**
   * Why a value typed into Tasks or Injected failures was refused (null: the field is fine). The refused
   * value is not used: `limit` / `failRate` keep the last valid one, and Run waits until it is fixed.
   */
  fieldErrors: { limit: string | null; failRate: string | null };
  endpoint: { baseUrl: string; model: string };
  running: boolean;
  progress: { label: string; done: number; total: number; stage: EvalProgress['stage'] } | null;
  result: DatasetResult | null;
  figures: Record<string, number> | null;
  message: { level: 'info' | 'error'; text: string } | null;
}

export interface DroppedFile {
  /** The file's name, or its path inside a dropped folder (`nestful_v1/tasks.jsonl`). */
  path: string;
  text: string;
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * The Evaluate panel's state, framework-free: the dataset (a folder in the shared format: tools.json +
 * tasks.jsonl), the engine and configurations, the running job's progress, and the result table. The run
 * happens in the evaluation worker; Cancel stops it at the next task.
 */
export class EvalSession extends Store<EvalSessionState> {
  private files: { toolsJson: string; tasksJsonl: string } | null = null;

  constructor(private readonly backend: () => EvalBackend) {
    super({
      dataset: null,
      loadError: null,
      loadWarning: null,
      engine: 'oracle',
      configs: [...DEFAULT_CONFIGS],
      limit: 50,
      failRate: 0,
      fieldErrors: { limit: null, failRate: null },
      endpoint: { baseUrl: 'http://127.0.0.1:8080', model: 'local' },
      running: false,
      progress: null,
      result: null,
      figures: null,
      message: null,
    });
  }

  /** Takes the dropped or picked files: a tools.json and a tasks.jsonl (from one folder). */
  load(files: readonly DroppedFile[], folderName?: string): void {
    const tools = files.find((f) => baseName(f.path) === 'tools.json');
    const tasks = files.find((f) => baseName(f.path) === 'tasks.jsonl');
    if (!tools || !tasks) {
      this.set({
        loadError: `A dataset is a folder with tools.json and tasks.jsonl; got ${files.map((f) => baseName(f.path)).join(', ') || 'nothing'}.${this.stillLoaded()}`,
      });
      return;
    }
    const folder = folderName ?? tasks.path.split(/[\\/]/).slice(-2, -1)[0] ?? 'dataset';
    try {
      const ds = parseEvalDataset(folder, tools.text, tasks.text);
      this.files = { toolsJson: tools.text, tasksJsonl: tasks.text };
      this.set({
        dataset: {
          name: datasetKey(folder),
          tools: ds.tools.length,
          train: ds.train.length,
          test: ds.test.length,
          zeroShot: ds.zeroShot,
        },
        loadError: null,
        loadWarning: joinWarnings(
          skippedText(ds.badLines, ds.rejectedTools),
          unknownToolsText(
            new Set(ds.tools.map((t) => t.name)),
            ds.test.map((t) => t.plan.map((s) => s.tool)),
            namesInFile(tools.text),
          ),
        ),
        result: null,
        figures: null,
        message: null,
      });
    } catch (e) {
      this.set({ loadError: `${e instanceof Error ? e.message : String(e)}${this.stillLoaded()}` });
    }
  }

  /** After files that could not be used, which dataset Run still uses (it showed beside the error). */
  private stillLoaded(): string {
    const ds = this.state.dataset;
    return ds ? ` The dataset loaded before (${ds.name}) is still the one Run uses.` : '';
  }

  setEngine(engine: EngineChoice): void {
    this.set({ engine });
  }

  toggleConfig(id: ConfigId, on: boolean): void {
    const configs = on
      ? [...new Set([...this.state.configs, id])]
      : this.state.configs.filter((c) => c !== id);
    // Keep the table in the registry's order.
    this.set({ configs: (Object.keys(CONFIGS) as ConfigId[]).filter((c) => configs.includes(c)) });
  }

  /** Test tasks to run; null for all. Anything but a whole number ≥ 1 is refused, with a message. */
  setLimit(limit: number | null): void {
    const fieldErrors = { ...this.state.fieldErrors };
    if (limit !== null && !(Number.isInteger(limit) && limit >= 1)) {
      fieldErrors.limit = `Tasks must be a whole number of 1 or more (empty: all test tasks); ${limit} is not.`;
      this.set({ fieldErrors });
      return;
    }
    fieldErrors.limit = null;
    this.set({ limit, fieldErrors });
  }

  /** Share of tool calls that fail on purpose, in [0, 1]; anything else is refused, with a message. */
  setFailRate(rate: number): void {
    const fieldErrors = { ...this.state.fieldErrors };
    if (!(rate >= 0 && rate <= 1)) {
      // 7 was most likely meant as 7 %: say how to type that instead of making it 100 %.
      const hint = rate > 1 && rate <= 100 ? ` For ${rate} %, type ${+(rate / 100).toFixed(4)}.` : '';
      const got = Number.isNaN(rate) ? 'enter a number.' : `${rate} is not.${hint}`;
      fieldErrors.failRate = `Injected failures is a rate from 0 to 1 (0.3: 30 % of calls fail); ${got}`;
      this.set({ fieldErrors });
      return;
    }
    fieldErrors.failRate = null;
    this.set({ failRate: rate, fieldErrors });
  }

  setEndpoint(endpoint: { baseUrl: string; model: string }): void {
    this.set({ endpoint });
  }

  async run(): Promise<void> {
    const ds = this.state.dataset;
    if (!ds || !this.files || this.state.running) return;
    if (this.state.configs.length === 0) {
      this.set({ message: { level: 'error', text: 'Pick at least one configuration.' } });
      return;
    }
    const refused = [
      this.state.fieldErrors.limit !== null ? 'Tasks' : null,
      this.state.fieldErrors.failRate !== null ? 'Injected failures' : null,
    ].filter((f): f is string => f !== null);
    if (refused.length > 0) {
      const fields = refused.join(', ');
      const text = `Not run: fix the field${refused.length > 1 ? 's' : ''} marked above (${fields}).`;
      this.set({ message: { level: 'error', text } });
      return;
    }
    this.set({ running: true, message: null, result: null, figures: null, progress: null });
    const s = this.state;
    const outcome = await this.backend().run(
      {
        datasetName: ds.name,
        ...this.files,
        engine: s.engine,
        configs: s.configs,
        ...(s.limit !== null ? { limit: s.limit } : {}),
        failRate: s.failRate,
        ...(s.engine === 'endpoint' ? { endpoint: s.endpoint } : {}),
      },
      (p) =>
        this.set({
          progress: { label: p.label, done: p.done, total: p.total, stage: p.stage },
        }),
    );
    if (outcome.ok)
      this.set({ running: false, progress: null, result: outcome.result, figures: outcome.figures });
    else
      this.set({
        running: false,
        progress: null,
        message: outcome.cancelled
          ? { level: 'info', text: 'Evaluation cancelled.' }
          : { level: 'error', text: `${outcome.error.name}: ${outcome.error.message}` },
      });
  }

  cancel(): void {
    if (this.state.running) this.backend().cancel();
  }

  /** The result as JSON: the flat figures (`<dataset>.<engine>.<config>.<metric>`) and the full result. */
  exportJson(): string {
    return `${JSON.stringify({ figures: this.state.figures, result: this.state.result }, null, 2)}\n`;
  }
}

/**
 * tools.json of one dataset beside tasks.jsonl of another loaded as "503 tools, 199 test tasks" without a
 * word, and every score then measured nothing (second QA pass). Said when test plans call tools the
 * catalogue does not have: tools the file lists but the import rejected (restbench: 11 of 52 tasks, a
 * schema with `"maximum": "50"`), or tools it does not list at all (files from two folders).
 */
export function unknownToolsText(
  known: ReadonlySet<string>,
  testPlans: readonly string[][],
  inFile: ReadonlySet<string> = new Set(),
): string | null {
  const rejected = { tasks: 0, tools: new Set<string>() };
  const absent = { tasks: 0, tools: new Set<string>() };
  for (const plan of testPlans) {
    const unknown = plan.filter((tool) => !known.has(tool));
    const r = unknown.filter((t) => inFile.has(t));
    const a = unknown.filter((t) => !inFile.has(t));
    if (r.length > 0) rejected.tasks++;
    if (a.length > 0) absent.tasks++;
    r.forEach((t) => rejected.tools.add(t));
    a.forEach((t) => absent.tools.add(t));
  }
  const list = (tools: Set<string>) =>
    `${[...tools].slice(0, 3).join(', ')}${tools.size > 3 ? `, … ${tools.size} in all` : ''}`;
  const n = testPlans.length;
  const parts: string[] = [];
  if (rejected.tasks > 0)
    parts.push(
      `${rejected.tasks} of ${n} test tasks call tools of tools.json that were rejected (${list(rejected.tools)}): ` +
        'those tasks cannot succeed.',
    );
  if (absent.tasks > 0)
    parts.push(
      `${absent.tasks} of ${n} test tasks call tools that tools.json does not have (${list(absent.tools)}): ` +
        'those tasks cannot succeed. Are tools.json and tasks.jsonl from the same dataset folder?',
    );
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Every tool name tools.json lists, valid or not (empty when it is not a catalogue). */
function namesInFile(toolsJson: string): Set<string> {
  const names = new Set<string>();
  try {
    for (const e of detectFormat(JSON.parse(toolsJson)).entries) {
      if (!e || typeof e !== 'object') continue;
      const r = e as { name?: unknown; function?: { name?: unknown } };
      const name = typeof r.name === 'string' ? r.name : r.function?.name;
      if (typeof name === 'string') names.add(name);
    }
  } catch {
    // parseEvalDataset already said what is wrong with the file.
  }
  return names;
}

function joinWarnings(...parts: (string | null)[]): string | null {
  const kept = parts.filter((p): p is string => p !== null);
  return kept.length > 0 ? kept.join(' ') : null;
}

/**
 * A truncated or hand-edited tasks.jsonl lost lines without a word (the core counts them; the tab showed
 * only what loaded). Said beside the dataset, e.g. "1 line of tasks.jsonl is not a task and was skipped".
 */
function skippedText(badLines: number, rejectedTools: number): string | null {
  const parts: string[] = [];
  if (badLines > 0)
    parts.push(
      `${badLines} line${badLines === 1 ? '' : 's'} of tasks.jsonl ${badLines === 1 ? 'is not a task and was' : 'are not tasks and were'} skipped`,
    );
  if (rejectedTools > 0)
    parts.push(
      `${rejectedTools} entr${rejectedTools === 1 ? 'y' : 'ies'} of tools.json ${rejectedTools === 1 ? 'was' : 'were'} rejected`,
    );
  return parts.length > 0 ? `${parts.join('; ')}.` : null;
}
