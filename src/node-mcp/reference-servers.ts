// The MCP reference servers installed as dev dependencies, started on this machine for tests and the e2e
// spec: server-everything over Streamable HTTP on a loopback port, server-memory and the paged test
// server over stdio (the client starts those itself from their command lines). Nothing off the machine.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const EVERYTHING_SCRIPT = resolve(
  ROOT,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const MEMORY_SCRIPT = resolve(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
export const PAGED_SCRIPT = resolve(ROOT, 'src/node-mcp/fixtures/paged-server.mjs');
/** Scripted-engine replies that create entities and a relation in server-memory (`--engine scripted`). */
export const MEMORY_DEMO_SCRIPT = resolve(ROOT, 'src/node-mcp/fixtures/memory-demo.script.json');

/** The stdio command line of a script run by this Node (as `--mcp "<command>"` takes it). */
export const nodeCommand = (script: string): string =>
  `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`;

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export interface HttpServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Kills the process at once (SIGKILL), as a crash would. */
  kill(): void;
  /** Stops it and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts server-everything with `streamableHttp` on a loopback port and waits until it listens. It
 * binds all interfaces (the reference server takes no host option); tests talk to 127.0.0.1 only.
 */
export async function startEverythingServer(port?: number): Promise<HttpServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [EVERYTHING_SCRIPT, 'streamableHttp'], {
    env: { ...process.env, PORT: String(p) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`server-everything did not start within 15 s: ${output}`)),
      15_000,
    );
    const onData = (d: Buffer) => {
      output += d.toString();
      if (/listening on port/i.test(output)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server-everything exited (${code}) before listening: ${output}`));
    });
  });
  // Keep draining its log so a full pipe never blocks it.
  child.stdout!.resume();
  child.stderr!.resume();
  const exited = new Promise<void>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) ok();
    else child.once('exit', () => ok());
  });
  return {
    url: `http://127.0.0.1:${p}/mcp`,
    port: p,
    child,
    kill: () => {
      child.kill('SIGKILL');
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
