// Figures of the benchmark and eval commands: record each with its unit and goal, print them as a table
// with the goal and whether it is met, and write them as flat JSON for `--json`. One place so every
// command reports the same way.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatasetFileError } from './dataset-file-error';

export type Goal =
  { kind: 'max'; limit: number } | { kind: 'min'; limit: number } | { kind: 'range'; lo: number; hi: number };

export interface Figure {
  key: string;
  value: number;
  unit: string;
  goal?: Goal;
  /** Shown in the goal table (figures printed as their own matrices set this false). */
  table: boolean;
}

export function fmt(v: number): string {
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return v < 10 ? v.toFixed(3) : v < 1000 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US');
}

export function goalText(g: Goal | undefined, unit: string): string {
  if (!g) return '';
  const u = unit ? ` ${unit}` : '';
  if (g.kind === 'max') return `< ${fmt(g.limit)}${u}`;
  if (g.kind === 'min') return `≥ ${fmt(g.limit)}${u}`;
  return `${fmt(g.lo)}–${fmt(g.hi)}${u}`;
}

export function met(g: Goal, v: number): boolean {
  if (g.kind === 'max') return v < g.limit;
  if (g.kind === 'min') return v >= g.limit;
  return v >= g.lo && v <= g.hi;
}

/** Prints aligned columns; `rightAligned` holds the indices of numeric columns. */
export function printRows(head: string[], rows: string[][], rightAligned: Set<number> = new Set([1])): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

export class FigureSheet {
  readonly figures: Figure[] = [];
  readonly meta: Record<string, string | number | string[]> = {};

  record(key: string, value: number, unit: string, goal?: Goal, table = true): void {
    this.figures.push({ key, value, unit, table, ...(goal ? { goal } : {}) });
  }

  /** The goal table, then which goals were missed. */
  printTable(): void {
    printRows(
      ['figure', 'value', 'goal', 'met'],
      this.figures
        .filter((f) => f.table)
        .map((f) => [
          f.key,
          `${fmt(f.value)}${f.unit ? ` ${f.unit}` : ''}`,
          goalText(f.goal, f.unit),
          f.goal ? (met(f.goal, f.value) ? 'yes' : 'NO') : '',
        ]),
    );
    const missed = this.figures.filter((f) => f.goal && !met(f.goal, f.value));
    console.log(
      missed.length === 0 ? '\nAll goals met.' : `\nGoals missed: ${missed.map((f) => f.key).join(', ')}`,
    );
  }

  /** Flat JSON: meta keys plus every figure rounded to 1e-3. */
  writeJson(file: string): void {
    const out: Record<string, unknown> = { ...this.meta };
    for (const f of this.figures) out[f.key] = Math.round(f.value * 1000) / 1000;
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Wrote ${this.figures.length} figures to ${file}`);
  }
}

/** Runs a command's main: a bad flag prints the usage (exit 2), any other error exits 1. */
export function runCli(main: () => Promise<void>, usage: string): void {
  main().catch((e: unknown) => {
    if (e instanceof Error && (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${e.message}\n\n${usage}`);
      process.exitCode = 2;
      return;
    }
    // A dataset file that cannot be read: the message names the file and line, a stack would hide it.
    if (DatasetFileError.isInstance(e)) {
      console.error(`error: ${e.message}`);
      process.exitCode = 1;
      return;
    }
    console.error(e);
    process.exitCode = 1;
  });
}

/** A whole-number command-line option, checked: `--<name>` must be an integer ≥ `min`. */
export function intOption(name: string, value: string, min = Number.MIN_SAFE_INTEGER): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(
      `--${name} must be ${min === Number.MIN_SAFE_INTEGER ? 'an integer' : `an integer ≥ ${min}`}, got ${value}`,
    );
  return n;
}
