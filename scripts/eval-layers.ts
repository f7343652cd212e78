// npm run eval:layers -- [--data <dataset dir>]... [--json <file>] [--epochs 10] [--seed 7 | --seeds 7,1,2] [--folds 5] [--paper]
// RETO's layer predictor against the rules (issue 18): per dataset, trains the predictor on the train
// plans (validation split by task id picks the epoch), then scores every method on the test tasks with
// two or more tools, and on the cold-start ones (a tool no train plan uses). With several seeds the learned
// rows are the mean over seeds (with the range of pairwise order), and predictor-ensemble averages the
// seeds' heads (predictor-ensemble-calibrated: read with the decoding the validation plans support).
// With --folds k the train plans are split into k folds by task id instead of one 10 % validation split:
// fold f's models (one per seed) train on the other folds and pick their epoch on fold f; the ensemble is
// all k × seeds models, and its decoding is chosen on every train plan's out-of-fold probabilities (the mean
// of the seeds' models that did not train on it, so it reads probabilities as smooth as the ensemble's).

import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import type { ThresholdWeighting } from '../src/core/ml/layers/ordinal';
import { TraceGraphDepth } from '../src/core/ml/layers/layer-baselines';
import { encodeLayerTasks, isColdStart, layerDataset } from '../src/core/eval/layers/layer-dataset';
import {
  evaluateEnsemble,
  evaluateLayerMethods,
  scoreEnsemble,
  LAYER_METHODS,
  LAYER_ROWS,
  RULE_METHODS,
  comparePairs,
  rulePredictions,
  type LayerEvaluation,
} from '../src/core/eval/layers/layer-evaluation';
import { describeDecoding } from '../src/core/ml/layers/layer-decoding';
import {
  chooseColdWarmDecoding,
  layerFolds,
  outOfFoldCalibration,
  type LayerFold,
} from '../src/core/eval/layers/layer-folds';
import type { LayerMetrics } from '../src/core/ml/layers/layer-metrics';
import type { LayerPredictorParams } from '../src/core/ml/layers/layer-spec';
import type { LayerExample } from '../src/core/ml/layers/layer-examples';
import {
  DEFAULT_LAYER_CONFIG,
  PAPER_LAYER_CONFIG,
  type LayerPredictorConfig,
} from '../src/core/ml/layers/layer-spec';
import { LAYER_TRAIN_DEFAULTS, trainLayerPredictor } from '../src/core/ml/layers/train-layers';
import { LAYER_FEATURE_DIM, STRUCTURE_FEATURES } from '../src/core/ml/layers/layer-features';
import { loadEvalDatasetDir } from './eval-dataset-file';
import { FigureSheet, fmt, intOption, printRows, runCli } from './figures';

const SHARED = resolve(import.meta.dirname, '../../shared/data');
/** The shared datasets whose plans carry dependencies (the issue's list). */
const DEFAULT_SETS = ['nestful_v1', 'seal_tools', 'api_bank', 'restbench', 'ultratool_graph'];

const USAGE = `Usage: npm run eval:layers -- [--data <dataset dir>]... [--json <file>] [--epochs 10] [--seed 7 | --seeds 7,1,2]
       [--folds 5] [--paper] [--text-only] [--weighting none|sqrt|balanced]

  Trains RETO's layer predictor on each dataset's train plans and compares it on the test tasks with the
  schema-shift rule alone, graph depth from the train traces, and all tools in one layer. Without --data:
  ${DEFAULT_SETS.join(', ')} under ../shared/data (skipped when absent). --paper uses projection 256;
  --text-only feeds the tool documents without the structure features (the paper's input). --seeds trains
  one predictor per seed: learned rows are means over seeds, predictor-ensemble averages their heads and
  predictor-ensemble-calibrated reads that mean with the decoding the validation plans support. --folds k
  replaces the 10 % validation split by k folds of the train plans: one model per fold and seed, the ensemble
  of all of them, its decoding chosen on every train plan's out-of-fold probabilities (its fold's models).`;

/** Metrics in the table and the JSON: pairwise split into gold-ordered and gold-tied pairs (layer-metrics.ts). */
const KEYS = [
  'exact',
  'mae',
  'pairwise',
  'orderedPairwise',
  'tiedPairwise',
  'executable',
  'tasks',
  'pairs',
  'orderedPairs',
] as const;

/** The metric-wise mean of one method's metrics over seeds. */
function meanMetrics(runs: readonly LayerMetrics[]): LayerMetrics {
  const out = { ...runs[0]! };
  for (const k of KEYS) out[k] = runs.reduce((a, m) => a + m[k], 0) / runs.length;
  return out;
}

