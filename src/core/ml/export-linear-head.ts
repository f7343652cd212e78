import type { LinearHeadWeights } from './linear-head';
import { OnnxGraphWriter } from './onnx-writer';

export const LINEAR_HEAD_INPUT = 'x';
export const LINEAR_HEAD_OUTPUT = 'probs';

export interface ExportLinearHeadOptions {
  /** Extra key–value metadata (e.g. embedder id, input layout); the labels are always stored as `labels`. */
  metadata?: Record<string, string>;
  docString?: string;
}

/** Wᵀ as [inputDim × outputDim], row-major, so MatMul(x[batch × inputDim], Wᵀ) gives the logits. */
function transpose(head: LinearHeadWeights): Float32Array {
  const { inputDim, outputDim, W } = head;
  const out = new Float32Array(inputDim * outputDim);
  for (let o = 0; o < outputDim; o++) {
    for (let i = 0; i < inputDim; i++) out[i * outputDim + o] = W[o * inputDim + i] as number;
  }
  return out;
}

/**
 * A linear head as an ONNX model: x [batch, inputDim] float32 → MatMul Wᵀ → Add b → Sigmoid → probs
 * [batch, outputDim]. Its output matches `linearForward` (checked in export-linear-head.test.ts).
 */
export function exportLinearHead(head: LinearHeadWeights, options: ExportLinearHeadOptions = {}): Uint8Array {
  if (head.W.length !== head.inputDim * head.outputDim || head.b.length !== head.outputDim)
    throw new RangeError('head weights do not match its dimensions');
  if (head.labels.length !== head.outputDim) throw new RangeError('head has one label per output row');
  return new OnnxGraphWriter('linear_head')
    .input(LINEAR_HEAD_INPUT, 'float32', ['batch', head.inputDim])
    .floatInitializer('Wt', transpose(head), [head.inputDim, head.outputDim])
    .floatInitializer('b', head.b, [head.outputDim])
    .node('MatMul', [LINEAR_HEAD_INPUT, 'Wt'], ['xWt'])
    .node('Add', ['xWt', 'b'], ['logits'])
    .node('Sigmoid', ['logits'], [LINEAR_HEAD_OUTPUT])
    .output(LINEAR_HEAD_OUTPUT, 'float32', ['batch', head.outputDim])
    .toBytes({
      producerName: 'naviagent-web',
      producerVersion: '1',
      docString: options.docString ?? 'Linear multi-label head: sigmoid(x·Wᵀ + b).',
      metadata: { ...options.metadata, labels: JSON.stringify(head.labels) },
    });
}
