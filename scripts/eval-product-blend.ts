// The product ranking (issue 17): the trained hybrid, the zero-shot hybrid and their per-request blend by
// familiarity (src/core/retrieval/familiar-blend.ts, what RetrievalService serves as `hybrid`), next to BM25,
// on each dataset's test split, the trained parts fitted on its train split. Step protocol as eval-retrieval.
// `product` is the blend as served (the familiarity probe and the novelty check on the request);
// `productNoNovelty` the same without the novelty check, as served before it.
//
//   npx tsx scripts/eval-product-blend.ts --data <dir> [--data <dir>]... [--embedder lexical|tool-encoder]
//                                         [--max-test n] [--json out.json]

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Embedder } from '../src/core/embed/embedder';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { ToolEncoderEmbedder } from '../src/core/embed/tool-encoder/encoder';
import { readToolEncoder } from '../src/core/embed/tool-encoder/export-encoder';
import { Bm25Retriever } from '../src/core/retrieval/baselines/bm25';
import { toolText } from '../src/core/retrieval/candidates';
import { EmbeddingCache } from '../src/core/retrieval/embedding-cache';
import { toolDetails } from '../src/core/retrieval/tool-details';
import { FAMILIAR_BLEND_DEFAULTS, FamiliarBlend, familiarity } from '../src/core/retrieval/familiar-blend';
import { PastRequests } from '../src/core/retrieval/past-requests';
import { Hybrid } from '../src/core/retrieval/hybrid';
import { evaluateRetriever } from '../src/core/retrieval/metrics';
import type { RetrievalTask, Retriever } from '../src/core/retrieval/retriever';
import { ZeroShotHybrid } from '../src/core/retrieval/zero-shot-hybrid';
import { mulberry32, sample } from '../src/core/util/prng';
import { loadRetrievalDataset } from './retrieval-data';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out: Record<string, number> = {};
const r4 = (v: number) => Math.round(v * 10000) / 10000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      embedder: { type: 'string', default: 'lexical' },
      'max-test': { type: 'string' },
      json: { type: 'string' },
    },
    strict: true,
  });
  for (const dir of values.data ?? []) {
    const ds = loadRetrievalDataset(dir);
    if (typeof ds === 'string') {
      console.log(`Skipping ${dir}: ${ds}.`);
      continue;
    }
    if (ds.train.length === 0) {
      // The trained parts need train plans (toolalpaca's are all test): nothing to blend.
      console.log(`Skipping ${ds.name}: no train plans (split "train") to fit the trained hybrid on.`);
      continue;
    }
    let embedder: Embedder;
    if (values.embedder === 'tool-encoder')
      embedder = new ToolEncoderEmbedder(
        readToolEncoder(readFileSync(resolve(REPO_ROOT, 'models/tool-encoder.onnx'))),
      );
    else {
      const lexical = new LexicalEmbedder();
      lexical.fit([...ds.catalogue.map(toolText), ...ds.train.map((t) => t.query)]);
      embedder = lexical;
    }
    // Parameter texts as the app's catalogue has them (only the zero-shot hybrid reads them).
    const paramsOf = new Map(ds.promptTools.map((t) => [t.name, t.parameters]));
    const catalogue = ds.catalogue.map((t) => {
      const details = toolDetails(paramsOf.get(t.name), null);
      return details === '' ? t : { ...t, details };
    });
    const ctx = { catalogue, embedder, seed: 1, cache: new EmbeddingCache(embedder) };
    let test = ds.test;
    const max = Number(values['max-test'] ?? Infinity);
    if (test.length > max) {
      const keep = new Set(sample(mulberry32(1), test, max));
      test = test.filter((t) => keep.has(t));
    }
    const hybrid = new Hybrid(ctx);
    await hybrid.fit(ds.train);
    const zs = new ZeroShotHybrid(ctx);
    await zs.fit();
    const seen = new Set(hybrid.dtdr.seenCounts.keys());
    const blends = [1, 0.5, 0.25, 0].map(
      (p) => [`blendP${p * 100}`, new FamiliarBlend(zs, hybrid, seen, { power: p })] as [string, Retriever],
    );
    // The gate with familiarity read from the zero-shot ranking on plain texts (name + description): the
    // parameter texts then change only what a first-time request is ranked by, not which requests count
    // as first-time. And from the first pass's zero-shot hybrid (plain texts, score stop, fixed weight).
    const plain = new ZeroShotHybrid(ctx, { details: false });
    await plain.fit();
    const firstPass = new ZeroShotHybrid(ctx, {
      details: false,
      stop: 'score',
      bm25Anchor: 0,
      adaptive: false,
    });
    await firstPass.fit();
    blends.push(
      ['blendP0FamPlain', new FamiliarBlend(zs, hybrid, seen, { power: 0 }, plain)],
      ['blendP0FamFirstPass', new FamiliarBlend(zs, hybrid, seen, { power: 0 }, firstPass)],
    );
    // As RetrievalService serves it: the probe on plain texts with the fixed fusion, and the novelty check.
    const probe = new ZeroShotHybrid(ctx, { details: false, fusion: 'score' });
    await probe.fit();
    const past = new PastRequests(ds.train);
    const floor = past.leaveOneOutQuantile(FAMILIAR_BLEND_DEFAULTS.requestQuantile);
    const served = new FamiliarBlend(zs, hybrid, seen, {}, probe, { past, floor });
    blends.push(['productNoNovelty', new FamiliarBlend(zs, hybrid, seen, {}, probe)], ['product', served]);
    const novel = test.filter((t) => past.familiarity(t.query) < floor).length / Math.max(1, test.length);
    out[`${ds.name}.product.${embedder.id}.noveltyFloor`] = r4(floor);
    out[`${ds.name}.product.${embedder.id}.novelShare`] = r4(novel);
    console.log(
      `${ds.name}: novelty floor ${floor.toFixed(3)}; test requests under it ${(novel * 100).toFixed(1)} %`,
    );
    const bm25 = new Bm25Retriever(ctx);
    await bm25.fit();
    await warm(ctx.cache, [hybrid, zs, probe, plain, firstPass], test);
    let f = 0;
    for (const t of test) f += familiarity(zs.rank({ query: t.query, history: [] }), seen, 5);
    out[`${ds.name}.productBlend.${embedder.id}.familiarityAtFirstStep`] = r4(f / Math.max(1, test.length));
    console.log(
      `${ds.name}: mean familiarity at the first step ${(f / Math.max(1, test.length)).toFixed(3)}`,
    );
    for (const [id, r] of [['bm25', bm25], ['hybrid', hybrid], ['zeroShotHybrid', zs], ...blends] as [
      string,
      Retriever,
    ][]) {
      const g = evaluateRetriever(r, test).groups;
      const k = `${ds.name}.${id}.${embedder.id}`;
      out[`${k}.mrr`] = r4(g.all.mrr);
      out[`${k}.mrrNoEnd`] = r4(g.noEnd.mrr);
      out[`${k}.recall5`] = r4(g.all.recall5);
      console.log(
        `  ${id.padEnd(16)} MRR ${g.all.mrr.toFixed(3)}  w/o end ${g.noEnd.mrr.toFixed(3)}  R@5 ${g.all.recall5.toFixed(3)}`,
      );
    }
    writeOut(values.json);
  }
  writeOut(values.json);
}

/** Writes the figures so far (after each dataset too: a long run stopped half-way keeps what it measured). */
function writeOut(json: string | undefined): void {
  if (!json) return;
  mkdirSync(dirname(resolve(json)), { recursive: true });
  writeFileSync(json, `${JSON.stringify(out, null, 2)}\n`);
}

/** Every text the rankers read at the test points (query; DTDR-L's history texts). */
async function warm(cache: EmbeddingCache, rs: Retriever[], tasks: readonly RetrievalTask[]): Promise<void> {
  const texts = new Set<string>();
  for (const t of tasks)
    for (let i = 0; i <= t.tools.length; i++)
      for (const r of rs)
        for (const x of r.textsToEmbed?.({ query: t.query, history: t.tools.slice(0, i) }) ?? [])
          texts.add(x);
  await cache.warm([...texts]);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
