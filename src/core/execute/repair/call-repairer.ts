import type { LlmEngine } from '../../llm/llm-engine';
import type { Tool } from '../../tools/tool';
import type { CallFailure } from '../call-outcome';
import { issuesText, type GateIssue, type GateReport, type RepairEdit } from '../gate/gate-report';
import type { SchemaGate } from '../gate/schema-gate';
import { previewValue } from '../gate/value-preview';
import { normalizeHintedDates, repairArguments, type RepairContext } from './deterministic-repair';
import { llmRepair } from './llm-repair';

export interface CallRepairerOptions extends RepairContext {
  /** The engine for RETO's LLM repair; absent (graph-only): deterministic edits only. */
  llm?: LlmEngine | null;
  /** LLM repair prompts allowed in this task (RETO's per-trajectory budget B; default 2). */
  budget?: number;
  /** Deterministic passes before giving up (each pass may expose the next problem; default 3). */
  passes?: number;
}

/** A call made ready for the tool: `ok` with the arguments to send, or refused with the report. */
export interface PreparedCall {
  ok: boolean;
  args: Record<string, unknown>;
  report: GateReport;
}

/** Tokens the LLM repairs of one task used (the turn counts them with the decisions). */
export interface RepairUsage {
  prompts: number;
  promptTokens: number;
  completionTokens: number;
}

/**
 * RETO's reflect-then-repair around each call (§3.4, algorithm 1): the schema gate first; on a problem,
 * deterministic edits, gated again, for as long as they help; then at most one LLM repair prompt per
 * call while the task's budget lasts, its answer gated (and deterministically tidied) again. Repairs
 * stay here, off the agent's decision history: the plan is not re-planned. One repairer per task.
 */
export class CallRepairer {
  readonly usage: RepairUsage = { prompts: 0, promptTokens: 0, completionTokens: 0 };
  private budget: number;

  constructor(
    private readonly gate: SchemaGate,
    private readonly options: CallRepairerOptions = {},
  ) {
    this.budget = options.budget ?? 2;
  }

  get budgetLeft(): number {
    return this.budget;
  }

