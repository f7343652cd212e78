import { afterEach, describe, expect, it } from 'vitest';
import {
  startOpenAiTestServer,
  testReply,
  type OpenAiTestServer,
  type ReplyFn,
} from '../../../scripts/openai-test-server';
import { EndpointEngine, endpointUrls } from './endpoint-engine';
import { EndpointHttpError } from './endpoint-http-error';
import { EndpointResponseError } from './endpoint-response-error';
import { EndpointTimeoutError } from './endpoint-timeout-error';
import { EndpointUnreachableError } from './endpoint-unreachable-error';
import type { ChatRequest } from './llm-engine';

// Real HTTP on 127.0.0.1 against scripts/openai-test-server.ts.

const SCHEMA = {
  title: 'tool call',
  type: 'object',
  properties: { tool: { type: 'string' }, args: { type: 'object' } },
  required: ['tool', 'args'],
};
const MESSAGES: ChatRequest['messages'] = [
  { role: 'system', content: 'You call tools.' },
  { role: 'user', content: 'Weather in Paris?' },
];

let server: OpenAiTestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(reply: ReplyFn): Promise<OpenAiTestServer> {
  server = await startOpenAiTestServer({ reply, models: ['qwen-test', 'llama-test'] });
  return server;
}

function bodyOf(s: OpenAiTestServer, i: number): Record<string, unknown> {
  return s.requests.filter((r) => r.method === 'POST')[i]?.body as Record<string, unknown>;
}

