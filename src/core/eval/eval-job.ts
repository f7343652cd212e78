import { EndpointEngine } from '../llm/endpoint-engine';
import { CancelledError } from '../util/cancelled-error';
import type { ConfigId, EngineChoice } from './configs';
import { parseEvalDataset } from './dataset';
import { evalFigures } from './report';
import { evaluateDataset, type DatasetResult, type EvalProgress } from './run-eval';

/** One evaluation as the app's Evaluate panel asks for it: a dataset's two files and the choices. */
export interface EvalJobInput {
  datasetName: string;
  toolsJson: string;
  tasksJsonl: string;
  engine: EngineChoice;
  configs: ConfigId[];
  limit?: number;
  failRate?: number;
  seed?: number;
  noise?: number;
  hgtEpochs?: number;
  /** For the endpoint engine: an OpenAI-compatible server. */
  endpoint?: { baseUrl: string; model: string };
}

export type EvalJobOutcome =
  | { ok: true; result: DatasetResult; figures: Record<string, number> }
  | { ok: false; cancelled: boolean; error: { name: string; message: string } };

/**
 * The evaluation as a job of the evaluation worker (src/workers/eval.worker.ts): parses the dropped files,
 * runs `evaluateDataset`, reports progress and can be cancelled. Plain data in and out (structured-clone
 * safe), so it crosses the worker boundary through comlink as it is. One job at a time.
 */
export class EvalJob {
  private controller: AbortController | null = null;

  async run(input: EvalJobInput, onProgress?: (p: EvalProgress) => void): Promise<EvalJobOutcome> {
    if (this.controller) return failure(new Error('An evaluation is already running.'), false);
    const controller = new AbortController();
    this.controller = controller;
    try {
      const ds = parseEvalDataset(input.datasetName, input.toolsJson, input.tasksJsonl);
      if (input.engine === 'endpoint' && !input.endpoint)
        throw new Error('The endpoint engine needs a server address and a model name.');
      const result = await evaluateDataset(ds, {
        engine: input.engine,
        configs: input.configs,
        ...(input.endpoint ? { llm: new EndpointEngine(input.endpoint) } : {}),
        ...(input.limit !== undefined ? { limit: input.limit } : {}),
        ...(input.failRate !== undefined ? { failRate: input.failRate } : {}),
        ...(input.seed !== undefined ? { seed: input.seed } : {}),
        ...(input.noise !== undefined ? { noise: input.noise } : {}),
        ...(input.hgtEpochs !== undefined ? { hgtEpochs: input.hgtEpochs } : {}),
        signal: controller.signal,
        ...(onProgress ? { onProgress } : {}),
      });
      const figures: Record<string, number> = {};
      for (const f of evalFigures(result)) figures[f.key] = Math.round(f.value * 1000) / 1000;
      return { ok: true, result, figures };
    } catch (error) {
      return failure(error, controller.signal.aborted || CancelledError.isInstance(error));
    } finally {
      this.controller = null;
    }
  }

  /** Stops the running evaluation at the next task (its outcome then says `cancelled`). */
  cancel(): void {
    this.controller?.abort(new CancelledError('Evaluation cancelled.'));
  }
}

function failure(error: unknown, cancelled: boolean): EvalJobOutcome {
  const e = error instanceof Error ? error : new Error(String(error));
  return { ok: false, cancelled, error: { name: e.name, message: e.message } };
}
