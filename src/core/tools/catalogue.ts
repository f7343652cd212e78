import type { Tool } from './tool';

/** A catalogue entry with its history: `revision` counts re-imports that changed the tool. */
export interface ToolRecord {
  tool: Tool;
  revision: number;
  addedAt: number;
  updatedAt: number;
}

export interface UpsertResult {
  added: Tool[];
  /** Tools whose definition changed; their previous version is kept for evolution to compare. */
  updated: { before: Tool; after: Tool }[];
  unchanged: Tool[];
}

function sameDefinition(a: Tool, b: Tool): boolean {
  return (
    a.description === b.description &&
    a.category === b.category &&
    JSON.stringify(a.parameters) === JSON.stringify(b.parameters) &&
    JSON.stringify(a.returns) === JSON.stringify(b.returns)
  );
}

/** The tool catalogue: names are unique; importing a known name is an update, never a duplicate. */
export class ToolCatalogue {
  private readonly records = new Map<string, ToolRecord>();

  constructor(records: Iterable<ToolRecord> = []) {
    for (const r of records) this.records.set(r.tool.name, r);
  }

  get size(): number {
    return this.records.size;
  }

  get(name: string): Tool | undefined {
    return this.records.get(name)?.tool;
  }

  record(name: string): ToolRecord | undefined {
    return this.records.get(name);
  }

  has(name: string): boolean {
    return this.records.has(name);
  }

  tools(): Tool[] {
    return [...this.records.values()].map((r) => r.tool);
  }

  allRecords(): ToolRecord[] {
    return [...this.records.values()];
  }

  /** Sets a record as another copy of this catalogue holds it (the owner's change, applied by a reader). */
  put(record: ToolRecord): void {
    this.records.set(record.tool.name, record);
  }

  upsert(tools: Tool[], now: number): UpsertResult {
    const result: UpsertResult = { added: [], updated: [], unchanged: [] };
    for (const tool of tools) {
      const existing = this.records.get(tool.name);
      if (!existing) {
        this.records.set(tool.name, { tool, revision: 1, addedAt: now, updatedAt: now });
        result.added.push(tool);
      } else if (sameDefinition(existing.tool, tool)) {
        result.unchanged.push(tool);
      } else {
        this.records.set(tool.name, { ...existing, tool, revision: existing.revision + 1, updatedAt: now });
        result.updated.push({ before: existing.tool, after: tool });
      }
    }
    return result;
  }
}
