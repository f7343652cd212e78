import { referencesIn } from '../plan/references';
import { WHOLE_RESULT_FIELD, outputNames, type Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import { isEvidenceOfTool } from './blame';
import type { ParamRef } from './param-standardizer';
import { isTrackable, leaves, valueKey } from './value-flow';

/** What a trace says about one node or one edge, before it is added to the graph's counts. */
export interface Observation {
  succ: number;
  fail: number;
  lastUsedAt: number;
}

/** Evidence from one trace, keyed by parameter refs and tool names, not yet by graph node ids. */
export interface TraceEvidence {
  /** One entry per call: the API node's outcome and the params it touched. */
  calls: { tool: string; ok: boolean; at: number; inputs: ParamRef[]; outputs: ParamRef[] }[];
  /** API → API transitions (called next, task-link dependency, or output consumed). */
  apiFlows: { from: string; to: string; ok: boolean; at: number }[];
  /** Param → param flows: a value produced or used by one call reused by a later call. */
  paramFlows: { from: ParamRef; to: ParamRef; ok: boolean; at: number }[];
}

type ToolLookup = (name: string) => Tool | undefined;

interface SeenValue {
  call: number;
  ref: ParamRef;
}

/** Output fields of an ok call that become param observations, by the rules in docs/architecture.md. */
function producedFields(tool: Tool | undefined, output: unknown, referenced: Set<string>): string[] {
  const declared = tool ? outputNames(tool) : [WHOLE_RESULT_FIELD];
  const fields = new Set<string>(referenced);
  if (output === undefined) return [...fields];
  if (declared.length === 1 && declared[0] === WHOLE_RESULT_FIELD) fields.add(WHOLE_RESULT_FIELD);
  else if (output && typeof output === 'object' && !Array.isArray(output)) {
    for (const f of declared) if (f in output) fields.add(f);
  }
  return [...fields];
}

/**
 * Reads the behavioural evidence in a trace (NaviAgent §3.2.1): API nodes called, params used and
 * produced, API → API transitions and param → param value flows. Pure: the caller maps refs to
 * standardized nodes and adds the counts. Flows come from explicit `$k.field` references, from
 * task-link deps, and from value equality (AutoTool), preferring the latest earlier call. A failed call
 * the tool is not to blame for (`isEvidenceOfTool`) is left out entirely: no counts on its API node,
 * inputs or incoming edges, and its arguments feed no later value flow.
 */
export function observeTrace(trace: Trace, lookup: ToolLookup): TraceEvidence {
  const evidence: TraceEvidence = { calls: [], apiFlows: [], paramFlows: [] };
  const calls = trace.calls;
  // Which output fields later calls reference, per call (gold plans have no outputs otherwise).
  const referenced = calls.map(() => new Set<string>());
  for (const call of calls) {
    for (const v of Object.values(call.args)) {
      for (const r of referencesIn(v)) referenced[r.step]?.add(r.field ?? WHOLE_RESULT_FIELD);
    }
  }
  const seen = new Map<string, SeenValue>();
  let lastOk = -1;
  calls.forEach((call, i) => {
    if (!isEvidenceOfTool(call)) return;
    const ok = call.status === 'ok';
    const at = call.startedAt;
    const inputs = Object.keys(call.args).map((field) => ({
      tool: call.tool,
      direction: 'in' as const,
      field,
    }));
    const outputs = ok
      ? producedFields(lookup(call.tool), call.output, referenced[i]!).map((field) => ({
          tool: call.tool,
          direction: 'out' as const,
          field,
        }))
      : [];
    evidence.calls.push({ tool: call.tool, ok, at, inputs, outputs });

    const sources = new Set<number>();
    if (lastOk >= 0) sources.add(lastOk);
    for (const d of call.deps ?? []) if (d >= 0 && d < i && calls[d]?.status === 'ok') sources.add(d);
    for (const [arg, value] of Object.entries(call.args)) {
      const to = { tool: call.tool, direction: 'in' as const, field: arg };
      const refs = referencesIn(value).filter((r) => r.step < i);
      for (const r of refs) {
        sources.add(r.step);
        const from = {
          tool: calls[r.step]!.tool,
          direction: 'out' as const,
          field: r.field ?? WHOLE_RESULT_FIELD,
        };
        evidence.paramFlows.push({ from, to, ok, at });
      }
      if (refs.length > 0) continue;
      const match = leaves(value)
        .map((v) => seen.get(valueKey(v)))
        .filter((s): s is SeenValue => s !== undefined)
        .sort((a, b) => b.call - a.call)[0];
      if (match) {
        sources.add(match.call);
        evidence.paramFlows.push({ from: match.ref, to, ok, at });
      }
    }
    // One transition per source tool: "called next" and "output consumed" often name the same pair.
    const fromTools = new Set([...sources].map((j) => calls[j]!.tool));
    for (const from of fromTools)
      if (from !== call.tool) evidence.apiFlows.push({ from, to: call.tool, ok, at });

    // Record this call's values after matching, so a call never feeds itself. Inputs first, then
    // outputs, so an output wins over an input carrying the same value (it is the producer).
    for (const [field, value] of Object.entries(call.args)) {
      if (referencesIn(value).length > 0) continue;
      for (const v of leaves(value))
        seen.set(valueKey(v), { call: i, ref: { tool: call.tool, direction: 'in', field } });
    }
    if (ok && call.output !== undefined) {
      const out = call.output;
      const declared = outputs.map((o) => o.field);
      if (declared.length === 1 && declared[0] === WHOLE_RESULT_FIELD) {
        for (const v of leaves(out)) seen.set(valueKey(v), { call: i, ref: outputs[0]! });
      } else if (out && typeof out === 'object' && !Array.isArray(out)) {
        for (const field of declared) {
          const fieldValue = (out as Record<string, unknown>)[field];
          for (const v of leaves(fieldValue))
            if (isTrackable(v))
              seen.set(valueKey(v), { call: i, ref: { tool: call.tool, direction: 'out', field } });
        }
      }
      lastOk = i;
    } else if (ok) {
      lastOk = i;
    }
  });
  return evidence;
}
