import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody, MEDIA, sendJson } from './common';

export const SHELL_PATH = '/apps/shell/';
/** Module Federation entry files must never be cached: a rebuilt plugin has to load at once. */
const NO_CACHE = /(^|\/)remoteEntry\.js$|(^|\/)index\.html$|\.json$/;

/** /apps/<contextPath>/* from staticDir/<contextPath>/, with / and /apps/shell leading to the shell. */
export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<void> {
  app.get('/', async (_req, reply) => reply.redirect(SHELL_PATH));
  app.get('/apps/shell', async (_req, reply) => reply.redirect(SHELL_PATH));
  if (!fs.existsSync(staticDir)) {
    app.get('/apps/*', async (_req, reply) =>
      sendJson(reply, MEDIA.error, errorBody('general/Not Found', `No apps built in ${staticDir}: run npm run build`), 404),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/apps/',
    index: ['index.html'],
    redirect: true,
    cacheControl: true,
    maxAge: 0,
    setHeaders(res, filePath) {
      if (NO_CACHE.test(filePath.split(path.sep).join('/'))) {
        res.header('Cache-Control', 'no-store');
        res.removeHeader('ETag');
        res.removeHeader('Last-Modified');
      }
    },
  });
}

/** A deep link inside an app (no file extension) gets the app's index.html. */
export function appIndexFor(staticDir: string, urlPath: string): string | undefined {
  const m = /^\/apps\/([\w.-]+)\/(.*)$/.exec(urlPath);
  if (!m || path.extname(m[2]) !== '') return undefined;
  const file = path.join(staticDir, m[1], 'index.html');
  return fs.existsSync(file) ? file : undefined;
}