describe('EndpointEngine', () => {
  it('sends the schema as response_format json_schema (strict) and reads the answer and usage', async () => {
    const s = await serve(() => ({ tool: 'get_weather', args: { city: 'Paris' } }));
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'qwen-test', apiKey: 'k-123' });
    const r = await engine.chat({ messages: MESSAGES, jsonSchema: SCHEMA, maxTokens: 64, temperature: 0 });

    expect(JSON.parse(r.text)).toEqual({ tool: 'get_weather', args: { city: 'Paris' } });
    expect(r.constrained).toBe(true);
    expect(r.ms).toBeGreaterThan(0);
    const body = bodyOf(s, 0);
    expect(body).toMatchObject({ model: 'qwen-test', messages: MESSAGES, max_tokens: 64, temperature: 0 });
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'tool_call', schema: SCHEMA, strict: true },
    });
    expect(body.stream).toBeUndefined();
    expect(s.requests[0]?.headers.authorization).toBe('Bearer k-123');
    // The server's counts: chars/4 of the prompt and of the answer.
    expect(r.usage).toEqual({
      promptTokens: Math.ceil('You call tools.Weather in Paris?'.length / 4),
      completionTokens: Math.ceil(r.text.length / 4),
    });
    expect(engine.responseFormatSupported).toBe(true);
    expect(engine.info).toEqual({
      kind: 'endpoint',
      model: 'qwen-test',
      label: `Endpoint · qwen-test (127.0.0.1:${s.port})`,
    });
  });

  it('streams the pieces in order over SSE and reads the usage chunk', async () => {
    const chunks = ['{"tool"', ': "get_', 'weather", ', '"args": {}}'];
    const s = await serve(() =>
      testReply({ chunks, chunkDelayMs: 10, usage: { prompt_tokens: 42, completion_tokens: 9 } }),
    );
    const engine = new EndpointEngine({ baseUrl: `${s.url}/v1/`, model: 'qwen-test' });
    const seen: string[] = [];
    const r = await engine.chat({ messages: MESSAGES, jsonSchema: SCHEMA, onText: (d) => seen.push(d) });

    expect(seen).toEqual(chunks);
    expect(r.text).toBe(chunks.join(''));
    expect(r.usage).toEqual({ promptTokens: 42, completionTokens: 9 });
    expect(r.constrained).toBe(true);
    expect(bodyOf(s, 0)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('estimates usage (chars/4) when the server reports none, streamed or not', async () => {
    const s = await serve(() => testReply({ content: 'twelve chars', usage: false }));
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm' });
    const prompt = Math.ceil('You call tools.Weather in Paris?'.length / 4);
    const whole = await engine.chat({ messages: MESSAGES });
    expect(whole.usage).toEqual({ promptTokens: prompt, completionTokens: 3 });
    const streamed = await engine.chat({ messages: MESSAGES, onText: () => undefined });
    expect(streamed.usage).toEqual({ promptTokens: prompt, completionTokens: 3 });
    expect(whole.constrained).toBe(false);
  });

  it('asks again without response_format after a 400 naming it, once, and marks the answer unconstrained', async () => {
    const s = await serve((body) =>
      body.response_format
        ? testReply({ status: 400, error: "Unrecognized request argument: 'response_format'" })
        : '{"tool": "get_weather", "args": {}}',
    );
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm' });
    const first = await engine.chat({ messages: MESSAGES, jsonSchema: SCHEMA });
    expect(first.constrained).toBe(false);
    expect(first.text).toBe('{"tool": "get_weather", "args": {}}');
    expect(bodyOf(s, 0).response_format).toBeDefined();
    expect(bodyOf(s, 1).response_format).toBeUndefined();
    expect(engine.responseFormatSupported).toBe(false);

    // Not offered again: one request for the next call.
    await engine.chat({ messages: MESSAGES, jsonSchema: SCHEMA });
    expect(s.requests).toHaveLength(3);
    expect(bodyOf(s, 2).response_format).toBeUndefined();
  });

  it('does not send response_format when the setting says the server lacks it', async () => {
    const s = await serve(() => '{}');
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm', responseFormat: false });
    const r = await engine.chat({ messages: MESSAGES, jsonSchema: SCHEMA });
    expect(r.constrained).toBe(false);
    expect(bodyOf(s, 0).response_format).toBeUndefined();
  });

  it('keeps other 400s as errors (no silent retry)', async () => {
    const s = await serve(() => testReply({ status: 400, error: 'context length exceeded' }));
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm' });
    const e = await engine.chat({ messages: MESSAGES, jsonSchema: SCHEMA }).catch((x: unknown) => x);
    expect(EndpointHttpError.isInstance(e)).toBe(true);
    expect(s.requests).toHaveLength(1);
  });

  it('turns a 500 into an EndpointHttpError with the status and the server message', async () => {
    const s = await serve(() => testReply({ status: 500, error: 'model exploded' }));
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm' });
    const e = await engine.chat({ messages: MESSAGES }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EndpointHttpError);
    const err = e as EndpointHttpError;
    expect(err).toMatchObject({ name: 'EndpointHttpError', code: 'llm-endpoint-http', status: 500 });
    expect(err.serverMessage).toBe('model exploded');
    expect(err.message).toContain(`${s.url}/v1/chat/completions answered HTTP 500: "model exploded"`);
  });

  it('times out when the server sends nothing for timeoutMs', async () => {
    const s = await serve(() => testReply({ content: 'late', delayMs: 3000 }));
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm', timeoutMs: 200 });
    const started = Date.now();
    const e = await engine.chat({ messages: MESSAGES }).catch((x: unknown) => x);
    expect(EndpointTimeoutError.isInstance(e)).toBe(true);
    expect((e as EndpointTimeoutError).code).toBe('llm-endpoint-timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('restarts the timeout with every streamed piece', async () => {
    const chunks = ['a ', 'b ', 'c ', 'd ', 'e'];
    const s = await serve(() => testReply({ chunks, chunkDelayMs: 120 }));
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm', timeoutMs: 400 });
    const r = await engine.chat({ messages: MESSAGES, onText: () => undefined });
    expect(r.text).toBe('a b c d e');
  });

  it("stops on the caller's abort with the abort reason, not a timeout", async () => {
    const s = await serve(() => testReply({ content: 'late', delayMs: 3000 }));
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm', timeoutMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const e = await engine.chat({ messages: MESSAGES, signal: controller.signal }).catch((x: unknown) => x);
    expect((e as Error).name).toBe('AbortError');
    // Mid-stream too.
    const s2 = await startOpenAiTestServer({
      reply: () => testReply({ chunks: ['a', 'b', 'c'], chunkDelayMs: 300 }),
    });
    try {
      const c2 = new AbortController();
      const pieces: string[] = [];
      const e2 = await new EndpointEngine({ baseUrl: s2.url, model: 'm' })
        .chat({ messages: MESSAGES, signal: c2.signal, onText: (d) => (pieces.push(d), c2.abort()) })
        .catch((x: unknown) => x);
      expect((e2 as Error).name).toBe('AbortError');
      expect(pieces).toEqual(['a']);
    } finally {
      await s2.close();
    }
  });

  it('says which URL is unreachable', async () => {
    const probe = await startOpenAiTestServer({ reply: () => '' });
    const port = probe.port;
    await probe.close();
    const engine = new EndpointEngine({ baseUrl: `http://127.0.0.1:${port}`, model: 'm' });
    const e = await engine.chat({ messages: MESSAGES }).catch((x: unknown) => x);
    expect(EndpointUnreachableError.isInstance(e)).toBe(true);
    expect((e as Error).message).toContain(
      `Cannot reach the LLM server at http://127.0.0.1:${port}/v1/chat/completions`,
    );
    expect((e as Error).message).toContain('ECONNREFUSED');
  });

  it('lists models from GET /v1/models', async () => {
    const s = await serve(() => '');
    const engine = new EndpointEngine({ baseUrl: s.url, model: 'm' });
    expect(await engine.listModels()).toEqual(['qwen-test', 'llama-test']);
    expect(s.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('reports a body that is not a chat completion', async () => {
    const html = async (): Promise<Response> =>
      new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } });
    const engine = new EndpointEngine({ baseUrl: 'http://example.test', model: 'm', fetch: html });
    const e = await engine.chat({ messages: MESSAGES }).catch((x: unknown) => x);
    expect(EndpointResponseError.isInstance(e)).toBe(true);
    expect((e as Error).message).toContain('not JSON: it starts with "<!doctype html>');

    const noChoices = async (): Promise<Response> =>
      Response.json({ object: 'chat.completion', choices: [] });
    const e2 = await new EndpointEngine({ baseUrl: 'http://x.test', model: 'm', fetch: noChoices })
      .chat({ messages: MESSAGES })
      .catch((x: unknown) => x);
    expect((e2 as EndpointResponseError).problem).toBe('no choices[0].message.content');
  });

  it('reads llama.cpp timings as tokens per second', async () => {
    const withTimings = async (): Promise<Response> =>
      Response.json({
        choices: [{ message: { role: 'assistant', content: 'hi' } }],
        usage: { prompt_tokens: 5, completion_tokens: 1 },
        timings: { predicted_per_second: 12.5, prompt_per_second: 300 },
      });
    const r = await new EndpointEngine({ baseUrl: 'http://x.test', model: 'm', fetch: withTimings }).chat({
      messages: MESSAGES,
    });
    expect(r).toMatchObject({ text: 'hi', decodeTokensPerSecond: 12.5, prefillTokensPerSecond: 300 });
  });
});

describe('endpointUrls', () => {
  it('accepts the root, /v1, a trailing slash or the full chat URL', () => {
    const want = { chat: 'http://h:1/v1/chat/completions', models: 'http://h:1/v1/models' };
    for (const base of [
      'http://h:1',
      'http://h:1/',
      'http://h:1/v1',
      'http://h:1/v1/',
      'http://h:1/v1/chat/completions',
    ])
      expect(endpointUrls(base)).toEqual(want);
  });
});
