// Dataset-side helpers of the zero-shot hybrid's learned fusion (issue 17, fourth pass): tool texts with
// their schema details, each tool's standardised inputs/outputs, the texts a retriever reads, and the fusion's
// training points of one dataset. Shared by scripts/eval-encoder-lodo.ts and scripts/fit-zero-shot-fusion.ts.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { toolText } from '../src/core/retrieval/candidates';
import { EmbeddingCache } from '../src/core/retrieval/embedding-cache';
import { toolIo } from '../src/core/retrieval/io-prior';
import type { RetrievalTask, Retriever } from '../src/core/retrieval/retriever';
import { toolDetails } from '../src/core/retrieval/tool-details';
import type { FusionExample } from '../src/core/retrieval/zero-shot-fusion';
import { fusionExamples } from '../src/core/retrieval/zero-shot-fusion-examples';
import { ZeroShotHybrid } from '../src/core/retrieval/zero-shot-hybrid';
import type { JsonSchemaObject } from '../src/core/tools/tool';
import type { RetrievalDataset } from './retrieval-data';

/** Every text `r.rank` will read from the cache over the tasks' steps (the request; residuals after calls). */
export function textsOf(r: Retriever, tasks: readonly RetrievalTask[]): string[] {
  const texts = new Set<string>();
  for (const t of tasks)
    for (let i = 0; i <= t.tools.length; i++)
      for (const x of r.textsToEmbed?.({ query: t.query, history: t.tools.slice(0, i) }) ?? [t.query])
        texts.add(x);
  return [...texts];
}

/** A dataset's fusion training points with the lexical embedder fitted on its own catalogue. */
export async function lexicalFusionExamples(
  d: RetrievalDataset,
  tasks: RetrievalTask[],
  seed: number,
): Promise<FusionExample[]> {
  const lexical = new LexicalEmbedder();
  lexical.fit(d.catalogue.map(toolText));
  const cache = new EmbeddingCache(lexical);
  // No translation model here: its columns depend on which datasets the model may have seen, so the
  // caller fills them per fold (`setTranslationColumns`, scripts/translation-data.ts).
  const h = new ZeroShotHybrid(
    { catalogue: d.catalogue, embedder: lexical, seed, cache },
    { translation: null },
  );
  await h.fit();
  await cache.warm(textsOf(h, tasks));
  return fusionExamples(
    h,
    d.catalogue.map((t) => t.name),
    tasks,
    20,
  );
}

/** Each tool's standardised inputs and outputs from tools.json (`io-prior.ts`); unchanged when absent. */
export function withIo(ds: RetrievalDataset): RetrievalDataset {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(resolve(ds.dir, 'tools.json'), 'utf8'));
  } catch {
    return ds;
  }
  const io = new Map<string, ReturnType<typeof toolIo>>();
  for (const e of Array.isArray(json) ? json : []) {
    const { name, parameters, returns } = (e ?? {}) as {
      name?: unknown;
      parameters?: unknown;
      returns?: unknown;
    };
    if (typeof name === 'string' && !io.has(name))
      io.set(name, toolIo(parameters as JsonSchemaObject | null, returns as JsonSchemaObject | null));
  }
  return { ...ds, catalogue: ds.catalogue.map((t) => (io.has(t.name) ? { ...t, io: io.get(t.name) } : t)) };
}

/**
 * The catalogue as the app gives it to the zero-shot hybrid: each tool's schema details in `details`
 * (`tool-details.ts`), its description untouched. `detailedToolText` of a tool here is `toolText` of the
 * same tool in `enriched`, so the hybrid reads the same texts either way; only its plain-text view
 * (`plain-text-scores.ts`) needs the description apart.
 */
export function detailed(ds: RetrievalDataset): RetrievalDataset {
  const params = new Map(ds.promptTools.map((t) => [t.name, t.parameters]));
  return {
    ...ds,
    catalogue: ds.catalogue.map((t) => {
      const details = toolDetails(params.get(t.name), null);
      return details === '' ? t : { ...t, details };
    }),
  };
}

/** The catalogue with each tool's schema details appended to its description (`tool-details.ts`). */
export function enriched(ds: RetrievalDataset): RetrievalDataset {
  const params = new Map(ds.promptTools.map((t) => [t.name, t.parameters]));
  return {
    ...ds,
    catalogue: ds.catalogue.map((t) => {
      const details = toolDetails(params.get(t.name), null);
      return details === '' ? t : { ...t, description: `${t.description} ${details}` };
    }),
  };
}
