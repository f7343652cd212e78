/// <reference lib="webworker" />
// The evaluation worker (issue 15): the Evaluate panel's runs of the agent on a dataset, off the UI thread.
// Everything is core code (src/core/eval); comlink carries the job's calls and the progress callback.
import { expose } from 'comlink';
import { EvalJob } from '../core/eval/eval-job';

expose(new EvalJob());
