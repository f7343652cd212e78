import type { Tool } from '../../tools/tool';
import type { CallFailure, CallOutcome } from '../call-outcome';
import type { ToolRuntime } from '../tool-runtime';
import type { HostAllowList } from './host-allow-list';
import { planRequest } from './http-request';

export interface HttpRuntimeOptions {
  /** The catalogue's tool of a name (the runtime executes those with an `http` binding). */
  lookup: (name: string) => Tool | undefined;
  allowList: HostAllowList;
  /**
   * Asked when a call needs a host not allowed yet (the app shows a prompt); true allows it. Absent: the
   * call fails with 'host-not-allowed' and says how to allow it.
   */
  ask?: (host: string, tool: string) => Promise<boolean>;
  /** No answer within this many ms is a timeout (default 10 s). */
  timeoutMs?: number;
  /** Larger responses are refused (default 1 MiB). */
  maxBytes?: number;
  fetch?: typeof fetch;
  clock?: () => number;
}

const fail = (kind: CallFailure['kind'], code: string, message: string, durationMs = 0): CallOutcome => ({
  ok: false,
  failure: { kind, code, message },
  durationMs,
});

/**
 * Executes tools imported from OpenAPI over HTTP, and nothing else: only hosts on the allow-list are
 * contacted, with no cookies, no redirects followed (a redirect could leave the allowed host), a
 * timeout, and a size limit on the response. Status codes become typed failures: 4xx is the caller's
 * (invalid-arguments), 5xx, 429 and network errors the tool's (unavailable / error).
 */
export class HttpRuntime implements ToolRuntime {
  private readonly fetch: typeof fetch;
  private readonly clock: () => number;

  constructor(private readonly options: HttpRuntimeOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.clock = options.clock ?? (() => performance.now());
  }

  /** A bound tool with a server URL; one without (its document named none) can only be simulated. */
  canExecute(tool: string): boolean {
    return Boolean(this.options.lookup(tool)?.http?.baseUrl);
  }

  async call(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
    const binding = tool.http ?? this.options.lookup(tool.name)?.http;
    if (!binding) return fail('not-executable', 'no-http-binding', `${tool.name} is not an HTTP tool.`);
    if (!binding.baseUrl)
      return fail(
        'not-executable',
        'no-base-url',
        `${tool.name} has no server URL; import its OpenAPI document with one.`,
      );
    let plan;
    try {
      plan = planRequest(binding, args);
    } catch (e) {
      return fail('not-executable', 'bad-url', `${tool.name} cannot be called: ${(e as Error).message}.`);
    }
    const host = plan.url.host;
    if (!this.options.allowList.allowed(host)) {
      const yes = this.options.ask ? await this.options.ask(host, tool.name) : false;
      if (!yes)
        return fail(
          'not-executable',
          'host-not-allowed',
          `Calls to ${host} are not allowed yet. Allow that host (chat side pane: Tools → Web hosts) to let ${tool.name} run.`,
        );
      this.options.allowList.allow(host);
    }
    const started = this.clock();
    const elapsed = () => this.clock() - started;
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await this.fetch(plan.url, {
        method: plan.method,
        headers: plan.headers,
        ...(plan.body !== undefined ? { body: plan.body } : {}),
        signal: controller.signal,
        credentials: 'omit',
        redirect: 'manual',
      });
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400))
        return fail(
          'error',
          'redirect',
          `${host} answered with a redirect, which is not followed.`,
          elapsed(),
        );
      const body = await readLimited(res, this.options.maxBytes ?? 1 << 20);
      if (body === null)
        return fail(
          'invalid-output',
          'response-too-large',
          `${host} answered with more than ${this.options.maxBytes ?? 1 << 20} bytes.`,
          elapsed(),
        );
      if (!res.ok) return statusFailure(res.status, host, body, elapsed(), res.headers.get('retry-after'));
      let output: unknown = body;
      if (/json/i.test(res.headers.get('content-type') ?? '') || /^\s*[[{]/.test(body)) {
        try {
          output = JSON.parse(body);
        } catch {
          return fail('invalid-output', 'invalid-json', `${host} answered with malformed JSON.`, elapsed());
        }
      }
      if (binding.wrapResult) output = { result: output };
      return { ok: true, output, source: { kind: 'remote', label: host }, durationMs: elapsed() };
    } catch (e) {
      if (signal?.aborted)
        return fail('cancelled', 'aborted', `The call to ${tool.name} was stopped.`, elapsed());
      if (controller.signal.aborted)
        return fail('timeout', 'http-timeout', `${host} gave no answer within ${timeoutMs} ms.`, elapsed());
      return fail(
        'unavailable',
        'network',
        `${host} could not be reached (${(e as Error).message}).`,
        elapsed(),
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** The body as text, or null when it is longer than `max` bytes (reading stops there). */
async function readLimited(res: Response, max: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/**
 * An HTTP `Retry-After` value (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) as milliseconds from
 * `now`; undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // An HTTP-date names its day and month ("Wed, 25 Nov 2026 03:00:07 GMT"); "-5" is no date.
  if (!/[a-z]{3}/i.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function statusFailure(
  status: number,
  host: string,
  body: string,
  durationMs: number,
  retryAfter: string | null = null,
): CallOutcome {
  const detail = body.trim() ? `: ${body.trim().slice(0, 200)}` : '';
  if (status === 429 || status >= 500) {
    const busy = status === 503 || status === 429;
    const outcome = fail(
      busy ? 'unavailable' : 'error',
      `http-${status}`,
      `${host} answered ${status}${detail}`,
      durationMs,
    );
    const wait = busy ? retryAfterMs(retryAfter, Date.now()) : undefined;
    if (!outcome.ok && wait !== undefined) outcome.failure.retryAfterMs = wait;
    return outcome;
  }
  if (status === 401 || status === 403)
    return fail(
      'not-executable',
      `http-${status}`,
      `${host} refused the call (${status}): it needs credentials this app does not have.`,
      durationMs,
    );
  return fail(
    'invalid-arguments',
    `http-${status}`,
    `${host} refused the arguments (${status})${detail}`,
    durationMs,
  );
}
