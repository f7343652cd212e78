import type { ChainExecutor } from '../agent/chain-executor';
import type { AgentWorld } from '../agent/agent-world';
import type { InertiaAdvisor } from '../agent/inertia-advisor';
import type { ToolWorld } from '../world/world';

/**
 * The configurations one evaluation compares (issue 15): the papers' ablations as switches on the same
 * agent, plus the baselines. `dynamicGA` is added: NaviAgent's "Dynamic+H" is a dynamic graph with its
 * heuristic (GA + SA) search, while the issue's `dynamicH` is HGT weights; both are measured.
 */
export const CONFIG_IDS = [
  'react',
  'staticA',
  'dynamicA',
  'dynamicH',
  'dynamicGA',
  'inertia',
  'layers',
  'dtdr',
  'full',
  'noDetour',
  'toolnet',
  'greedy',
] as const;
export type ConfigId = (typeof CONFIG_IDS)[number];

export const ENGINE_CHOICES = ['graph-only', 'oracle', 'noisy-oracle', 'endpoint'] as const;
export type EngineChoice = (typeof ENGINE_CHOICES)[number];

/** Without --config: the full agent and ReAct, with the two cheap baselines beside them. */
export const DEFAULT_CONFIGS: readonly ConfigId[] = ['full', 'react', 'toolnet', 'greedy'];

export interface AgentSwitches {
  /** Static (frozen after the train plans) or dynamic (live, learning from each test turn) w̃. */
  weights: 'static' | 'dynamic';
  /** The HGT's link probabilities as weights. */
  hgt: boolean;
  method: 'alpha-beta' | 'ga-sa';
  /** The world ingests each test turn's trace (the closed loop of a dynamic graph). */
  learn: boolean;
  /** DTDR's history-aware hybrid retrieval; off: query–tool match (BM25 + embedding cosine) only. */
  dtdr: boolean;
  /** AutoTool's tool inertia (issue 14). */
  inertia: boolean;
  /** RETO's layered executor with its gate and repair (issue 13). */
  layers: boolean;
  /** Path recombination after a failure (in the executor and the agent's stand-in targets). */
  detours: boolean;
}

export interface ConfigSpec {
  id: ConfigId;
  label: string;
  system: 'agent' | 'react' | 'toolnet' | 'greedy';
  switches?: AgentSwitches;
  /** What it corresponds to in the papers. */
  paper: string;
}

const off: AgentSwitches = {
  weights: 'static',
  hgt: false,
  method: 'alpha-beta',
  learn: false,
  dtdr: false,
  inertia: false,
  layers: false,
  detours: true,
};
const dynamicA: AgentSwitches = { ...off, weights: 'dynamic', learn: true };

export const CONFIGS: Record<ConfigId, ConfigSpec> = {
  react: {
    id: 'react',
    label: 'ReAct, all tools',
    system: 'react',
    paper: 'ReAct (the base of NaviAgent, AutoTool, RETO)',
  },
  staticA: { id: 'staticA', label: 'Static+A', system: 'agent', switches: off, paper: 'NaviAgent Static+A' },
  dynamicA: {
    id: 'dynamicA',
    label: 'Dynamic+A',
    system: 'agent',
    switches: dynamicA,
    paper: 'NaviAgent Dynamic+A',
  },
  dynamicH: {
    id: 'dynamicH',
    label: 'Dynamic+H (HGT)',
    system: 'agent',
    switches: { ...dynamicA, hgt: true },
    paper: "issue 15's Dynamic+H: HGT link weights (NaviAgent's own H is heuristic search: dynamicGA)",
  },
  dynamicGA: {
    id: 'dynamicGA',
    label: 'Dynamic+GA·SA',
    system: 'agent',
    switches: { ...dynamicA, method: 'ga-sa' },
    paper: 'NaviAgent Dynamic+H (dynamic graph, heuristic GA + SA search)',
  },
  inertia: {
    id: 'inertia',
    label: '+Inertia',
    system: 'agent',
    switches: { ...dynamicA, inertia: true },
    paper: 'AutoTool',
  },
  layers: {
    id: 'layers',
    label: '+Layers',
    system: 'agent',
    switches: { ...dynamicA, layers: true },
    paper: 'RETO',
  },
  dtdr: { id: 'dtdr', label: '+DTDR', system: 'agent', switches: { ...dynamicA, dtdr: true }, paper: 'DTDR' },
  full: {
    id: 'full',
    label: 'Full agent',
    system: 'agent',
    switches: { ...dynamicA, hgt: true, dtdr: true, inertia: true, layers: true },
    paper: 'all of the above',
  },
  noDetour: {
    id: 'noDetour',
    label: 'Full, no recombination',
    system: 'agent',
    switches: { ...dynamicA, hgt: true, dtdr: true, inertia: true, layers: true, detours: false },
    paper: 'the full agent with every detour off (a failed call ends its chain): what recombination buys',
  },
  toolnet: {
    id: 'toolnet',
    label: 'ToolNet (static graph)',
    system: 'toolnet',
    paper: 'ToolNet (DTDR baseline)',
  },
  greedy: { id: 'greedy', label: 'Greedy retriever', system: 'greedy', paper: 'retriever-only planner' },
};

/**
 * Replacements for the parts the switches turn on (default: `AutoToolAdvisor` for inertia, `RetoExecutor`
 * for layers), e.g. to measure other settings of them.
 */
export interface EvalPlugins {
  /** AutoTool inertia (src/core/inertia, issue 14): one advisor per configuration run (it learns online). */
  inertia?: (ctx: { world: AgentWorld; toolWorld: ToolWorld }) => InertiaAdvisor;
  /** RETO's layered executor (issue 13). */
  layeredExecutor?: (ctx: { world: AgentWorld; toolWorld: ToolWorld }) => ChainExecutor;
}

export function parseConfigs(text: string): ConfigId[] {
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.filter((id) => !(CONFIG_IDS as readonly string[]).includes(id));
  if (bad.length)
    throw new RangeError(`unknown configuration ${bad.join(', ')}; known: ${CONFIG_IDS.join(', ')}`);
  return [...new Set(ids)] as ConfigId[];
}
