/**
 * Serves the repo's `models/` folder at `<base>models/` with real 404s, and copies it into the build.
 *
 * Why: Vite's single-page-app fallback answers any unknown path with index.html (status 200), so a missing
 * model file would surface in transformers.js as "Unexpected token '<'" instead of "file not found".
 * - dev (`vite`): files come straight from `<root>/models/`, so a regenerated or newly dropped model is
 *   served without a rebuild.
 * - build (`vite build`): `writeBundle` copies `<root>/models/` to `<outDir>/models/` (docs such as
 *   README.md excepted), so the app finds them at `/models/` wherever dist/ is hosted.
 * - preview (`vite preview`): files come from `<outDir>/models/`, i.e. exactly what the build shipped.
 * Models are not under `public/`: the folder is also read by Node scripts and tests, and `public/` files
 * still get the index.html fallback when missing.
 *
 * `<base>models/index.json` lists the files (`{ files: ["tiny-embedder/config.json", …] }`): written into
 * the build, computed live in dev. The app reads it to learn which embedder folders exist instead of
 * probing each known one (every miss was a 404 error in the console).
 *
 * Files of 1 KB and more are sent gzip-compressed to clients that accept it (compressed once per file
 * version and kept in memory), with an ETag so a revalidation costs a 304: ORT's 14 MB wasm crosses the
 * wire as ~3 MB. A static host serving dist/ should do the same for .wasm and .onnx.
 */
import {
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface ModelFilesOptions {
  /** Models folder, relative to the Vite root. */
  dir?: string;
  /** Extra response headers, e.g. the cross-origin isolation headers the rest of the app gets. */
  headers?: Record<string, string>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  // Module scripts (onnxruntime-web's wasm glue) are refused unless served with a JavaScript type.
  '.mjs': 'text/javascript; charset=utf-8',
};

/** Files in the models folder that document it rather than belong to a model. */
function isDoc(path: string): boolean {
  return /\.md$/i.test(path);
}

const isHidden = (relativePath: string) => /(^|[/\\])\./.test(relativePath);

/** The index's name inside the models folder. */
export const MODELS_INDEX = 'index.json';

/** The files a models folder ships (docs, hidden files and the index itself excepted), `/`-separated, sorted. */
export function listModelFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const rel = relative(dir, path).split(sep).join('/');
      if (isHidden(rel)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !isDoc(rel) && rel !== MODELS_INDEX) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

/** `models/index.json`'s text for a folder. */
export function modelsIndexJson(dir: string): string {
  return JSON.stringify({ files: listModelFiles(dir) }, null, 1) + '\n';
}

export function modelFilesPlugin(options: ModelFilesOptions = {}): Plugin {
  const dirName = options.dir ?? 'models';
  const headers = { 'Cross-Origin-Resource-Policy': 'same-origin', ...options.headers };
  let sourceDir = '';
  let builtDir = '';
  let prefix = '/models/';
  return {
    name: 'naviagent:model-files',
    configResolved(config) {
      sourceDir = resolve(config.root, dirName);
      builtDir = resolve(config.root, config.build.outDir, dirName);
      prefix = `${config.base.replace(/\/?$/, '/')}${dirName}/`;
    },
    configureServer(server) {
      // Dev lists the source folder live: a model dropped in shows up on the next load.
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== `${prefix}${MODELS_INDEX}`)
          return next();
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Type', CONTENT_TYPES['.json']!);
        res.end(modelsIndexJson(sourceDir));
      });
      server.middlewares.use(modelFilesMiddleware(() => sourceDir, prefix, headers));
    },
    configurePreviewServer(server) {
      server.middlewares.use(modelFilesMiddleware(() => builtDir, prefix, headers));
    },
    writeBundle() {
      if (!existsSync(sourceDir)) return;
      cpSync(sourceDir, builtDir, {
        recursive: true,
        filter: (src) => !isDoc(src) && !/(^|[/\\])\.[^/\\]/.test(relative(sourceDir, src)),
      });
      writeFileSync(join(builtDir, MODELS_INDEX), modelsIndexJson(builtDir));
    },
  };
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * GET/HEAD under `prefix` → the file under `dir()`, or 404; everything else passes through. `allow`
 * narrows which files (path relative to `dir()`) may be served.
 */
export function modelFilesMiddleware(
  dir: () => string,
  prefix: string,
  headers: Record<string, string>,
  allow: (relativePath: string) => boolean = () => true,
): Middleware {
  return (req, res, next) => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(prefix)) return next();
    const file = resolveInside(dir(), url.slice(prefix.length));
    const stat = file && existsSync(file) ? statSync(file) : undefined;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // Cacheable, revalidated: file names carry no hash, so a regenerated model must not be served stale.
    res.setHeader('Cache-Control', 'no-cache');
    if (!file || !stat?.isFile() || isDoc(file) || !allow(relative(dir(), file))) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`model file not found: ${url}\n`);
      return;
    }
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    const gzip =
      stat.size >= COMPRESS_MIN_BYTES && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) {
      const body = gzipped(file, etag);
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', String(body.length));
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.setHeader('Content-Length', String(stat.size));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}

const COMPRESS_MIN_BYTES = 1024;

/** Gzipped bytes of a file version (keyed by path + ETag), compressed on first request. */
const gzipCache = new Map<string, Buffer>();
function gzipped(file: string, etag: string): Buffer {
  const key = `${file}|${etag}`;
  let body = gzipCache.get(key);
  if (!body) {
    for (const k of gzipCache.keys()) if (k.startsWith(`${file}|`)) gzipCache.delete(k);
    body = gzipSync(readFileSync(file), { level: 6 });
    gzipCache.set(key, body);
  }
  return body;
}

/** The file a URL tail names inside `root`, or undefined if it is malformed or escapes `root`. */
function resolveInside(root: string, urlTail: string): string | undefined {
  let tail: string;
  try {
    tail = decodeURIComponent(urlTail.split(/[?#]/)[0] ?? '');
  } catch {
    return undefined;
  }
  const file = resolve(join(root, tail));
  return file.startsWith(root + sep) ? file : undefined;
}
