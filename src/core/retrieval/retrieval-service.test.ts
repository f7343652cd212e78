import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { demoTraces } from '../demo/demo-traces';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { END_OF_PLAN } from './retriever';
import { RetrievalService, tasksFromWorld } from './retrieval-service';

async function demoWorld() {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces()) await world.ingestTrace(t);
  return world;
}

describe('RetrievalService', () => {
  it('turns traces into tasks of their successful calls', async () => {
    const world = await demoWorld();
    const tasks = tasksFromWorld(world);
    const completed = world.traces.filter((t) => t.calls.at(-1)?.status === 'ok');
    expect(completed.length).toBeGreaterThan(40);
    expect(tasks).toHaveLength(completed.length);
    expect(tasks.flatMap((t) => t.tools)).toHaveLength(
      completed.flatMap((t) => t.calls.filter((c) => c.status === 'ok')).length,
    );
    for (const t of tasks) {
      expect(t.tools.length).toBe(t.deps.length);
      t.deps.forEach((d, i) => d.forEach((j) => expect(j).toBeLessThan(i)));
    }
  });

  it('ranks the next tool with the product retriever trained on the world, and encodes every prompt', async () => {
    const world = await demoWorld();
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(world);
    const first = await service.rank({ query: 'Email Alice Martin the notes about the budget', history: [] });
    expect(first.method).toBe('hybrid');
    expect(first.trainedOn).toBe(tasksFromWorld(world).length);
    expect(first.candidates[0]!.tool).toBe('contacts_search');
    const next = await service.rank({
      query: 'Email Alice Martin the notes about the budget',
      history: ['contacts_search', 'notes_search'],
    });
    expect(next.candidates[0]!.tool).toBe('mail_send');
    const done = await service.rank({
      query: 'Email Alice Martin the notes about the budget',
      history: ['contacts_search', 'notes_search', 'mail_send'],
    });
    expect(done.candidates[0]!.tool).toBe(END_OF_PLAN);
    expect(first.prompts.map((p) => p.encoding)).toEqual([
      'none',
      'hardMask',
      'softMask',
      'weightedHard',
      'weightedSoft',
      'demonstrations',
    ]);
    const none = first.prompts.find((p) => p.encoding === 'none')!;
    const hard = first.prompts.find((p) => p.encoding === 'hardMask')!;
    // A hard mask lists 5 of the 20 tools: fewer prompt tokens than listing all.
    expect(hard.constantTokens + hard.variableTokens).toBeLessThan(none.constantTokens + none.variableTokens);
  });

  it('names an unknown method', async () => {
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(await demoWorld());
    await expect(service.rank({ query: 'x', history: [], method: 'nope' })).rejects.toThrow(
      /Unknown retrieval method "nope"/,
    );
  });
});
