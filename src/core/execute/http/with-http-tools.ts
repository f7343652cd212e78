import type { ToolRuntime } from '../tool-runtime';
import type { HttpRuntime } from './http-runtime';

/**
 * `inner` plus HTTP tools: a tool with an `http` binding (imported from OpenAPI) goes to the HTTP runtime,
 * every other call to `inner` (the sandbox). Local stays the default: only bound tools ever reach the
 * network, and only allowed hosts.
 */
export function withHttpTools(inner: ToolRuntime, http: HttpRuntime): ToolRuntime {
  return {
    canExecute: (tool) => http.canExecute(tool) || inner.canExecute(tool),
    call: (tool, args, signal) =>
      tool.http ? http.call(tool, args, signal) : inner.call(tool, args, signal),
    lexicon: () => inner.lexicon?.() ?? Promise.resolve([]),
  };
}
