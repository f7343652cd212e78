/**
 * A trained linear head: logits = W·x + b, probabilities = σ(logits). The shape every learned retrieval
 * head shares (DTDR-L, static learned retrieval), written to ONNX by the exporter and run by
 * onnxruntime-web; `forward` here is the TypeScript reference the ONNX output is checked against.
 */
export interface LinearHeadWeights {
  inputDim: number;
  outputDim: number;
  /** Row-major [outputDim × inputDim]. */
  W: Float32Array;
  b: Float32Array;
  /** Output names (tool names, END_OF_PLAN) in row order. */
  labels: string[];
}

export function linearForward(head: LinearHeadWeights, x: Float32Array): Float32Array {
  if (x.length !== head.inputDim)
    throw new RangeError(`input has ${x.length} values, the head takes ${head.inputDim}`);
  const out = new Float32Array(head.outputDim);
  for (let o = 0; o < head.outputDim; o++) {
    let z = head.b[o] as number;
    const row = o * head.inputDim;
    for (let i = 0; i < head.inputDim; i++) z += (head.W[row + i] as number) * (x[i] as number);
    out[o] = 1 / (1 + Math.exp(-z));
  }
  return out;
}
