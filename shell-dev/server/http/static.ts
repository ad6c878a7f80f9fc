import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorBody, MEDIA, sendJson } from './common';

export const SHELL_PATH = '/apps/shell/';
/** Module Federation entry files and pages must never be cached: a rebuilt plugin has to load at once. */
const NO_CACHE = /(^|\/)remoteEntry\.js$|\.html$|\.json$/;
/** Hashed bundles may be cached briefly; the entry files above decide which ones load. */
const ASSET_MAX_AGE_S = 3600;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=UTF-8',
  '.js': 'application/javascript; charset=UTF-8',
  '.mjs': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=UTF-8',
  '.wasm': 'application/wasm',
};

/** The file under staticDir for a URL path, never outside it; a directory means its index.html. */
export function resolveAppFile(staticDir: string, urlPath: string): string | undefined {
  const m = /^\/apps\/(.*)$/.exec(urlPath);
  if (!m) return undefined;
  let rel: string;
  try {
    rel = decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
  const root = path.resolve(staticDir);
  let file = path.resolve(root, rel);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    if (fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** A deep link inside an app (no file extension) gets the app's index.html. */
export function appIndexFor(staticDir: string, urlPath: string): string | undefined {
  const m = /^\/apps\/([\w.-]+)\/(.*)$/.exec(urlPath);
  if (!m || path.extname(m[2]) !== '') return undefined;
  const file = path.join(staticDir, m[1], 'index.html');
  return fs.existsSync(file) ? file : undefined;
}

/**
 * /apps/<contextPath>/* from staticDir/<contextPath>/, with / and /apps/<contextPath> leading to
 * the trailing-slash URL. (Hand-written: @fastify/static pulls an ESM-only dependency that jest's
 * CommonJS runtime cannot load.)
 */
export function registerStatic(app: FastifyInstance, staticDir: string, rootRedirect = true, installedDir?: string): void {
  // Installed packages (uploaded by a tenant admin) come first: an upload replaces a built app.
  const roots = installedDir ? [installedDir, staticDir] : [staticDir];
  // In proxy mode the proxy owns '/' and redirects it itself (see proxy.ts).
  if (rootRedirect) app.get('/', async (_req, reply) => reply.redirect(SHELL_PATH));
  app.get('/apps', async (_req, reply) => reply.redirect(SHELL_PATH));
  app.get('/apps/*', async (req, reply) => {
    const urlPath = req.url.split('?')[0];
    const appOnly = /^\/apps\/([\w.-]+)$/.exec(urlPath);
    if (appOnly && roots.some((r) => fs.existsSync(path.join(r, appOnly[1])))) return reply.redirect(`${urlPath}/`);
    let file: string | undefined;
    for (const r of roots) file ??= resolveAppFile(r, urlPath) ?? appIndexFor(r, urlPath);
    if (!file) {
      const hint = fs.existsSync(staticDir) ? '' : ` (nothing built in ${staticDir}: run npm run build)`;
      return sendJson(reply, MEDIA.error, errorBody('general/Not Found', `No file at ${urlPath}${hint}`), 404);
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    reply.header('Cache-Control', NO_CACHE.test(file.split(path.sep).join('/')) ? 'no-store' : `public, max-age=${ASSET_MAX_AGE_S}`);
    return reply.type(type).send(fs.createReadStream(file));
  });
}
