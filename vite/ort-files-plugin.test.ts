import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createServer, preview, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORT_FILES, ortDistDir, ortFilesPlugin } from './ort-files-plugin';

// A throwaway project and a stand-in for onnxruntime-web's dist folder.
let root: string;
let dist: string;
const isolation = { 'Cross-Origin-Embedder-Policy': 'require-corp' };

function config(files?: string[]): InlineConfig {
  return {
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'spa',
    plugins: [ortFilesPlugin({ distDir: dist, headers: isolation, ...(files ? { files } : {}) })],
    server: { host: '127.0.0.1', port: 0 },
    preview: { host: '127.0.0.1', port: 0 },
  };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'navi-ort-'));
  dist = join(root, 'fake-ort-dist');
  mkdirSync(dist);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  for (const f of ORT_FILES) writeFileSync(join(dist, f), f.endsWith('.mjs') ? 'export default 1;' : 'wasm');
  // Present in the package but not listed: must not be served or shipped.
  writeFileSync(join(dist, 'ort.min.mjs'), 'export {};');
  writeFileSync(join(dist, 'ort-wasm-simd-threaded.asyncify.wasm'), 'wasm');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function expectServes(base: string) {
  const glue = await fetch(`${base}/ort/ort-wasm-simd-threaded.mjs`);
  expect(glue.status).toBe(200);
  // A module script with any other type is refused by the browser.
  expect(glue.headers.get('content-type')).toContain('text/javascript');
  expect(glue.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  expect(await glue.text()).toBe('export default 1;');
  const wasm = await fetch(`${base}/ort/ort-wasm-simd-threaded.wasm`);
  expect(wasm.headers.get('content-type')).toBe('application/wasm');
  for (const missing of ['/ort/ort.min.mjs', '/ort/ort-wasm-simd-threaded.asyncify.wasm', '/ort/']) {
    const res = await fetch(`${base}${missing}`);
    expect(res.status, missing).toBe(404);
    expect(await res.text()).not.toContain('<!doctype');
  }
}

describe('ortFilesPlugin', () => {
  it('lists files the installed onnxruntime-web has', () => {
    const installed = ortDistDir(resolve(import.meta.dirname, '..'));
    for (const f of ORT_FILES) expect(existsSync(join(installed, f)), f).toBe(true);
  });

  it('dev server: serves the listed files from the dist folder, 404 for the rest', async () => {
    const server = await createServer(config());
    await server.listen();
    try {
      const { port } = server.httpServer?.address() as AddressInfo;
      await expectServes(`http://127.0.0.1:${port}`);
    } finally {
      await server.close();
    }
  }, 20_000);

  it('build copies exactly the listed files into dist/ort/, and preview serves them', async () => {
    await build(config());
    expect(readdirSync(join(root, 'dist', 'ort')).sort()).toEqual([...ORT_FILES].sort());
    const server = await preview(config());
    try {
      const { port } = server.httpServer.address() as AddressInfo;
      await expectServes(`http://127.0.0.1:${port}`);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('fails the build, saying what to do, when a listed file is missing', async () => {
    await expect(build(config([...ORT_FILES, 'ort-wasm-simd-threaded.jspi.wasm']))).rejects.toThrow(
      /onnxruntime-web files missing from .*ort-wasm-simd-threaded\.jspi\.wasm.*npm install/,
    );
  }, 30_000);
});
