import type { ToolImplementation } from '../../execute/tool-runtime';
import { requireString } from '../args';
import { FileNotFoundError } from '../errors/file-not-found-error';
import type { SandboxAccess } from '../sandbox-access';
import type { SandboxFile } from '../sandbox-state';
import { keywords, matchCount } from '../text/normalize';

/**
 * The file matching the most query words; among those, the one whose name matches more (a name says what
 * a file is about better than a passing word in its text), then the earlier file. At least half the words
 * must match: "tax return 2019" should not open an itinerary because it says "return".
 */
export function findFile(files: readonly SandboxFile[], query: string): SandboxFile | undefined {
  const words = keywords(query);
  const needed = Math.ceil(words.length / 2);
  let best: SandboxFile | undefined;
  let bestRank = 0;
  for (const f of files) {
    const matched = matchCount(words, `${f.path} ${f.content}`);
    const rank = matched * 100 + matchCount(words, f.path) * 10;
    if (matched >= needed && rank > bestRank) [best, bestRank] = [f, rank];
  }
  return best;
}

export function filesTools(sandbox: SandboxAccess, source: ToolImplementation['source']) {
  const files_search: ToolImplementation = {
    source,
    async run(args) {
      const query = requireString(args, 'query');
      const file = findFile(sandbox.state().files, query);
      if (!file) throw new FileNotFoundError(query, 'keywords');
      return { file_id: file.id, path: file.path };
    },
  };

  const files_read: ToolImplementation = {
    source,
    async run(args) {
      const id = requireString(args, 'file_id');
      // The path works too: a model that kept the path from files_search should not fail on it.
      const file = sandbox.state().files.find((f) => f.id === id || f.path === id);
      if (!file) throw new FileNotFoundError(id, 'id');
      return { content: file.content };
    },
  };

  return { files_search, files_read };
}
