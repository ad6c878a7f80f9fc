import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { isPlainObject } from '../core/context';
import { errorBody, isOwnOrigin, MEDIA, sendJson } from './common';
import { SHELL_PATH } from './static';

/**
 * Cookies from a real tenant carry its Domain and Secure; on http://localhost the browser would
 * drop them. Strip both (SameSite=None needs Secure, so it becomes Lax), as the platform's dev
 * tools do.
 */
export function rewriteSetCookie(cookie: string): string {
  return cookie
    .split(';')
    .map((p) => p.trim())
    .filter((p) => !/^domain=/i.test(p) && !/^secure$/i.test(p))
    .map((p) => (/^samesite=none$/i.test(p) ? 'SameSite=Lax' : p))
    .join('; ');
}

type RemotesMap = Record<string, string[]>;
const contextPathOfKey = (key: string) => key.split('@')[0];

/**
 * The tenant's application config with the local plugins added, as the platform shell reads it
 * (`config.remotes`, else the manifest's `remotes`, minus `config.excludedRemotes`): a local
 * plugin replaces any version of it the tenant lists (two containers of one federation name
 * cannot load), and one the tenant excluded (by context path, any version, as @c8y/bootstrap
 * matches modules; an empty module list excludes nothing there either) stays out.
 */
export function withLocalRemotes(app: { config?: unknown; manifest?: unknown }, local: RemotesMap): Record<string, unknown> {
  const config = isPlainObject(app.config) ? app.config : {};
  const manifestRemotes = isPlainObject(app.manifest) && isPlainObject(app.manifest.remotes) ? app.manifest.remotes : {};
  const base = isPlainObject(config.remotes) ? config.remotes : manifestRemotes;
  const excluded = isPlainObject(config.excludedRemotes) ? (config.excludedRemotes as Record<string, unknown>) : {};
  const localContextPaths = new Set(Object.keys(local).map(contextPathOfKey));
  const remotes: Record<string, unknown> = {};
  for (const [key, modules] of Object.entries(base)) if (!localContextPaths.has(contextPathOfKey(key))) remotes[key] = modules;
  for (const [key, modules] of Object.entries(local)) {
    const cp = contextPathOfKey(key);
    const kept = modules.filter(
      (m) => !Object.entries(excluded).some(([k, mods]) => contextPathOfKey(k) === cp && Array.isArray(mods) && mods.includes(m)),
    );
    if (kept.length) remotes[key] = kept;
  }
  return { ...config, remotes, excludedRemotes: excluded };
}

export interface ProxyOptions {
  /** Context path of the local platform UI application (manifest.json `platformShell`). */
  platformShellContextPath?: string;
  /** The bundle's default-enabled plugins, `{ "<contextPath>@<version>": ["<module>"] }`, served locally. */
  localRemotes?: RemotesMap;
}

/** Hop-by-hop headers and those a re-encoded body invalidates: never copied between the two connections. */
const NOT_RELAYED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'content-encoding', 'accept-encoding', 'set-cookie', 'proxy-connection', 'te', 'trailer']);

/** Redirects of the tenant point back through the proxy (a login app answering with its absolute URL). */
function localLocation(location: string, upstream: URL): string {
  return location.startsWith(upstream.origin) ? location.slice(upstream.origin.length) || '/' : location;
}

/**
 * To the tenant a request of a local page comes from the tenant's own origin (else it would
 * refuse the login as another site's, see crossSiteLogin in auth.ts); another site's stays
 * as it is, so the tenant refuses it.
 */
export function tenantRequestHeaders(headers: IncomingHttpHeaders, localHost: string | undefined, upstream: URL): IncomingHttpHeaders {
  const ownPage = typeof headers.origin === 'string' && isOwnOrigin(headers.origin, localHost);
  return { ...headers, host: upstream.host, ...(ownPage ? { origin: upstream.origin } : {}) };
}

