/**
 * What the real platform UI (an Angular shell from @c8y/ngx-components, booted by @c8y/bootstrap)
 * asks the platform beyond the REST API the plugins use: the login application, the manifest of
 * the application it runs as, feature toggles and the system and tenant options it reads after
 * login. Answers follow the platform's shapes; see README.md ("The real platform shell").
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT, DEMO_PASSWORD, DEMO_USERS, verifyPassword } from '../core/auth';
import type { Core } from '../core/core';
import { baseUrl, collection, errorBody, MEDIA, paging, q, sendJson, str } from './common';
import { resolveAppFile } from './static';
import { appView } from '../packages/index';

export const LOGIN_APP_PATH = '/apps/public/login/';
/** The login application's files (plain HTML, CSS and JS: no build step). */
export const LOGIN_APP_DIR = path.join(__dirname, '..', 'login-app');
/** The platform release whose API and UI packages (@c8y/* 1023.77.1) the stand-in follows; shown as the backend version. */
export const STAND_IN_PLATFORM_VERSION = '1023.77.1';

const OPTION_MEDIA = 'application/vnd.com.nsn.cumulocity.option+json';
const OPTION_COLLECTION_MEDIA = 'application/vnd.com.nsn.cumulocity.optioncollection+json';
const EVALUATE_MODES = ['current', 'inherited'];

/**
 * System options the shell reads. The stand-in has no support desk and no support user: the
 * support link is switched off with the platform's own value `false`, and support-user access
 * counts as granted by the system, so the shell offers no "activate support user" entry.
 */
const SYSTEM_OPTIONS: ReadonlyArray<{ category: string; key: string; value: string }> = [
  { category: 'system', key: 'version', value: STAND_IN_PLATFORM_VERSION },
  { category: 'support-user', key: 'enabled', value: 'true' },
  { category: 'support', key: 'url', value: 'false' },
];

/**
 * Feature toggles (`GET /features`: a plain array of `{key, phase, active, strategy}`, as
 * @c8y/client's FeatureService reads it). The stand-in switches none on; the shell treats an
 * unknown key as inactive, which is what an empty list says.
 */
const FEATURE_TOGGLES: ReadonlyArray<{ key: string; phase: string; active: boolean; strategy: string }> = [];

const optionNotFound = (category: string, key: string) => errorBody('options/Not Found', `Unable to find option by given key: ${category}/${key}`);

function optionView(req: FastifyRequest, base: string, o: { category: string; key: string; value: string }) {
  return { category: o.category, key: o.key, value: o.value, self: `${baseUrl(req)}${base}/${encodeURIComponent(o.category)}/${encodeURIComponent(o.key)}` };
}

