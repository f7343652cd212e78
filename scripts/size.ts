// `npm run size [-- --dist dist] [--json file] [--budget 400]`: the edge budget of a production build.
// The app shell is everything index.html loads before any lazy chunk: the page itself, its entry script
// and what that imports statically (transitively), its stylesheets, modulepreloads and the web manifest.
// Every other file (lazy chunks, workers, ORT's wasm, models) is listed with its raw and gzip size.
// Exits 1 when the shell's gzip size is over the budget (KB, default 400; issue 19).
// JSON keys: `app.shell.total.{rawBytes,gzipBytes}`, `app.file.<path without hash>.{rawBytes,gzipBytes}`.

import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

interface FileSize {
  path: string;
  raw: number;
  gzip: number;
}

function parseArgs(argv: string[]) {
  const args = { dist: 'dist', json: null as string | null, budgetKb: 400 };
  for (let i = 0; i < argv.length; i++) {
    const v = () => argv[++i] ?? '';
    if (argv[i] === '--dist') args.dist = v();
    else if (argv[i] === '--json') args.json = v();
    else if (argv[i] === '--budget') args.budgetKb = Number(v());
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return args;
}

function sizeOf(dist: string, path: string): FileSize {
  const bytes = readFileSync(join(dist, path));
  return { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function walk(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? walk(join(dir, e.name), root)
      : [relative(root, join(dir, e.name)).split(sep).join('/')],
  );
}

/** Static imports of a built ES module (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]!);
  return out;
}

/** index.html and every file it loads before a lazy chunk. */
export function shellFiles(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)]
    .filter((m) => !/rel="icon"/.test(m[0]))
    .map((m) => m[1]!.replace(/^\//, ''))
    .filter((p) => !/^[a-z]+:/i.test(p));
  const shell = new Set<string>(['index.html']);
  const queue = [...refs];
  while (queue.length) {
    const file = queue.shift()!;
    if (shell.has(file) || !existsSync(join(dist, file))) continue;
    shell.add(file);
    if (file.endsWith('.js'))
      for (const imp of staticImports(readFileSync(join(dist, file), 'utf8')))
        queue.push(posix.normalize(posix.join(posix.dirname(file), imp)));
  }
  return [...shell];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(11);
const unhashed = (p: string) => p.replace(/-[\w-]{8}(?=\.\w+$)/, '');

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const dist = resolve(args.dist);
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No build in ${dist}: run \`npx vite build\` first.`);
    process.exit(1);
  }
  const shell = shellFiles(dist).map((p) => sizeOf(dist, p));
  const inShell = new Set(shell.map((f) => f.path));
  const rest = walk(dist)
    .filter((p) => !inShell.has(p) && statSync(join(dist, p)).isFile())
    .map((p) => sizeOf(dist, p))
    .sort((a, b) => b.gzip - a.gzip);
  const total = shell.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
  console.log(`App shell (what index.html loads before any lazy chunk), ${dist}:`);
  console.log(`${'raw'.padStart(11)} ${'gzip'.padStart(11)}  file`);
  for (const f of shell) console.log(`${kb(f.raw)} ${kb(f.gzip)}  ${f.path}`);
  const over = total.gzip > args.budgetKb * 1024;
  console.log(
    `${kb(total.raw)} ${kb(total.gzip)}  = shell (budget ${args.budgetKb} KB gzip: ${over ? 'OVER' : 'ok'})\n`,
  );
  console.log('Loaded later (lazy chunks, workers, ORT, models, service worker), largest gzip first:');
  for (const f of rest) console.log(`${kb(f.raw)} ${kb(f.gzip)}  ${f.path}`);
  if (args.json) {
    const out: Record<string, number> = {
      'app.shell.total.rawBytes': total.raw,
      'app.shell.total.gzipBytes': total.gzip,
    };
    for (const f of [...shell, ...rest]) {
      out[`app.file.${unhashed(f.path)}.rawBytes`] = f.raw;
      out[`app.file.${unhashed(f.path)}.gzipBytes`] = f.gzip;
    }
    writeFileSync(args.json, JSON.stringify(out, null, 2) + '\n');
  }
  if (over) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
