import { describe, expect, it } from 'vitest';
import { embedderLabel, LEXICAL_OPTION, probeEmbedders } from './embedder-options';
import { loadEmbedderChoice, saveEmbedderChoice } from './embedder-choice-storage';

/** A HEAD-only server holding these files under http://app.test/models/. */
function server(files: string[], htmlFallback = false): typeof fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    expect(init?.method).toBe('HEAD');
    const path = String(url).replace('http://app.test/models/', '');
    if (files.includes(path)) return new Response(null, { status: 200 });
    return htmlFallback
      ? new Response(null, { status: 200, headers: { 'content-type': 'text/html' } })
      : new Response(null, { status: 404 });
  }) as typeof fetch;
}

describe('probeEmbedders', () => {
  it('offers lexical plus each model folder that exists, q8 weights preferred', async () => {
    const options = await probeEmbedders(
      'http://app.test/models/',
      server([
        'tiny-embedder/config.json',
        'tiny-embedder/onnx/model_quantized.onnx',
        'tiny-embedder/onnx/model.onnx',
        'all-MiniLM-L6-v2/config.json',
        'all-MiniLM-L6-v2/onnx/model.onnx',
        'bge-small-en-v1.5/onnx/model.onnx',
      ]),
    );
    expect(options.map((o) => o.id)).toEqual([
      'lexical-hash-tfidf',
      'transformers:tiny-embedder',
      'transformers:all-MiniLM-L6-v2',
    ]);
    expect(options[1]!.choice).toEqual({ kind: 'transformers', model: 'tiny-embedder', dtype: 'q8' });
    expect(options[1]!.label).toMatch(/test model.*mean nothing/);
    expect(options[2]!.choice).toMatchObject({ dtype: 'fp32' });
    expect(embedderLabel('transformers:tiny-embedder', options)).toBe(options[1]!.label);
    expect(embedderLabel('lexical-hash-tfidf', [])).toBe(LEXICAL_OPTION.label);
  });

  it('does not mistake an index.html fallback for a model file', async () => {
    const options = await probeEmbedders('http://app.test/models/', server([], true));
    expect(options).toEqual([LEXICAL_OPTION]);
  });
});

describe('embedder choice storage', () => {
  it('round-trips a choice and falls back to lexical for anything unreadable', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => map.set(k, v),
    };
    expect(loadEmbedderChoice(storage)).toEqual({ kind: 'lexical' });
    const tiny = { kind: 'transformers', model: 'tiny-embedder', dtype: 'q8' } as const;
    saveEmbedderChoice(storage, tiny);
    expect(loadEmbedderChoice(storage)).toEqual(tiny);
    map.set('naviagent.retrievalEmbedder', '{"kind":"transformers","model":"x","dtype":"fp16"}');
    expect(loadEmbedderChoice(storage)).toEqual({ kind: 'lexical' });
    map.set('naviagent.retrievalEmbedder', 'not json');
    expect(loadEmbedderChoice(storage)).toEqual({ kind: 'lexical' });
  });
});