export function registerPlatformShell(app: FastifyInstance, core: Core): void {
  // Application manifest ----------------------------------------------------------------------
  /**
   * @c8y/bootstrap reads `application.id` from here and then the application itself; without it
   * the shell sends the user back to the login on any host other than localhost. Any logged-in
   * user may ask: on the platform it answers for the applications the user can open, and in the
   * stand-in every user can open every application.
   */
  app.get('/application/applications/:contextPath/manifest', async (req, reply) => {
    core.user(req);
    const { contextPath } = req.params as { contextPath: string };
    const a = core.applications.byContextPath(contextPath) ?? (/^\d+$/.test(contextPath) ? core.applications.get(contextPath) : undefined);
    if (!a) return sendJson(reply, MEDIA.error, errorBody('application/Not Found', `Application with context path '${contextPath}' not found`), 404);
    return sendJson(reply, 'application/json', { application: appView(req, a) });
  });

  // Feature toggles -----------------------------------------------------------------------------
  app.get('/features', async (req, reply) => {
    core.user(req);
    return sendJson(reply, 'application/json', FEATURE_TOGGLES);
  });
  app.get('/features/:key', async (req, reply) => {
    core.user(req);
    const { key } = req.params as { key: string };
    const f = FEATURE_TOGGLES.find((t) => t.key === key);
    if (!f) return sendJson(reply, MEDIA.error, errorBody('features/Not Found', `Feature toggle '${key}' not found`), 404);
    return sendJson(reply, 'application/json', f);
  });

  // System options --------------------------------------------------------------------------------
  app.get('/tenant/system/options', async (req, reply) => {
    core.user(req);
    return sendJson(reply, OPTION_COLLECTION_MEDIA, {
      options: SYSTEM_OPTIONS.map((o) => optionView(req, '/tenant/system/options', o)),
      self: `${baseUrl(req)}/tenant/system/options`,
    });
  });
  app.get('/tenant/system/options/:category/:key', async (req, reply) => {
    core.user(req);
    const { category, key } = req.params as { category: string; key: string };
    const o = SYSTEM_OPTIONS.find((x) => x.category === category && x.key === key);
    if (!o) return sendJson(reply, MEDIA.error, optionNotFound(category, key), 404);
    return sendJson(reply, OPTION_MEDIA, optionView(req, '/tenant/system/options', o));
  });

  // Tenant options ---------------------------------------------------------------------------------
  /**
   * The demo tenant has no options set, and the platform answers an unset option with 404
   * (reference/c8y-oas.json: "Option not found"); the shell then falls back to the system option.
   */
  const evaluate = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const mode = str(q(req), 'evaluate');
    if (mode === undefined || EVALUATE_MODES.includes(mode)) return true;
    sendJson(reply, MEDIA.error, errorBody('options/Invalid Data', `'evaluate' must be one of ${EVALUATE_MODES.join(', ')}`), 422);
    return false;
  };
  app.get('/tenant/options', async (req, reply) => {
    core.user(req);
    const p = paging(q(req));
    return sendJson(reply, OPTION_COLLECTION_MEDIA, collection(req, 'options', [], p, 0));
  });
  app.get('/tenant/options/:category/:key', async (req, reply) => {
    core.user(req);
    if (!evaluate(req, reply)) return reply;
    const { category, key } = req.params as { category: string; key: string };
    return sendJson(reply, MEDIA.error, optionNotFound(category, key), 404);
  });

  registerLoginApp(app, core);
}

/**
 * The login application at /apps/public/login/ (public: the auth hook lets /apps/* through) and
 * the demo logins it offers: the demo tenant's users that are enabled and still have the demo
 * password (an admin who changed one takes it off the page).
 */
export function registerLoginApp(app: FastifyInstance, core: Core, dir = LOGIN_APP_DIR): void {
  const verified = new Map<string, boolean>();
  const hasDemoPassword = (hash: string) => {
    let ok = verified.get(hash);
    if (ok === undefined) {
      ok = verifyPassword(DEMO_PASSWORD, hash);
      verified.set(hash, ok);
    }
    return ok;
  };

  app.get('/apps/public/login', async (_req, reply) => reply.redirect(LOGIN_APP_PATH));
  app.get('/apps/public/login/demo-logins.json', async (_req, reply) => {
    const users = DEMO_USERS.filter((u) => {
      const row = core.ctx.stmt('SELECT password_hash, json FROM users WHERE tenant = ? AND user_name = ?').get(DEFAULT_TENANT, u.userName) as
        | { password_hash: string; json: string }
        | undefined;
      return row !== undefined && (JSON.parse(row.json) as { enabled?: boolean }).enabled !== false && hasDemoPassword(row.password_hash);
    }).map((u) => ({ userName: u.userName, firstName: u.firstName }));
    reply.header('Cache-Control', 'no-store');
    return sendJson(reply, 'application/json', { tenant: DEFAULT_TENANT, password: users.length ? DEMO_PASSWORD : null, users });
  });
  app.get('/apps/public/login/*', async (req, reply) => {
    const rest = req.url.split('?')[0].slice(LOGIN_APP_PATH.length);
    const file = resolveAppFile(dir, `/apps/${rest}`) ?? (path.extname(rest) === '' ? path.join(dir, 'index.html') : undefined);
    if (!file || !fs.existsSync(file)) return sendJson(reply, MEDIA.error, errorBody('general/Not Found', `No file at ${req.url.split('?')[0]}`), 404);
    const ext = path.extname(file);
    const type = ext === '.html' ? 'text/html; charset=UTF-8' : ext === '.css' ? 'text/css; charset=UTF-8' : ext === '.js' ? 'application/javascript; charset=UTF-8' : 'application/octet-stream';
    // A login page runs its own code only, and never inside another site's frame.
    reply.header('Content-Security-Policy', "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cache-Control', 'no-store');
    return reply.type(type).send(fs.createReadStream(file));
  });
}
