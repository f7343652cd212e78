import { mulberry32 } from '../util/prng';
import { WHOLE_RESULT_FIELD, type JsonSchemaObject, type Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import type { CallOutcome, ResultSource } from './call-outcome';
import { mockObject } from './simulator-mock';
import type { ToolRuntime } from './tool-runtime';

/**
 * Which of NaviAgent's three simulator cases (Appendix E.3.3, "History Match > Structural Clone >
 * Contextual Mock") produced a result.
 */
export type SimulationLevel = 'recorded' | 'cloned' | 'schema';

/** A simulated result's source: always kind `simulated`, with the level that made it. */
export interface SimulatedSource extends ResultSource {
  kind: 'simulated';
  level: SimulationLevel;
}

const LABELS: Record<SimulationLevel, string> = {
  recorded: 'simulated · recorded answer for the same call',
  cloned: "simulated · clone of a recorded answer with this call's values",
  schema: 'simulated · mock from the returns schema',
};

/** Whether a result came from the API simulator (not a sandbox tool whose own data is simulated). */
export const isApiSimulated = (source: ResultSource | undefined): source is SimulatedSource =>
  source?.kind === 'simulated' && 'level' in source;

export const simulatedSource = (level: SimulationLevel): SimulatedSource => ({
  kind: 'simulated',
  label: LABELS[level],
  level,
});

/** Where the simulator finds recorded answers and the outputs a tool is known to have. */
export interface SimulatorKnowledge {
  /** Traces whose recorded outputs can be replayed (a world's; never a test task's gold answers). */
  traces(): readonly Trace[];
  /** Output fields a tool is known to return beyond its `returns` schema (learned from plans' references). */
  outputFields?(tool: string): readonly string[];
  /** The schema the catalogue gives an input of this name (mocked outputs follow its enum and type). */
  inputSchema?(field: string): JsonSchemaObject | undefined;
}

export interface ApiSimulatorOptions {
  seed?: number;
  knowledge?: SimulatorKnowledge;
  /**
   * Which calls to refuse as `invalid-arguments`: `required` (default) those that lack a required
   * argument; `types` also those that give one of the wrong JSON type; `none` none. The datasets' own gold
   * plans break their schemas' types now and then (nestful: "optimize_route": "time" for a boolean), so
   * type checks are the schema gate's job, not the simulator's.
   */
  checkArguments?: 'required' | 'types' | 'none';
  /** Which levels may answer (default all three; the schema level is always allowed). */
  levels?: readonly SimulationLevel[];
}

/**
 * Input schemas of a catalogue by parameter name (case-insensitive), for `SimulatorKnowledge.inputSchema`:
 * where tools disagree, one with an enum wins (the narrower promise), then the first seen.
 */
export function inputSchemaIndex(tools: Iterable<Tool>): (field: string) => JsonSchemaObject | undefined {
  const byName = new Map<string, JsonSchemaObject>();
  for (const t of tools)
    for (const [name, schema] of Object.entries(t.parameters.properties ?? {})) {
      const key = name.toLowerCase();
      const had = byName.get(key);
      if (!had || (!Array.isArray(had.enum) && Array.isArray(schema.enum))) byName.set(key, schema);
    }
  return (field) => byName.get(field.toLowerCase());
}

/** A JSON text that does not depend on key order. */
export function canonicalArgs(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalArgs).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalArgs(o[k])}`)
    .join(',')}}`;
}

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

interface Recorded {
  args: Record<string, unknown>;
  output: unknown;
}

/** Whether a recorded output is a real answer (not an injected empty or malformed result). */
const replayable = (output: unknown, source: ResultSource | undefined): boolean =>
  output !== undefined &&
  output !== null &&
  typeof output === 'object' &&
  !Array.isArray(output) &&
  Object.keys(output).length > 0 &&
  source?.label !== 'fault injection';

/**
 * The API simulator for catalogue tools that have a schema but no implementation (NaviAgent §4.1 and
 * E.3.3). In priority order:
 * 1. `recorded`: the answer recorded in the world's traces for the same tool and the same arguments;
 * 2. `cloned`: a recorded answer of the same tool (the latest) with the old arguments' values replaced
 *    by this call's wherever they appear in it;
 * 3. `schema`: a mock made from the tool's `returns` schema plus the outputs the world learned for it,
 *    seeded by (seed, task, tool, arguments), so the same call gives the same answer within a task.
 * Every result says it is simulated and which level made it (`SimulatedSource`). The simulator only
 * knows what its `knowledge` gives it — the evaluation builds that world from train plans only, so a
 * test task's own gold answer can never come back.
 */
export class ApiSimulator implements ToolRuntime {
  /** Results per level since creation. */
  readonly counts: Record<SimulationLevel, number> = { recorded: 0, cloned: 0, schema: 0 };
  /** Calls refused for their arguments. */
  refused = 0;
  private task = '';
  private readonly cache = new Map<string, unknown>();
  private readonly exact = new Map<string, unknown>();
  private readonly latest = new Map<string, Recorded>();
  private indexed = 0;
  private readonly levels: ReadonlySet<SimulationLevel>;

  constructor(private readonly options: ApiSimulatorOptions = {}) {
    this.levels = new Set(options.levels ?? ['recorded', 'cloned', 'schema']);
  }

  /** A new task: calls repeated within it get the same answers; mocks are seeded by its id. */
  beginTask(taskId: string): void {
    this.task = taskId;
    this.cache.clear();
  }

