import type { Embedder } from '../embed/embedder';
import { splitWords } from '../embed/tokenize';
import { fieldDescription, inputNames, outputNames, type Tool } from '../tools/tool';

/** Text vectors of one tool's input parameters and output fields (name words + description). */
export interface ToolIoVectors {
  ins: Float32Array[];
  outs: Float32Array[];
}

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
  return spans.map((s) => ({
    ins: vectors.slice(s.start, s.start + s.ins),
    outs: vectors.slice(s.start + s.ins, s.start + s.ins + s.outs),
  }));
}
