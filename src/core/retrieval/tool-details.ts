import type { JsonSchemaObject } from '../tools/tool';
import { toolText } from './candidates';
import type { CandidateTool } from './retriever';

/**
 * What a tool's schema adds to its name and description for zero-shot matching (issue 17): the request
 * "find flights from Paris to Rome on Friday" shares "origin", "destination", "date" with a flight tool's
 * parameters even when its one-line description says only "Search Skyscanner". Leave-one-dataset-out
 * (scripts/eval-encoder-lodo.ts --enrich) parameter names + descriptions raised BM25's MRR w/o end on all
 * nine shared datasets (toolalpaca by 0.001; mean 0.526 → 0.571). Output names were tried on the train
 * splits (eight datasets, lexical): the zero-shot hybrid's MRR w/o end 0.576 plain, 0.599 with parameters,
 * 0.600 with parameters and outputs, 0.579 with outputs alone — so outputs are off by default.
 */
export interface ToolDetailParts {
  /** Parameter names and their descriptions ("origin: the departure airport"). */
  parameters: boolean;
  /** Output field names (the I/O a tool produces: "price", "flight id"). */
  returns: boolean;
}

export const TOOL_DETAIL_DEFAULTS: ToolDetailParts = { parameters: true, returns: false };

/** The schema text of a tool: `Parameters: a: …; b` and/or `Returns: x, y`; '' when the schema has none. */
export function toolDetails(
  parameters: JsonSchemaObject | null | undefined,
  returns: JsonSchemaObject | null | undefined,
  parts: ToolDetailParts = TOOL_DETAIL_DEFAULTS,
): string {
  const out: string[] = [];
  const props = Object.entries(parameters?.properties ?? {});
  if (parts.parameters && props.length > 0) {
    const text = props
      .map(([n, p]) => {
        const d = (p as { description?: unknown } | undefined)?.description;
        return typeof d === 'string' && d.trim() !== '' ? `${n}: ${d.trim()}` : n;
      })
      .join('; ');
    out.push(`Parameters: ${text}`);
  }
  const outs = Object.keys(returns?.properties ?? {});
  if (parts.returns && outs.length > 0) out.push(`Returns: ${outs.join(', ')}`);
  return out.join(' ');
}

/**
 * The text zero-shot matching reads: name words and description, then the schema details when the
 * catalogue gave them. Trained methods keep `toolText` (their figures were measured on it).
 */
export function detailedToolText(t: CandidateTool): string {
  const base = toolText(t);
  return t.details ? `${base} ${t.details}` : base;
}
