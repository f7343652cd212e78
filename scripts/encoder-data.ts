// Training examples for the tool encoder from dataset folders in the shared format, leave-one-out aware.
// The only file of the encoder's pipeline that touches the file system.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { toolText } from '../src/core/retrieval/candidates';
import type { EncoderExample } from '../src/core/embed/tool-encoder/train-encoder';
import { encoderExamples } from '../src/core/embed/tool-encoder/training-examples';
import type { RetrievalDataset } from './retrieval-data';

/** Datasets that share requests (the data README: ultratool and ultratool_graph share 639 queries). */
export const SIBLINGS: Record<string, string[]> = {
  ultratool: ['ultratool_graph'],
  ultratool_graph: ['ultratool'],
};

/** Tool name → category from a folder's tools.json (absent or malformed: empty). */
export function readCategories(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  try {
    const json: unknown = JSON.parse(readFileSync(resolve(dir, 'tools.json'), 'utf8'));
    for (const e of Array.isArray(json) ? json : []) {
      const { name, category } = (e ?? {}) as { name?: unknown; category?: unknown };
      if (typeof name === 'string' && typeof category === 'string' && !out.has(name)) out.set(name, category);
    }
  } catch {
    // No categories: only BM25 hard negatives.
  }
  return out;
}

/**
 * Examples from the train splits of `datasets`, leaving `heldOut` out entirely: its own plans, its sibling
 * dataset (shared requests), any request that also occurs in it, and any tool text of its catalogue (as a
 * positive or a negative), so no figure on it comes from a request or tool the encoder saw.
 */
export function leaveOneOutExamples(
  datasets: readonly RetrievalDataset[],
  heldOut?: RetrievalDataset,
): EncoderExample[] {
  const skip = new Set(heldOut ? [heldOut.name, ...(SIBLINGS[heldOut.name] ?? [])] : []);
  const heldQueries = new Set(
    heldOut ? [...heldOut.train, ...heldOut.test].map((t) => t.query.trim().toLowerCase()) : [],
  );
  const heldTools = new Set(heldOut ? heldOut.catalogue.map(toolText) : []);
  return datasets
    .filter((d) => !skip.has(d.name))
    .flatMap((d) =>
      encoderExamples({
        catalogue: d.catalogue,
        tasks: d.train.filter((t) => !heldQueries.has(t.query.trim().toLowerCase())),
        categories: readCategories(d.dir),
      }),
    )
    .map((e) => ({
      query: e.query,
      positives: e.positives.filter((t) => !heldTools.has(t)),
      hardNegatives: e.hardNegatives.filter((t) => !heldTools.has(t)),
    }))
    .filter((e) => e.positives.length > 0);
}
