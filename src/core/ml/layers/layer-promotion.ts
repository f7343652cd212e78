import type { Tool } from '../../tools/tool';
import type { LayerExample } from './layer-examples';
import { layerMetrics, type LayerMetrics } from './layer-metrics';
import { applyShiftRule } from './shift-rule';

/** Layers for a task's tools (a layer predictor with its shift rule, as the executor uses it). */
export type LayerPredict = (query: string, tools: readonly Tool[]) => Promise<number[]>;

export interface LayerPromotion {
  /** True when the executor should use the retrained model. */
  promote: boolean;
  retrained: LayerMetrics;
  /** The model in use (the shipped one); null when there is none. */
  current: LayerMetrics | null;
  /** The schema-shift rule alone, the rule-based row the model must beat. */
  shiftRule: LayerMetrics;
  /** One sentence for the UI. */
  reason: string;
}

async function score(examples: readonly LayerExample[], predict: LayerPredict): Promise<LayerMetrics> {
  const tasks = [];
  for (const ex of examples)
    tasks.push({ gold: ex.layers, predicted: await predict(ex.query, ex.tools), edges: ex.edges });
  return layerMetrics(tasks);
}

/**
 * Whether a layer model retrained on the user's traces replaces the model in use (the pattern of
 * src/core/ml/model-promotion.ts: not worse on the same held-out examples). Both are scored on the same
 * held-out traces by pairwise order accuracy (the headline metric); a tie promotes, since the new
 * model has seen this world's tools. With no held-out pair to judge on, nothing changes.
 */
export async function decideLayerPromotion(
  heldOut: readonly LayerExample[],
  retrained: LayerPredict,
  current: LayerPredict | null,
): Promise<LayerPromotion> {
  const shiftRule = await score(heldOut, async (_q, tools) =>
    applyShiftRule(tools, new Array<number>(tools.length).fill(0)),
  );
  const r = await score(heldOut, retrained);
  const c = current ? await score(heldOut, current) : null;
  const f = (m: LayerMetrics) => m.pairwise.toFixed(3);
  if (r.pairs === 0)
    return {
      promote: false,
      retrained: r,
      current: c,
      shiftRule,
      reason: 'no held-out trace has two tools to order; keeping the current layer model',
    };
  if (c && r.pairwise < c.pairwise)
    return {
      promote: false,
      retrained: r,
      current: c,
      shiftRule,
      reason: `the retrained model orders held-out traces worse (${f(r)} < ${f(c)}); keeping the current one`,
    };
  return {
    promote: true,
    retrained: r,
    current: c,
    shiftRule,
    reason: c
      ? `retrained model in use (held-out pairwise ${f(r)} ≥ ${f(c)}; shift rule ${f(shiftRule)})`
      : `retrained model in use (held-out pairwise ${f(r)}; shift rule ${f(shiftRule)})`,
  };
}
