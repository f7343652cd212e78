import { describe, expect, it } from 'vitest';
import { embedderLabel, LEXICAL_OPTION, probeEmbedders } from './embedder-options';
import { loadEmbedderChoice, saveEmbedderChoice } from './embedder-choice-storage';

/** A server holding `models/index.json` (as the model-files plugin writes it) under http://app.test/models/. */
function server(files: string[] | null, htmlFallback = false): typeof fetch & { calls: string[] } {
  const calls: string[] = [];
  const fn = (async (url: string | URL | Request) => {
    calls.push(String(url));
    if (String(url) === 'http://app.test/models/index.json' && files)
      return new Response(JSON.stringify({ files }), { headers: { 'content-type': 'application/json' } });
    return htmlFallback
      ? new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } })
      : new Response('not found', { status: 404 });
  }) as typeof fetch & { calls: string[] };
  fn.calls = calls;
  return fn;
}

describe('probeEmbedders', () => {
  it('offers lexical plus each model folder the index lists, q8 weights preferred, in one request', async () => {
    const fetchFn = server([
      'tiny-embedder/config.json',
      'tiny-embedder/onnx/model_quantized.onnx',
      'tiny-embedder/onnx/model.onnx',
      'all-MiniLM-L6-v2/config.json',
      'all-MiniLM-L6-v2/onnx/model.onnx',
      'bge-small-en-v1.5/onnx/model.onnx',
    ]);
    const options = await probeEmbedders('http://app.test/models/', fetchFn);
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
    // No folder is probed: absent models cost no 404s.
    expect(fetchFn.calls).toEqual(['http://app.test/models/index.json']);
  });

  it('offers lexical only without an index, and does not mistake an index.html fallback for one', async () => {
    expect(await probeEmbedders('http://app.test/models/', server(null, true))).toEqual([LEXICAL_OPTION]);
    expect(await probeEmbedders('http://app.test/models/', server(null))).toEqual([LEXICAL_OPTION]);
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
