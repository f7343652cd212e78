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
 */
import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
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
    res.setHeader('Cache-Control', 'no-cache');
    if (!file || !stat?.isFile() || isDoc(file) || !allow(relative(dir(), file))) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`model file not found: ${url}\n`);
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    res.setHeader('Content-Length', String(stat.size));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
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
