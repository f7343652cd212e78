// Leave-one-dataset-out evaluation of the trained tool encoder (issue 17): for each shared dataset, train
// the encoder on the other datasets' train splits (encoder-data.ts drops the held-out dataset's requests,
// tools and sibling dataset), then rank the held-out test plans zero-shot — no training plan of the
// held-out dataset is used by any method here — with BM25, TF-IDF, QTS (lexical vs trained encoder) and the
// zero-shot hybrid (lexical vs trained encoder), whose learned fusion is fitted per fold on the *other*
// datasets' train plans (zero-shot-fusion.ts; the shipped weights, fitted on all of them, are never used).
//
//   npx tsx scripts/eval-encoder-lodo.ts [--data <dir>]... [--holdout a,b] [--epochs n] [--seed n]
//                                        [--max-test n] [--json out.json]

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Embedder } from '../src/core/embed/embedder';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { DEFAULT_FEATURE_SPEC } from '../src/core/embed/tool-encoder/features';
import { ToolEncoderEmbedder } from '../src/core/embed/tool-encoder/encoder';
import { trainToolEncoder, ENCODER_TRAIN_DEFAULTS } from '../src/core/embed/tool-encoder/train-encoder';
import { Bm25Retriever } from '../src/core/retrieval/baselines/bm25';
import { QtsRetriever } from '../src/core/retrieval/baselines/qts';
import { TfIdfRetriever } from '../src/core/retrieval/baselines/tfidf-qts';
import {
  fitZeroShotFusion,
  setTranslationColumns,
  type FusionExample,
  type FusionWeights,
} from '../src/core/retrieval/zero-shot-fusion';
import { detailedToolText } from '../src/core/retrieval/tool-details';
import {
  translationEvidence,
  TranslationScorer,
  translationTokens,
  type TranslationModel,
} from '../src/core/retrieval/translation-model';
import { toolText } from '../src/core/retrieval/candidates';
import { EmbeddingCache } from '../src/core/retrieval/embedding-cache';
import { evaluateRetriever, pairedDifference, type RetrievalReport } from '../src/core/retrieval/metrics';
import type { RetrievalTask, Retriever } from '../src/core/retrieval/retriever';
import { ZeroShotHybrid, type ZeroShotHybridOptions } from '../src/core/retrieval/zero-shot-hybrid';
import { mulberry32, sample } from '../src/core/util/prng';
import { leaveOneOutExamples, SIBLINGS } from './encoder-data';
import { TranslationModels } from './translation-data';
import { detailed, enriched, lexicalFusionExamples, textsOf, withIo } from './zero-shot-fusion-data';
import { loadRetrievalDataset, SHARED_DATASETS, type RetrievalDataset } from './retrieval-data';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = SHARED_DATASETS;

const USAGE = `Usage: npx tsx scripts/eval-encoder-lodo.ts [options]
  --data <dir>     dataset folder (shared format); repeatable (default: the shared datasets, absent ones skipped)
  --holdout <a,b>  datasets to hold out and evaluate (default: every loaded one)
  --epochs <n>     encoder epochs (default ${ENCODER_TRAIN_DEFAULTS.epochs})
  --seed <n>       seed (default 1)
  --max-test <n>   at most n test tasks per dataset, a seeded sample (default all)
  --enrich         tool text = name + description + parameter names and descriptions (training and ranking)
  --enrich-test    the same for the held-out catalogue only (the encoder trains on plain texts)
  --residuals <a,b> with --weights: also vary the residual weight ω, the nested choice picks the pair
  --anchors <a,b>  with --weights: also vary the BM25 rank anchor β (zero-shot-hybrid.ts)
  --stops <a,b>    with --weights: also vary the stop rule (score, afterCalled)
  --weights <a,b> also run the zero-shot hybrid with each BM25 weight (e.g. 0.5,0.75,1) and pick the weight
                   by nested leave-one-dataset-out: for each held-out dataset, the weight with the best mean MRR
                   w/o end over the *other* held-out datasets (method zsNested; its labels never choose it)
  --variants       also run the zero-shot hybrid's other forms (score fusion, no stop rule, no residual)
  --temperature <t> InfoNCE temperature (encoder training)
  --split <s>      test (default) or train: score the held-out dataset's train plans (validation)
  --qts-only       only BM25 and QTS (quick encoder comparisons)
  --fit-tasks <n>  train tasks per dataset the fusion weights are fitted on (default 250, a seeded sample)
  --no-encoder     lexical embedder only (no encoder trained; quick fusion checks)
  --end-weight <w> weight of END points when END's stop weights are fitted (default 1)
  --json <file>    flat figures: <dataset>.<method>.<embedder>.<metric>`;

