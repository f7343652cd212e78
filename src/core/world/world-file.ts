import { WorldFileError } from './world-file-error';
import { worldFileLimitProblem } from '../validate/doors';
import { WORLD_FORMAT, WORLD_FORMAT_VERSION, type WorldSnapshot } from './world-snapshot';

interface Check {
  expect: string;
  test: (v: unknown) => boolean;
}

type Shape = Record<string, Check>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const check = (expect: string, test: (v: unknown) => boolean): Check => ({ expect, test });
const str = check('a string', (v) => typeof v === 'string');
const num = check('a number', (v) => typeof v === 'number');
const bool = check('true or false', (v) => typeof v === 'boolean');
const obj = check('an object', isObject);
const arr = check('a list', Array.isArray);
const nullOr = (c: Check) => check(`${c.expect} or null`, (v) => v === null || c.test(v));
const optional = (c: Check) => check(`${c.expect} when present`, (v) => v === undefined || c.test(v));
const oneOf = (...values: string[]) =>
  check(
    values.map((v) => JSON.stringify(v)).join(' or '),
    (v) => typeof v === 'string' && values.includes(v),
  );

const TOOL_RECORD: Shape = { tool: obj, revision: num, addedAt: num, updatedAt: num };
const TOOL: Shape = {
  name: str,
  description: str,
  parameters: obj,
  returns: nullOr(obj),
  category: str,
  source: str,
};
const CLUSTER: Shape = { id: num, name: str, type: str, description: str, members: arr };
const MEMBER: Shape = { tool: str, direction: oneOf('in', 'out'), field: str };
const NODE: Shape = {
  id: str,
  kind: oneOf('api', 'param'),
  label: str,
  tool: optional(str),
  clusterId: optional(num),
  nSucc: num,
  nFail: num,
  addedAt: num,
  lastUsedAt: nullOr(num),
  active: bool,
  prunedAt: nullOr(num),
  pruneScore: nullOr(num),
};
const EDGE: Shape = {
  id: str,
  source: str,
  target: str,
  relation: oneOf('param->api', 'api->param', 'api->api', 'param->param'),
  kind: oneOf('structural', 'behavioural'),
  nSucc: num,
  nFail: num,
  wEvolved: nullOr(num),
  addedAt: num,
  lastUsedAt: nullOr(num),
};
const TRACE: Shape = { id: str, query: str, calls: arr, seq: num, ingestedAt: num };
const CALL: Shape = { tool: str, args: obj, status: oneOf('ok', 'error'), startedAt: num, durationMs: num };

// Field lists computed once per shape: validation runs over every record of a 24k-edge world on each
// cold load, so the loop must not allocate per record.
const entriesOf = new Map<Shape, [string, Check][]>();

/** `where` is built only when something is wrong: naming 40k healthy records would dominate the cost. */
function shapeProblem(value: unknown, shape: Shape, where: () => string): string | undefined {
  if (!isObject(value)) return `${where()} is not an object`;
  let entries = entriesOf.get(shape);
  if (!entries) entriesOf.set(shape, (entries = Object.entries(shape)));
  for (const [key, c] of entries) {
    const v = value[key];
    if (c.test(v)) continue;
    return v === undefined
      ? `${where()} has no "${key}" (expected ${c.expect})`
      : `${where()}.${key} must be ${c.expect}`;
  }
  return undefined;
}

/** Names a record by position and, when it has one, its key: the user needs both to find it in the file. */
function label(list: string, i: number, value: unknown, key: string): string {
  const k = isObject(value) ? value[key] : undefined;
  return typeof k === 'string' || typeof k === 'number'
    ? `${list}[${i}] (${JSON.stringify(k)})`
    : `${list}[${i}]`;
}

/** The record lists of a world, as read from a file or a database, before anything vouches for them. */
export interface WorldRecords {
  tools: unknown[];
  clusters: unknown[];
  nodes: unknown[];
  edges: unknown[];
  traces: unknown[];
}

/**
 * The first thing wrong with a world's records, or undefined. Checks what later code relies on without
 * re-checking: field types, unique keys, and references (edge ends, param node clusters). Linear time.
 */
