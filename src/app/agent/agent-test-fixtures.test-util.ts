import { DEMO_TOOLS } from '../../core/demo/demo-tools';
import { demoTraces } from '../../core/demo/demo-traces';
import { LexicalEmbedder } from '../../core/embed/lexical-embedder';
import { RetrievalService } from '../../core/retrieval/retrieval-service';
import { createSandboxRuntime, MemorySandboxStore, type SandboxRuntime } from '../../core/sandbox';
import { SearchEngine } from '../../core/search/search-engine';
import type { Trace } from '../../core/trace/trace';
import { ToolWorld } from '../../core/world/world';
import { AppAgentWorld, type WorldOwner, type WorldSearch } from './app-agent-world';

/** Tuesday 24 November 2026, 10:00 UTC: "tomorrow" and "Friday" are fixed. */
export const NOW = Date.UTC(2026, 10, 24, 10);

/** A world owner like WorldSession: holds the world, bumps a version per ingested trace, records traces. */
export class FakeOwner implements WorldOwner {
  version = 1;
  readonly ingested: Trace[] = [];
  constructor(readonly world: ToolWorld) {}
  getState() {
    return { worldVersion: this.version };
  }
  async ingestTrace(trace: Trace) {
    const out = await this.world.ingestTrace(trace);
    this.ingested.push(trace);
    this.version++;
    return out;
  }
}

/** Search like the world worker, but in this thread (the worker's own engine and retrieval service). */
export function inThreadSearch(world: ToolWorld): WorldSearch & { ranks: number; plans: number } {
  const engine = new SearchEngine();
  engine.attach(world);
  const retrieval = new RetrievalService(world.embedder);
  retrieval.reset(world);
  const s = {
    ranks: 0,
    plans: 0,
    rank: async (_w: ToolWorld, _v: number, req: Parameters<WorldSearch['rank']>[2]) => {
      s.ranks++;
      return retrieval.rank(req);
    },
    plan: async (_w: ToolWorld, _v: number, req: Parameters<WorldSearch['plan']>[2]) => {
      s.plans++;
      const r = engine.plan({ ...req, weights: req.weights === 'hgt' ? 'dynamic' : req.weights });
      return { ...r, request: req, weightsUsed: 'dynamic w̃', weightsNote: null };
    },
  };
  return s;
}

export async function demoWorld(): Promise<ToolWorld> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => NOW });
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces()) await world.ingestTrace(t);
  return world;
}

export interface AppFixture {
  owner: FakeOwner;
  search: ReturnType<typeof inThreadSearch>;
  world: AppAgentWorld;
  sandbox: SandboxRuntime;
}

export async function appFixture(): Promise<AppFixture> {
  const w = await demoWorld();
  const owner = new FakeOwner(w);
  const search = inThreadSearch(w);
  const sandbox = await createSandboxRuntime({ store: new MemorySandboxStore(), now: () => NOW });
  return { owner, search, world: new AppAgentWorld(owner, search), sandbox };
}

/** A Map-backed localStorage. */
export class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}
