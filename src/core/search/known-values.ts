import { paramNodeId } from '../graph/graph-types';
import type { ToolWorld } from '../world/world';
import type { KnownValues } from './search-types';

/**
 * Reads "field = value" lines (what a user knows, before an LLM extracts it from a query) into known
 * values by standardized parameter node: a line names a parameter by any tool's field name or by its
 * standardized name, and fills every parameter so named. Returns the names that matched nothing.
 */
export function parseKnownValues(
  world: ToolWorld,
  text: string,
): { known: KnownValues; unmatched: string[] } {
  const byName = new Map<string, Set<string>>();
  const add = (name: string, node: string) => {
    const key = name.toLowerCase();
    let set = byName.get(key);
    if (!set) byName.set(key, (set = new Set()));
    set.add(node);
  };
  for (const c of world.standardizer.clusters()) {
    const node = paramNodeId(c.id);
    add(c.name, node);
    for (const m of c.members) add(m.field, node);
  }
  const known: KnownValues = {};
  const unmatched: string[] = [];
  for (const line of text.split(/\n|;/)) {
    const m = /^\s*([^=:]+?)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const name = m[1]!;
    const nodes = byName.get(name.toLowerCase());
    if (!nodes) {
      unmatched.push(name);
      continue;
    }
    const raw = m[2]!;
    const value = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    for (const n of nodes) known[n] = value;
  }
  return { known, unmatched };
}