export function worldRecordsProblem(r: WorldRecords): string | undefined {
  const seen = (list: string) => {
    const keys = new Set<unknown>();
    return (key: unknown, where: () => string) => {
      if (keys.has(key)) return `${where()} repeats the key of an earlier entry in ${list}`;
      keys.add(key);
      return undefined;
    };
  };

  const toolKey = seen('tools');
  for (const [i, t] of r.tools.entries()) {
    const p = shapeProblem(t, TOOL_RECORD, () => `tools[${i}]`);
    if (p) return p;
    const tool = (t as { tool: unknown }).tool;
    const where = () => label('tools', i, tool, 'name');
    const q =
      shapeProblem(tool, TOOL, () => `${where()}.tool`) ?? toolKey((tool as { name: string }).name, where);
    if (q) return q;
  }

  const clusterKey = seen('clusters');
  for (const [i, c] of r.clusters.entries()) {
    const where = () => label('clusters', i, c, 'id');
    const p = shapeProblem(c, CLUSTER, where) ?? clusterKey((c as { id: number }).id, where);
    if (p) return p;
    for (const [j, m] of (c as { members: unknown[] }).members.entries()) {
      const q = shapeProblem(m, MEMBER, () => `${where()}.members[${j}]`);
      if (q) return q;
    }
  }
  const clusterIds = new Set(r.clusters.map((c) => (c as { id: number }).id));

  const nodeKey = seen('nodes');
  for (const [i, n] of r.nodes.entries()) {
    const where = () => label('nodes', i, n, 'id');
    const p = shapeProblem(n, NODE, where) ?? nodeKey((n as { id: string }).id, where);
    if (p) return p;
    const clusterId = (n as { clusterId?: number }).clusterId;
    if (clusterId !== undefined && !clusterIds.has(clusterId)) {
      return `${where()} refers to parameter cluster ${clusterId}, which is not in clusters`;
    }
  }
  const nodeIds = new Set(r.nodes.map((n) => (n as { id: string }).id));

  const edgeKey = seen('edges');
  for (const [i, e] of r.edges.entries()) {
    const where = () => label('edges', i, e, 'id');
    const p = shapeProblem(e, EDGE, where) ?? edgeKey((e as { id: string }).id, where);
    if (p) return p;
    for (const end of ['source', 'target'] as const) {
      const id = (e as Record<typeof end, string>)[end];
      if (!nodeIds.has(id)) return `${where()} has ${end} ${JSON.stringify(id)}, which is not in nodes`;
    }
  }

  const traceKey = seen('traces');
  for (const [i, t] of r.traces.entries()) {
    const where = () => label('traces', i, t, 'id');
    const p = shapeProblem(t, TRACE, where) ?? traceKey((t as { id: string }).id, where);
    if (p) return p;
    for (const [j, c] of (t as { calls: unknown[] }).calls.entries()) {
      const q = shapeProblem(c, CALL, () => `${where()}.calls[${j}]`);
      if (q) return q;
    }
  }
  return undefined;
}

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

const RECORD_LISTS = ['tools', 'clusters', 'nodes', 'edges', 'traces'] as const;

/** Reads a one-file world export (from JSON.parse), refusing anything the app could not load faithfully. */
/**
 * An API node stands for a tool of the catalogue. A file whose tools list lost entries the graph still
 * has loaded as a world where every request found no tool (its graph drawn all the same) and replaced the
 * current world: refused at the file door. Checked for files only; a stored world never drops a tool.
 */
function apiNodeWithoutTool(r: WorldRecords): string | undefined {
  const tools = new Set(r.tools.map((t) => (t as { tool: { name: string } }).tool.name));
  for (const [i, n] of r.nodes.entries()) {
    const node = n as { id: string; kind: string; tool?: string };
    if (node.kind !== 'api') continue;
    const tool = node.tool ?? node.id.replace(/^api:/, '');
    if (!tools.has(tool))
      return `nodes[${i}] (${JSON.stringify(node.id)}) is the API node of tool ${JSON.stringify(tool)}, which is not in tools`;
  }
  return undefined;
}

export function parseWorldFile(json: unknown): WorldSnapshot {
  const again = 'Export the world again from NaviAgent Web and import that file.';
  if (!isObject(json)) {
    throw new WorldFileError(
      `A world file holds one JSON object, but this file holds ${describe(json)}. ${again}`,
    );
  }
  // Limits (issue 21) before any record is read: depth, string length, list length, plain JSON only.
  const limit = worldFileLimitProblem(json);
  if (limit) throw new WorldFileError(`This world file cannot be imported: ${limit}. ${again}`);
  if (json.format !== WORLD_FORMAT) {
    const found = json.format === undefined ? 'has no "format"' : `has format ${JSON.stringify(json.format)}`;
    throw new WorldFileError(
      `This is not a NaviAgent world file: it ${found}, expected "${WORLD_FORMAT}". ` +
        'To add tools, import a tool catalogue instead; to restore a world, choose a file made by "Export world".',
    );
  }
  const version = json.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new WorldFileError(
      `This world file has no valid "formatVersion" (found ${JSON.stringify(version)}). ${again}`,
    );
  }
  if (version > WORLD_FORMAT_VERSION) {
    throw new WorldFileError(
      `This world file was written by a newer version of NaviAgent Web (world format ${version}; this version reads ` +
        `up to ${WORLD_FORMAT_VERSION}). Update NaviAgent Web, then import the file again.`,
    );
  }
  for (const key of RECORD_LISTS) {
    if (!Array.isArray(json[key])) {
      const found = json[key] === undefined ? 'is missing' : `is ${describe(json[key])}`;
      throw new WorldFileError(`This world file is incomplete: its "${key}" list ${found}. ${again}`);
    }
  }
  if (typeof json.embedderId !== 'string') {
    throw new WorldFileError(
      `This world file has no "embedderId" string saying which embedder built it. ${again}`,
    );
  }
  if (typeof json.exportedAt !== 'number') {
    throw new WorldFileError(`This world file has no "exportedAt" time. ${again}`);
  }
  if (!isObject(json.settings)) {
    throw new WorldFileError(`This world file's "settings" must be an object. ${again}`);
  }
  const records = json as unknown as WorldRecords;
  const problem = worldRecordsProblem(records) ?? apiNodeWithoutTool(records);
  if (problem) throw new WorldFileError(`This world file is damaged: ${problem}. ${again}`);

  return {
    format: WORLD_FORMAT,
    formatVersion: version,
    exportedAt: json.exportedAt,
    embedderId: json.embedderId,
    tools: records.tools,
    clusters: records.clusters,
    nodes: records.nodes,
    edges: records.edges,
    traces: records.traces,
    settings: json.settings,
  } as WorldSnapshot;
}

/** The one-file export: plain JSON, so `parseWorldFile(JSON.parse(serializeWorld(s)))` gives `s` back. */
export function serializeWorld(snapshot: WorldSnapshot): string {
  return JSON.stringify(snapshot);
}
