import { describe, expect, it } from 'vitest';
import type { Tool } from '../../tools/tool';
import type { Trace, TraceCall } from '../../trace/trace';
import { LayerRetrainJob } from './layer-retrain-job';
import type { LayerEpoch } from '../../ml/layers/train-layers';

const tool = (name: string, inputs: string[], outputs: string[]): Tool => ({
  name,
  description: name.replace(/_/g, ' '),
  parameters: {
    type: 'object',
    properties: Object.fromEntries(inputs.map((f) => [f, { type: 'string', description: f }])),
  },
  returns: {
    type: 'object',
    properties: Object.fromEntries(outputs.map((f) => [f, { type: 'string', description: f }])),
  },
  category: '',
  source: 'dataset',
});
const TOOLS = [
  tool('find_city', ['query'], ['city']),
  tool('get_weather', ['city'], ['forecast']),
  tool('clock', ['zone'], ['time']),
];
const call = (t: string, args: Record<string, unknown>, output: unknown): TraceCall => ({
  tool: t,
  args,
  output,
  status: 'ok',
  startedAt: 0,
  durationMs: 1,
});
// find_city → get_weather by value, clock alongside: gold layers find_city 0, clock 0, get_weather 1.
const TRACES: Trace[] = Array.from({ length: 40 }, (_, i) => ({
  id: `t${i}`,
  query: `weather and time near place ${i}`,
  calls: [
    call('find_city', { query: `place ${i}` }, { city: `City${i}` }),
    call('clock', { zone: `Zone${i}` }, { time: `${i}:00` }),
    call('get_weather', { city: `City${i}` }, { forecast: `Rain ${i}` }),
  ],
}));

describe('the layer model retrained on world traces, as the worker runs it', () => {
  it('trains with progress and judges the result on held-out traces against the shift rule', async () => {
    const epochs: LayerEpoch[] = [];
    const out = await new LayerRetrainJob().run(
      { traces: TRACES, tools: TOOLS, current: null, epochs: 3, seeds: [7, 1] },
      (e) => epochs.push(e),
    );
    if (!out.ok) throw new Error(out.error.message);
    // Two seeds × 3 epochs on one progress bar; one model per seed, each kept at its last epoch.
    expect(epochs.map((e) => `${e.epoch}/${e.epochs}`)).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
    const r = out.result;
    expect(r.models).toHaveLength(2);
    expect(r.bestEpochs).toEqual([3, 3]);
    // Different seeds, different models: an ensemble of two copies would average nothing.
    expect(r.models[0]!.headW).not.toEqual(r.models[1]!.headW);
    expect(r.trainTasks + r.heldOutTasks).toBe(40);
    expect(r.heldOutTasks).toBeGreaterThan(0);
    // Every held-out trace has 3 pairs; the schema rule alone already sees city → get_weather.
    expect(r.shiftRule.pairs).toBe(3 * r.heldOutTasks);
    expect(r.shiftRule.pairwise).toBe(1);
    // The retrained model applies the same rule after its head, and no current model means it is taken.
    expect(r.retrained.pairwise).toBe(1);
    expect(r.promote).toBe(true);
    expect(r.current).toBeNull();
  }, 60_000);

  it('stops on Cancel with a cancelled outcome, and refuses a world with no usable trace', async () => {
    const job = new LayerRetrainJob();
    const run = job.run({ traces: TRACES, tools: TOOLS, current: null, epochs: 50 }, () => job.cancel());
    const out = await run;
    expect(out).toMatchObject({ ok: false, cancelled: true });
    const empty = await new LayerRetrainJob().run({ traces: [], tools: TOOLS, current: null });
    expect(empty).toMatchObject({ ok: false, cancelled: false });
  }, 60_000);
});
