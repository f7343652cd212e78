import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvalDataset } from '../eval/dataset';
import { goldOrder } from '../eval/eval-task';
import { evaluateDataset } from '../eval/run-eval';
import { substituteReferences } from '../plan/references';
import { OracleEngine } from './oracle-engine';
import { NoisyOracleEngine } from './noisy-oracle';
import type { TurnState } from '../agent/turn-state';
import type { Tool } from '../tools/tool';

const dir = resolve(import.meta.dirname, '../../../e2e/fixtures/eval-mini');
const fixture = () =>
  parseEvalDataset(
    'eval-mini',
    readFileSync(`${dir}/tools.json`, 'utf8'),
    readFileSync(`${dir}/tasks.jsonl`, 'utf8'),
  );

const emptyState = (request: string): TurnState => ({
  turnId: 't',
  request,
  today: 0,
  requestLiterals: [],
  subIntents: [],
  known: new Map(),
  calls: [],
  failedApis: new Set(),
  history: [],
  questions: [],
  step: 0,
});

describe('OracleEngine', () => {
  it('reproduces every gold plan exactly through the agent (and through ReAct)', async () => {
    const ds = fixture();
    const r = await evaluateDataset(ds, { engine: 'oracle', configs: ['staticA', 'react'], seed: 1 });
    for (const c of r.configs) {
      expect(c.ran).toBe(true);
      expect(c.metrics.tsr).toBe(1);
      expect(c.metrics.tcr).toBe(1);
      expect(c.metrics.clarifications).toBe(0);
    }
    const agent = r.configs[0]!;
    // One decision retrieves, one calls; a chain whose values the agent carries needs no third.
    expect(agent.metrics.llmCalls).toBeLessThanOrEqual(2.5);
    expect(agent.metrics.promptTokens).toBeLessThan(r.configs[1]!.metrics.promptTokens);
  });

  it('makes exactly the gold calls, references read from the outputs the calls returned', async () => {
    const ds = fixture();
    const { ApiSimulator } = await import('../execute/simulator');
    const { Agent } = await import('../agent/agent');
    const { LlmPolicy } = await import('../agent/llm-policy');
    const { SequentialExecutor } = await import('../agent/chain-executor');
    const { EvalAgentWorld, EvalRetrieval } = await import('../eval/eval-world');
    const { worldFromPlans } = await import('../linkpred/dataset-world');
    const { LexicalEmbedder } = await import('../embed/lexical-embedder');
    const embedder = new LexicalEmbedder();
    const { world } = await worldFromPlans(ds.tools, ds.train, embedder);
    const retrieval = await EvalRetrieval.build(world, embedder, { hybrid: false });
    const agentWorld = new EvalAgentWorld(world, retrieval, {
      dtdr: false,
      weights: 'static',
      method: 'alpha-beta',
    });
    const oracle = new OracleEngine();
    oracle.world = agentWorld;
    for (const task of ds.test) {
      const sim = new ApiSimulator({ seed: 1 });
      sim.beginTask(task.id);
      oracle.beginTask(task);
      const agent = new Agent({
        world: agentWorld,
        runtime: sim,
        policy: new LlmPolicy(oracle),
        executor: new SequentialExecutor(),
        learn: false,
      });
      const result = await agent.runTurn(task.query, { turnId: task.id });
      expect(result.status).toBe('answered');
      const calls = result.calls.filter((c) => c.status === 'ok');
      const order = goldOrder(task.plan);
      expect(calls.map((c) => c.tool)).toEqual(order.map((s) => s.tool));
      const outputs: Record<number, unknown> = {};
      order.forEach((s, i) => {
        expect(calls[i]!.args).toEqual(substituteReferences(s.args, outputs));
        outputs[s.step] = calls[i]!.output;
      });
    }
  });

  it('first retrieves a tool for every step, describing it in NaviAgent’s recall format', () => {
    const ds = fixture();
    const task = ds.test.find((t) => t.id === 'mini-test-2')!;
    const oracle = new OracleEngine();
    oracle.beginTask(task);
    const actions = oracle.agentActions(task, emptyState(task.query), []);
    expect(actions.map((a) => [a.dependency_rank, a.action])).toEqual([
      [1, 'retrieve_api'],
      [2, 'retrieve_api'],
      [3, 'retrieve_api'],
    ]);
    expect(actions[0]!.recall_description).toMatch(/^search_city/);
  });

  it('answers a repair prompt with the gold arguments', () => {
    const ds = fixture();
    const task = ds.test.find((t) => t.id === 'mini-test-3')!;
    const oracle = new OracleEngine();
    oracle.beginTask(task);
    const reply = oracle.repair(task, {
      kind: 'repair',
      tool: 'add_agenda',
      args: { token: 'tok-1', content: 'lunch', time: 'noon' },
      error: 'time: not a date-time',
    });
    expect(reply.tool_calls[0]!.arguments).toEqual({
      token: 'tok-1',
      content: 'team lunch',
      time: '2024-02-14 12:30:00',
    });
  });
});

