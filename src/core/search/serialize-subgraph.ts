import { apiNodeId } from '../graph/graph-types';
import { fieldDescription } from '../tools/tool';
import type { ToolWorld } from '../world/world';
import { MemberIndex, requiredInputs } from './plan-builder';
import type { KnownValues } from './search-types';
import { dynamicWeights, type WeightProvider } from './weight-provider';

/**
 * Approximate token count, ceil(characters / 4): the usual rule of thumb for English and code with BPE
 * tokenizers. The prompt builder passes the real (Qwen) tokenizer's count once it is loaded.
 */
export const approximateTokens = (text: string): number => Math.ceil(text.length / 4);

export interface SerializeOptions {
  /** Root APIs (tool names); default: the subgraph's `targets`. */
  targets?: string[];
  weights?: WeightProvider;
  /** Params with a value already: marked `known`, and their producers are not listed. */
  known?: KnownValues;
  /** Tools not to list (failed APIs). */
  exclude?: Set<string>;
  /** Truncate the deepest, weakest lines first until the text fits. */
  tokenBudget?: number;
  countTokens?: (text: string) => number;
  /** Descriptions are cut to this many characters (default 60). */
  descriptionChars?: number;
}

export interface SerializedSubgraph {
  text: string;
  /** Tokens of `text` by `countTokens`. */
  tokens: number;
  /** True when counted with the default approximate counter. */
  approximate: boolean;
  /** Tree lines left out to fit `tokenBudget`. */
  omitted: number;
}

interface Line {
  node: string;
  parent: number | null;
  depth: number;
  weight: number;
  /** Text without the `(see above)` suffix. */
  text: string;
  /** The line where this node's subtree is written, when this line only refers to it. */
  refOf: number | null;
  removed: boolean;
}

interface Child {
  node: string;
  name: string;
  weight: number;
  label: string;
}

const byWeightThenName = (a: Child, b: Child): number =>
  b.weight - a.weight || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.node < b.node ? -1 : 1);

