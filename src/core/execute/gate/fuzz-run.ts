import type { Tool } from '../../tools/tool';
import { mulberry32, pick } from '../../util/prng';
import { CallRepairer } from '../repair/call-repairer';
import type { ParamIndex } from '../repair/param-index';
import { adversarialArgs, mutateOnce, validArgs, type MutationKind } from './fuzz-args';
import { SchemaGate } from './schema-gate';
import { strictProblems } from './strict-check';
import { previewValue } from './value-preview';

export interface FuzzStats {
  calls: number;
  /** Exceptions out of the gate or repair (must be 0). */
  crashes: number;
  /** Arguments the gate (or repair) let through that the independent strict check refuses (must be 0). */
  invalidPassed: number;
  passed: number;
  rejected: number;
  /** Time inside `gate.check`, schema compilation included. */
  gateMs: number;
  /** The same for the calls whose tool schema was compiled already (the steady state of a session). */
  warmMs: number;
  warmCalls: number;
  compilations: number;
  /** Per mistake kind: calls the gate refused, and how many deterministic repair made valid. */
  repair: Partial<Record<MutationKind, { attempts: number; repaired: number }>>;
  /** Object.prototype gained a property during the run. */
  polluted: boolean;
  examples: { crash: string[]; invalid: string[] };
}

export interface FuzzOptions {
  seed?: number;
  /** Share of calls that are one labelled mistake in valid arguments (the rest adversarial; default 0.4). */
  targeted?: number;
  params?: ParamIndex;
  now?: number;
}

/**
 * Fuzzes the schema gate and deterministic repair over `tools`: `calls` argument objects, each either a
 * labelled mistake in a valid call (repair is scored per kind) or adversarial junk; every call the gate
 * or repair lets through is checked by the independent strict validator.
 */
export async function fuzzGate(
  tools: readonly Tool[],
  calls: number,
  options: FuzzOptions = {},
): Promise<FuzzStats> {
  const rand = mulberry32(options.seed ?? 1);
  const gate = new SchemaGate();
  const repairer = new CallRepairer(gate, {
    ...(options.params ? { params: options.params } : {}),
    now: options.now ?? Date.UTC(2026, 10, 24),
    budget: 0,
  });
  const stats: FuzzStats = {
    calls: 0,
    crashes: 0,
    invalidPassed: 0,
    passed: 0,
    rejected: 0,
    gateMs: 0,
    warmMs: 0,
    warmCalls: 0,
    compilations: 0,
    repair: {},
    polluted: false,
    examples: { crash: [], invalid: [] },
  };
  const protoKeys = Object.getOwnPropertyNames(Object.prototype).length;
  for (let i = 0; i < calls; i++) {
    const tool = pick(rand, tools);
    let kind: MutationKind | null = null;
    let args: unknown;
    if (rand() < (options.targeted ?? 0.4)) {
      const valid = validArgs(tool.parameters, rand);
      const m = valid && gate.check(tool, valid).ok ? mutateOnce(tool, valid, rand) : null;
      if (m) [kind, args] = [m.kind, m.args];
    }
    if (kind === null) args = adversarialArgs(tool, rand);
    stats.calls++;
    try {
      const compiled = gate.compilations;
      const t0 = performance.now();
      const check = gate.check(tool, args);
      const ms = performance.now() - t0;
      stats.gateMs += ms;
      if (gate.compilations === compiled) {
        stats.warmMs += ms;
        stats.warmCalls++;
      }
      if (check.ok) {
        stats.passed++;
        const problems = strictProblems(tool.parameters, check.args);
        if (problems.length > 0)
          note(stats, 'invalid', `${tool.name}: ${problems[0]} ← ${previewValue(args)}`);
        continue;
      }
      stats.rejected++;
      if (kind === null) continue;
      const r = (stats.repair[kind] ??= { attempts: 0, repaired: 0 });
      r.attempts++;
      const fixed = await repairer.prepare(tool, args as Record<string, unknown>);
      if (!fixed.ok) continue;
      const problems = strictProblems(tool.parameters, fixed.args);
      if (problems.length > 0) note(stats, 'invalid', `${tool.name} (repaired ${kind}): ${problems[0]}`);
      else r.repaired++;
    } catch (e) {
      note(
        stats,
        'crash',
        `${tool.name}: ${(e as Error)?.stack?.split('\n').slice(0, 3).join(' | ') ?? String(e)}`,
      );
    }
  }
  stats.compilations = gate.compilations;
  stats.polluted =
    Object.getOwnPropertyNames(Object.prototype).length !== protoKeys ||
    (Object.prototype as Record<string, unknown>).polluted !== undefined;
  return stats;
}

function note(stats: FuzzStats, what: 'crash' | 'invalid', text: string): void {
  if (what === 'crash') stats.crashes++;
  else stats.invalidPassed++;
  const list = stats.examples[what];
  if (list.length < 5) list.push(text);
}
