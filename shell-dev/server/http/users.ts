/** /user: the current user, users of the tenant, user groups and their members, roles. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, ROLES, type UserDoc } from '../core/auth';
import { invalid, isPlainObject, notFound } from '../core/context';
import type { Core } from '../core/core';
import type { GroupDoc } from '../core/users';
import { AUTH_COOKIE } from './auth';
import { baseUrl, body, collection, MEDIA, paging, q, readRole, sendJson } from './common';
import { parseCookies } from './cookies';

/** The caller and its login session (none for Basic credentials): a password change keeps that one. */
function caller(core: Core, req: FastifyRequest) {
  return { ...core.user(req), session: parseCookies(req.headers.cookie)[AUTH_COOKIE] };
}

/** Device users are named device_<serial> by the platform's registration. */
const DEVICE_USER_PREFIX = 'device_';

/**
 * The platform creates a user for every registered device (the owner of its objects); the demo
 * fleet only names them as owners. Such a user exists, enabled, while some object is owned by it.
 */
function deviceUser(core: Core, userName: string): UserDoc | undefined {
  if (!userName.startsWith(DEVICE_USER_PREFIX)) return undefined;
  const owned = core.ctx.stmt('SELECT creation_time FROM managed_objects WHERE owner = ? ORDER BY id LIMIT 1').get(userName) as { creation_time: string } | undefined;
  if (!owned) return undefined;
  return { id: userName, userName, enabled: true, roles: [], customProperties: {}, lastPasswordChange: owned.creation_time };
}

function roleView(req: FastifyRequest, role: string) {
  return { id: role, name: role, self: `${baseUrl(req)}/user/roles/${role}` };
}

function groupView(req: FastifyRequest, tenant: string, g: GroupDoc) {
  const self = `${baseUrl(req)}/user/${tenant}/groups/${g.id}`;
  return {
    id: g.id,
    name: g.name,
    ...(g.description !== undefined ? { description: g.description } : {}),
    self,
    roles: { self: `${self}/roles`, references: g.roles.map((r) => ({ role: roleView(req, r), self: roleView(req, r).self })) },
    users: { self: `${self}/users` },
  };
}

function userUrl(req: FastifyRequest, tenant: string, userName: string): string {
  return `${baseUrl(req)}/user/${tenant}/users/${encodeURIComponent(userName)}`;
}

function userView(req: FastifyRequest, core: Core, tenant: string, u: UserDoc) {
  const self = userUrl(req, tenant, u.userName);
  const { roles, ...rest } = u;
  return {
    ...rest,
    self,
    effectiveRoles: core.auth.effectiveRoles(tenant, u).map((r) => roleView(req, r)),
    roles: { self: `${self}/roles`, references: roles.map((r) => ({ role: roleView(req, r), self: roleView(req, r).self })) },
    groups: {
      self: `${self}/groups`,
      references: core.users.groupsOf(tenant, u.userName).map((g) => ({ group: groupView(req, tenant, g), self: `${baseUrl(req)}/user/${tenant}/groups/${g.id}` })),
    },
    shouldResetPassword: false,
  };
}

/** The tenant in the path must be the caller's own. */
function ownTenant(core: Core, req: FastifyRequest): string {
  const { tenant } = req.params as { tenant: string };
  if (tenant !== core.user(req).tenant) throw forbidden('Access to another tenant is denied');
  return tenant;
}

