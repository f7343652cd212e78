/// <reference lib="webworker" />
// RETO's layer predictor retrained on the world's traces (issue 18), off the UI thread. Everything is core
// code (src/core/eval/layers/layer-retrain-job.ts); comlink carries the run, its epoch callback and Cancel.
import { expose } from 'comlink';
import { LayerRetrainJob } from '../core/eval/layers/layer-retrain-job';

expose(new LayerRetrainJob());
