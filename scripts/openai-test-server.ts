// A small OpenAI-compatible server for tests and manual / end-to-end runs of the endpoint engine:
// POST /v1/chat/completions (one JSON answer, or SSE when `stream: true`, with `usage`) and GET /v1/models,
// on 127.0.0.1, recording every request so tests can check what the engine sent (e.g. that
// `response_format` carried the schema). CORS is open, so the app in a browser can call it.
//
// From a test:
//   const server = await startOpenAiTestServer({ reply: (body) => ({ tool: 'get_weather', args: {} }) });
//   … new EndpointEngine({ baseUrl: server.url, model: 'test' }) …; server.requests; await server.close();
// `reply` gets the parsed request body and returns the assistant's text (a string), a JSON value (sent as
// its JSON text), or `testReply({...})` for an HTTP error, a delay, chosen usage, no usage or chosen chunks.
//
// From the command line (the reply is the same for every request):
//   npx tsx scripts/openai-test-server.ts --port 8089 --reply '{"tool":"get_weather","args":{"city":"Paris"}}'
//   npx tsx scripts/openai-test-server.ts --port 8089 --reply-file reply.json --models test,other --delay 200
// --port 0 picks a free port; the URL is printed. In the app's endpoint settings use
// http://127.0.0.1:8089 (any model name). Ctrl-C stops it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

export interface TestReplySpec {
  /** HTTP status to answer with instead of a completion (400, 500…); `error` is its message. */
  status?: number;
  error?: string;
  /** The assistant's text, or a JSON value sent as its JSON text. Default "". */
  content?: string | object;
  /** Wait this long before answering (timeouts, aborts). */
  delayMs?: number;
  /** Wait this long between streamed chunks. */
  chunkDelayMs?: number;
  /** The streamed pieces; default the content cut into words. */
  chunks?: string[];
  /** Usage to report; false to leave it out. Default: chars/4 of the prompt and of the answer. */
  usage?: { prompt_tokens: number; completion_tokens: number } | false;
}

/** A reply with more than content (status, delay, usage…); `reply` returns it via `testReply`. */
export class TestReply {
  constructor(readonly spec: TestReplySpec) {}
}

export function testReply(spec: TestReplySpec): TestReply {
  return new TestReply(spec);
}

/** A string is the assistant's text; any other object (but a TestReply) is sent as its JSON text. */
export type ReplyValue = string | object;
export type ReplyFn = (body: Record<string, unknown>) => ReplyValue | Promise<ReplyValue>;

export interface OpenAiTestServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  reply: ReplyFn;
  /** What GET /v1/models lists; default ["test-model"]. */
  models?: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
}

export interface OpenAiTestServer {
  /** `http://127.0.0.1:<port>` (the engine appends /v1/…). */
  url: string;
  port: number;
  /** Every request, in order (preflights included). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, authorization',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

export async function startOpenAiTestServer(options: OpenAiTestServerOptions): Promise<OpenAiTestServer> {
  const requests: RecordedRequest[] = [];
  const models = options.models ?? ['test-model'];
  const server = createServer((req, res) => {
    void handle(req, res, options.reply, models, requests).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { message: String(e) } });
      else res.destroy();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => done());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  reply: ReplyFn,
  models: string[],
  requests: RecordedRequest[],
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const raw = await readBody(req);
  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    body = raw;
  }
  requests.push({ method: req.method ?? '', path, headers: req.headers, body });

  if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
  if (req.method === 'GET' && path === '/v1/models')
    return send(res, 200, {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', owned_by: 'openai-test-server' })),
    });
  if (req.method !== 'POST' || path !== '/v1/chat/completions')
    return send(res, 404, { error: { message: `No route ${req.method} ${path}` } });
  if (typeof body !== 'object' || body === null)
    return send(res, 400, { error: { message: 'The body must be a JSON object' } });

  const request = body as Record<string, unknown>;
  const answer = await reply(request);
  const spec: TestReplySpec = answer instanceof TestReply ? answer.spec : { content: answer };
  if (spec.delayMs) await sleep(spec.delayMs, res);
  if (res.destroyed) return;
  if (spec.status && spec.status >= 400)
    return send(res, spec.status, { error: { message: spec.error ?? `HTTP ${spec.status}`, type: 'test' } });

  const content = typeof spec.content === 'string' ? spec.content : JSON.stringify(spec.content ?? '');
  const usage = spec.usage === false ? undefined : (spec.usage ?? countUsage(request, content));
  const model = typeof request.model === 'string' ? request.model : (models[0] ?? 'test-model');
  if (request.stream === true) {
    const options = request.stream_options as { include_usage?: boolean } | undefined;
    await stream(
      res,
      model,
      spec.chunks ?? words(content),
      spec.chunkDelayMs ?? 0,
      options?.include_usage ? usage : undefined,
    );
  } else {
    send(res, 200, {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    });
  }
}

async function stream(
  res: ServerResponse,
  model: string,
  chunks: string[],
  chunkDelayMs: number,
  usage: { prompt_tokens: number; completion_tokens: number } | undefined,
): Promise<void> {
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
  };
  const event = (payload: unknown): void => void res.write(`data: ${JSON.stringify(payload)}\n\n`);
  event({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const piece of chunks) {
    if (chunkDelayMs) await sleep(chunkDelayMs, res);
    if (res.destroyed) return;
    event({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
  }
  event({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  if (usage)
    event({
      ...base,
      choices: [],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
  res.end('data: [DONE]\n\n');
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function countUsage(
  request: Record<string, unknown>,
  content: string,
): { prompt_tokens: number; completion_tokens: number } {
  const messages = Array.isArray(request.messages) ? (request.messages as { content?: unknown }[]) : [];
  const prompt = messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('');
  return { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(content.length / 4) };
}

function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => done(Buffer.concat(parts).toString('utf8')));
    req.on('error', fail);
  });
}

/** Waits, but no longer than the client stays connected (an aborted request must not keep the timer). */
function sleep(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    res.once('close', () => {
      clearTimeout(timer);
      done();
    });
  });
}

function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    if (key?.startsWith('--')) args.set(key.slice(2), argv[i + 1] ?? '');
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const replyText = args.has('reply-file')
    ? readFileSync(resolve(args.get('reply-file') ?? ''), 'utf8')
    : (args.get('reply') ?? '{"answer":"hello from openai-test-server"}');
  const delayMs = Number(args.get('delay') ?? 0);
  const server = await startOpenAiTestServer({
    port: Number(args.get('port') ?? 8089),
    models: args.get('models')?.split(',').filter(Boolean),
    reply: () => testReply({ content: replyText.trim(), delayMs }),
  });
  console.log(`openai-test-server listening on ${server.url} (POST /v1/chat/completions, GET /v1/models)`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
