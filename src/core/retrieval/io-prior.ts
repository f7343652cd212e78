import { contentWords } from '../embed/tokenize';
import type { JsonSchemaObject } from '../tools/tool';

/**
 * "What consumes what the last call returned", read from the schemas alone (issue 17, fourth pass): after
 * `SearchAirport` returned `{skyId, entityId}`, a tool whose required inputs are `originSkyId` and
 * `destinationSkyId` is a likely next call whatever the request's words say. No plan is needed, so it works
 * on a catalogue seen for the first time; it is one feature of the zero-shot fusion (zero-shot-fusion.ts),
 * whose weight is fitted on other datasets.
 *
 * Names are standardised to their content words (`origin_sky_id`, `originSkyId` → "origin sky id").
 */
export interface ToolIo {
  /** The inputs a call needs: the schema's `required` names, or every parameter when none is required. */
  inputs: string[];
  /** The output field names (`returns.properties`). */
  outputs: string[];
}

/** Standardised parameter name: content words joined by a space ("" for a name with none). */
export const ioKey = (name: string): string => contentWords(name).join(' ');

/** A tool's standardised inputs and outputs from its JSON schemas (either may be absent). */
export function toolIo(
  parameters: JsonSchemaObject | null | undefined,
  returns: JsonSchemaObject | null | undefined,
): ToolIo {
  const props = Object.keys(parameters?.properties ?? {});
  const required = (parameters?.required ?? []).filter((r) => props.includes(r));
  const keys = (names: string[]) => [...new Set(names.map(ioKey).filter((k) => k !== ''))];
  return {
    inputs: keys(required.length > 0 ? required : props),
    outputs: keys(Object.keys(returns?.properties ?? {})),
  };
}

/**
 * Share of `inputs` that one of `outputs` can fill: the same standardised name, or names ending in the same
 * word where one's words contain the other's ("sky id" fills "origin sky id", "id" fills "user id").
 * 0 when either side is empty.
 */
export function ioMatch(inputs: readonly string[], outputs: readonly string[]): number {
  return ioMatchWords(splitKeys(inputs), splitKeys(outputs));
}

/** Standardised names as word lists (what `ioMatchWords` takes; split once per catalogue). */
export const splitKeys = (keys: readonly string[]): string[][] => keys.map((k) => k.split(' '));

/** `ioMatch` on names already split into words. */
export function ioMatchWords(inputs: readonly string[][], outputs: readonly string[][]): number {
  if (inputs.length === 0 || outputs.length === 0) return 0;
  let matched = 0;
  for (const iw of inputs) {
    const last = iw[iw.length - 1];
    for (const ow of outputs) {
      if (ow[ow.length - 1] !== last) continue;
      if (ow.every((w) => iw.includes(w)) || iw.every((w) => ow.includes(w))) {
        matched++;
        break;
      }
    }
  }
  return matched / inputs.length;
}