function row(rows: string, method: string, m: LayerMetrics, range: string): string[] {
  return [
    rows,
    method,
    String(m.tasks),
    fmt(m.exact),
    fmt(m.mae),
    `${fmt(m.pairwise)}${range}`,
    // A share over no pairs is shown as "—", not 0.
    m.orderedPairs > 0 ? fmt(m.orderedPairwise) : '—',
    m.pairs > m.orderedPairs ? fmt(m.tiedPairwise) : '—',
    fmt(m.executable),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      json: { type: 'string' },
      epochs: { type: 'string', default: String(LAYER_TRAIN_DEFAULTS.epochs) },
      seed: { type: 'string', default: String(LAYER_TRAIN_DEFAULTS.seed) },
      seeds: { type: 'string' },
      paper: { type: 'boolean', default: false },
      'text-only': { type: 'boolean', default: false },
      weighting: { type: 'string', default: LAYER_TRAIN_DEFAULTS.weighting },
      folds: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return void console.log(USAGE);
  const dirs = values.data?.length
    ? values.data
    : existsSync(SHARED)
      ? readdirSync(SHARED)
          .filter((d) => DEFAULT_SETS.includes(d))
          .map((d) => resolve(SHARED, d))
      : [];
  if (dirs.length === 0) {
    console.log('No dataset folder found (../shared/data absent and no --data): nothing to evaluate.');
    return;
  }
  const epochs = intOption('epochs', values.epochs, 1);
  const weighting = values.weighting as ThresholdWeighting;
  if (!['none', 'sqrt', 'balanced'].includes(weighting))
    throw new Error(`--weighting takes none, sqrt or balanced, got ${values.weighting}`);
  const seeds = values.seeds
    ? values.seeds.split(',').map((v) => intOption('seeds', v.trim()))
    : [intOption('seed', values.seed)];
  const k = values.folds ? intOption('folds', values.folds, 2) : 0;
  const config: LayerPredictorConfig = {
    ...(values.paper ? PAPER_LAYER_CONFIG : DEFAULT_LAYER_CONFIG),
    inputDim: LAYER_FEATURE_DIM,
    toolExtra: values['text-only'] ? 0 : STRUCTURE_FEATURES.length,
  };
  const structure = config.toolExtra > 0;
  const embedder = new LexicalEmbedder({ dimension: LAYER_FEATURE_DIM });
  const sheet = new FigureSheet();
  sheet.meta.config = JSON.stringify(config);
  sheet.meta.embedder = `${embedder.id} ${LAYER_FEATURE_DIM} (no IDF)`;
  sheet.meta.epochs = epochs;
  sheet.meta.seeds = seeds.join(',');
  sheet.meta.weighting = weighting;
  if (k) sheet.meta.folds = k;
  for (const dir of dirs) {
    const ds = loadEvalDatasetDir(dir);
    if (typeof ds === 'string') {
      console.log(`${dir}: skipped (${ds})`);
      continue;
    }
    const data = layerDataset(ds);
    if (data.train.length === 0 || data.test.length === 0) {
      console.log(
        `${ds.name}: skipped (${data.train.length} train plans, ${data.test.length} multi-tool test tasks)`,
      );
      continue;
    }
    // The Tool World of the train traces; a train or validation task sees it without its own trace.
    const graph = new TraceGraphDepth(data.train.concat(data.validation));
    const seen = { structure, edgesFor: (ex: LayerExample) => graph.lookup(ex) };
    const [train, validation, test] = await Promise.all([
      encodeLayerTasks(data.train, embedder, seen),
      encodeLayerTasks(data.validation, embedder, seen),
      encodeLayerTasks(data.test, embedder, { structure, edgesFor: () => graph.lookup() }),
    ]);
    // One run per seed on the 10 % split, or with --folds one per fold and seed.
    const folds: LayerFold[] = k ? layerFolds(data, train.concat(validation), k) : [];
    const plan = k
      ? folds.flatMap((f) =>
          seeds.map((seed) => ({
            seed,
            fold: f.index,
            data: f.data,
            train: f.train,
            validation: f.validation,
          })),
        )
      : seeds.map((seed) => ({ seed, fold: -1, data, train, validation }));
    const runs: LayerEvaluation[] = [];
    const models: LayerPredictorParams[] = [];
    const seconds: number[] = [];
    const bestEpochs: number[] = [];
    for (const run of plan) {
      const t0 = performance.now();
      const result = await trainLayerPredictor(run.train, run.validation, config, {
        ...LAYER_TRAIN_DEFAULTS,
        epochs,
        seed: run.seed,
      });
      seconds.push((performance.now() - t0) / 1000);
      bestEpochs.push(result.bestEpoch);
      models.push(result.params);
      runs.push(evaluateLayerMethods(run.data, test, result.params, config, graph, run.validation));
    }
    const coldWarm = k
      ? chooseColdWarmDecoding(
          outOfFoldCalibration(
            folds,
            folds.map((f) => models.filter((_, i) => plan[i]!.fold === f.index)),
            config,
          ),
        )
      : null;
    const ensemble = coldWarm
      ? scoreEnsemble(data, test, models, config, coldWarm.warm, coldWarm.cold)
      : seeds.length > 1
        ? evaluateEnsemble(data, test, models, config, validation)
        : null;
    if (coldWarm) {
      const c = coldWarm.cold;
      sheet.meta[`${ds.name}.ensembleColdDecoding`] =
        `${describeDecoding(c.decoding)} (${coldWarm.coldTasks} cold out-of-fold plans; pairs won ${c.wins}, lost ${c.losses}, sign test p ${c.p.toFixed(3)})`;
    }
    if (ensemble) {
      const c = ensemble.choice;
      sheet.meta[`${ds.name}.ensembleDecoding`] =
        `${describeDecoding(c.decoding)} (${coldWarm ? `${coldWarm.warmTasks} warm out-of-fold plans; ` : ''}validation pairs won ${c.wins}, lost ${c.losses}, sign test p ${c.p.toFixed(3)})`;
    }
    const rows: string[][] = [];
    const record = (key: string, m: LayerMetrics) => {
      for (const k of KEYS) sheet.record(`${key}.${k}`, m[k], '', undefined, false);
    };
    for (const r of LAYER_ROWS) {
      for (const method of LAYER_METHODS) {
        const perSeed = runs.map((e) => e[r][method]);
        const m = meanMetrics(perSeed);
        record(`${ds.name}.${method}.${r}`, m);
        const pw = perSeed.map((x) => x.pairwise);
        let range = '';
        if (runs.length > 1 && Math.max(...pw) > Math.min(...pw)) {
          sheet.record(`${ds.name}.${method}.${r}.pairwiseMin`, Math.min(...pw), '', undefined, false);
          sheet.record(`${ds.name}.${method}.${r}.pairwiseMax`, Math.max(...pw), '', undefined, false);
          range = ` (${fmt(Math.min(...pw))}–${fmt(Math.max(...pw))})`;
        }
        rows.push(row(r, method, m, range));
      }
      if (ensemble) {
        record(`${ds.name}.predictor-ensemble.${r}`, ensemble.reto[r]);
        rows.push(row(r, 'predictor-ensemble', ensemble.reto[r], ''));
        record(`${ds.name}.predictor-ensemble-calibrated.${r}`, ensemble.calibrated[r]);
        rows.push(row(r, 'predictor-ensemble-calibrated', ensemble.calibrated[r], ''));
      }
    }
    if (ensemble) {
      // Paired sign tests: does the ensemble order more test pairs right than each rule? (the "beats" claims)
      const rules = rulePredictions(data, graph);
      const gold = data.test.map((ex) => ex.layers);
      const isCold = data.test.map((ex) => isColdStart(ex, data.trainTools));
      const lines: string[] = [];
      for (const [name, predicted] of [
        ['predictor-ensemble', ensemble.predictions.reto],
        ['predictor-ensemble-calibrated', ensemble.predictions.calibrated],
      ] as const)
        for (const r of LAYER_ROWS)
          for (const rule of RULE_METHODS) {
            const c = comparePairs(gold, predicted, rules[rule], (i) => r === 'all' || isCold[i] === true);
            const key = `${ds.name}.${name}.${r}.vs-${rule}`;
            sheet.record(`${key}.wins`, c.wins, '', undefined, false);
            sheet.record(`${key}.losses`, c.losses, '', undefined, false);
            sheet.record(`${key}.p`, c.p, '', undefined, false);
            lines.push(
              `${name} vs ${rule} (${r}): pairs won ${c.wins}, lost ${c.losses}, p ${c.p.toPrecision(2)}`,
            );
          }
      console.log(lines.join('\n'));
    }
    const coldTasks = runs[0]!.cold.predictor.tasks;
    const trainS = seconds.reduce((a, b) => a + b, 0) / seconds.length;
    sheet.record(`${ds.name}.predictor.train.seconds`, trainS, 's', undefined, false);
    sheet.record(`${ds.name}.predictor.train.bestEpoch`, bestEpochs[0]!, '', undefined, false);
    console.log(
      `\n${ds.name}: ${data.train.length} train / ${data.validation.length} validation plans, ${data.test.length} multi-tool test tasks (${coldTasks} cold-start); trained ${trainS.toFixed(1)} s per ${k ? `fold (${k} folds)` : `seed (${seeds.length} seed${seeds.length > 1 ? 's' : ''})`}, best epoch ${bestEpochs.join(', ')}${ensemble ? `; ensemble decoding chosen on ${k ? 'out-of-fold plans' : 'validation'}: ${sheet.meta[`${ds.name}.ensembleDecoding`]}${coldWarm ? `; cold tasks: ${sheet.meta[`${ds.name}.ensembleColdDecoding`]}` : ''}` : ''}`,
    );
    printRows(
      ['rows', 'method', 'tasks', 'exact', 'MAE', 'pairwise', 'ordered', 'tied', 'executable'],
      rows,
      new Set([2, 3, 4, 5, 6, 7, 8]),
    );
  }
  if (values.json) sheet.writeJson(values.json);
}

runCli(main, USAGE);
