import type { ImportIssue } from './import-issue';
import { detectFormat, type ParsedCatalogue } from './importers';
import { looksLikeOpenApi } from './openapi-importer';
import type { Tool } from './tool';

/**
 * An imported entry named like a built-in tool must not replace it. The built-in implementation stays bound
 * to the name, so the imported schema would run the built-in code with arguments it does not take: a
 * catalogue whose "mail_send" posts a tweet made every e-mail request ask "What is the tweet?". Such entries
 * move to the issues (with their position in the file) and the rest of the catalogue is imported.
 */
export function withoutBuiltinReplacements(
  json: unknown,
  parsed: ParsedCatalogue,
  existing: (name: string) => Tool | undefined,
): ParsedCatalogue {
  const clashes = parsed.tools.filter(
    (t) => t.source !== 'builtin' && existing(t.name)?.source === 'builtin',
  );
  if (clashes.length === 0) return parsed;
  const names = new Set(clashes.map((t) => t.name));
  const positions = entryPositions(json);
  const issues: ImportIssue[] = clashes.map((t) => ({
    index: positions.get(t.name) ?? -1,
    name: t.name,
    reason:
      `a built-in tool is already called "${t.name}"; this entry would replace its schema while the ` +
      'built-in implementation still runs. Rename the entry to import it.',
  }));
  return {
    ...parsed,
    tools: parsed.tools.filter((t) => !names.has(t.name)),
    issues: [...parsed.issues, ...issues].sort((a, b) => a.index - b.index),
  };
}

/** Name → first position in the file's entry list (the importer keeps the first of repeated names). */
function entryPositions(json: unknown): Map<string, number> {
  const positions = new Map<string, number>();
  if (looksLikeOpenApi(json)) return positions;
  let entries: unknown[];
  try {
    entries = detectFormat(json).entries;
  } catch {
    return positions;
  }
  entries.forEach((e, i) => {
    if (e === null || typeof e !== 'object') return;
    const r = e as { name?: unknown; function?: { name?: unknown } };
    const name = typeof r.name === 'string' ? r.name : r.function?.name;
    if (typeof name === 'string' && !positions.has(name)) positions.set(name, i);
  });
  return positions;
}
