import type { ToolchainResult } from '../search/search-engine';
import { outputNames, type Tool } from '../tools/tool';
import type { ToolWorld } from '../world/world';
import type { ChainView } from './agent-events';
import { fieldKind, type FieldKind } from './field-kind';

/**
 * The catalogue half of `AgentWorld` read straight off a ToolWorld: tools, standardized parameters and
 * their kinds. Shared by the in-thread world (Node) and the app's (whose search runs in the worker).
 */
export class WorldCatalogView {
  private kinds: Map<string, FieldKind> | null = null;
  private outputs: Set<string> | null = null;
  private version = -1;

  constructor(private readonly world: () => ToolWorld) {}

  tool(name: string): Tool | undefined {
    return this.world().catalogue.get(name);
  }

  tools(): readonly Tool[] {
    const world = this.world();
    return world.catalogue.tools().filter((t) => world.graph.node(`api:${t.name}`)?.active ?? true);
  }

  paramNodeOf(tool: string, direction: 'in' | 'out', field: string): string | null {
    const c = this.world().standardizer.clusterOf({ tool, direction, field });
    return c ? `param:${c.id}` : null;
  }

  outputFieldNames(): ReadonlySet<string> {
    this.refresh();
    return (this.outputs ??= new Set(
      this.world()
        .catalogue.tools()
        .flatMap((t) => outputNames(t).map((f) => f.toLowerCase())),
    ));
  }

  /** The kind of value each parameter node holds: the majority of its input members' kinds. */
  paramKinds(): ReadonlyMap<string, FieldKind> {
    this.refresh();
    if (this.kinds) return this.kinds;
    const world = this.world();
    const votes = new Map<string, Map<FieldKind, number>>();
    for (const c of world.standardizer.clusters()) {
      const node = `param:${c.id}`;
      for (const m of c.members) {
        if (m.direction !== 'in') continue;
        const kind = fieldKind(m.field, world.catalogue.get(m.tool)?.parameters.properties?.[m.field]);
        const v = votes.get(node) ?? new Map<FieldKind, number>();
        v.set(kind, (v.get(kind) ?? 0) + 1);
        votes.set(node, v);
      }
    }
    this.kinds = new Map(
      [...votes].map(([node, v]) => [node, [...v].sort((a, b) => b[1] - a[1])[0]![0]] as const),
    );
    return this.kinds;
  }

  /** Kinds and output names depend on schemas only: recomputed when the catalogue (or world) changes. */
  private refresh(): void {
    const version = this.world().catalogue.tools().length;
    if (version === this.version) return;
    this.version = version;
    this.kinds = null;
    this.outputs = null;
  }
}

/** A search result as the agent and the chat view show it. */
export function chainViewOf(target: string, r: Omit<ToolchainResult, 'request'>): ChainView {
  return {
    target,
    steps: r.plan,
    missing: r.missing.map((m) => ({ tool: m.tool, field: m.field, description: m.description })),
    subgraph: { nodes: r.subgraph.nodes, edges: r.subgraph.edges, pruned: r.subgraph.pruned.length },
    tree: r.serialized.text,
    ...(r.subgraph.steps ? { search: r.subgraph.steps } : {}),
    method: r.subgraph.method,
    ms: r.searchMs + r.planMs,
  };
}
