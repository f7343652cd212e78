import type { Tool } from '../tools/tool';

/**
 * A value that flowed from a list output into a scalar input ("mail_search → messages" feeding
 * "mail_read ← message_id"): take the first item's field of the same name, else the item's only
 * id-like field (AutoTool's parameter filling picks values out of list outputs the same way). Inputs
 * the schema types as arrays, or leaves untyped, are left alone.
 */
export function scalarFromLists(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  const props = tool.parameters.properties ?? {};
  let out: Record<string, unknown> | null = null;
  for (const [field, value] of Object.entries(args)) {
    const type = props[field]?.type;
    if (
      !Array.isArray(value) ||
      type === undefined ||
      type === 'array' ||
      (Array.isArray(type) && type.includes('array'))
    )
      continue;
    const item = value.find((v) => v && typeof v === 'object') as Record<string, unknown> | undefined;
    if (!item) continue;
    const ids = Object.keys(item).filter((k) => /(^|_)id$/.test(k));
    const key = field in item ? field : ids.length === 1 ? ids[0]! : null;
    if (key === null) continue;
    out ??= { ...args };
    out[field] = item[key];
  }
  return out ?? args;
}
