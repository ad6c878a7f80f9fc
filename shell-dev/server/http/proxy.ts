import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
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

/** Everything but /apps/* and /health goes to the upstream tenant, websockets included. */
export async function registerProxy(app: FastifyInstance, upstream: string): Promise<void> {
  const url = new URL(upstream);
  await app.register(httpProxy, {
    upstream: url.origin,
    prefix: '/',
    websocket: true,
    preHandler: (req, reply, done) => {
      if (req.url === '/') reply.redirect(SHELL_PATH);
      else done();
    },
    replyOptions: {
      rewriteRequestHeaders: (_req, headers) => ({ ...headers, host: url.host }),
      rewriteHeaders: (headers) => {
        const set = headers['set-cookie'];
        if (set === undefined) return headers;
        const list = Array.isArray(set) ? set : [String(set)];
        return { ...headers, 'set-cookie': list.map(rewriteSetCookie) };
      },
    },
  });
}