  /** Gate, then repair what the gate refused. */
  async prepare(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<PreparedCall> {
    const hinted = normalizeHintedDates(tool, args, this.options.now);
    const edits: RepairEdit[] = [...hinted.edits];
    let check = this.gate.check(tool, hinted.args);
    const issues = check.issues;
    const fixed = this.deterministic(tool, hinted.args, check, edits);
    check = fixed.check;
    let llmRepairs = 0;
    if (!check.ok && this.options.llm && this.budget > 0) {
      llmRepairs = 1;
      const r = await this.askLlm(
        tool,
        check.args,
        `Schema check failed: ${issuesText(check.errors)}`,
        signal,
      );
      if (r) {
        edits.push(...r.edits);
        const again = this.deterministic(tool, r.args, this.gate.check(tool, r.args), edits);
        check = again.check;
      }
    }
    const verdict = !check.ok ? 'rejected' : edits.length > 0 ? 'repaired' : 'passed';
    const report: GateReport = {
      verdict,
      issues: issues.length > 0 || verdict !== 'passed' ? issues : [],
      repairs: edits,
      ...(check.ok ? {} : { remaining: check.errors }),
      ...(llmRepairs ? { llmRepairs } : {}),
    };
    return { ok: check.ok, args: check.args, report };
  }

  /**
   * After the tool itself refused the arguments ('invalid-arguments'): the deterministic edits that apply
   * to the fields its message names (a date it could not read), else one LLM repair with the tool's
   * message, while the budget lasts. Null when nothing changed: the failure stands.
   */
  async afterRefusal(
    tool: Tool,
    args: Record<string, unknown>,
    failure: CallFailure,
    signal?: AbortSignal,
  ): Promise<PreparedCall | null> {
    const edits: RepairEdit[] = [];
    const named = Object.keys(tool.parameters.properties ?? {}).filter((f) =>
      new RegExp(`(^|[^\\w])${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`).test(failure.message),
    );
    let next = args;
    if (named.length > 0) {
      // The tool's message is a hint like a description ("date must be YYYY-MM-DD"): dates first…
      const hinted = withHints(tool, named, failure.message);
      const dates = normalizeHintedDates(hinted, args, this.options.now);
      // …then coercion and enum matching of the fields it names.
      const pseudo: GateIssue[] = named.flatMap((f): GateIssue[] => [
        { field: f, rule: 'type', message: failure.message },
        ...(Array.isArray(tool.parameters.properties?.[f]?.enum)
          ? [{ field: f, rule: 'enum' as const, message: failure.message }]
          : []),
      ]);
      const r = repairArguments(
        tool,
        dates.args,
        { ok: false, args: dates.args, issues: pseudo, errors: pseudo, dropped: [] },
        this.options,
      );
      const changed = [...dates.edits, ...r.edits];
      if (changed.length > 0 && this.gate.check(tool, r.args).ok && !sameArgs(r.args, args)) {
        edits.push(...changed);
        next = r.args;
      }
    }
    let llmRepairs = 0;
    if (next === args && this.options.llm && this.budget > 0) {
      llmRepairs = 1;
      const r = await this.askLlm(tool, args, `${failure.code}: ${failure.message}`, signal);
      if (r) {
        const llmEdits = [...r.edits];
        const again = this.deterministic(tool, r.args, this.gate.check(tool, r.args), llmEdits);
        if (again.check.ok && !sameArgs(again.check.args, args)) {
          edits.push(...llmEdits);
          next = again.check.args;
        }
      }
    }
    if (next === args) return null;
    const report: GateReport = {
      verdict: 'repaired',
      issues: [
        { field: named[0] ?? '', rule: 'constraint', message: `the tool refused: ${failure.message}` },
      ],
      repairs: edits,
      ...(llmRepairs ? { llmRepairs } : {}),
    };
    return { ok: true, args: next, report };
  }

  private deterministic(
    tool: Tool,
    raw: Record<string, unknown>,
    first: ReturnType<SchemaGate['check']>,
    edits: RepairEdit[],
  ) {
    let check = first;
    let current = raw;
    for (let pass = 0; pass < (this.options.passes ?? 3) && !check.ok; pass++) {
      const r = repairArguments(tool, current, check, this.options);
      if (r.edits.length === 0) break;
      edits.push(...r.edits);
      current = r.args;
      check = this.gate.check(tool, current);
    }
    return { check };
  }

  private async askLlm(
    tool: Tool,
    args: Record<string, unknown>,
    error: string,
    signal?: AbortSignal,
  ): Promise<{ args: Record<string, unknown>; edits: RepairEdit[] } | null> {
    this.budget--;
    this.usage.prompts++;
    let r;
    try {
      r = await llmRepair(this.options.llm!, tool, args, error, signal);
    } catch (e) {
      if (signal?.aborted) throw e;
      return null; // an engine failure is a failed repair, not a failed turn
    }
    this.usage.promptTokens += r.promptTokens;
    this.usage.completionTokens += r.completionTokens;
    if (!r.ok) return null;
    const edits: RepairEdit[] = [
      {
        kind: 'llm',
        field: '',
        from: previewValue(args, 60),
        to: previewValue(r.args, 60),
        note: 'arguments rewritten by the LLM repair prompt',
      },
    ];
    return { args: r.args, edits };
  }
}

/** The tool with its message added to the named fields' descriptions (so format hints in it count). */
function withHints(tool: Tool, fields: readonly string[], message: string): Tool {
  const properties = { ...(tool.parameters.properties ?? {}) };
  for (const f of fields) {
    const p = properties[f] ?? {};
    properties[f] = {
      ...p,
      description: `${typeof p.description === 'string' ? p.description : ''} ${message}`,
    };
  }
  return { ...tool, parameters: { ...tool.parameters, properties } };
}

function sameArgs(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
