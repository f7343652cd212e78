import { fieldType, inputNames, outputNames, type Tool } from '../../tools/tool';
import { requiredInputs } from './shift-rule';

/**
 * Collection → element schema matches, a signal beyond RETO's shift rule (which matches equal names): a
 * producer whose output is an array named in the plural (`post_ids`, `members`) feeds a consumer whose
 * required input is one element of it (`post_id`, `member_name`); the plan calls the consumer once per
 * element, after the producer. The layer predictor reads these as structure features (layer-features.ts)
 * and learns how far to trust them; the shift rule itself does not apply them. On the train splits of the
 * shared datasets 10 of api_bank's 11 such matches and both of restbench's are gold producer → consumer
 * orders (seal_tools, nestful_v1 and ultratool_graph have at most one).
 */

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The singular of a normalised plural field name (`postids` → `postid`, `entries` → `entry`); '' if none. */
export function singularOf(plural: string): string {
  if (plural.endsWith('ies') && plural.length > 4) return `${plural.slice(0, -3)}y`;
  if (plural.endsWith('s') && !plural.endsWith('ss')) return plural.slice(0, -1);
  return '';
}

/** Shortest singular that counts: `ids` → `id` is too generic to say which collection an input reads. */
const MIN_ELEMENT = 3;

/**
 * Is `input` of `consumer` one element of an array output of `producer`? The input's name is the output's
 * singular (`post_id` ← `post_ids`) or starts with it (`member_name` ← `members`); a field the producer
 * also takes as input is echoed back, not produced, as in the shift rule.
 */
export function inputIsElementOf(consumer: Tool, input: string, producer: Tool): boolean {
  const nIn = norm(input);
  if (fieldType(consumer, 'in', input) === 'array') return false;
  const echoed = new Set(inputNames(producer).map(norm));
  for (const out of outputNames(producer)) {
    if (fieldType(producer, 'out', out) !== 'array' || echoed.has(norm(out))) continue;
    const one = singularOf(norm(out));
    if (one.length >= MIN_ELEMENT && nIn.startsWith(one)) return true;
  }
  return false;
}

/** Edges producer → consumer (indices into `tools`) where a required input is an element of an output. */
export function elementEdges(tools: readonly Tool[]): Array<[number, number]> {
  const edges: Array<[number, number]> = [];
  tools.forEach((consumer, b) => {
    const inputs = requiredInputs(consumer);
    tools.forEach((producer, a) => {
      if (a === b || producer.name === consumer.name) return;
      if (inputs.some((i) => inputIsElementOf(consumer, i, producer))) edges.push([a, b]);
    });
  });
  // Both ways says nothing about which runs first, as for the shift rule's matches.
  const all = new Set(edges.map(([a, b]) => `${a}>${b}`));
  return edges.filter(([a, b]) => !all.has(`${b}>${a}`));
}
