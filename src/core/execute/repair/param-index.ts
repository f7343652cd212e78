/**
 * The graph's standardized parameters as repair needs them (NaviAgent Appendix A): the cluster of a
 * tool's own input, and every cluster a field name belongs to anywhere in the catalogue. An unknown key
 * whose clusters include a declared input's cluster is that input under another tool's name
 * (`city_name` where the tool says `city`).
 */
export interface ParamIndex {
  /** Cluster (standardized parameter node) of a tool's input field, or null. */
  clusterOf(tool: string, field: string): string | null;
  /** Clusters any tool's input or output called `field` belongs to. */
  clustersOfName(field: string): ReadonlySet<string>;
}

/** What `paramIndexOf` reads: the agent's world (`AgentWorld`) has exactly this. */
export interface ParamSource {
  tools(): readonly {
    name: string;
    parameters: { properties?: Record<string, unknown> };
    returns: { properties?: Record<string, unknown> } | null;
  }[];
  paramNodeOf(tool: string, direction: 'in' | 'out', field: string): string | null;
}

/** A `ParamIndex` over a world, built on first use and again when the catalogue's size changes. */
export function paramIndexOf(source: ParamSource): ParamIndex {
  let byName: Map<string, Set<string>> | null = null;
  let size = -1;
  const build = (): Map<string, Set<string>> => {
    const tools = source.tools();
    if (byName && tools.length === size) return byName;
    size = tools.length;
    byName = new Map();
    for (const t of tools) {
      const add = (dir: 'in' | 'out', field: string) => {
        const node = source.paramNodeOf(t.name, dir, field);
        if (!node) return;
        const key = field.toLowerCase();
        const set = byName!.get(key) ?? new Set<string>();
        set.add(node);
        byName!.set(key, set);
      };
      for (const f of Object.keys(t.parameters.properties ?? {})) add('in', f);
      for (const f of Object.keys(t.returns?.properties ?? {})) add('out', f);
    }
    return byName;
  };
  return {
    clusterOf: (tool, field) => source.paramNodeOf(tool, 'in', field),
    clustersOfName: (field) => build().get(field.toLowerCase()) ?? new Set(),
  };
}
