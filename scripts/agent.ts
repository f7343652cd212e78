// The agent, headless: `npm run agent -- [options] "request"` or `--requests <file.jsonl>`.
// Runs the same loop as the app (src/core/agent) in Node, prints each step as it goes, and with --json
// writes one entry per request. The only place that touches the file system, stdin and the network
// (the endpoint engine, when the user names one).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { Agent } from '../src/core/agent/agent';
import type { AgentEvent, TurnResult } from '../src/core/agent/agent-events';
import type { AgentWorld } from '../src/core/agent/agent-world';
import type { DecisionPolicy } from '../src/core/agent/decision-policy';
import { builtInAgentWorld } from '../src/core/agent/fixtures/run-fixture';
import { FOLLOW_UP_TURNS } from '../src/core/agent/follow-ups';
import { GraphPolicy } from '../src/core/agent/graph-policy';
import { LlmPolicy } from '../src/core/agent/llm-policy';
import { LocalAgentWorld } from '../src/core/agent/local-agent-world';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import type { ToolRuntime } from '../src/core/execute/tool-runtime';
import { CompositeRuntime } from '../src/core/execute/composite-runtime';
import { worldSimulator } from '../src/core/execute/world-simulator';
import { worldFromPlans } from '../src/core/linkpred/dataset-world';
import { EndpointEngine } from '../src/core/llm/endpoint-engine';
import { ScriptedEngine } from '../src/core/llm/scripted-engine';
import { McpHub } from '../src/core/mcp/mcp-hub';
import { toolWorldSink } from '../src/core/mcp/world-sink';
import { RetrievalService } from '../src/core/retrieval/retrieval-service';
import { connectNode } from '../src/node-mcp/node-mcp-client';
import type { PlanTask } from '../src/core/plan/plan-step';
import { createSandboxRuntime } from '../src/core/sandbox';
import { parseCatalogue } from '../src/core/tools/importers';
import { runCli } from './figures';

const USAGE = `Usage: npm run agent -- [options] "request"
       npm run agent -- [options] --requests <file.jsonl>

  --engine <name>     graph-only (default: no LLM) | endpoint | scripted
  --endpoint <url>    OpenAI-compatible server (llama.cpp, Ollama, vLLM…), e.g. http://127.0.0.1:8080/v1
  --model <name>      model name on that server
  --api-key <key>     bearer key for the server (optional)
  --no-json-schema    the server does not take response_format json_schema (replies are validated instead)
  --script <file>     scripted engine: a JSON array of reply strings, used in order
  --world <w>         demo (default: the built-in tool pack, executed against a sandbox in memory) or a
                      dataset folder in the shared format (tools.json + tasks.jsonl; its train plans
                      become traces). Dataset tools have no implementation here: calls to them are
                      reported as not executable, unless --simulate.
  --simulate          with a dataset --world: tools without an implementation answer from the API
                      simulator (a recorded answer of the world's traces for the same call, else a
                      recorded answer with this call's values put in, else a mock from the returns
                      schema); every such result is marked simulated.
  --mcp <server>      an MCP tool server: a Streamable HTTP URL (http://127.0.0.1:3001/mcp) or a command
                      line started over stdio ("node path/to/server.js"); repeatable. Its tools join the
                      world (category mcp:<server>) and run through tools/call. Naming a server here is
                      the permission to call it.
  --requests <file>   one {"id", "request", "answers"?: [..]} per line; "answers" answer questions in order
  --chat              the requests are one conversation, as in the app's chat: each is read with the
                      three before it ("text her too", "and in Berlin?", "same for Carol")
  --json <file>       write [{id, request, readAs?, answer, questions, calls: [{tool, args, ok, output,
                      simulated, source}], llmCalls, promptTokens, completionTokens, ms}]
  --quiet             print only the answers

Questions to the user are asked on the terminal when it is interactive; otherwise a request with an
unanswered question ends with the question listed.`;

interface RequestLine {
  id: string;
  request: string;
  answers?: string[];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      engine: { type: 'string', default: 'graph-only' },
      endpoint: { type: 'string' },
      model: { type: 'string' },
      'api-key': { type: 'string' },
      'no-json-schema': { type: 'boolean', default: false },
      script: { type: 'string' },
      world: { type: 'string', default: 'demo' },
      simulate: { type: 'boolean', default: false },
      mcp: { type: 'string', multiple: true },
      requests: { type: 'string' },
      json: { type: 'string' },
      chat: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const lines: RequestLine[] = values.requests
    ? readRequests(values.requests)
    : positionals.length > 0
      ? [{ id: 'request-1', request: positionals.join(' ') }]
      : [];
  if (lines.length === 0) throw usageError('Give a request in quotes, or --requests <file.jsonl>.');

  const say = values.quiet ? () => undefined : (s: string) => console.log(s);
  const policy = makePolicy(values);
  const opened = await openWorld(values.world!, values.simulate!);
  const { world, runtime, label, servers } = await withToolServers(opened, values.mcp ?? [], say);
  const agent = new Agent({ world, runtime, policy });
  say(`World: ${label}. Engine: ${policy.engine.label}.`);