describe('NoisyOracleEngine', () => {
  it('injects seeded mistakes of each kind at its rate, the same per task', async () => {
    const ds = fixture();
    const task = ds.test.find((t) => t.id === 'mini-test-0')!;
    const context = { kind: 'tool-loop' as const, offered: ['convert_currency', 'send_email'], calls: [] };
    const messages = [{ role: 'user' as const, content: 'Convert 100 USD to EUR.' }];
    const run = async (seed: number) => {
      const noisy = new NoisyOracleEngine(new OracleEngine(), { rate: 0.5, seed });
      const texts: string[] = [];
      for (let i = 0; i < 40; i++) {
        noisy.beginTask({ ...task, id: `${task.id}-${i}` });
        texts.push((await noisy.chat({ messages, context })).text);
      }
      return { texts, noisy };
    };
    const a = await run(7);
    const b = await run(7);
    expect(b.texts).toEqual(a.texts);
    const clean = JSON.stringify(new OracleEngine().loopAction(task, context));
    const changed = a.texts.filter((t) => t !== clean).length;
    expect(changed).toBeGreaterThan(10);
    expect(changed).toBeLessThan(30);
    const { injected } = a.noisy;
    expect(injected['wrong-tool'] + injected['wrong-argument'] + injected.malformed).toBe(changed);
    expect(Object.values(injected).every((n) => n > 0)).toBe(true);
    expect(a.texts.some((t) => t.includes('send_email'))).toBe(true);
  });

  it('stands in for a failed tool only with one that does the same thing, not one that shares its words', () => {
    const props = { token: { type: 'string' }, meeting_topic: { type: 'string' } };
    const meetingTool = (name: string, verb: string): Tool => ({
      name,
      description: `This API allows users to ${verb} a reservation for a meeting.`,
      parameters: { type: 'object', properties: props, required: ['token', 'meeting_topic'] },
      returns: { type: 'object', properties: { status: { type: 'string' } } },
      category: 'test',
      source: 'builtin',
    });
    const tools = new Map(
      [
        meetingTool('ModifyMeeting', 'modify'),
        meetingTool('DeleteMeeting', 'delete'),
        meetingTool('UpdateMeeting', 'update'),
      ].map((t) => [t.name, t]),
    );
    const oracle = new OracleEngine();
    oracle.world = { tool: (n: string) => tools.get(n), paramNodeOf: () => null };
    const step = { step: 0, tool: 'ModifyMeeting', args: { token: 't', meeting_topic: 'Sync' }, deps: [] };
    // The descriptions share all but one word, and DeleteMeeting takes the same inputs: it is still no stand-in.
    expect(oracle.substitute(step, ['DeleteMeeting'], new Set(['ModifyMeeting']))).toBeNull();
    expect(oracle.substitute(step, ['DeleteMeeting', 'UpdateMeeting'], new Set(['ModifyMeeting']))).toBe(
      'UpdateMeeting',
    );
  });
});
