import type { Embedder } from '../embed/embedder';
import { contentWords, splitWords } from '../embed/tokenize';
import type { HgtToolIo } from './tensor-spec';
import { fieldDescription, fieldType, inputNames, outputNames, type Tool } from '../tools/tool';

/**
 * Text vectors of one tool's input parameters and output fields (name words + description), and what the
 * schema says of each field: JSON type, name words, and for inputs whether they are required. The
 * directional pair features (pair-features.ts) compare u's outputs with v's inputs by all of these.
 * The schema fields are optional so a hand-made io (tests, older callers) still reads: absent = type 'any',
 * no name words, not required.
 */
export type ToolIoVectors = HgtToolIo;

const fieldText = (tool: Tool, direction: 'in' | 'out', field: string): string =>
  `${splitWords(field).join(' ')} ${fieldDescription(tool, direction, field)}`.trim();

/**
 * Input and output field vectors of every API row (`tools[i]` undefined for a tool the catalogue lacks: it
 * gets none). What a schema says a tool needs and gives is the cue for a link to a tool never seen in use.
 */
export async function toolIoVectors(
  tools: readonly (Tool | undefined)[],
  embedder: Embedder,
): Promise<ToolIoVectors[]> {
  const texts: string[] = [];
  const spans = tools.map((t) => {
    const ins = t ? inputNames(t).map((f) => fieldText(t, 'in', f)) : [];
    const outs = t ? outputNames(t).map((f) => fieldText(t, 'out', f)) : [];
    const start = texts.length;
    texts.push(...ins, ...outs);
    return { start, ins: ins.length, outs: outs.length };
  });
  const vectors = texts.length ? await embedder.embed(texts) : [];
  return spans.map((s, k) => {
    const t = tools[k];
    const ins = t ? inputNames(t) : [];
    const outs = t ? outputNames(t) : [];
    const required = new Set(t?.parameters.required ?? []);
    return {
      ins: vectors.slice(s.start, s.start + s.ins),
      outs: vectors.slice(s.start + s.ins, s.start + s.ins + s.outs),
      inTypes: t ? ins.map((f) => fieldType(t, 'in', f)) : [],
      outTypes: t ? outs.map((f) => fieldType(t, 'out', f)) : [],
      inWords: ins.map((f) => contentWords(f)),
      outWords: outs.map((f) => contentWords(f)),
      inRequired: ins.map((f) => required.has(f)),
    };
  });
}
