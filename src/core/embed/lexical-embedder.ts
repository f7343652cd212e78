import { normalizeInPlace, type Embedder } from './embedder';
import { contentWords } from './tokenize';

/** FNV-1a: a fast, stable string hash so the same word always lands in the same bucket. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface LexicalEmbedderOptions {
  dimension?: number;
  /** Weight of character trigram features relative to whole words (they catch "loc" ~ "location"). */
  charWeight?: number;
}

/**
 * Zero-download embedder: hashed word unigrams + character trigrams with sublinear term frequency and
 * inverse document frequency learnt by `fit`. Deterministic, so clustering and tests are reproducible.
 */
export class LexicalEmbedder implements Embedder {
  readonly id = 'lexical-hash-tfidf';
  readonly dimension: number;
  private readonly charWeight: number;
  private idf = new Map<number, number>();

  constructor(options: LexicalEmbedderOptions = {}) {
    this.dimension = options.dimension ?? 512;
    this.charWeight = options.charWeight ?? 0.3;
  }

  /** Learns IDF from a corpus; without it every feature weighs the same. */
  fit(corpus: string[]): void {
    const df = new Map<number, number>();
    for (const text of corpus) {
      for (const f of new Set(this.features(text).keys())) df.set(f, (df.get(f) ?? 0) + 1);
    }
    const n = corpus.length;
    this.idf = new Map([...df].map(([f, d]) => [f, Math.log((1 + n) / (1 + d)) + 1]));
  }

  embedSync(text: string): Float32Array {
    const v = new Float32Array(this.dimension);
    for (const [f, tf] of this.features(text)) {
      const idf = this.idf.size > 0 ? (this.idf.get(f) ?? Math.log(1 + this.idf.size) + 1) : 1;
      const bucket = f % this.dimension;
      // Sign hashing keeps colliding features from always adding up (Weinberger et al. feature hashing).
      const sign = (f >>> 31) & 1 ? -1 : 1;
      v[bucket] = (v[bucket] as number) + sign * (1 + Math.log(tf.count)) * tf.weight * idf;
    }
    return normalizeInPlace(v);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedSync(t));
  }

  private features(text: string): Map<number, { count: number; weight: number }> {
    const out = new Map<number, { count: number; weight: number }>();
    const add = (key: string, weight: number) => {
      const h = hash(key);
      const cur = out.get(h);
      if (cur) cur.count += 1;
      else out.set(h, { count: 1, weight });
    };
    for (const w of contentWords(text)) {
      add(`w:${w}`, 1);
      const padded = `^${w}$`;
      const grams = padded.length - 2;
      // Spread a word's trigram mass evenly so a long word ("category") does not outweigh a short one
      // ("hotel") just by having more trigrams: every word weighs the same.
      const gramWeight = this.charWeight / Math.sqrt(Math.max(1, grams));
      for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, gramWeight);
    }
    return out;
  }
}
