import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, type LoginResult, sameToken, SESSION_TTL_MS, TooManyLogins, unauthorized } from '../core/auth';
import { HttpError } from '../core/api';
import type { Core } from '../core/core';
import { errorBody, isOwnOrigin, MEDIA, sendError, sendJson } from './common';
import { parseCookies, serializeCookie } from './cookies';
import { registerRoleGuard } from './roles';

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

/**
 * Why a login is refused as coming from another site's page, if it is (login CSRF: that page
 * could post the attacker's credentials and log the victim in as the attacker). A browser names
 * the posting page's origin; without Origin, Sec-Fetch-Site says cross-site. A client that is no
 * browser (curl, scripts) sends neither and logs in as before.
 */
export function crossSiteLogin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    return isOwnOrigin(origin, req.headers.host) ? undefined : `Login refused: the request comes from a page of another site (${origin}), not from this server's login page`;
  }
  return req.headers['sec-fetch-site'] === 'cross-site' ? "Login refused: the request comes from a page of another site, not from this server's login page" : undefined;
}

/**
 * Whether the request came over TLS, so the login cookies get `Secure`. Fastify's protocol: the
 * connection's own (the server trusts no proxy, so X-Forwarded-Proto is not read).
 */
const overHttps = (req: FastifyRequest) => req.protocol === 'https';

/** The user of a password check, or the 401 / 429 (with Retry-After) that refuses it. */
function userOf(r: LoginResult) {
  if ('user' in r) return r.user;
  return r.refused === 'throttled' ? new TooManyLogins(r.retryAfterS) : unauthorized();
}

/**
 * Authentication (Basic or the login cookie with its XSRF token) for everything but the public
 * paths, then the role table (roles.ts) for every write route; both before any body is read.
 */
export function registerAuth(app: FastifyInstance, core: Core): void {
  app.addHook('onRequest', async (req, reply) => {
    if (isPublic(req)) return;
    const header = req.headers.authorization;
    if (header) {
      const [scheme, token] = header.split(' ', 2);
      const user = scheme?.toLowerCase() === 'basic' && token ? userOf(core.auth.checkBasic(token, req.ip)) : unauthorized();
      // Answered here, not thrown: a microservice's error handler would drop Retry-After.
      if (user instanceof HttpError) return sendError(reply, user);
      core.setUser(req, user);
      return;
    }
    const session = core.auth.session(parseCookies(req.headers.cookie)[AUTH_COOKIE] ?? '');
    if (!session) {
      return sendJson(reply, MEDIA.error, errorBody('security/Unauthorized', 'Full authentication is required to access this resource'), 401);
    }
    if (!SAFE_METHODS.has(req.method) && !sameToken(req.headers['x-xsrf-token'] as string | undefined, session.xsrf)) {
      return sendError(reply, forbidden('Missing or wrong X-XSRF-TOKEN header'));
    }
    core.setUser(req, session.user);
  });
  registerRoleGuard(app, core);

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
    const crossSite = crossSiteLogin(req);
    if (crossSite) throw forbidden(crossSite);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const tenantQuery = (req.query as Record<string, string | undefined>).tenant_id;
    const grant = typeof b.grant_type === 'string' ? b.grant_type.toUpperCase() : undefined;
    if (grant !== 'PASSWORD' || typeof b.username !== 'string' || typeof b.password !== 'string') {
      return sendJson(reply, MEDIA.error, errorBody('security/Unauthorized', 'grant_type=PASSWORD, username and password are required'), 401);
    }
    const tenant = typeof b.tenant_id === 'string' && b.tenant_id ? b.tenant_id : tenantQuery;
    const user = userOf(core.auth.checkLogin(b.username, b.password, tenant, req.ip));
    if (user instanceof HttpError) throw user;
    const session = core.transaction(() => core.auth.createSession(user));
    const maxAge = Math.floor(SESSION_TTL_MS / 1000);
    const secure = overHttps(req);
    reply.header('Set-Cookie', [
      serializeCookie(AUTH_COOKIE, session.token, { httpOnly: true, maxAge, secure }),
      serializeCookie(XSRF_COOKIE, session.xsrf, { maxAge, secure }),
    ]);
    return reply.code(200).send();
  });

  app.post('/user/logout', async (req, reply) => {
    const token = parseCookies(req.headers.cookie)[AUTH_COOKIE];
    if (token) core.transaction(() => core.auth.endSession(token));
    const secure = overHttps(req);
    reply.header('Set-Cookie', [serializeCookie(AUTH_COOKIE, '', { httpOnly: true, maxAge: 0, secure }), serializeCookie(XSRF_COOKIE, '', { maxAge: 0, secure })]);
    return reply.code(200).send();
  });
}
