import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameToken, SESSION_TTL_MS, unauthorized, forbidden } from '../core/auth';
import type { Core } from '../core/core';
import { errorBody, MEDIA, sendJson } from './common';
import { parseCookies, serializeCookie } from './cookies';

export const AUTH_COOKIE = 'authorization';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths answered without credentials: health, login, login options and the static apps. */
export function isPublic(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0];
  if (path === '/health' || path === '/' || path === '/apps' || path.startsWith('/apps/')) return true;
  if (path === '/tenant/oauth' && req.method === 'POST') return true;
  return path === '/tenant/loginOptions' && req.method === 'GET';
}

export function registerAuth(app: FastifyInstance, core: Core): void {
  app.addHook('onRequest', async (req, reply) => {
    if (isPublic(req)) return;
    const header = req.headers.authorization;
    if (header) {
      const [scheme, token] = header.split(' ', 2);
      const user = scheme?.toLowerCase() === 'basic' && token ? core.auth.basic(token) : undefined;
      if (!user) return sendJson(reply, MEDIA.error, errorBody('security/Unauthorized', 'Invalid credentials!'), 401);
      core.setUser(req, user);
      return;
    }
    const session = core.auth.session(parseCookies(req.headers.cookie)[AUTH_COOKIE] ?? '');
    if (!session) {
      return sendJson(reply, MEDIA.error, errorBody('security/Unauthorized', 'Full authentication is required to access this resource'), 401);
    }
    if (!SAFE_METHODS.has(req.method) && !sameToken(req.headers['x-xsrf-token'] as string | undefined, session.xsrf)) {
      const e = forbidden('Missing or wrong X-XSRF-TOKEN header');
      return sendJson(reply, MEDIA.error, errorBody(e.error, e.message), e.status);
    }
    core.setUser(req, session.user);
  });

  app.get('/tenant/loginOptions', async (_req, reply) =>
    sendJson(reply, 'application/vnd.com.nsn.cumulocity.loginoptioncollection+json', {
      loginOptions: [
        { id: 'OAUTH2_INTERNAL', type: 'OAUTH2_INTERNAL', userManagementSource: 'INTERNAL', grantType: 'PASSWORD', visibleOnLoginPage: true, initRequest: '/tenant/oauth' },
        { id: 'BASIC', type: 'BASIC', userManagementSource: 'INTERNAL', visibleOnLoginPage: false },
      ],
    }),
  );

  /** Cookie login: form (or JSON) grant_type=PASSWORD, username (tenant/user or user), password, tenant_id. */
  app.post('/tenant/oauth', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const tenantQuery = (req.query as Record<string, string | undefined>).tenant_id;
    const grant = typeof b.grant_type === 'string' ? b.grant_type.toUpperCase() : undefined;
    if (grant !== 'PASSWORD' || typeof b.username !== 'string' || typeof b.password !== 'string') {
      return sendJson(reply, MEDIA.error, errorBody('security/Unauthorized', 'grant_type=PASSWORD, username and password are required'), 401);
    }
    const tenant = typeof b.tenant_id === 'string' && b.tenant_id ? b.tenant_id : tenantQuery;
    const user = core.auth.login(b.username, b.password, tenant);
    if (!user) throw unauthorized();
    const session = core.transaction(() => core.auth.createSession(user));
    const maxAge = Math.floor(SESSION_TTL_MS / 1000);
    reply.header('Set-Cookie', [
      serializeCookie(AUTH_COOKIE, session.token, { httpOnly: true, maxAge }),
      serializeCookie(XSRF_COOKIE, session.xsrf, { maxAge }),
    ]);
    return reply.code(200).send();
  });

  app.post('/user/logout', async (req, reply) => {
    const token = parseCookies(req.headers.cookie)[AUTH_COOKIE];
    if (token) core.transaction(() => core.auth.endSession(token));
    reply.header('Set-Cookie', [serializeCookie(AUTH_COOKIE, '', { httpOnly: true, maxAge: 0 }), serializeCookie(XSRF_COOKIE, '', { maxAge: 0 })]);
    return reply.code(200).send();
  });
}
