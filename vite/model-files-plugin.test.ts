import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { build, createServer, preview, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFilesPlugin } from './model-files-plugin';

// A throwaway project: index.html (what the SPA fallback would answer) and a models folder.
let root: string;
const isolation = { 'Cross-Origin-Embedder-Policy': 'require-corp' };

function config(): InlineConfig {
  return {
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'spa',
    plugins: [modelFilesPlugin({ headers: isolation })],
    server: { host: '127.0.0.1', port: 0 },
    preview: { host: '127.0.0.1', port: 0 },
  };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'navi-vite-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  mkdirSync(join(root, 'models', 'm', 'onnx'), { recursive: true });
  writeFileSync(join(root, 'models', 'README.md'), '# models');
  writeFileSync(join(root, 'models', 'm', 'config.json'), '{"hidden_size":4}');
  writeFileSync(join(root, 'models', 'm', 'onnx', 'model.onnx'), new Uint8Array([1, 2, 3]));
  // Big and repetitive enough to be compressed (≥ 1 KB).
  writeFileSync(join(root, 'models', 'big.onnx'), new Uint8Array(64 * 1024).fill(7));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Status of a GET whose path is sent as written (fetch would normalize dot segments away). */
function rawStatus(url: string): Promise<number | undefined> {
  const { host, port } = new URL(url);
  const path = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  return new Promise((done, fail) => {
    get({ host: host.split(':')[0], port, path }, (res) => {
      res.resume();
      done(res.statusCode);
    }).on('error', fail);
  });
}

/** A GET with exactly these headers; the body as sent (not decompressed). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number | undefined; headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((done, fail) => {
    get({ host: hostname, port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', fail);
  });
}

async function expectServes(base: string) {
  const ok = await fetch(`${base}/models/m/config.json`);
  expect(ok.status).toBe(200);
  expect(ok.headers.get('content-type')).toContain('application/json');
  expect(ok.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  expect(ok.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(await ok.json()).toEqual({ hidden_size: 4 });
  const onnx = await fetch(`${base}/models/m/onnx/model.onnx`);
  expect(new Uint8Array(await onnx.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  expect(onnx.headers.get('content-length')).toBe('3');
  for (const missing of ['/models/m/onnx/model_quantized.onnx', '/models/absent/config.json', '/models/m']) {
    const res = await fetch(`${base}${missing}`);
    expect(res.status, missing).toBe(404);
    expect(await res.text()).not.toContain('<!doctype');
  }
  expect(await rawStatus(`${base}/models/..%2Findex.html`)).toBe(404);
  // One request tells which files exist: the docs and the index itself are not listed.
  const index = await fetch(`${base}/models/index.json`);
  expect(index.headers.get('content-type')).toContain('application/json');
  expect(await index.json()).toEqual({ files: ['big.onnx', 'm/config.json', 'm/onnx/model.onnx'] });
  // Big files go out gzipped with an ETag; a revalidation with it is a 304 with no body.
  const big = await rawGet(`${base}/models/big.onnx`, { 'accept-encoding': 'gzip' });
  expect(big.status).toBe(200);
  expect(big.headers['content-encoding']).toBe('gzip');
  expect(big.body.length).toBeLessThan(1024);
  expect(gunzipSync(big.body)).toEqual(Buffer.alloc(64 * 1024, 7));
  const etag = String(big.headers.etag);
  expect(etag).toMatch(/^W\/"/);
  const again = await rawGet(`${base}/models/big.onnx`, { 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  // Without Accept-Encoding: the plain bytes.
  const plain = await rawGet(`${base}/models/big.onnx`, {});
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBe(64 * 1024);
  // Other paths still get the SPA fallback.
  expect(await (await fetch(`${base}/some/route`)).text()).toContain('<title>app</title>');
}

describe('modelFilesPlugin', () => {
  it('dev server: serves models/ with real 404s', async () => {
    const server = await createServer(config());
    await server.listen();
    try {
      const { port } = server.httpServer?.address() as AddressInfo;
      await expectServes(`http://127.0.0.1:${port}`);
    } finally {
      await server.close();
    }
  }, 20_000);

  it('build copies models/ (without docs) into dist/, and preview serves them with real 404s', async () => {
    await build(config());
    expect(existsSync(join(root, 'dist', 'models', 'm', 'onnx', 'model.onnx'))).toBe(true);
    expect(existsSync(join(root, 'dist', 'models', 'README.md'))).toBe(false);
    expect(existsSync(join(root, 'dist', 'models', 'index.json'))).toBe(true);
    const server = await preview(config());
    try {
      const { port } = server.httpServer.address() as AddressInfo;
      await expectServes(`http://127.0.0.1:${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/models/README.md`)).status).toBe(404);
    } finally {
      await server.close();
    }
  }, 30_000);
});
