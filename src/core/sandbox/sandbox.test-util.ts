import { expect } from 'vitest';
import type { CallFailure } from '../execute/call-outcome';
import { DEMO_TOOLS } from '../demo/demo-tools';
import type { Tool } from '../tools/tool';
import { createSandboxRuntime, type SandboxRuntime } from './sandbox-runtime';
import { MemorySandboxStore, type SandboxStore } from './sandbox-store';

/** The tests' "now": 2026-11-25 10:00 UTC, so the seed's today is 2026-11-25. */
export const NOW = Date.UTC(2026, 10, 25, 10, 0);
export const TODAY = '2026-11-25';

export function openSandbox(
  store: SandboxStore = new MemorySandboxStore(),
  now = NOW,
): Promise<SandboxRuntime> {
  return createSandboxRuntime({ store, now: () => now });
}

export function demoTool(name: string): Tool {
  const tool = DEMO_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no demo tool ${name}`);
  return tool;
}

/** Calls a demo tool and returns its output, failing the test (with the failure) when the call failed. */
export async function callOk(runtime: SandboxRuntime, name: string, args: Record<string, unknown>) {
  const outcome = await runtime.call(demoTool(name), args);
  if (!outcome.ok) expect.fail(`${name} failed: ${JSON.stringify(outcome.failure)}`);
  // Data flows between calls by field name: exactly the declared output fields, no more, no fewer.
  expect(Object.keys(outcome.output as object).sort()).toEqual(
    Object.keys(demoTool(name).returns?.properties ?? {}).sort(),
  );
  return outcome.output as Record<string, unknown>;
}

/** Calls a demo tool that must fail, and returns the failure. */
export async function callFails(
  runtime: SandboxRuntime,
  name: string,
  args: Record<string, unknown>,
): Promise<CallFailure> {
  const outcome = await runtime.call(demoTool(name), args);
  if (outcome.ok) expect.fail(`${name} should have failed but returned ${JSON.stringify(outcome.output)}`);
  return outcome.failure;
}
