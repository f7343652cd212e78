import { endpointText } from './endpoint';
import type { McpEndpoint } from './mcp-session';
import type { McpToolName } from './mcp-tools';

/** The world setting that holds the tool servers (so an exported world carries them). */
export const MCP_SETTINGS_KEY = 'mcp.servers';
const FORMAT_VERSION = 1;

/**
 * One tool server the user added, as the world keeps it: where it is, whether calls are allowed (the
 * allow-list), when it last answered, and which catalogue tools are its own.
 */
export interface McpConnectionRecord {
  /** The endpoint as text (URL or command line): the record's identity. */
  id: string;
  endpoint: McpEndpoint;
  /** The server's own name (serverInfo.title or name), '' until it first answered. */
  name: string;
  /** Name-safe short name: the category of its tools, the prefix of a clashing tool name. */
  slug: string;
  /** Calls may go to this server. Off until the user allows it; revocable. */
  allowed: boolean;
  /** When the user allowed it (null when not allowed). */
  allowedAt: number | null;
  addedAt: number;
  /** When the server last answered (connect, list or call), null if never. */
  lastSeen: number | null;
  /** Its tools: catalogue name ↔ the server's name, as of the last listing. */
  tools: McpToolName[];
}

export function newRecord(endpoint: McpEndpoint, now: number): McpConnectionRecord {
  return {
    id: endpointText(endpoint),
    endpoint,
    name: '',
    slug: 'server',
    allowed: false,
    allowedAt: null,
    addedAt: now,
    lastSeen: null,
    tools: [],
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function readEndpoint(v: unknown): McpEndpoint | null {
  if (!isRecord(v)) return null;
  if (v.kind === 'http' && typeof v.url === 'string') return { kind: 'http', url: v.url };
  if (
    v.kind === 'stdio' &&
    typeof v.command === 'string' &&
    Array.isArray(v.args) &&
    v.args.every((a) => typeof a === 'string')
  )
    return { kind: 'stdio', command: v.command, args: v.args as string[] };
  return null;
}

function readRecord(v: unknown): McpConnectionRecord | null {
  if (!isRecord(v)) return null;
  const endpoint = readEndpoint(v.endpoint);
  if (!endpoint) return null;
  const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  const tools = Array.isArray(v.tools)
    ? v.tools.filter(
        (t): t is McpToolName => isRecord(t) && typeof t.tool === 'string' && typeof t.remote === 'string',
      )
    : [];
  return {
    id: endpointText(endpoint),
    endpoint,
    name: typeof v.name === 'string' ? v.name : '',
    slug: typeof v.slug === 'string' && v.slug ? v.slug : 'server',
    allowed: v.allowed === true,
    allowedAt: v.allowed === true ? num(v.allowedAt) : null,
    addedAt: num(v.addedAt) ?? 0,
    lastSeen: num(v.lastSeen),
    tools: tools.map((t) => ({ tool: t.tool, remote: t.remote })),
  };
}

/**
 * The tool servers a world's settings hold. A world without them (exported before this existed, or
 * never connected) has none; an entry that cannot be read is dropped and reported, the rest kept.
 */
export function readConnections(settings: Readonly<Record<string, unknown>>): {
  records: McpConnectionRecord[];
  problems: string[];
} {
  const raw = settings[MCP_SETTINGS_KEY];
  if (raw === undefined) return { records: [], problems: [] };
  const list = isRecord(raw) && Array.isArray(raw.servers) ? raw.servers : null;
  if (!list) return { records: [], problems: [`setting ${MCP_SETTINGS_KEY} is not a server list; ignored`] };
  const records: McpConnectionRecord[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const r = readRecord(entry);
    if (!r) problems.push(`tool server #${i + 1} in the world's settings cannot be read; ignored`);
    else if (!seen.has(r.id)) {
      seen.add(r.id);
      records.push(r);
    }
  });
  return { records, problems };
}

/** The settings value that stores these records (plain JSON). */
export function connectionsSetting(records: readonly McpConnectionRecord[]): unknown {
  return {
    version: FORMAT_VERSION,
    servers: records.map((r) => ({
      endpoint: r.endpoint,
      name: r.name,
      slug: r.slug,
      allowed: r.allowed,
      allowedAt: r.allowedAt,
      addedAt: r.addedAt,
      lastSeen: r.lastSeen,
      tools: r.tools.map((t) => ({ tool: t.tool, remote: t.remote })),
    })),
  };
}

/** Allows calls to a server (the user said so). */
export const allowRecord = (r: McpConnectionRecord, now: number): McpConnectionRecord => ({
  ...r,
  allowed: true,
  allowedAt: now,
});

/** Takes the permission back: nothing is called on the server until it is allowed again. */
export const revokeRecord = (r: McpConnectionRecord): McpConnectionRecord => ({
  ...r,
  allowed: false,
  allowedAt: null,
});