/** Whether a request is a browser's page load (an address opened, a redirect followed), not an API call. */
export function wantsPage(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept;
  return typeof accept === 'string' && /(^|,)\s*text\/html\b/i.test(accept);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page saying what the error body says, for a browser that opened a page of the tenant. */
function unreachablePage(upstream: URL, detail: string): string {
  const [tenant, cause] = [escapeHtml(upstream.origin), escapeHtml(detail)];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tenant cannot be reached</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em; line-height: 1.5">
<h1>The tenant cannot be reached</h1>
<p>The tenant <strong>${tenant}</strong> cannot be reached (${cause}).</p>
<p>Check the address given to <code>--proxy</code> and that the tenant is up, then reload this page.</p>
</body>
</html>
`;
}

/**
 * The answer when the tenant cannot be reached (a wrong host in --proxy, a tenant that is down):
 * 502 with the platform's error body, naming the tenant, the cause and what to do; a browser's
 * page load (e.g. /apps/devicemanagement/ sent on to the tenant's login app) gets the same as a
 * small HTML page, not the JSON as a page of raw text.
 */
export function sendUnreachable(reply: FastifyReply, upstream: URL, error: unknown): FastifyReply {
  // Duck-typed: fetch's errors may come from another realm (undici's own), where instanceof Error fails.
  const messageOf = (e: unknown) => (typeof e === 'object' && e !== null && typeof (e as Error).message === 'string' ? (e as Error).message : undefined);
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  const detail = messageOf(cause) ?? messageOf(error) ?? String(error);
  if (wantsPage(reply.request.headers)) return reply.code(502).type('text/html; charset=utf-8').send(unreachablePage(upstream, detail));
  return sendJson(
    reply,
    MEDIA.error,
    errorBody('general/Bad Gateway', `The tenant ${upstream.origin} cannot be reached (${detail}). Check the address given to --proxy and that the tenant is up.`),
    502,
  );
}

function replyOptions(upstream: URL) {
  return {
    // The proxy plugin's reply type is its generic one (HTTP/2 included); this server is HTTP/1.
    onError: (reply: unknown, { error }: { error: unknown }) => void sendUnreachable(reply as FastifyReply, upstream, error),
    // `headers.host` is already the tenant's here; the request still has the one the browser sent.
    rewriteRequestHeaders: (req: { headers: IncomingHttpHeaders }, headers: IncomingHttpHeaders): IncomingHttpHeaders => tenantRequestHeaders(headers, req.headers.host, upstream),
    rewriteHeaders: (headers: IncomingHttpHeaders): IncomingHttpHeaders => {
      const out = { ...headers };
      if (out.location !== undefined) out.location = localLocation(out.location, upstream);
      if (out['set-cookie'] !== undefined) out['set-cookie'] = out['set-cookie'].map(rewriteSetCookie);
      return out;
    },
  };
}

/**
 * One GET to the tenant, answered here: streamed as it comes, or, with `rewrite`, read whole and
 * changed first. (The proxy plugin's reply.from lives inside its own encapsulated context, out of
 * reach of the routes that decide to forward.)
 */
async function relay(req: FastifyRequest, reply: FastifyReply, upstream: URL, rewrite?: (body: Buffer) => Buffer): Promise<FastifyReply> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !NOT_RELAYED.has(k)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  let res: Response;
  try {
    res = await fetch(new URL(req.url, upstream.origin), { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers, redirect: 'manual' });
  } catch (e) {
    return sendUnreachable(reply, upstream, e);
  }
  for (const [k, v] of res.headers) if (!NOT_RELAYED.has(k)) reply.header(k, k === 'location' ? localLocation(v, upstream) : v);
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies.map(rewriteSetCookie));
  reply.code(res.status);
  if (!res.body) return reply.send();
  if (!rewrite) return reply.send(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream));
  return reply.send(rewrite(Buffer.from(await res.arrayBuffer())));
}

/** Sends a GET on to the tenant (what the local apps do not serve: its login app, its own plugins). */
export function forwardToTenant(req: FastifyRequest, reply: FastifyReply, upstream: string): Promise<FastifyReply> {
  return relay(req, reply, new URL(upstream));
}

/**
 * Everything but /apps/* and /health goes to the upstream tenant, websockets included. With a
 * platform shell, the tenant's answer for that application (its manifest and the application
 * itself, both of which @c8y/bootstrap reads) gets the local plugins in `config.remotes`, so the
 * locally served shell loads the locally built plugins, as the platform's dev tools let developers
 * work against a tenant.
 */
export async function registerProxy(app: FastifyInstance, upstream: string, opts: ProxyOptions = {}): Promise<void> {
  const url = new URL(upstream);
  const { platformShellContextPath, localRemotes } = opts;
  if (platformShellContextPath && localRemotes) {
    /** The tenant's answer, with the local plugins added when it is the platform shell application (`pick` finds it in the body). */
    const withLocal = (pick: (body: unknown) => unknown) => (req: FastifyRequest, reply: FastifyReply) =>
      relay(req, reply, url, (body) => {
        if (reply.statusCode !== 200) return body;
        try {
          const json = JSON.parse(body.toString('utf8')) as unknown;
          const doc = pick(json);
          if (!isPlainObject(doc) || doc.contextPath !== platformShellContextPath) return body;
          doc.config = withLocalRemotes(doc, localRemotes);
          return Buffer.from(JSON.stringify(json));
        } catch {
          return body; // Not JSON: passed on as the tenant sent it.
        }
      });
    app.get('/application/applications/:contextPath/manifest', withLocal((b) => (isPlainObject(b) ? b.application : undefined)));
    app.get('/application/applications/:id', withLocal((b) => b));
  }
  await app.register(httpProxy, {
    upstream: url.origin,
    prefix: '/',
    websocket: true,
    preHandler: (req, reply, done) => {
      if (req.url === '/') reply.redirect(SHELL_PATH);
      else done();
    },
    replyOptions: replyOptions(url),
  });
}
