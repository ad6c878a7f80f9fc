import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  // No application's folder starts with a dot (CONTEXT_PATH): those are an upload being unpacked or
  // a replaced version being removed (packages/index.ts), never served.
  if (rel.startsWith('.')) return undefined;
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

/**
 * A folder name an application can have: none starts with a dot ('.' and '..', which `[\w.-]+`
 * also matches, and the hidden folders of an upload being unpacked).
 */
const isAppName = (name: string) => !name.startsWith('.');

/** A deep link inside an app (no file extension) gets the app's index.html. */
export function appIndexFor(staticDir: string, urlPath: string): string | undefined {
  const m = /^\/apps\/([\w.-]+)\/(.*)$/.exec(urlPath);
  // '/apps/../x' would be the index.html above the apps folder.
  if (!m || !isAppName(m[1]) || path.extname(m[2]) !== '') return undefined;
  const file = path.join(staticDir, m[1], 'index.html');
  return fs.existsSync(file) ? file : undefined;
}

/** The tag that always names an application's current version (`/apps/<contextPath>@latest/`). */
export const LATEST = 'latest';

export interface StaticOptions {
  /** '/' leads to the dev shell (in proxy mode the proxy owns '/'). */
  rootRedirect?: boolean;
  /** Installed packages (uploaded by a tenant admin), served before the build. */
  installedDir?: string;
  /**
   * The application at a context path and the version its files are served as, for
   * `/apps/<contextPath>@<version>/...` (the key the platform shell requests for each
   * `config.remotes` entry); undefined: no such application.
   */
  applicationAt?: (contextPath: string) => { version?: string } | undefined;
  /** Proxy mode: what is not served here goes to the tenant instead of a 404. */
  fallback?: (req: FastifyRequest, reply: FastifyReply) => unknown;
  /** Proxy mode: paths that always belong to the tenant (its login app and public options). */
  forwardAlways?: (urlPath: string) => boolean;
}

/** `/apps/<contextPath>@<version or tag>[/rest]` split into its parts (the '@' may come percent-encoded). */
export function parseVersionedAppPath(urlPath: string): { contextPath: string; version: string; rest: string | undefined } | undefined {
  const m = /^\/apps\/([^/]+?)(?:@|%40)([^/]+)(\/.*)?$/i.exec(urlPath);
  if (!m || m[1] === 'public') return undefined;
  let contextPath: string;
  let version: string;
  try {
    contextPath = decodeURIComponent(m[1]);
    version = decodeURIComponent(m[2]);
  } catch {
    return undefined;
  }
  if (contextPath.includes('@') || contextPath.includes('/') || version.includes('/')) return undefined;
  return { contextPath, version, rest: m[3] };
}

/**
 * /apps/<contextPath>/* from staticDir/<contextPath>/, with / and /apps/<contextPath> leading to
 * the trailing-slash URL; /apps/<contextPath>@<version>/* and @latest serve the same files when
 * the version is the application's. (Hand-written: @fastify/static pulls an ESM-only dependency
 * that jest's CommonJS runtime cannot load.)
 */
export function registerStatic(app: FastifyInstance, staticDir: string, opts: StaticOptions = {}): void {
  const { rootRedirect = true, installedDir, applicationAt, fallback, forwardAlways } = opts;
  // Installed packages (uploaded by a tenant admin) come first: an upload replaces a built app.
  const roots = installedDir ? [installedDir, staticDir] : [staticDir];
  const notFound = (req: FastifyRequest, reply: FastifyReply, message: string) =>
    fallback ? fallback(req, reply) : sendJson(reply, MEDIA.error, errorBody('general/Not Found', message), 404);
  // In proxy mode the proxy owns '/' and redirects it itself (see proxy.ts).
  if (rootRedirect) app.get('/', async (_req, reply) => reply.redirect(SHELL_PATH));
  app.get('/apps', async (_req, reply) => reply.redirect(SHELL_PATH));
  app.get('/apps/*', async (req, reply) => {
    let urlPath = req.url.split('?')[0];
    if (fallback && forwardAlways?.(urlPath)) return fallback(req, reply);
    const versioned = parseVersionedAppPath(urlPath);
    if (versioned) {
      const { contextPath, version, rest } = versioned;
      const application = applicationAt?.(contextPath);
      if (!application) return notFound(req, reply, `No application with context path '${contextPath}'`);
      if (version !== LATEST && version !== application.version) {
        const has = application.version ? `its version is ${application.version}` : `it has no version, use @${LATEST}`;
        return notFound(req, reply, `Application '${contextPath}' has no version '${version}' (${has})`);
      }
      if (rest === undefined) return reply.redirect(`${urlPath}/`);
      urlPath = `/apps/${contextPath}${rest}`;
    }
    const appOnly = /^\/apps\/([\w.-]+)$/.exec(urlPath);
    if (appOnly && isAppName(appOnly[1]) && roots.some((r) => fs.existsSync(path.join(r, appOnly[1])))) return reply.redirect(`${urlPath}/`);
    let file: string | undefined;
    for (const r of roots) file ??= resolveAppFile(r, urlPath) ?? appIndexFor(r, urlPath);
    if (!file) {
      const hint = fs.existsSync(staticDir) ? '' : ` (nothing built in ${staticDir}: run npm run build)`;
      return notFound(req, reply, `No file at ${urlPath}${hint}`);
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    reply.header('Cache-Control', NO_CACHE.test(file.split(path.sep).join('/')) ? 'no-store' : `public, max-age=${ASSET_MAX_AGE_S}`);
    return reply.type(type).send(fs.createReadStream(file));
  });
}