/** `{user: {self}}` as the platform's clients send it; `{user: {id}}` or `{user: {userName}}` too. */
function referencedUser(b: Record<string, unknown>): string {
  const u = b.user;
  if (isPlainObject(u)) {
    for (const k of ['userName', 'id'] as const) if (typeof u[k] === 'string' && u[k] !== '') return u[k];
    if (typeof u.self === 'string') {
      const m = /\/users\/([^/?#]+)\/?$/.exec(u.self);
      if (m) {
        try {
          return decodeURIComponent(m[1]);
        } catch {
          // falls through to the error below
        }
      }
    }
  }
  throw invalid('user', "'user.self' must be the URL of a user (…/user/{tenant}/users/{userName})");
}

export function registerUsers(app: FastifyInstance, core: Core): void {
  app.get('/user/currentUser', async (req, reply) => {
    const u = core.user(req);
    const doc = core.auth.userDoc(u.tenant, u.userName);
    if (!doc) throw notFound('user', 'user', u.userName);
    return sendJson(reply, MEDIA.currentUser, userView(req, core, u.tenant, doc));
  });

  /** Own profile and preferences (customProperties hold column configs and page sizes). */
  app.put('/user/currentUser', async (req, reply) => {
    const u = core.user(req);
    const b = body(req, 'user');
    const doc = core.transaction(() => {
      const updated = core.auth.updateOwn(u, b);
      if (b.password === undefined) return updated;
      core.users.setOwnPassword(caller(core, req), b.password);
      return core.auth.userDoc(u.tenant, u.userName) ?? updated;
    });
    return sendJson(reply, MEDIA.currentUser, userView(req, core, u.tenant, doc));
  });

  /** The platform UI's "Change password" (user menu): the current password, then the new one. */
  app.put('/user/currentUser/password', async (req, reply) => {
    const b = body(req, 'user');
    core.users.setOwnPassword(caller(core, req), b.newPassword, { currentUserPassword: b.currentUserPassword, address: req.ip });
    return reply.code(200).send();
  });

  app.get('/user/roles', readRole(core, ROLES.userRead), async (req, reply) => {
    const p = paging(q(req));
    const all = core.users.roles();
    const page = all.slice((p.currentPage - 1) * p.pageSize, p.currentPage * p.pageSize);
    return sendJson(reply, MEDIA.roleCollection, collection(req, 'roles', page.map((r) => roleView(req, r)), p, all.length));
  });

  app.get('/user/roles/:name', async (req, reply) => {
    core.requireRole(req, ROLES.userRead);
    const { name } = req.params as { name: string };
    if (!core.users.roles().includes(name)) throw notFound('user', 'role', name);
    return sendJson(reply, MEDIA.role, roleView(req, name));
  });

  // Users ------------------------------------------------------------------------------------
  app.get('/user/:tenant/users', readRole(core, ROLES.userRead), async (req, reply) => {
    const tenant = ownTenant(core, req);
    const p = paging(q(req));
    const { items, total } = core.auth.listUsers(tenant, p.pageSize, p.currentPage);
    return sendJson(reply, MEDIA.userCollection, collection(req, 'users', items.map((u) => userView(req, core, tenant, u)), p, total));
  });

  app.post('/user/:tenant/users', async (req, reply) => {
    const tenant = ownTenant(core, req);
    const view = userView(req, core, tenant, core.users.create(tenant, body(req, 'user')));
    reply.header('Location', view.self);
    return sendJson(reply, MEDIA.user, view, 201);
  });

  app.get('/user/:tenant/users/:userName', async (req, reply) => {
    const { userName } = req.params as { userName: string };
    const me = core.user(req);
    const tenant = ownTenant(core, req);
    if (me.userName !== userName) core.requireRole(req, ROLES.userRead);
    const doc = core.auth.userDoc(tenant, userName) ?? deviceUser(core, userName);
    if (!doc) throw notFound('user', 'user', userName);
    return sendJson(reply, MEDIA.user, userView(req, core, tenant, doc));
  });

  /** An admin changes a user: names, e-mail, enabled (device owners' activation), password. */
  app.put('/user/:tenant/users/:userName', async (req, reply) => {
    const tenant = ownTenant(core, req);
    const { userName } = req.params as { userName: string };
    const doc = core.users.update(tenant, userName, body(req, 'user'), caller(core, req), () => deviceUser(core, userName));
    return sendJson(reply, MEDIA.user, userView(req, core, tenant, doc));
  });

  app.delete('/user/:tenant/users/:userName', async (req, reply) => {
    const tenant = ownTenant(core, req);
    core.users.remove(tenant, (req.params as { userName: string }).userName, core.user(req));
    return reply.code(204).send();
  });

  app.get('/user/:tenant/users/:userName/groups', async (req, reply) => {
    const { userName } = req.params as { userName: string };
    const tenant = ownTenant(core, req);
    if (core.user(req).userName !== userName) core.requireRole(req, ROLES.userRead);
    if (!core.auth.userDoc(tenant, userName)) throw notFound('user', 'user', userName);
    const p = paging(q(req));
    const all = core.users.groupsOf(tenant, userName);
    const refs = all.slice((p.currentPage - 1) * p.pageSize, p.currentPage * p.pageSize).map((g) => ({ group: groupView(req, tenant, g), self: groupView(req, tenant, g).self }));
    return sendJson(reply, MEDIA.groupReferenceCollection, collection(req, 'references', refs, p, all.length));
  });

  // Groups -----------------------------------------------------------------------------------
  app.get('/user/:tenant/groups', readRole(core, ROLES.userRead), async (req, reply) => {
    const tenant = ownTenant(core, req);
    const p = paging(q(req));
    const { items, total } = core.users.groups(tenant, p.pageSize, p.currentPage);
    return sendJson(reply, MEDIA.groupCollection, collection(req, 'groups', items.map((g) => groupView(req, tenant, g)), p, total));
  });

  app.get('/user/:tenant/groups/:groupId', async (req, reply) => {
    core.requireRole(req, ROLES.userRead);
    const tenant = ownTenant(core, req);
    return sendJson(reply, MEDIA.group, groupView(req, tenant, core.users.group(tenant, (req.params as { groupId: string }).groupId)));
  });

  app.get('/user/:tenant/groups/:groupId/users', async (req, reply) => {
    core.requireRole(req, ROLES.userRead);
    const tenant = ownTenant(core, req);
    const { groupId } = req.params as { groupId: string };
    const p = paging(q(req));
    const { items, total } = core.users.members(tenant, groupId, p.pageSize, p.currentPage);
    const refs = items.map((u) => ({ self: `${baseUrl(req)}/user/${tenant}/groups/${groupId}/users/${encodeURIComponent(u.userName)}`, user: userView(req, core, tenant, u) }));
    return sendJson(reply, MEDIA.userReferenceCollection, collection(req, 'references', refs, p, total));
  });

  app.post('/user/:tenant/groups/:groupId/users', async (req, reply) => {
    const tenant = ownTenant(core, req);
    const { groupId } = req.params as { groupId: string };
    const u = core.users.addMember(tenant, groupId, referencedUser(body(req, 'user')));
    const self = `${baseUrl(req)}/user/${tenant}/groups/${groupId}/users/${encodeURIComponent(u.userName)}`;
    reply.header('Location', self);
    return sendJson(reply, MEDIA.userReference, { self, user: userView(req, core, tenant, u) }, 201);
  });

  app.delete('/user/:tenant/groups/:groupId/users/:userName', async (req, reply) => {
    const tenant = ownTenant(core, req);
    const { groupId, userName } = req.params as { groupId: string; userName: string };
    core.users.removeMember(tenant, groupId, userName, core.user(req));
    return reply.code(204).send();
  });
}
