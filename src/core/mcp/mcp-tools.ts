import type { ImportIssue } from '../tools/import-issue';
import { parseCatalogue } from '../tools/importers';
import type { Tool } from '../tools/tool';

/** A server tool's name in the catalogue and on the server (they differ only to avoid a clash). */
export interface McpToolName {
  /** Name in the Tool World catalogue (and the graph's `api:` node). */
  tool: string;
  /** Name the server knows it by (`tools/call` uses this one). */
  remote: string;
}

/**
 * Whose a catalogue name is: `free` (no tool has it), `this-server` (this server's tool, from an earlier
 * listing, or a tool imported from an MCP `tools/list` file that nobody serves yet), `taken` (a built-in
 * or dataset tool, or another server's).
 */
export type NameOwner = (name: string) => 'free' | 'this-server' | 'taken';

export interface ServerTools {
  tools: Tool[];
  names: McpToolName[];
  /** Entries that were not imported, with why (a schema that is not valid JSON Schema, no name, …). */
  issues: ImportIssue[];
}

/** A short, name-safe form of a server's name: `mcp-servers/everything` → `everything`. */
export function serverSlug(serverName: string): string {
  const last = serverName.split('/').filter(Boolean).pop() ?? serverName;
  const slug = last
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'server';
}

/** The catalogue category of a server's tools (shown with the tool; the node's "from"). */
export const serverCategory = (slug: string): string => `mcp:${slug}`;

/**
 * Maps a server's `tools/list` entries to catalogue tools: `inputSchema` → `parameters`, `outputSchema`
 * → `returns` (so the graph's structural edges follow real output fields), `source: 'mcp'`, the server as
 * category. Entries are validated like any MCP import (Ajv: valid JSON Schema, an object, `required`
 * within `properties`); a bad one is reported and skipped, the rest imported. A name another tool
 * already has (a built-in, another server's) gets the server's prefix: `everything__echo`.
 */
export function serverToolsToCatalogue(entries: unknown[], slug: string, owner: NameOwner): ServerTools {
  const parsed = parseCatalogue({ tools: entries.map(withoutDialect) }, 'mcp');
  const names: McpToolName[] = [];
  const tools: Tool[] = [];
  const used = new Set<string>();
  for (const t of parsed.tools) {
    let name = t.name;
    if (owner(name) === 'taken' || used.has(name)) {
      name = `${slug}__${t.name}`;
      for (let i = 2; owner(name) === 'taken' || used.has(name); i++) name = `${slug}${i}__${t.name}`;
    }
    used.add(name);
    names.push({ tool: name, remote: t.name });
    tools.push({ ...t, name, category: serverCategory(slug) });
  }
  return { tools, names, issues: parsed.issues };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Drops the schemas' `$schema` dialect URI: servers built with newer SDKs declare JSON Schema 2020-12,
 * which the catalogue's Ajv (draft-07) does not load and would refuse the whole tool for; the keywords
 * tool schemas use (type, properties, required, enum, items, descriptions) mean the same in both.
 */
function withoutDialect(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  const strip = (schema: unknown) => {
    if (!isRecord(schema) || !('$schema' in schema)) return schema;
    const { $schema: _dialect, ...rest } = schema;
    return rest;
  };
  return {
    ...entry,
    ...(entry.inputSchema !== undefined ? { inputSchema: strip(entry.inputSchema) } : {}),
    ...(entry.outputSchema !== undefined ? { outputSchema: strip(entry.outputSchema) } : {}),
  };
}

/** A catalogue tool as an MCP `tools/list` entry (the reverse mapping: export, or serving a pack). */
export function toMcpTool(tool: Tool, remoteName = tool.name): Record<string, unknown> {
  return {
    name: remoteName,
    description: tool.description,
    inputSchema: { type: 'object', ...tool.parameters },
    ...(tool.returns ? { outputSchema: { type: 'object', ...tool.returns } } : {}),
  };
}
