/**
 * Writes models/tiny-embedder/: a BERT-shaped feature-extraction model with random, seeded weights and a
 * small WordPiece vocabulary, in the layout transformers.js loads (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model.onnx and onnx/model_quantized.onnx). It proves the embedding loading
 * path offline, the way transformers.js tests on tiny random models; its vectors carry no meaning.
 *
 *   npm run models:tiny [-- --out <dir>]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tinyBertModel, type TinyBertSizes } from './tiny-embedder/onnx-graph';
import { tokenizerConfigJson, tokenizerJson } from './tiny-embedder/tokenizer-files';
import { buildVocabulary } from './tiny-embedder/vocab';

const SEED = 20261122;
const HIDDEN = 32;
const MAX_POSITIONS = 128;

export function writeTinyEmbedder(outDir: string): string[] {
  const vocab = buildVocabulary();
  const sizes: TinyBertSizes = {
    vocabSize: vocab.length,
    hidden: HIDDEN,
    maxPositions: MAX_POSITIONS,
    typeVocabSize: 2,
  };
  const config = {
    architectures: ['BertModel'],
    model_type: 'bert',
    vocab_size: sizes.vocabSize,
    hidden_size: sizes.hidden,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    intermediate_size: sizes.hidden,
    hidden_act: 'tanh',
    max_position_embeddings: sizes.maxPositions,
    type_vocab_size: sizes.typeVocabSize,
    layer_norm_eps: 1e-12,
    pad_token_id: 0,
    _comment: 'Random weights (seed ' + SEED + ') from scripts/make-tiny-embedder.ts; no meaning.',
  };
  const files: [string, string | Uint8Array][] = [
    ['config.json', json(config)],
    ['tokenizer.json', json(tokenizerJson(vocab))],
    ['tokenizer_config.json', json(tokenizerConfigJson(MAX_POSITIONS))],
    ['onnx/model.onnx', tinyBertModel(sizes, SEED, false)],
    ['onnx/model_quantized.onnx', tinyBertModel(sizes, SEED, true)],
  ];
  return files.map(([name, content]) => {
    const path = join(outDir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    return path;
  });
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function main(): void {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const outDir =
    at >= 0 && args[at + 1] ? resolve(args[at + 1] as string) : join(root, 'models', 'tiny-embedder');
  for (const path of writeTinyEmbedder(outDir)) console.log(`wrote ${path}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