  const interactive = Boolean(process.stdin.isTTY) && !values.requests;
  const rl = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : null;
  const out: ReturnType<typeof entry>[] = [];
  // With --chat, the turns so far, for a follow-up to lean on (the app hands over as many).
  const earlier: TurnResult[] = [];
  try {
    for (const line of lines) {
      const answers = [...(line.answers ?? [])];
      say(`\n▶ ${line.request}`);
      const result = await agent.runTurn(line.request, {
        turnId: line.id,
        ...(values.chat ? { earlier: earlier.slice(-FOLLOW_UP_TURNS) } : {}),
        onEvent: (e) => {
          const s = describe(e);
          if (s) say(s);
        },
        ask: async (q) => {
          if (answers.length > 0) {
            const a = answers.shift()!;
            say(`  ? ${q.text}\n    → ${a}`);
            return a;
          }
          if (!rl) return null;
          return (await rl.question(`  ? ${q.text}\n    → `)).trim() || null;
        },
      });
      if (values.quiet) console.log(result.answer);
      else if (result.readAs) say(`  (read as “${result.readAs}”)`);
      earlier.push(result);
      out.push(entry(line.id, result));
    }
  } finally {
    rl?.close();
    await servers?.close();
  }
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify(out, null, 2)}\n`);
    say(`\nWrote ${out.length} result${out.length === 1 ? '' : 's'} to ${values.json}`);
  }
}

function usageError(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_PARSE_ARGS_AGENT' });
}

function readRequests(file: string): RequestLine[] {
  if (!existsSync(file)) throw usageError(`--requests: no file at ${file}`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l, i) => [l.trim(), i + 1] as const)
    .filter(([l]) => l)
    .map(([l, n]) => {
      let v: unknown;
      try {
        v = JSON.parse(l);
      } catch (e) {
        throw usageError(`--requests line ${n}: not JSON (${(e as Error).message})`);
      }
      const r = v as Partial<RequestLine>;
      if (!r || typeof r.request !== 'string' || !r.request.trim())
        throw usageError(`--requests line ${n}: needs a "request" string`);
      return {
        id: typeof r.id === 'string' ? r.id : `request-${n}`,
        request: r.request,
        ...(Array.isArray(r.answers) ? { answers: r.answers.map(String) } : {}),
      };
    });
}

async function openWorld(
  spec: string,
  simulate: boolean,
): Promise<{ world: AgentWorld; runtime: ToolRuntime; label: string }> {
  const runtime = await createSandboxRuntime();
  if (spec === 'demo')
    return {
      world: await builtInAgentWorld(() => Date.now()),
      runtime,
      label: 'built-in tool pack (sandbox in memory)',
    };
  const dir = resolve(spec);
  const toolsPath = resolve(dir, 'tools.json');
  const tasksPath = resolve(dir, 'tasks.jsonl');
  if (!existsSync(toolsPath))
    throw usageError(`--world: ${dir} has no tools.json (a dataset folder in the shared format)`);
  const tools = parseCatalogue(JSON.parse(readFileSync(toolsPath, 'utf8'))).tools;
  const train = existsSync(tasksPath)
    ? readFileSync(tasksPath, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as PlanTask & { split?: string })
        .filter((t) => t.split === 'train' && Array.isArray(t.plan) && t.plan.length > 0)
    : [];
  const { world } = await worldFromPlans(tools, train, new LexicalEmbedder());
  const size = `${tools.length} tools, ${train.length} training plans`;
  return simulate
    ? {
        world: new LocalAgentWorld(world),
        // The sandbox's own tools still run for real; every other answer says it is simulated.
        runtime: new CompositeRuntime([runtime], worldSimulator(world)),
        label: `${basename(dir)} (${size}; its tools run in the API simulator, every result marked simulated)`,
      }
    : {
        world: new LocalAgentWorld(world),
        runtime,
        label: `${basename(dir)} (${size}; its tools are not executable here: --simulate runs them in the API simulator)`,
      };
}

/**
 * Connects the `--mcp` servers (HTTP or stdio), imports their tools into the world before the agent's
 * retrieval indexes it (and again on list_changed), and puts their runtime in front of the sandbox.
 */
async function withToolServers(
  opened: { world: AgentWorld; runtime: ToolRuntime; label: string },
  specs: string[],
  say: (s: string) => void,
): Promise<{ world: AgentWorld; runtime: ToolRuntime; label: string; servers: McpHub | null }> {
  if (specs.length === 0) return { ...opened, servers: null };
  if (!(opened.world instanceof LocalAgentWorld)) throw usageError('--mcp needs a local world.');
  const tw = opened.world.world;
  const retrieval = new RetrievalService(tw.embedder);
  retrieval.reset(tw);
  const hub = new McpHub({
    connect: connectNode,
    environment: 'node',
    world: toolWorldSink(tw, () => retrieval.reset(tw)),
    onNotice: (level, text, details) =>
      say(`  ${level}: ${text}${details ? `\n    ${details.join('\n    ')}` : ''}`),
  });
  const names: string[] = [];
  for (const spec of specs) {
    let view;
    try {
      view = await hub.add(spec, { allow: true });
    } catch (e) {
      await hub.close();
      throw usageError(`--mcp ${spec}: ${(e as Error).message}`);
    }
    if (view.status !== 'connected') {
      await hub.close();
      throw usageError(`--mcp ${spec}: ${view.error ?? 'not connected'}`);
    }
    say(
      `Tool server ${view.label}: ${view.tools.length} tools (${view.tools.map((t) => t.tool).join(', ')}).`,
    );
    names.push(view.label);
  }
  return {
    world: new LocalAgentWorld(tw, { retrieval }),
    runtime: new CompositeRuntime([hub.runtime, opened.runtime], opened.runtime),
    label: `${opened.label} + tool server${names.length === 1 ? '' : 's'} ${names.join(', ')}`,
    servers: hub,
  };
}

function makePolicy(values: Record<string, string | string[] | boolean | undefined>): DecisionPolicy {
  switch (values.engine) {
    case 'graph-only':
      return new GraphPolicy();
    case 'endpoint': {
      if (typeof values.endpoint !== 'string' || typeof values.model !== 'string')
        throw usageError('--engine endpoint needs --endpoint <url> and --model <name>.');
      return new LlmPolicy(
        new EndpointEngine({
          baseUrl: values.endpoint,
          model: values.model,
          ...(typeof values['api-key'] === 'string' ? { apiKey: values['api-key'] } : {}),
          ...(values['no-json-schema'] ? { responseFormat: false } : {}),
        }),
      );
    }
    case 'scripted': {
      if (typeof values.script !== 'string')
        throw usageError('--engine scripted needs --script <file.json>.');
      const replies: unknown = JSON.parse(readFileSync(values.script, 'utf8'));
      if (!Array.isArray(replies))
        throw usageError('--script: the file must hold a JSON array of reply strings.');
      return new LlmPolicy(
        new ScriptedEngine({ replies: replies.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))) }),
      );
    }
    default:
      throw usageError(
        `--engine: unknown engine "${String(values.engine)}" (graph-only, endpoint, scripted)`,
      );
  }
}

function entry(id: string, r: TurnResult) {
  return {
    id,
    request: r.request,
    ...(r.readAs ? { readAs: r.readAs } : {}),
    answer: r.answer,
    questions: r.questions.map((q) => q.text),
    calls: r.calls.map((c) => ({
      tool: c.tool,
      args: c.args,
      ok: c.status === 'ok',
      output: c.status === 'ok' ? c.output : (c.failure ?? null),
      simulated: c.source?.kind === 'simulated',
      source: c.source?.label ?? null,
    })),
    llmCalls: r.llmCalls,
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    ms: Math.round(r.ms * 10) / 10,
  };
}

const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? '';
  return s.length > 140 ? `${s.slice(0, 139)}…` : s;
};

function describe(e: AgentEvent): string {
  switch (e.type) {
    case 'sub-intents':
      return e.items.map((s) => `  #${s.rank} ${s.text}${s.condition ? ` (${s.condition})` : ''}`).join('\n');
    case 'decision':
      return (
        e.actions
          .map((a) => `  [${a.action}] #${a.dependency_rank}${a.target_api ? ` ${a.target_api}` : ''}`)
          .join('\n') +
        (e.llm
          ? `\n    (LLM: ${e.llm.promptTokens} prompt + ${e.llm.completionTokens} completion tokens, ${Math.round(e.llm.ms)} ms)`
          : '') +
        (e.note ? `\n    note: ${e.note}` : '')
      );
    case 'candidates':
      return `    candidates: ${e.candidates
        .slice(0, 5)
        .map((c) => `${c.tool} ${c.score.toFixed(2)}`)
        .join(', ')}`;
    case 'toolchain':
      return `    chain → ${e.chain.target}: ${e.chain.steps.map((s) => s.tool).join(' → ')}${e.chain.missing.length ? ` (missing: ${e.chain.missing.map((m) => m.field).join(', ')})` : ''}`;
    case 'call-end':
      return e.call.status === 'ok'
        ? `    ✓ ${e.call.tool}(${short(e.call.args)}) → ${short(e.call.output)}${e.call.source ? ` [${e.call.source.label}]` : ''}`
        : `    ✗ ${e.call.tool}(${short(e.call.args)}): ${e.call.failure?.kind} — ${e.call.failure?.message}`;
    case 'notice':
      return `    ${e.level}: ${e.text}`;
    case 'answer':
      return `\n${e.text}`;
    case 'turn-end':
      return `  (${e.result.status}; ${e.result.calls.length} calls, ${e.result.llmCalls} LLM calls, ${Math.round(e.result.ms)} ms)`;
    default:
      return '';
  }
}

runCli(main, USAGE);
