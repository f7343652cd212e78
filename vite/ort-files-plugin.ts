/**
 * Serves onnxruntime-web's wasm binaries and their JavaScript glue at `<base>ort/`, so ORT never reaches
 * for a CDN (transformers.js points it at jsDelivr otherwise) and the app runs offline.
 *
 * Why a plugin: ORT loads `<wasmPaths>ort-wasm-simd-threaded.<variant>.mjs` with a dynamic import and
 * fetches the matching `.wasm`; neither goes through Vite's module graph when `wasmPaths` is set. The
 * app resolves onnxruntime-web with its `onnxruntime-web-use-extern-wasm` export condition (vite.config.ts)
 * so Vite does not also emit a 14–28 MB copy of the binary into assets/.
 * - dev: files come straight from `node_modules/onnxruntime-web/dist/`.
 * - build: `writeBundle` copies the listed files to `<outDir>/ort/`.
 * - preview: files come from `<outDir>/ort/`, exactly what the build shipped.
 * Only the listed files are served, with real 404s for anything else (as for models/).
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { modelFilesMiddleware } from './model-files-plugin.ts';

export interface OrtFilesOptions {
  /** onnxruntime-web's dist folder; found from the Vite root's node_modules when left out. */
  distDir?: string;
  /** URL folder under the base. Default `ort`. */
  dir?: string;
  /** File names to serve and ship. Default: the glue + wasm of the variants the app loads (`ORT_FILES`). */
  files?: readonly string[];
  /** Extra response headers, e.g. the cross-origin isolation headers. */
  headers?: Record<string, string>;
}

/**
 * The app resolves `onnxruntime-web` (and transformers.js's `onnxruntime-web/webgpu`) to the plain wasm
 * build, `onnxruntime-web/wasm` (vite.config.ts), which loads the plain variant: glue + a 14 MB binary
 * (the WebGPU-capable `jsep` one is 28 MB). A feature that picks the WebGPU execution provider would add
 * the `jsep` pair here and import `onnxruntime-web/webgpu` for it alone.
 */
export const ORT_FILES = ['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'];

/** onnxruntime-web's dist folder as installed for the project at `root`. */
export function ortDistDir(root: string): string {
  const entry = createRequire(join(root, 'package.json')).resolve('onnxruntime-web');
  // The Node entry lives in dist/ (ort.node.min.js), next to the wasm files.
  return dirname(entry);
}

export function ortFilesPlugin(options: OrtFilesOptions = {}): Plugin {
  const dirName = options.dir ?? 'ort';
  const files = new Set(options.files ?? ORT_FILES);
  const headers = { 'Cross-Origin-Resource-Policy': 'same-origin', ...options.headers };
  const allow = (relativePath: string) => files.has(relativePath);
  let sourceDir = '';
  let builtDir = '';
  let prefix = '/ort/';
  return {
    name: 'naviagent:ort-files',
    configResolved(config) {
      sourceDir = options.distDir ?? ortDistDir(config.root);
      builtDir = resolve(config.root, config.build.outDir, dirName);
      prefix = `${config.base.replace(/\/?$/, '/')}${dirName}/`;
    },
    configureServer(server) {
      server.middlewares.use(modelFilesMiddleware(() => sourceDir, prefix, headers, allow));
    },
    configurePreviewServer(server) {
      server.middlewares.use(modelFilesMiddleware(() => builtDir, prefix, headers, allow));
    },
    writeBundle() {
      const absent = [...files].filter((f) => !existsSync(join(sourceDir, f)));
      if (absent.length > 0)
        throw new Error(
          `onnxruntime-web files missing from ${sourceDir}: ${absent.join(', ')}. Run \`npm install\`; ` +
            'if onnxruntime-web was upgraded, update ORT_FILES in vite/ort-files-plugin.ts.',
        );
      mkdirSync(builtDir, { recursive: true });
      for (const f of files) copyFileSync(join(sourceDir, f), join(builtDir, f));
    },
  };
}
