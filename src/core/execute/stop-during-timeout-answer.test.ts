import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent';
import { demoAgentWorld, FakeRuntime } from '../agent/agent-fixtures.test-util';
import { LlmPolicy } from '../agent/llm-policy';
import { ScriptedEngine } from '../llm/scripted-engine';
import { ToolBreaker } from './tool-breaker';

/**
 * QA R15 end to end in the agent: units_convert broken with the "timeout" fault (the failure panel's
 * 3000 ms), a conversion asked, Stop pressed while the call waits. The turn and its answer must say it
 * was stopped, not "timeout: no answer within 3000 ms".
 */
describe('Stop during a call broken with the timeout fault', () => {
  it('ends the turn "stopped" and the answer does not report a timeout', async () => {
    const world = await demoAgentWorld();
    const breaker = new ToolBreaker();
    breaker.breakTool('units_convert', 'timeout');
    const runtime = breaker.wrap(new FakeRuntime({ units_convert: () => ({ value: 3.11 }) }));
    const engine = new ScriptedEngine({
      replies: [
        JSON.stringify([
          {
            dependency_rank: 1,
            intent: 'convert 5 km to miles',
            action: 'retrieve_api',
            recall_description: 'convert a quantity between units',
          },
        ]),
        JSON.stringify([
          {
            dependency_rank: 1,
            intent: 'convert 5 km to miles',
            action: 'call_api',
            target_api: 'units_convert',
            params: { value: 5, from_unit: 'km', to_unit: 'miles' },
          },
        ]),
      ],
    });
    const agent = new Agent({ world, runtime, policy: new LlmPolicy(engine), learn: false, maxSteps: 4 });
    const controller = new AbortController();
    const started = Date.now();
    const r = await agent.runTurn('Convert 5 km to miles', {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'call-start' && e.call.tool === 'units_convert')
          setTimeout(() => controller.abort(), 100);
      },
    });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(r.status).toBe('stopped');
    expect(r.answer).not.toMatch(/timeout|no answer within/);
    expect(r.answer).toContain('Stopped before it was done.');
    expect(r.answer).toContain('units_convert failed (cancelled: The call to units_convert was stopped.)');
  }, 30_000);
});
