import { contentWords } from '../tokenize';

/**
 * The tool encoder's input: a text as hashed feature ids with weights, computed in TypeScript so the ONNX
 * graph only has to Gather, weight and sum (onnxruntime-web runs that anywhere, and nothing about text
 * processing hides inside the model file). Features: content words, word bigrams (order: "weather
 * forecast" ≠ "forecast weather" as a phrase), character trigrams of each word (catch "loc" ~ "location"
 * and unseen inflections), all hashed into `buckets` rows of the embedding table.
 */
export interface EncoderFeatureSpec {
  /** Rows of the embedding table; a feature's row is its FNV-1a hash modulo this. */
  buckets: number;
  /** Weight of a word bigram relative to a word. */
  bigramWeight: number;
  /** Total weight of a word's character trigrams relative to the word (spread over its trigrams). */
  charWeight: number;
}

export const DEFAULT_FEATURE_SPEC: EncoderFeatureSpec = { buckets: 8192, bigramWeight: 0.5, charWeight: 0.3 };

/** Ids (rows) and weights of one text, ids ascending and distinct. */
export interface EncoderFeatures {
  ids: Int32Array;
  weights: Float32Array;
}

/** FNV-1a 32-bit: stable across runs and machines, so a word always lands in the same row. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Hashed features of a text. A feature seen c times weighs base · (1 + ln c) (sublinear: a word repeated
 * in a long description does not drown the rest); features landing in one row add up.
 */
export function encoderFeatures(
  text: string,
  spec: EncoderFeatureSpec = DEFAULT_FEATURE_SPEC,
): EncoderFeatures {
  const counts = new Map<string, { count: number; base: number }>();
  const add = (key: string, base: number) => {
    const cur = counts.get(key);
    if (cur) cur.count += 1;
    else counts.set(key, { count: 1, base });
  };
  const words = contentWords(text);
  words.forEach((w, i) => {
    add(`w:${w}`, 1);
    if (i > 0) add(`b:${words[i - 1] as string} ${w}`, spec.bigramWeight);
    const padded = `^${w}$`;
    const grams = padded.length - 2;
    // Every word's trigrams weigh charWeight together, so long words do not outweigh short ones.
    const g = spec.charWeight / Math.sqrt(Math.max(1, grams));
    for (let k = 0; k + 3 <= padded.length; k++) add(`c:${padded.slice(k, k + 3)}`, g);
  });
  const rows = new Map<number, number>();
  for (const [key, { count, base }] of counts) {
    const row = fnv1a(key) % spec.buckets;
    rows.set(row, (rows.get(row) ?? 0) + base * (1 + Math.log(count)));
  }
  const ids = Int32Array.from([...rows.keys()].sort((a, b) => a - b));
  const weights = Float32Array.from(ids, (id) => rows.get(id) as number);
  return { ids, weights };
}
