/** Fields that identify a missing embedding-model file; also the shape the error crosses a worker in. */
export interface EmbeddingModelMissingDetails {
  /** Model name as configured, e.g. `tiny-embedder` or `Xenova/paraphrase-MiniLM-L6-v2`. */
  model: string;
  /** File inside the model folder that was missing, e.g. `onnx/model_quantized.onnx`; null if unknown. */
  file: string | null;
  /** Path or URL that was tried. */
  lookedAt: string;
  /** Files a complete model folder holds for the chosen dtype. */
  expectedFiles: string[];
}

const NAME = 'EmbeddingModelMissingError';

/**
 * A transformers.js embedding model could not be loaded because a file of it is not where the embedder
 * looked. The message says which file, where, and the three ways out: provide the files, allow remote
 * downloads, or use the lexical embedder, which needs no files.
 */
export class EmbeddingModelMissingError extends Error {
  readonly code = 'embedding-model-missing';
  readonly details: EmbeddingModelMissingDetails;

  constructor(details: EmbeddingModelMissingDetails, cause?: unknown) {
    super(missingMessage(details), cause === undefined ? undefined : { cause });
    this.name = NAME;
    this.details = details;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is EmbeddingModelMissingError {
    return error instanceof Error && error.name === NAME;
  }
}

function missingMessage(d: EmbeddingModelMissingDetails): string {
  const what = d.file
    ? `file "${d.file}" is missing: looked at "${d.lookedAt}"`
    : `a file is missing: the server answered "${d.lookedAt}" with a web page instead of the file ` +
      `(a single-page-app fallback; serve model files with real 404s)`;
  return (
    `Embedding model "${d.model}": ${what}. ` +
    `Put the model folder there with ${d.expectedFiles.join(', ')} ` +
    `(e.g. an ONNX export of a sentence-transformers model, or \`npm run models:tiny\` for the tiny test ` +
    `model), or allow downloads from the Hugging Face Hub with the option allowRemote: true, ` +
    `or use the lexical embedder (LexicalEmbedder), which needs no model files.`
  );
}
