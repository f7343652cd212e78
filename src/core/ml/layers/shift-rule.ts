import { fieldType, inputNames, outputNames, type Tool } from '../../tools/tool';

/**
 * RETO's schema-level constraint (§3.2, "Inference"): a tool whose required input matches another tool's
 * output in the candidate set is shifted to a layer after that tool, so the value it needs exists when it
 * runs. Only names and JSON types are read, so it works for tools no trace has ever connected.
 */

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Outputs every tool without a `returns` schema has; they say nothing about what the tool produces. */
const GENERIC_OUTPUTS = new Set(['result']);

function typesAgree(a: string, b: string): boolean {
  if (a === 'any' || b === 'any' || a === b) return true;
  const numeric = (t: string) => t === 'number' || t === 'integer';
  return numeric(a) && numeric(b);
}

/** Inputs the rule reads: the schema's `required` list, or every parameter when it lists none. */
export function requiredInputs(tool: Tool): string[] {
  const props = Object.keys(tool.parameters.properties ?? {});
  const req = (tool.parameters.required ?? []).filter((r) => props.includes(r));
  return req.length > 0 ? req : props;
}

/**
 * Does input `input` of `consumer` match an output of `producer`? Equal names (case and punctuation
 * ignored), or the input is the producer's subject plus its output (`movie_id` ← `search_movie`'s `id`);
 * JSON types must agree (`any` agrees with everything, integer with number).
 */
export function inputMatchesOutput(consumer: Tool, input: string, producer: Tool): boolean {
  const nIn = norm(input);
  if (!nIn) return false;
  const producerName = norm(producer.name);
  const inType = fieldType(consumer, 'in', input);
  // A field the producer also takes as input is echoed back, not produced (seal_tools' `location` in and out).
  const echoed = new Set(inputNames(producer).map(norm));
  for (const out of outputNames(producer)) {
    if (GENERIC_OUTPUTS.has(out) && !producer.returns?.properties?.[out]) continue;
    const nOut = norm(out);
    if (nOut.length < 2 || echoed.has(nOut)) continue;
    const same = nIn === nOut;
    const subject =
      nIn.length > nOut.length && nIn.endsWith(nOut) && producerName.includes(nIn.slice(0, -nOut.length));
    if ((same || subject) && typesAgree(inType, fieldType(producer, 'out', out))) return true;
  }
  return false;
}

/** Edges producer → consumer (indices into `tools`) where one of the consumer's inputs matches. */
export function schemaEdges(tools: readonly Tool[]): Array<[number, number]> {
  const edges: Array<[number, number]> = [];
  for (let b = 0; b < tools.length; b++) {
    const consumer = tools[b] as Tool;
    const inputs = requiredInputs(consumer);
    for (let a = 0; a < tools.length; a++) {
      if (a === b || (tools[a] as Tool).name === consumer.name) continue;
      if (inputs.some((i) => inputMatchesOutput(consumer, i, tools[a] as Tool))) edges.push([a, b]);
    }
  }
  // A pair matching both ways says nothing about which runs first: drop both directions.
  const key = (a: number, b: number) => `${a}>${b}`;
  const all = new Set(edges.map(([a, b]) => key(a, b)));
  return edges.filter(([a, b]) => !all.has(key(b, a)));
}

/**
 * Shifts layers so every schema edge a → b has layer(b) ≥ layer(a) + 1, starting from `base` (all zeros for
 * the rule alone, the ordinal head's layers for the predictor). Relaxation runs at most |tools| rounds, so a
 * cycle of matches cannot loop.
 */
export function applyShiftRule(tools: readonly Tool[], base: readonly number[]): number[] {
  const layer = [...base];
  const edges = schemaEdges(tools);
  for (let round = 0; round < tools.length; round++) {
    let changed = false;
    for (const [a, b] of edges) {
      const need = (layer[a] as number) + 1;
      if ((layer[b] as number) < need) {
        layer[b] = need;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return layer;
}

/** Renumbers layers to 0, 1, 2, … keeping their order (empty layers removed, as the executor runs them). */
export function compactLayers(layers: readonly number[]): number[] {
  const distinct = [...new Set(layers)].sort((a, b) => a - b);
  return layers.map((l) => distinct.indexOf(l));
}