  canExecute(): boolean {
    return true;
  }

  async call(tool: Tool, args: Record<string, unknown>): Promise<CallOutcome> {
    const t0 = performance.now();
    const check = this.options.checkArguments ?? 'required';
    const bad = check === 'none' ? null : argumentProblem(tool.parameters, args, check === 'types');
    if (bad) {
      this.refused++;
      return {
        ok: false,
        failure: { kind: 'invalid-arguments', code: 'simulator-bad-arguments', message: bad },
        durationMs: performance.now() - t0,
      };
    }
    const key = `${tool.name}\u0000${canonicalArgs(args)}`;
    let level: SimulationLevel;
    let output: unknown;
    const cached = this.cache.get(key) as { level: SimulationLevel; output: unknown } | undefined;
    if (cached) ({ level, output } = cached);
    else {
      this.index();
      const exact = this.levels.has('recorded') ? this.exact.get(key) : undefined;
      const before = this.levels.has('cloned') ? this.latest.get(tool.name) : undefined;
      if (exact !== undefined) {
        level = 'recorded';
        output = structuredClone(exact);
      } else if (before) {
        level = 'cloned';
        output = cloneWith(before, args);
      } else {
        level = 'schema';
        const rand = mulberry32(hash32(`${this.options.seed ?? 1}|${this.task}|${key}`));
        const extra = this.options.knowledge?.outputFields?.(tool.name) ?? [];
        const consumerSchema = this.options.knowledge?.inputSchema;
        output = mockObject(tool.returns, extra, {
          rand,
          args,
          ...(consumerSchema ? { consumerSchema } : {}),
        });
        if (Object.keys(output as object).length === 0)
          output = mockObject({ properties: { [WHOLE_RESULT_FIELD]: { type: 'string' } } }, [], {
            rand,
            args,
          });
      }
      this.cache.set(key, { level, output });
    }
    this.counts[level]++;
    return {
      ok: true,
      output: structuredClone(output),
      source: simulatedSource(level),
      durationMs: performance.now() - t0,
    };
  }

  /** Takes in traces recorded since the last look (a learning world keeps adding them). */
  private index(): void {
    const traces = this.options.knowledge?.traces() ?? [];
    for (; this.indexed < traces.length; this.indexed++) {
      for (const c of traces[this.indexed]!.calls) {
        if (c.status !== 'ok' || !replayable(c.output, c.source)) continue;
        this.exact.set(`${c.tool}\u0000${canonicalArgs(c.args)}`, c.output);
        this.latest.set(c.tool, { args: c.args, output: c.output });
      }
    }
  }
}

/** A recorded output with the recorded call's argument values replaced by the new call's. */
export function cloneWith(recorded: Recorded, args: Readonly<Record<string, unknown>>): unknown {
  const swaps = new Map<string, unknown>();
  for (const [k, old] of Object.entries(recorded.args)) {
    const now = args[k];
    if (
      now === undefined ||
      old === null ||
      typeof old === 'object' ||
      now === null ||
      typeof now === 'object'
    )
      continue;
    if (String(old) !== '' && canonicalArgs(old) !== canonicalArgs(now)) swaps.set(canonicalArgs(old), now);
  }
  const named = new Map(Object.entries(args).map(([k, v]) => [k.toLowerCase(), v]));
  const walk = (v: unknown, key: string | null): unknown => {
    if (key !== null && named.has(key.toLowerCase())) {
      const now = named.get(key.toLowerCase());
      if (
        now !== undefined &&
        (now === null || typeof now !== 'object') &&
        (v === null || typeof v !== 'object')
      )
        return now;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, null));
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x, k)]),
      );
    const s = swaps.get(canonicalArgs(v));
    return s !== undefined ? s : v;
  };
  return walk(structuredClone(recorded.output), null);
}

/** Why arguments do not fit a parameter schema (a required one missing, a wrong JSON type), or null. */
export function argumentProblem(
  parameters: JsonSchemaObject,
  args: Readonly<Record<string, unknown>>,
  types = true,
  required = true,
): string | null {
  const needed = required && Array.isArray(parameters.required) ? parameters.required : [];
  for (const r of needed)
    if (args[r] === undefined || args[r] === null || args[r] === '')
      return `missing required argument "${r}"`;
  if (!types) return null;
  for (const [k, v] of Object.entries(args)) {
    const schema = parameters.properties?.[k];
    if (!schema || v === undefined || v === null) continue;
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (t): t is string => typeof t === 'string',
    );
    if (types.length === 0 || types.some((t) => fits(t, v))) continue;
    return `argument "${k}" should be ${types.join(' or ')}, got ${JSON.stringify(v).slice(0, 60)}`;
  }
  return null;
}

function fits(type: string, v: unknown): boolean {
  switch (type) {
    case 'integer':
    case 'number':
      return (
        (typeof v === 'number' && Number.isFinite(v)) ||
        (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))
      );
    case 'boolean':
      return typeof v === 'boolean' || v === 'true' || v === 'false';
    case 'array':
      return Array.isArray(v) || typeof v === 'string';
    case 'object':
      return (typeof v === 'object' && !Array.isArray(v)) || typeof v === 'string';
    case 'string':
      return typeof v !== 'object' || v === null || Array.isArray(v);
    default:
      return true;
  }
}
