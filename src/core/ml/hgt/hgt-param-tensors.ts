import { parameter, type Tensor } from '../autograd';
import type { HgtEncoderParams, HgtParams } from './hgt-spec';

/** HgtParams viewed as autograd tensors. The tensors wrap the same arrays, so Adam updates `HgtParams` in place. */
export interface HgtParamTensors {
  encoder: { api: EncoderTensors; param: EncoderTensors };
  layers: LayerTensors[];
  head: { src: Tensor; dst: Tensor; had: Tensor; b: Tensor };
}

interface EncoderTensors {
  W: Tensor;
  b: Tensor;
  lnGamma: Tensor;
  lnBeta: Tensor;
}

interface LayerTensors {
  Wq: Tensor[];
  Wk: Tensor[];
  Wv: Tensor[];
  /** [relations × heads], gathered by edge relation. */
  bRel: Tensor;
  Wo: Tensor;
  lnGamma: Tensor;
  lnBeta: Tensor;
}

export function hgtParamTensors(params: HgtParams): HgtParamTensors {
  const { inputDim, hidden, heads } = params.config;
  const row = (a: Float32Array) => parameter(a, 1, a.length);
  const col = (a: Float32Array) => parameter(a, a.length, 1);
  const square = (a: Float32Array) => parameter(a, hidden, hidden);
  const encoder = (e: HgtEncoderParams): EncoderTensors => ({
    W: parameter(e.W, inputDim, hidden),
    b: row(e.b),
    lnGamma: row(e.lnGamma),
    lnBeta: row(e.lnBeta),
  });
  return {
    encoder: { api: encoder(params.encoder.api), param: encoder(params.encoder.param) },
    layers: params.layers.map((l) => ({
      Wq: l.Wq.map(square),
      Wk: l.Wk.map(square),
      Wv: l.Wv.map(square),
      bRel: parameter(l.bRel, l.bRel.length / heads, heads),
      Wo: square(l.Wo),
      lnGamma: row(l.lnGamma),
      lnBeta: row(l.lnBeta),
    })),
    head: {
      src: col(params.head.src),
      dst: col(params.head.dst),
      had: col(params.head.had),
      b: row(params.head.b),
    },
  };
}

/**
 * The tensors the optimizer updates, in a fixed order. Left out:
 * - the Hadamard vector for `pairHead: 'paper'`, so it stays exactly 0 as hgt-spec.ts promises;
 * - the per-relation attention bias b_r^(k) (eq. 15). The softmax runs over one target's in-edges of *one*
 *   relation, and b_r^(k) is the same for all of them, so it cancels: no output depends on it and its exact
 *   gradient is 0. What backprop returns is float rounding noise, which Adam (dividing by √v) would turn into a
 *   random walk of size lr per step. It stays at its initial 0 and is exported as such.
 */
export function trainableTensors(t: HgtParamTensors, params: HgtParams): Tensor[] {
  const enc = (e: EncoderTensors) => [e.W, e.b, e.lnGamma, e.lnBeta];
  const list = [...enc(t.encoder.api), ...enc(t.encoder.param)];
  for (const l of t.layers) list.push(...l.Wq, ...l.Wk, ...l.Wv, l.Wo, l.lnGamma, l.lnBeta);
  list.push(t.head.src, t.head.dst, t.head.b);
  if (params.config.pairHead === 'hadamard') list.push(t.head.had);
  return list;
}

/** A deep copy (new arrays), e.g. to keep the best epoch's weights while training goes on. */
export function cloneHgtParams(p: HgtParams): HgtParams {
  const enc = (e: HgtEncoderParams): HgtEncoderParams => ({
    W: e.W.slice(),
    b: e.b.slice(),
    lnGamma: e.lnGamma.slice(),
    lnBeta: e.lnBeta.slice(),
  });
  return {
    config: { ...p.config },
    encoder: { api: enc(p.encoder.api), param: enc(p.encoder.param) },
    layers: p.layers.map((l) => ({
      Wq: l.Wq.map((w) => w.slice()),
      Wk: l.Wk.map((w) => w.slice()),
      Wv: l.Wv.map((w) => w.slice()),
      bRel: l.bRel.slice(),
      Wo: l.Wo.slice(),
      lnGamma: l.lnGamma.slice(),
      lnBeta: l.lnBeta.slice(),
    })),
    head: {
      src: p.head.src.slice(),
      dst: p.head.dst.slice(),
      had: p.head.had.slice(),
      b: p.head.b.slice(),
      // The pair-feature weights: dropping them would make hgtScorePairs score with zero feature weights.
      ...(p.head.feat ? { feat: p.head.feat.slice() } : {}),
      ...(p.head.dir ? { dir: p.head.dir.slice() } : {}),
    },
  };
}