export function shortDescription(text: string, max: number): string {
  const first = (text.split(/(?<=[.!?])\s/)[0] ?? '').trim().replace(/[.\s]+$/, '');
  if (first.length <= max) return first;
  const cut = first.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '')}…`;
}

/**
 * The pruned subgraph as an indented tree for the LLM prompt (NaviAgent §3.1.1: "serialized into a
 * tree-structured textual format"). Root: a target API; under an API, its input params; under a param,
 * the APIs producing it; and so on. Each line: name, kind, short description, edge weight. Children are
 * ordered by weight (desc), then name. A node's subtree is written once; later occurrences say
 * `(see above)`, which also stops cycles.
 */
export function serializeSubgraph(
  world: ToolWorld,
  subgraph: { nodes: string[]; targets?: string[] },
  options: SerializeOptions = {},
): SerializedSubgraph {
  const graph = world.graph;
  const weights = options.weights ?? dynamicWeights(graph);
  const known = options.known ?? {};
  const exclude = options.exclude ?? new Set<string>();
  const inSub = new Set(subgraph.nodes);
  const maxChars = options.descriptionChars ?? 60;
  const countTokens = options.countTokens ?? approximateTokens;
  const lines: Line[] = [];
  const written = new Map<string, number>();
  const members = new MemberIndex(world);
  const w = (x: number): string => `w=${x.toFixed(2)}`;

  const add = (node: string, parent: number | null, depth: number, weight: number, text: string): number => {
    const i = lines.length;
    lines.push({
      node,
      parent,
      depth,
      weight,
      text,
      refOf: written.get(node) ?? null,
      removed: false,
    });
    return i;
  };

  const inputsOf = (tool: string): Child[] => {
    const t = world.catalogue.get(tool);
    const required = t ? requiredInputs(t) : [];
    const out: Child[] = [];
    for (const e of graph.inEdges(apiNodeId(tool))) {
      const p = graph.node(e.source);
      if (e.relation !== 'param->api' || !p?.active || !inSub.has(p.id) || p.clusterId === undefined)
        continue;
      const field = members.field(p.id, tool, 'in') ?? p.label;
      const flags = [
        field === p.label ? 'param' : `param ${p.label}`,
        required.includes(field) ? 'required' : 'optional',
        ...(Object.hasOwn(known, p.id) ? ['known'] : []),
        w(weights.weight(e)),
      ];
      const desc = shortDescription((t && fieldDescription(t, 'in', field)) || '', maxChars);
      out.push({
        node: p.id,
        name: field,
        weight: weights.weight(e),
        label: `${field} [${flags.join(', ')}]${desc ? `: ${desc}` : ''}`,
      });
    }
    return out.sort(byWeightThenName);
  };

  const producersOf = (param: string): Child[] => {
    const out: Child[] = [];
    for (const e of graph.inEdges(param)) {
      const a = graph.node(e.source);
      const tool = a?.tool ?? a?.label;
      if (e.relation !== 'api->param' || !a?.active || !inSub.has(a.id) || !tool || exclude.has(tool))
        continue;
      const field = members.field(param, tool, 'out');
      const desc = shortDescription(world.catalogue.get(tool)?.description ?? '', maxChars);
      const flags = ['api', ...(field ? [`out=${field}`] : []), w(weights.weight(e))];
      out.push({
        node: a.id,
        name: tool,
        weight: weights.weight(e),
        label: `${tool} [${flags.join(', ')}]${desc ? `: ${desc}` : ''}`,
      });
    }
    return out.sort(byWeightThenName);
  };

  const expand = (i: number): void => {
    const line = lines[i]!;
    if (line.refOf !== null) return;
    const node = graph.node(line.node);
    const children =
      node?.kind === 'api'
        ? inputsOf(node.tool ?? node.label)
        : Object.hasOwn(known, line.node)
          ? []
          : producersOf(line.node);
    if (children.length === 0) return;
    written.set(line.node, i);
    for (const c of children) expand(add(c.node, i, line.depth + 1, c.weight, c.label));
  };

  for (const tool of options.targets ?? subgraph.targets ?? []) {
    const desc = shortDescription(world.catalogue.get(tool)?.description ?? '', maxChars);
    const root = add(apiNodeId(tool), null, 0, Infinity, `${tool} [api, target]${desc ? `: ${desc}` : ''}`);
    // A root already written under another target still lists its inputs: it is a tree of its own.
    lines[root]!.refOf = null;
    expand(root);
  }

  const render = (i: number): string => {
    const l = lines[i]!;
    const ref = l.refOf !== null && !lines[l.refOf]!.removed ? ' (see above)' : '';
    return `${'  '.repeat(l.depth)}${l.depth > 0 ? '- ' : ''}${l.text}${ref}`;
  };
  const total = lines.length;
  let omitted = 0;
  const note = (): string =>
    `[${omitted} of ${total} lines omitted to fit ${options.tokenBudget} tokens; deepest and weakest first]`;
  const text = (): string =>
    [...lines.keys()]
      .filter((i) => !lines[i]!.removed)
      .map(render)
      .concat(omitted > 0 ? [note()] : [])
      .join('\n');

  // Deepest first, then weakest, then the later line. A line's children are deeper, so by the time this
  // order reaches a line its children are gone: whole branches go, leaves first, never leaving orphans.
  const order = [...lines.keys()]
    .filter((i) => lines[i]!.parent !== null)
    .sort((a, b) => {
      const la = lines[a]!;
      const lb = lines[b]!;
      return lb.depth - la.depth || la.weight - lb.weight || b - a;
    });
  let cursor = 0;
  const removeOne = (): number => {
    const pick = order[cursor];
    if (pick === undefined) return -1;
    cursor += 1;
    lines[pick]!.removed = true;
    omitted += 1;
    return pick;
  };

  const budget = options.tokenBudget;
  if (budget !== undefined) {
    // Per-line counts get close cheaply; exact counts of the whole text then settle it: remove more while
    // over budget, or give back the last removals while they fit (a sum of per-line counts overestimates).
    const cost = lines.map((_, i) => countTokens(`${render(i)}\n`));
    let estimate = cost.reduce((a, b) => a + b, 0);
    const gone: number[] = [];
    while (estimate + (omitted > 0 ? countTokens(note()) : 0) > budget) {
      const i = removeOne();
      if (i < 0) break;
      gone.push(i);
      estimate -= cost[i]!;
    }
    let over = countTokens(text()) > budget;
    while (over) {
      const i = removeOne();
      if (i < 0) break;
      gone.push(i);
      over = countTokens(text()) > budget;
    }
    while (!over && gone.length > 0) {
      const i = gone.pop()!;
      lines[i]!.removed = false;
      omitted -= 1;
      cursor -= 1;
      if (countTokens(text()) > budget) {
        lines[i]!.removed = true;
        omitted += 1;
        cursor += 1;
        break;
      }
    }
  }
  const out = text();
  return { text: out, tokens: countTokens(out), approximate: countTokens === approximateTokens, omitted };
}
