import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { LayerRetrainJob, type LayerRetrainOutcome } from '../core/eval/layers/layer-retrain-job';
import type { Tool } from '../core/tools/tool';
import type { TraceCall } from '../core/trace/trace';
import { ToolWorld } from '../core/world/world';
import { LayerTraining, type LayerTrainBackend } from './layer-training';

const tool = (name: string, input: string, output: string): Tool => ({
  name,
  description: name.replace(/_/g, ' '),
  parameters: { type: 'object', properties: { [input]: { type: 'string', description: input } } },
  returns: { type: 'object', properties: { [output]: { type: 'string', description: output } } },
  category: '',
  source: 'dataset',
});
const TOOLS = [tool('find_city', 'query', 'city'), tool('get_weather', 'city', 'forecast')];
const call = (t: string, args: Record<string, unknown>, output: unknown): TraceCall => ({
  tool: t,
  args,
  output,
  status: 'ok',
  startedAt: 0,
  durationMs: 1,
});

async function world(): Promise<ToolWorld> {
  const w = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await w.importTools(TOOLS);
  for (let i = 0; i < 30; i++)
    await w.ingestTrace({
      id: `t${i}`,
      query: `weather near place ${i}`,
      calls: [
        call('find_city', { query: `place ${i}` }, { city: `City${i}` }),
        call('get_weather', { city: `City${i}` }, { forecast: `Rain ${i}` }),
      ],
    });
  return w;
}

const inThread = (job = new LayerRetrainJob()): LayerTrainBackend => ({
  run: (input, onEpoch) => job.run(input, onEpoch),
  cancel: () => job.cancel(),
});

describe('LayerTraining: the app’s layer model retrained on the world’s traces', () => {
  it('trains with one progress point per epoch of each seed; a promoted model is what the executor gets', async () => {
    const w = await world();
    const store = new LayerTraining({
      backend: inThread(),
      world: () => w,
      shipped: async () => null,
      epochs: 2,
    });
    expect(store.predictor()).toBeNull();
    await store.train();
    const s = store.getState();
    // Five seeds (LAYER_RETRAIN_SEEDS) × 2 epochs on one progress bar.
    expect(s.epochs.map((e) => `${e.epoch}/${e.epochs}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${i + 1}/10`),
    );
    expect(s.training).toBe(false);
    expect(s.result!.trainTasks + s.result!.heldOutTasks).toBe(30);
    expect(s.inUse).toBe('retrained');
    // find_city's city feeds get_weather's input: the retrained predictor (with the shift rule) orders them.
    expect(await store.predictor()!('weather near the port', TOOLS)).toEqual([0, 1]);
  }, 60_000);

  it('keeps the shipped model when the retrained one is not as good, and says a cancel changed nothing', async () => {
    const w = await world();
    const refused: LayerRetrainOutcome = await new LayerRetrainJob().run({
      traces: [...w.traces],
      tools: TOOLS,
      current: null,
      epochs: 1,
    });
    if (!refused.ok) throw new Error(refused.error.message);
    const backend: LayerTrainBackend = {
      run: async () => ({ ok: true, result: { ...refused.result, promote: false, reason: 'worse' } }),
      cancel: () => undefined,
    };
    const store = new LayerTraining({ backend, world: () => w, shipped: async () => null });
    await store.train();
    expect([store.getState().inUse, store.predictor(), store.getState().message?.text]).toEqual([
      'shipped',
      null,
      'worse',
    ]);
    const cancelled = new LayerTraining({
      backend: {
        run: async () => ({ ok: false, cancelled: true, error: { name: 'CancelledError', message: 'x' } }),
        cancel: () => undefined,
      },
      world: () => w,
      shipped: async () => null,
    });
    await cancelled.train();
    expect(cancelled.getState().message).toEqual({
      level: 'info',
      text: 'Training cancelled; the layer model in use is unchanged.',
    });
  }, 60_000);
});