const out: Record<string, number | string> = {};
// Translation features of a point without a model (the fifth pass's fusion).
const ZERO_TRANSLATION = new Float64Array(0);
const r4 = (v: number) => Math.round(v * 10000) / 10000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      holdout: { type: 'string' },
      epochs: { type: 'string' },
      lr: { type: 'string' },
      dim: { type: 'string' },
      buckets: { type: 'string' },
      idf: { type: 'boolean', default: false },
      temperature: { type: 'string' },
      split: { type: 'string', default: 'test' },
      'qts-only': { type: 'boolean', default: false },
      enrich: { type: 'boolean', default: false },
      'enrich-test': { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      'max-test': { type: 'string' },
      variants: { type: 'boolean', default: false },
      variants2: { type: 'boolean', default: false },
      weights: { type: 'string' },
      residuals: { type: 'string' },
      anchors: { type: 'string' },
      stops: { type: 'string' },
      json: { type: 'string' },
      'fit-tasks': { type: 'string', default: '250' },
      'no-encoder': { type: 'boolean', default: false },
      'end-weight': { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  const seed = Number(values.seed);
  const epochs = values.epochs ? Number(values.epochs) : ENCODER_TRAIN_DEFAULTS.epochs;
  const dirs = values.data?.length ? values.data : SHARED.map((d) => resolve(REPO_ROOT, '../shared/data', d));
  const datasets: RetrievalDataset[] = [];
  // The zero-shot hybrid's catalogue of each dataset: with --enrich / --enrich-test the details kept apart
  // from the description as the app keeps them (`detailed`; its detailed text is the enriched text the
  // other methods index), so the hybrid also sees name + description alone (plain-text-scores.ts).
  const hybridCatalogue = new Map<string, RetrievalDataset>();
  for (const dir of dirs) {
    const ds = loadRetrievalDataset(dir);
    if (typeof ds === 'string') console.log(`Skipping ${dir}: ${ds}.`);
    else {
      datasets.push(withIo(values.enrich ? enriched(ds) : ds));
      hybridCatalogue.set(ds.name, withIo(values.enrich || values['enrich-test'] ? detailed(ds) : ds));
    }
  }
  const forHybrid = (d: RetrievalDataset) => hybridCatalogue.get(d.name) ?? d;
  const bm25Weights = values.weights ? values.weights.split(',').map(Number) : [];
  const residuals = values.residuals ? values.residuals.split(',').map(Number) : [undefined];
  const anchors = values.anchors ? values.anchors.split(',').map(Number) : [undefined];
  const stops = values.stops ? (values.stops.split(',') as ZeroShotHybridOptions['stop'][]) : [undefined];
  // Each (BM25 weight, residual ω, anchor β, stop rule); the hybrid's default where an option is absent.
  const weightGrid: GridPoint[] = bm25Weights.flatMap((w) =>
    residuals.flatMap((r) =>
      anchors.flatMap((anchor) =>
        stops.map((stop) => ({
          w,
          r,
          ...(anchor === undefined ? {} : { anchor }),
          ...(stop === undefined ? {} : { stop }),
        })),
      ),
    ),
  );
  const holdout = values.holdout ? values.holdout.split(',') : datasets.map((d) => d.name);
  out['meta.epochs'] = epochs;
  out['meta.seed'] = seed;
  const rows: string[][] = [];
  // The learned fusion's training points of each dataset (lexical embedder, IDF from its own catalogue, so
  // they do not depend on the fold): its *train* plans, a seeded sample. A fold fits on the other datasets'.
  const fitTasks = Number(values['fit-tasks']);
  const fusionPoints = new Map<string, FusionExample[]>();
  for (const d of datasets) {
    if (d.train.length === 0) continue;
    const tasks = d.train.length > fitTasks ? sample(mulberry32(seed), d.train, fitTasks) : d.train;
    // --enrich-test: the fusion is fitted on the texts it ranks (with details), as the shipped weights are.
    fusionPoints.set(d.name, await lexicalFusionExamples(forHybrid(d), tasks, seed));
  }
  // The translation features' models (sixth pass): for the held-out dataset H, one trained without H; for
  // the fit points of another dataset D in H's fold, one trained without H and without D, so neither the
  // fold's test plans nor a point's own dataset shaped the feature the weights are fitted on.
  const translationModels = new TranslationModels([...hybridCatalogue.values()]);
  const scorerOf = (model: TranslationModel, d: RetrievalDataset) =>
    new TranslationScorer(
      model,
      forHybrid(d).catalogue.map((t) => translationTokens(detailedToolText(t))),
    );
  for (const trainDs of datasets.filter((d) => holdout.includes(d.name))) {
    // Fusion weights for this fold: fitted on every other dataset's train points (not its sibling's).
    const skip = new Set([trainDs.name, ...(SIBLINGS[trainDs.name] ?? [])]);
    const others = [...fusionPoints].filter(([n]) => !skip.has(n));
    const groups = others.map(([, pts]) => pts);
    const f0 = performance.now();
    // The fifth pass's fusion (no translation features: columns 0, no model), for the before column.
    for (const [, pts] of others) setTranslationColumns(pts, () => ZERO_TRANSLATION);
    const before = fitZeroShotFusion(groups, { endWeight: Number(values['end-weight']) });
    for (const [n, pts] of others) {
      const sc = scorerOf(
        translationModels.excluding([trainDs.name, n]),
        datasets.find((d) => d.name === n) as RetrievalDataset,
      );
      setTranslationColumns(pts, (q) => translationEvidence(sc, q));
    }
    const fold = fitZeroShotFusion(groups, { endWeight: Number(values['end-weight']) });
    const foldWeights: FusionWeights = { tool: fold.tool, end: fold.end };
    const toolsOnly: FusionWeights = { tool: fold.tool, end: null };
    const foldTranslation = translationModels.excluding([trainDs.name]);
    out[`${trainDs.name}.fusion.fitS`] = r4((performance.now() - f0) / 1000);
    out[`${trainDs.name}.fusion.datasets`] = groups.length;
    console.log(
      `\n${trainDs.name}: fusion fitted on ${groups.length} other datasets in ${((performance.now() - f0) / 1000).toFixed(1)} s ` +
        `(loss ${fold.toolLoss.toFixed(3)} / ${fold.endLoss.toFixed(3)})`,
    );
    const examples = leaveOneOutExamples(datasets, trainDs);
    // --enrich-test: the encoder trains on plain texts (as the shipped one does), the held-out catalogue is
    // ranked with its schema details (as the app ranks an imported catalogue).
    const ds = values['enrich-test'] ? enriched(trainDs) : trainDs;
    const t0 = performance.now();
    const { weights, report } = trainToolEncoder(values['no-encoder'] ? examples.slice(0, 1) : examples, {
      epochs,
      seed,
      ...(values.lr ? { learningRate: Number(values.lr) } : {}),
      ...(values.dim ? { dimension: Number(values.dim) } : {}),
      ...(values.temperature ? { temperature: Number(values.temperature) } : {}),
      ...(values.buckets ? { spec: { ...DEFAULT_FEATURE_SPEC, buckets: Number(values.buckets) } } : {}),
      idf: values.idf,
    });
    const trainS = (performance.now() - t0) / 1000;
    console.log(
      `\n${ds.name}: encoder trained on ${report.examples} requests of the other datasets (${report.texts} texts) in ` +
        `${trainS.toFixed(1)} s; loss by epoch ${report.epochLoss.map((l) => l.toFixed(3)).join(' ')}`,
    );
    out[`${ds.name}.encoder.trainS`] = r4(trainS);
    out[`${ds.name}.encoder.examples`] = report.examples;
    const encoder = new ToolEncoderEmbedder(weights);
    if (values.idf) encoder.fit(ds.catalogue.map(toolText));
    // --split train: a validation set for choosing the encoder's options — the held-out dataset's train
    // plans, which its encoder never saw either (encoder-data.ts drops them), so its test split stays unseen.
    let test = values.split === 'train' ? ds.train : ds.test;
    if (values['max-test'] && test.length > Number(values['max-test'])) {
      const keep = new Set(sample(mulberry32(seed), test, Number(values['max-test'])));
      test = test.filter((t) => keep.has(t));
    }
    // ms per request of the encoder's TypeScript forward (features + bag), every test request once.
    const e0 = performance.now();
    for (const t of test) encoder.embedSync(t.query);
    out[`${ds.name}.encoder.msPerRequest`] = r4((performance.now() - e0) / Math.max(1, test.length));

    const lexical = new LexicalEmbedder();
    // IDF from the catalogue only: in the zero-shot setting there are no requests of this catalogue yet.
    lexical.fit(ds.catalogue.map(toolText));
    const embedders: [string, Embedder][] = values['no-encoder']
      ? [['lexical', lexical]]
      : [
          ['lexical', lexical],
          ['encoder', encoder],
        ];
    // zeroShotHybrid: the shipped form (learned fusion) with this fold's weights — the shipped weights were
    // fitted on every dataset's train split, this one's included, so they are never used here.
    // zsFusionEndFree: END anywhere (floor 1); zsFusionNoEnd: END never ranked (the tool ranking alone);
    // zsFusionRepeat3: the last called tool kept in the top 3; zsThirdPass: the third pass's shipped form.
    const variants: [string, Partial<ZeroShotHybridOptions>][] = [
      ['zeroShotHybrid', { weights: foldWeights, translation: foldTranslation }],
      ['zsFusionNoEnd', { weights: toolsOnly, translation: foldTranslation }],
      ['zsFusionRepeat3', { weights: foldWeights, repeatCeiling: 3, translation: foldTranslation }],
      ['zsFifthPass', { weights: { tool: before.tool, end: before.end }, translation: null }],
      ['zsThirdPass', { fusion: 'score' }],
    ];
    if (values.variants)
      variants.push(['zsFusionEndFree', { weights: foldWeights, endFloor: 1, translation: foldTranslation }]);
    if (values['variants2'])
      variants.push(
        ['zsRho05', { repeatFactor: 0.5 }],
        ['zsBm75', { bm25Weight: 0.75 }],
        ['zsNoResidual', { residualWeight: 0 }],
        ['zsNoStop', { endOffset: -1e9 }],
        ['zsRrf', { fusion: 'rrf' }],
      );
    for (const g of weightGrid) variants.push([weightId(g), gridOptions(g)]);
    // The first pass's hybrid (score stop rule θ + δ, no BM25 anchor), for the before/after columns.
    variants.push(['zsFirstPass', { fusion: 'score', stop: 'score', bm25Anchor: 0 }]);
    // A per-request rule needing no choice at all: BM25's weight rises with its own margin (zero-shot-hybrid.ts).
    if (weightGrid.length > 0) variants.push(['zsAdaptive', { fusion: 'score', adaptive: true }]);
    if (values.variants)
      variants.push(
        ['zsHybridRrf', { fusion: 'rrf' }],
        ['zsHybridNoStop', { endOffset: -1e9 }],
        ['zsHybridNoResidual', { residualWeight: 0 }],
        ['zsHybridEnd0', { endOffset: 0 }],
        ['zsHybridEnd1', { endOffset: 1 }],
      );
    const runs: [string, string, (c: EmbeddingCache) => Retriever][] = [];
    runs.push([
      'bm25',
      '-',
      (c) => new Bm25Retriever({ catalogue: ds.catalogue, embedder: lexical, seed, cache: c }),
    ]);
    runs.push([
      'tfidf',
      '-',
      (c) => new TfIdfRetriever({ catalogue: ds.catalogue, embedder: lexical, seed, cache: c }),
    ]);
    for (const [eid, emb] of embedders) {
      runs.push([
        'qts',
        eid,
        (c) => new QtsRetriever({ catalogue: ds.catalogue, embedder: emb, seed, cache: c }),
      ]);
      if (values['qts-only']) continue;
      for (const [vid, opts] of variants)
        runs.push([
          vid,
          eid,
          (c) =>
            new ZeroShotHybrid({ catalogue: forHybrid(ds).catalogue, embedder: emb, seed, cache: c }, opts),
        ]);
    }
    const caches = new Map(embedders.map(([id, e]) => [id, new EmbeddingCache(e)]));
    caches.set('-', caches.get('lexical') as EmbeddingCache);
    const reports = new Map<string, RetrievalReport>();
    for (const [mid, eid, make] of runs) {
      const cache = caches.get(eid) as EmbeddingCache;
      const r = make(cache);
      await r.fit([] as RetrievalTask[]);
      await cache.warm(textsOf(r, test));
      const rep = evaluateRetriever(r, test);
      record(`${ds.name}.${mid}.${eid}`, rep);
      recordSteps(`${ds.name}.${mid}.${eid}`, rep, test);
      reports.set(`${mid}.${eid}`, rep);
      rows.push([ds.name, mid, eid, ...cells(rep)]);
      console.log(`  ${mid.padEnd(20)} ${eid.padEnd(8)} ${cells(rep).join('  ')}`);
    }
    // The zero-shot hybrid against BM25 on the same points (steps other than end-of-plan): the paired mean
    // difference of reciprocal ranks and its standard error, so "below BM25" can be told from noise.
    const bm25 = reports.get('bm25.-');
    out[`${ds.name}.fusion.weights`] = JSON.stringify(foldWeights);
    for (const [eid] of embedders) {
      const zs = reports.get(`zeroShotHybrid.${eid}`);
      if (!bm25 || !zs) continue;
      const d = pairedDifference(zs.pointRr, bm25.pointRr, (i) => bm25.pointIsEnd[i] === 0);
      out[`${ds.name}.zeroShotHybrid.${eid}.vsBm25NoEnd`] = r4(d.mean);
      out[`${ds.name}.zeroShotHybrid.${eid}.vsBm25NoEndSe`] = r4(d.se);
      console.log(
        `  zero-shot hybrid (${eid}) − BM25, MRR w/o end: ${d.mean.toFixed(4)} ± ${(1.96 * d.se).toFixed(4)} (95 %)`,
      );
    }
  }
  console.log('\ndataset  method  embedder  MRR  MRR-w/o-end  recall@5  top-1 w/o end  ms/query');
  for (const r of rows) console.log(r.join('  '));
  const held = datasets.filter((d) => holdout.includes(d.name)).map((d) => d.name);
  if (weightGrid.length > 0) nested(held, weightGrid);
  means(held);
  if (values.json) {
    mkdirSync(dirname(resolve(values.json)), { recursive: true });
    writeFileSync(values.json, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Wrote ${Object.keys(out).length} figures to ${values.json}`);
  }
}

interface GridPoint {
  w: number;
  r: number | undefined;
  /** BM25 rank anchor β and stop rule; absent = the hybrid's defaults. */
  anchor?: number;
  stop?: ZeroShotHybridOptions['stop'];
}
const weightId = (g: GridPoint) =>
  `zsW${Math.round(g.w * 1000)}${g.r === undefined ? '' : `R${Math.round(g.r * 100)}`}` +
  `${g.anchor === undefined ? '' : `A${Math.round(g.anchor * 100)}`}` +
  `${g.stop === undefined ? '' : g.stop === 'score' ? 'Ss' : 'Sc'}`;

const gridOptions = (g: GridPoint): Partial<ZeroShotHybridOptions> => ({
  bm25Weight: g.w,
  ...(g.r === undefined ? {} : { residualWeight: g.r }),
  ...(g.anchor === undefined ? {} : { bm25Anchor: g.anchor }),
  ...(g.stop === undefined ? {} : { stop: g.stop }),
});

/**
 * Nested leave-one-dataset-out choice of the hybrid's form: for each held-out dataset, the grid point whose
 * mean over the *other* held-out datasets is best (first in the grid on ties) is applied to it, so no
 * dataset's own labels pick its form. Two criteria: MRR w/o end (the issue's goal figure; method zsNested)
 * and the mean of MRR and MRR w/o end (method zsNestedBoth; the in-domain hybrid's tuning criterion).
 * Writes <dataset>.<method>.<embedder>.{metrics, bm25Weight, residualWeight, bm25Anchor, stop}.
 */
function nested(names: string[], grid: GridPoint[]): void {
  const criteria: [string, (key: string) => number][] = [
    ['zsNested', (k) => out[`${k}.mrrNoEnd`] as number],
    ['zsNestedBoth', (k) => ((out[`${k}.mrrNoEnd`] as number) + (out[`${k}.mrr`] as number)) / 2],
  ];
  for (const [method, score] of criteria) {
    console.log(`\nNested LODO choice, ${method} (chosen on the other datasets):`);
    for (const eid of ['lexical', 'encoder']) {
      for (const d of names) {
        const others = names.filter((n) => n !== d);
        let best = grid[0] as GridPoint;
        let bestMean = -Infinity;
        for (const g of grid) {
          const vs = others.map((n) => score(`${n}.${weightId(g)}.${eid}`));
          const m = vs.reduce((a, b) => a + b, 0) / Math.max(1, vs.length);
          if (m > bestMean + 1e-12) [best, bestMean] = [g, m];
        }
        for (const metric of ['mrr', 'mrrNoEnd', 'recall5', 'recall5NoEnd', 'top1NoEnd', 'mrrEnd'])
          out[`${d}.${method}.${eid}.${metric}`] = out[`${d}.${weightId(best)}.${eid}.${metric}`] as number;
        out[`${d}.${method}.${eid}.bm25Weight`] = best.w;
        if (best.r !== undefined) out[`${d}.${method}.${eid}.residualWeight`] = best.r;
        if (best.anchor !== undefined) out[`${d}.${method}.${eid}.bm25Anchor`] = best.anchor;
        if (best.stop !== undefined) out[`${d}.${method}.${eid}.stop`] = best.stop;
        console.log(
          `  ${d.padEnd(16)} ${eid.padEnd(8)} ${weightId(best)}  MRR ${out[`${d}.${method}.${eid}.mrr`]}  w/o end ${out[`${d}.${method}.${eid}.mrrNoEnd`]}`,
        );
      }
    }
  }
}

function cells(r: RetrievalReport): string[] {
  const g = r.groups;
  return [g.all.mrr, g.noEnd.mrr, g.all.recall5, g.noEnd.top1, r.msPerQuery].map((v) => v.toFixed(3));
}

function record(prefix: string, r: RetrievalReport): void {
  const g = r.groups;
  out[`${prefix}.mrr`] = r4(g.all.mrr);
  out[`${prefix}.mrrNoEnd`] = r4(g.noEnd.mrr);
  out[`${prefix}.recall5`] = r4(g.all.recall5);
  out[`${prefix}.recall5NoEnd`] = r4(g.noEnd.recall5);
  out[`${prefix}.top1NoEnd`] = r4(g.noEnd.top1);
  out[`${prefix}.mrrEnd`] = r4(g.end.mrr);
  out[`${prefix}.msPerQuery`] = r4(r.msPerQuery);
}

/**
 * MRR over the first step's points (t = 0, nothing called yet) and over the later non-END points: the first
 * step is where a zero-shot ranker has only the request to go by (sixth pass). Points follow `stepPoints`.
 */
function recordSteps(prefix: string, r: RetrievalReport, tasks: readonly RetrievalTask[]): void {
  const t0 = { rr: 0, n: 0 };
  const later = { rr: 0, n: 0 };
  let i = 0;
  for (const task of tasks)
    for (let t = 0; t <= task.tools.length; t++, i++) {
      if (r.pointIsEnd[i]) continue;
      const g = t === 0 ? t0 : later;
      g.rr += r.pointRr[i] as number;
      g.n += 1;
    }
  out[`${prefix}.mrrT0`] = r4(t0.rr / Math.max(1, t0.n));
  out[`${prefix}.mrrLaterNoEnd`] = r4(later.rr / Math.max(1, later.n));
  out[`${prefix}.pointsT0`] = t0.n;
  out[`${prefix}.pointsLaterNoEnd`] = later.n;
}

/** Means over the held-out datasets of every (method, embedder) that ran on all of them. */
function means(names: string[]): void {
  const keys = new Set(
    Object.keys(out)
      .filter((k) => k.endsWith('.mrrNoEnd') && names.includes(k.split('.')[0] as string))
      .map((k) => k.split('.').slice(1, 3).join('.')),
  );
  console.log(`\nMeans over ${names.length} held-out datasets:`);
  for (const key of keys) {
    for (const metric of ['mrr', 'mrrNoEnd', 'recall5', 'mrrT0', 'mrrLaterNoEnd']) {
      const vs = names
        .map((n) => out[`${n}.${key}.${metric}`])
        .filter((v): v is number => typeof v === 'number');
      if (vs.length !== names.length) continue;
      out[`mean.${key}.${metric}`] = r4(vs.reduce((a, b) => a + b, 0) / vs.length);
    }
    console.log(
      `  ${key.padEnd(30)} MRR ${out[`mean.${key}.mrr`]}  w/o end ${out[`mean.${key}.mrrNoEnd`]}  recall@5 ${out[`mean.${key}.recall5`]}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
