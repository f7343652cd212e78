// npm run fuzz:gate -- [--calls N] [--data <dataset dir>]... [--seed N] [--json <file>]
// Fuzzes RETO's schema gate and deterministic repair against every tool schema of the built-in pack and
// the shared datasets: random and adversarial arguments (wrong types, missing and extra keys, huge
// strings, deep nesting, __proto__/constructor keys, NaN, odd unicode) and one-mistake calls labelled by
// kind. Crashes and invalid calls let through (checked by an independent strict validator) must be 0.

import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { builtInAgentWorld } from '../src/core/agent/fixtures/run-fixture';
import { DEMO_TOOLS } from '../src/core/demo/demo-tools';
import { fuzzGate } from '../src/core/execute/gate/fuzz-run';
import { paramIndexOf } from '../src/core/execute/repair/param-index';
import type { Tool } from '../src/core/tools/tool';
import { readDatasetTools, unlessBadData } from './dataset-folder';
import { FigureSheet, fmt, printRows, runCli } from './figures';

const USAGE = `Usage: npm run fuzz:gate -- [--calls N] [--data <dataset dir>]... [--seed N] [--json <file>]

  Fuzzes the schema gate and deterministic repair with N calls (default 10000) spread over every tool of
  the built-in pack and of each dataset folder (default: every ../shared/data/*/tools.json that exists;
  missing folders are skipped).`;

function datasetDirs(given: string[] | undefined): string[] {
  if (given?.length) return given;
  const root = resolve('../shared/data');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((d) => join(root, d))
    .filter((d) => existsSync(join(d, 'tools.json')));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string', default: '10000' },
      data: { type: 'string', multiple: true },
      seed: { type: 'string', default: '1' },
      json: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const calls = Number(values.calls);
  if (!(calls > 0)) throw new Error(`--calls must be a positive number, got ${values.calls}`);
  const sheet = new FigureSheet();
  const sources: string[] = ['builtin'];
  // The built-in pack with its world, so key renames go through the standardized parameter clusters.
  const world = await builtInAgentWorld();
  const tools: Tool[] = [...DEMO_TOOLS];
  for (const dir of datasetDirs(values.data)) {
    const file = join(dir, 'tools.json');
    if (!existsSync(file)) {
      console.log(
        `Skipping ${dir}: ${existsSync(dir) ? 'no tools.json there' : 'the folder does not exist'}.`,
      );
      continue;
    }
    const found = await unlessBadData(() => readDatasetTools(file));
    if (!found) continue;
    // Names repeat across datasets; each dataset's schema is a tool of its own here.
    tools.push(...found.map((t) => ({ ...t, name: `${basename(dir)}/${t.name}` })));
    sources.push(`${basename(dir)} (${found.length})`);
  }
  console.log(`Fuzzing ${fmt(calls)} calls over ${fmt(tools.length)} tool schemas: ${sources.join(', ')}`);
  const t0 = performance.now();
  const s = await fuzzGate(tools, calls, { seed: Number(values.seed), params: paramIndexOf(world) });
  const wall = (performance.now() - t0) / 1000;
  sheet.meta.sources = sources;
  sheet.meta.seed = Number(values.seed);
  sheet.record('fuzz.calls', s.calls, '');
  sheet.record('fuzz.tools', tools.length, '');
  sheet.record('fuzz.crashes', s.crashes, '', { kind: 'max', limit: 1 });
  sheet.record('fuzz.invalidPassed', s.invalidPassed, '', { kind: 'max', limit: 1 });
  sheet.record('fuzz.prototypePolluted', s.polluted ? 1 : 0, '', { kind: 'max', limit: 1 });
  sheet.record('fuzz.callsPerSecond', s.calls / (s.gateMs / 1000), 'calls/s');
  // Most fuzzed tools are seen once, so the figure above is mostly Ajv compiling; a session's gate runs warm.
  sheet.record('fuzz.callsPerSecondWarm', s.warmCalls / (s.warmMs / 1000), 'calls/s');
  sheet.record('fuzz.rejected', s.rejected / s.calls, '');
  sheet.record('fuzz.schemasCompiled', s.compilations, '');
  sheet.record('fuzz.wallSeconds', wall, 's');
  const rows: string[][] = [];
  for (const [kind, r] of Object.entries(s.repair).sort()) {
    sheet.record(`repair.${kind}.rate`, r.repaired / r.attempts, '', undefined, false);
    sheet.record(`repair.${kind}.n`, r.attempts, '', undefined, false);
    rows.push([kind, fmt(r.attempts), fmt(r.repaired), `${((100 * r.repaired) / r.attempts).toFixed(1)} %`]);
  }
  printRows(['mistake kind', 'refused', 'repaired', 'rate'], rows, new Set([1, 2, 3]));
  for (const e of [...s.examples.crash, ...s.examples.invalid]) console.log(`  ! ${e}`);
  sheet.printTable();
  if (values.json) sheet.writeJson(values.json);
  if (s.crashes > 0 || s.invalidPassed > 0 || s.polluted) process.exitCode = 1;
}

runCli(main, USAGE);
