// npm run eval:layers -- [--data <dataset dir>]... [--json <file>] [--epochs 10] [--seed 7] [--paper]
// RETO's layer predictor against the rules (issue 18): per dataset, trains the predictor on the train
// plans (validation split by task id picks the epoch), then scores every method on the test tasks with
// two or more tools, and on the cold-start ones (a tool no train plan uses).

import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import type { ThresholdWeighting } from '../src/core/ml/layers/ordinal';
import { TraceGraphDepth } from '../src/core/ml/layers/layer-baselines';
import { encodeLayerTasks, layerDataset } from '../src/core/eval/layers/layer-dataset';
import { evaluateLayerMethods, LAYER_METHODS, LAYER_ROWS } from '../src/core/eval/layers/layer-evaluation';
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
/** The shared datasets whose plans carry dependencies (the list). */
const DEFAULT_SETS = ['nestful_v1', 'seal_tools', 'api_bank', 'restbench', 'ultratool_graph'];

const USAGE = `Usage: npm run eval:layers -- [--data <dataset dir>]... [--json <file>] [--epochs 10] [--seed 7] [--paper] [--text-only]
       [--weighting none|sqrt|balanced]

  Trains RETO's layer predictor on each dataset's train plans and compares it on the test tasks with the
  schema-shift rule alone, graph depth from the train traces, and all tools in one layer. Without --data:
  ${DEFAULT_SETS.join(', ')} under ../shared/data (skipped when absent). --paper uses projection 256;
  --text-only feeds the tool documents without the structure features (the paper's input).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      json: { type: 'string' },
      epochs: { type: 'string', default: String(LAYER_TRAIN_DEFAULTS.epochs) },
      seed: { type: 'string', default: String(LAYER_TRAIN_DEFAULTS.seed) },
      paper: { type: 'boolean', default: false },
      'text-only': { type: 'boolean', default: false },
      weighting: { type: 'string', default: LAYER_TRAIN_DEFAULTS.weighting },
    },
  });
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
  const seed = intOption('seed', values.seed);
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
  sheet.meta.seed = seed;
  sheet.meta.weighting = weighting;
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
    const t0 = performance.now();
    const result = await trainLayerPredictor(train, validation, config, {
      ...LAYER_TRAIN_DEFAULTS,
      epochs,
      seed,
    });
    const trainS = (performance.now() - t0) / 1000;
    const evaluation = evaluateLayerMethods(data, test, result.params, config, graph, validation);
    const rows: string[][] = [];
    for (const r of LAYER_ROWS)
      for (const method of LAYER_METHODS) {
        const m = evaluation[r][method];
        for (const k of ['exact', 'mae', 'pairwise', 'executable', 'tasks', 'pairs'] as const)
          sheet.record(`${ds.name}.${method}.${r}.${k}`, m[k], '', undefined, false);
        rows.push([r, method, String(m.tasks), fmt(m.exact), fmt(m.mae), fmt(m.pairwise), fmt(m.executable)]);
      }
    const coldTasks = evaluation.cold.predictor.tasks;
    sheet.record(`${ds.name}.predictor.train.seconds`, trainS, 's', undefined, false);
    sheet.record(`${ds.name}.predictor.train.bestEpoch`, result.bestEpoch, '', undefined, false);
    console.log(
      `\n${ds.name}: ${data.train.length} train / ${data.validation.length} validation plans, ${data.test.length} multi-tool test tasks (${coldTasks} cold-start); trained ${trainS.toFixed(1)} s, best epoch ${result.bestEpoch}`,
    );
    printRows(
      ['rows', 'method', 'tasks', 'exact', 'MAE', 'pairwise', 'executable'],
      rows,
      new Set([2, 3, 4, 5, 6]),
    );
  }
  if (values.json) sheet.writeJson(values.json);
}

runCli(main, USAGE);
