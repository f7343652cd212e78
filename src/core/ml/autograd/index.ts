// The autograd's public surface: the HGT code imports from here.
export { Adam, type AdamOptions } from './adam';
export { add, addRowBias, hinge, leakyRelu, mul, scale, sigmoid, sigmoidValue } from './elementwise';
export { attendScatter, gatherHeadDot } from './edge-attention';
export { headDot, headScale } from './heads';
export { layerNorm } from './layer-norm';
export { bceWithLogits, weightedSum } from './losses';
export { matmul } from './matmul';
export { pairCosine, pairLogits } from './pair-ops';
export { concatRows, gatherRows, scatterAddRows } from './rows';
export { segmentSoftmax } from './segment-softmax';
export { Tape } from './tape';
export { AutogradShapeError } from './autograd-shape-error';
export { constant, parameter, Tensor } from './tensor';
