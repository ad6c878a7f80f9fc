import { randomBytes, scryptSync, timingSafeEqual, createHash } from 'node:crypto';
import type { AuthUser } from './api';
import { HttpError } from './api';
import { type CoreContext, invalid, isPlainObject } from './context';

export const DEFAULT_TENANT = 'demo';
export const DEMO_PASSWORD = 'demo';
/** A cookie session lasts as long as a working day plus margin. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Verified Basic credentials are remembered briefly: scrypt per request would dominate latency. */
export const CREDENTIAL_CACHE_TTL_MS = 5 * 60 * 1000;
const SCRYPT_KEYLEN = 32;

/**
 * Login throttling (issue 18). Failed password checks are counted per user and per client
 * address over a window; at the limit that user (or every login from that address) is refused
 * with 429 and Retry-After until the lock ends, without running scrypt. Only failures count:
 * tests and browsers logging in correctly any number of times are never throttled. The address
 * limit is above the user limit, so locking one user from an address leaves its other users be.
 */
export const LOGIN_MAX_FAILURES_PER_USER = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 5 * 60 * 1000;
/** Counters kept at most (a spray of made-up user names must not grow memory without bound). */
const LOGIN_THROTTLE_MAX_ENTRIES = 100_000;

export const ROLES = {
  inventoryRead: 'ROLE_INVENTORY_READ',
  inventoryCreate: 'ROLE_INVENTORY_CREATE',
  inventoryAdmin: 'ROLE_INVENTORY_ADMIN',
  alarmRead: 'ROLE_ALARM_READ',
  alarmAdmin: 'ROLE_ALARM_ADMIN',
  eventRead: 'ROLE_EVENT_READ',
  eventAdmin: 'ROLE_EVENT_ADMIN',
  deviceControlRead: 'ROLE_DEVICE_CONTROL_READ',
  deviceControlAdmin: 'ROLE_DEVICE_CONTROL_ADMIN',
  identityRead: 'ROLE_IDENTITY_READ',
  identityAdmin: 'ROLE_IDENTITY_ADMIN',
  measurementRead: 'ROLE_MEASUREMENT_READ',
  measurementAdmin: 'ROLE_MEASUREMENT_ADMIN',
  userOwnRead: 'ROLE_USER_MANAGEMENT_OWN_READ',
  userOwnAdmin: 'ROLE_USER_MANAGEMENT_OWN_ADMIN',
  userRead: 'ROLE_USER_MANAGEMENT_READ',
  userAdmin: 'ROLE_USER_MANAGEMENT_ADMIN',
  applicationRead: 'ROLE_APPLICATION_MANAGEMENT_READ',
  applicationAdmin: 'ROLE_APPLICATION_MANAGEMENT_ADMIN',
  tenantRead: 'ROLE_TENANT_MANAGEMENT_READ',
  manageSoftwareAdmin: 'ROLE_MANAGE_SOFTWARE_ADMIN',
} as const;

const ALL_ROLES: string[] = Object.values(ROLES);
const OPERATOR_LACKS: string[] = [ROLES.manageSoftwareAdmin, ROLES.userRead, ROLES.userAdmin, ROLES.applicationAdmin];
const OPERATOR_ROLES = ALL_ROLES.filter((r) => !OPERATOR_LACKS.includes(r));
const VIEWER_ROLES: string[] = [
  ...ALL_ROLES.filter((r) => r.endsWith('_READ') && r !== ROLES.userRead),
  // Every user keeps their own preferences (column configs, page sizes) in customProperties.
  ROLES.userOwnAdmin,
];

export interface DemoUser {
  userName: string;
  firstName: string;
  roles: string[];
}

export const DEMO_USERS: DemoUser[] = [
  { userName: 'admin', firstName: 'Admin', roles: ALL_ROLES },
  { userName: 'operator', firstName: 'Operator', roles: OPERATOR_ROLES },
  { userName: 'viewer', firstName: 'Viewer', roles: VIEWER_ROLES },
];

export interface UserDoc {
  id: string;
  userName: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  displayName?: string;
  enabled: boolean;
  roles: string[];
  customProperties: Record<string, unknown>;
  lastPasswordChange: string;
}

/**
 * The tenant's default user groups (as on the platform: admins, business, readers), each
 * granting its roles to its members; a demo user starts in the group of its kind.
 */
export const DEFAULT_GROUPS: Array<{ name: string; description: string; roles: string[]; members: string[] }> = [
  { name: 'admins', description: 'Can do everything', roles: ALL_ROLES, members: ['admin'] },
  { name: 'business', description: 'Operates devices, alarms and software assignments', roles: OPERATOR_ROLES, members: ['operator'] },
  { name: 'readers', description: 'Reads everything', roles: VIEWER_ROLES, members: ['viewer'] },
];

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, SCRYPT_KEYLEN).toString('base64')}`;
}

/** Checked against when the user does not exist (matches no password; see checkLogin). */
const UNKNOWN_USER_HASH = `scrypt$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(SCRYPT_KEYLEN).toString('base64')}`;

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(expected, actual);
}

export interface Session {
  token: string;
  xsrf: string;
  user: AuthUser;
}

export const unauthorized = (message = 'Invalid credentials!') => new HttpError(401, 'security/Unauthorized', message);
export const forbidden = (message = 'Access is denied') => new HttpError(403, 'security/Forbidden', message);

/** What a user changes of itself besides preferences (PUT /user/currentUser; the password: core/users.ts). */
const OWN_TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/** 429 with the seconds after which the caller may try again (sent as Retry-After). */
export class TooManyLogins extends HttpError {
  constructor(readonly retryAfterS: number) {
    super(429, 'security/Too Many Requests', `Too many failed logins: try again in ${retryAfterS} s`);
  }
}

type ThrottleEntry = { failures: number; windowStart: number; lockedUntil: number };

/** Failure counters by key ('user:tenant/name', 'address:ip'); see LOGIN_MAX_FAILURES_PER_USER. */
export class LoginThrottle {
  private readonly entries = new Map<string, ThrottleEntry>();
  constructor(private readonly now: () => number) {}

  /** Milliseconds until every given key is unlocked (0: none is locked). */
  lockedFor(keys: string[]): number {
    const now = this.now();
    return Math.max(0, ...keys.map((k) => (this.entries.get(k)?.lockedUntil ?? 0) - now));
  }

  failed(key: string, limit: number): void {
    const now = this.now();
    let e = this.entries.get(key);
    if (!e || now - e.windowStart >= LOGIN_FAILURE_WINDOW_MS) {
      if (!e && this.entries.size >= LOGIN_THROTTLE_MAX_ENTRIES) this.prune(now);
      e = { failures: 0, windowStart: now, lockedUntil: 0 };
      this.entries.set(key, e);
    }
    if (++e.failures >= limit) {
      e.lockedUntil = now + LOGIN_LOCK_MS;
      // The lock starts a new window: after it, the next failures are counted afresh.
      e.failures = 0;
      e.windowStart = e.lockedUntil;
    }
  }

  succeeded(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [k, e] of this.entries) if (e.lockedUntil <= now && now - e.windowStart >= LOGIN_FAILURE_WINDOW_MS) this.entries.delete(k);
    // Still full: the oldest counters go (Map keeps insertion order).
    for (const k of this.entries.keys()) {
      if (this.entries.size < LOGIN_THROTTLE_MAX_ENTRIES) break;
      this.entries.delete(k);
    }
  }
}

/** A password check: the user, or why not (wrong credentials, or throttled for retryAfterS). */
export type LoginResult = { user: AuthUser } | { refused: 'credentials' } | { refused: 'throttled'; retryAfterS: number };

/** The throttle's keys of a login (`tenant/user` or `user`) from an address. */
function throttleKeys(login: string, tenantHint: string | undefined, address: string | undefined): { user: string; all: string[] } {
  const slash = login.indexOf('/');
  const user = `user:${slash >= 0 ? login : `${tenantHint || DEFAULT_TENANT}/${login}`}`;
  return { user, all: address !== undefined ? [user, `address:${address}`] : [user] };
}

export class Auth {
  private readonly cache = new Map<string, { user: AuthUser; expires: number }>();
  private readonly throttle: LoginThrottle;
  /** Password hashes computed so far (scrypt; tests check that refused attempts cost none). */
  passwordChecks = 0;
  constructor(private readonly ctx: CoreContext) {
    this.throttle = new LoginThrottle(() => ctx.clock.now());
  }

  ensureDemoUsers(password: string): void {
    this.ctx.transaction(() => {
      for (const u of DEMO_USERS) {
        if (this.ctx.stmt('SELECT 1 FROM users WHERE tenant = ? AND user_name = ?').get(DEFAULT_TENANT, u.userName)) continue;
        const doc: UserDoc = {
          id: u.userName,
          userName: u.userName,
          firstName: u.firstName,
          lastName: 'Demo',
          email: `${u.userName}@demo.example`,
          enabled: true,
          roles: u.roles,
          customProperties: {},
          lastPasswordChange: this.ctx.nowIso(),
        };
        this.ctx.stmt('INSERT INTO users (tenant, user_name, password_hash, json) VALUES (?, ?, ?, ?)').run(DEFAULT_TENANT, u.userName, hashPassword(password), JSON.stringify(doc));
      }
      this.ensureDefaultGroups();
    });
  }

  /** Made once: a group an admin changed later (members, or removed) is left as it is. */
  private ensureDefaultGroups(): void {
    for (const g of DEFAULT_GROUPS) {
      if (this.ctx.stmt('SELECT 1 FROM user_groups WHERE tenant = ? AND name = ?').get(DEFAULT_TENANT, g.name)) continue;
      const info = this.ctx.stmt('INSERT INTO user_groups (tenant, name, json) VALUES (?, ?, ?)').run(DEFAULT_TENANT, g.name, JSON.stringify({ description: g.description, roles: g.roles }));
      for (const m of g.members) {
        if (!this.ctx.stmt('SELECT 1 FROM users WHERE tenant = ? AND user_name = ?').get(DEFAULT_TENANT, m)) continue;
        this.ctx.stmt('INSERT INTO user_group_members (group_id, tenant, user_name) VALUES (?, ?, ?)').run(Number(info.lastInsertRowid), DEFAULT_TENANT, m);
      }
    }
  }

  /** The user's own roles and those of every group it belongs to. */
  effectiveRoles(tenant: string, doc: UserDoc): string[] {
    const rows = this.ctx
      .stmt('SELECT g.json FROM user_group_members m JOIN user_groups g ON g.id = m.group_id WHERE m.tenant = ? AND m.user_name = ?')
      .all(tenant, doc.userName) as Array<{ json: string }>;
    const roles = new Set(doc.roles);
    for (const r of rows) for (const role of (JSON.parse(r.json) as { roles: string[] }).roles) roles.add(role);
    return [...roles];
  }

  /** Verified Basic credentials are cached; a changed password, disabled or deleted user must count at once. */
  forgetCredentials(): void {
    this.cache.clear();
    this.notifyUsersChanged();
  }

  private readonly usersChangedListeners: Array<() => void> = [];

  /** Called after a user or a membership changed, or a session ended (realtime clients re-check theirs). */
  onUsersChanged(listener: () => void): void {
    this.usersChangedListeners.push(listener);
  }

  private notifyUsersChanged(): void {
    for (const l of this.usersChangedListeners) l();
  }

  /** The user as it is now (its roles now), or undefined once deleted or deactivated. */
  refresh(user: AuthUser): AuthUser | undefined {
    const doc = this.userDoc(user.tenant, user.userName);
    if (!doc?.enabled) return undefined;
    return { tenant: user.tenant, userName: user.userName, effectiveRoles: this.effectiveRoles(user.tenant, doc) };
  }

  userDoc(tenant: string, userName: string): UserDoc | undefined {
    const row = this.ctx.stmt('SELECT json FROM users WHERE tenant = ? AND user_name = ?').get(tenant, userName) as { json: string } | undefined;
    return row && (JSON.parse(row.json) as UserDoc);
  }

  listUsers(tenant: string, pageSize: number, currentPage: number): { items: UserDoc[]; total: number } {
    const rows = this.ctx
      .stmt('SELECT json FROM users WHERE tenant = ? ORDER BY user_name LIMIT ? OFFSET ?')
      .all(tenant, pageSize, (currentPage - 1) * pageSize) as Array<{ json: string }>;
    const { n } = this.ctx.stmt('SELECT count(*) AS n FROM users WHERE tenant = ?').get(tenant) as { n: number };
    return { items: rows.map((r) => JSON.parse(r.json) as UserDoc), total: n };
  }

  /** Own profile update: names, email and customProperties (a property set to null is removed). */
  updateOwn(user: AuthUser, patch: unknown): UserDoc {
    if (!isPlainObject(patch)) throw invalid('user', 'A user must be a JSON object');
    for (const f of OWN_TEXT_FIELDS) {
      if (patch[f] !== undefined && typeof patch[f] !== 'string') throw invalid('user', `'${f}' must be a string`);
    }
    if (patch.customProperties !== undefined && !isPlainObject(patch.customProperties)) throw invalid('user', "'customProperties' must be an object");
    return this.ctx.transaction(() => {
      const doc = this.userDoc(user.tenant, user.userName);
      if (!doc) throw unauthorized();
      for (const f of OWN_TEXT_FIELDS) if (typeof patch[f] === 'string') doc[f] = patch[f] as string;
      if (isPlainObject(patch.customProperties)) {
        for (const [k, v] of Object.entries(patch.customProperties)) {
          if (v === null) delete doc.customProperties[k];
          else doc.customProperties[k] = v;
        }
      }
      this.ctx.stmt('UPDATE users SET json = ? WHERE tenant = ? AND user_name = ?').run(JSON.stringify(doc), user.tenant, user.userName);
      return doc;
    });
  }

  /** `tenant/user` or `user` (the default tenant) with a password; undefined when refused. */
  login(login: string, password: string, tenantHint?: string, address?: string): AuthUser | undefined {
    const r = this.checkLogin(login, password, tenantHint, address);
    return 'user' in r ? r.user : undefined;
  }

  /**
   * The password check behind every login (form, Basic, realtime handshake), throttled per user
   * and per client address: a locked user or address is refused before the hash is computed.
   */
  checkLogin(login: string, password: string, tenantHint?: string, address?: string): LoginResult {
    const slash = login.indexOf('/');
    const tenant = slash >= 0 ? login.slice(0, slash) : tenantHint || DEFAULT_TENANT;
    const userName = slash >= 0 ? login.slice(slash + 1) : login;
    const keys = throttleKeys(login, tenantHint, address);
    const locked = this.throttle.lockedFor(keys.all);
    if (locked > 0) return { refused: 'throttled', retryAfterS: Math.ceil(locked / 1000) };
    const row = this.ctx.stmt('SELECT password_hash, json FROM users WHERE tenant = ? AND user_name = ?').get(tenant, userName) as
      | { password_hash: string; json: string }
      | undefined;
    // Unknown users cost a hash too, so their answer takes as long as a wrong password's.
    this.passwordChecks++;
    const ok = verifyPassword(password, row?.password_hash ?? UNKNOWN_USER_HASH);
    const doc = row && ok ? (JSON.parse(row.json) as UserDoc) : undefined;
    if (!row || !ok || !doc?.enabled) {
      for (const k of keys.all) this.throttle.failed(k, k === keys.user ? LOGIN_MAX_FAILURES_PER_USER : LOGIN_MAX_FAILURES_PER_ADDRESS);
      return { refused: 'credentials' };
    }
    this.throttle.succeeded(keys.user);
    return { user: { tenant, userName, effectiveRoles: this.effectiveRoles(tenant, doc) } };
  }

  /** Basic token (base64 of `login:password`), as in the Authorization header and the Bayeux ext. */
  basic(token: string, address?: string): AuthUser | undefined {
    const r = this.checkBasic(token, address);
    return 'user' in r ? r.user : undefined;
  }

  checkBasic(token: string, address?: string): LoginResult {
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { refused: 'credentials' };
    const login = decoded.slice(0, colon);
    const key = createHash('sha256').update(token).digest('base64');
    const hit = this.cache.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) {
      // A lock holds for remembered credentials too: a correct guess must not be told apart.
      const keys = throttleKeys(login, undefined, address);
      const locked = this.throttle.lockedFor(keys.all);
      if (locked > 0) return { refused: 'throttled', retryAfterS: Math.ceil(locked / 1000) };
      this.throttle.succeeded(keys.user);
      return { user: hit.user };
    }
    const r = this.checkLogin(login, decoded.slice(colon + 1), undefined, address);
    if ('user' in r) this.cache.set(key, { user: r.user, expires: now + CREDENTIAL_CACHE_TTL_MS });
    return r;
  }

  createSession(user: AuthUser): Session {
    const token = randomBytes(32).toString('base64url');
    const xsrf = randomBytes(16).toString('base64url');
    this.ctx.stmt('DELETE FROM sessions WHERE expires < ?').run(this.ctx.clock.now());
    this.ctx.stmt('INSERT INTO sessions (token, tenant, user_name, xsrf, expires) VALUES (?, ?, ?, ?, ?)').run(token, user.tenant, user.userName, xsrf, this.ctx.clock.now() + SESSION_TTL_MS);
    return { token, xsrf, user };
  }

  session(token: string): Session | undefined {
    const row = this.ctx.stmt('SELECT tenant, user_name, xsrf, expires FROM sessions WHERE token = ?').get(token) as
      | { tenant: string; user_name: string; xsrf: string; expires: number }
      | undefined;
    if (!row || row.expires < this.ctx.clock.now()) return undefined;
    const doc = this.userDoc(row.tenant, row.user_name);
    if (!doc || !doc.enabled) return undefined;
    return { token, xsrf: row.xsrf, user: { tenant: row.tenant, userName: row.user_name, effectiveRoles: this.effectiveRoles(row.tenant, doc) } };
  }

  /**
   * Ends a user's login sessions, but `keep` (the session that made the change): after a new
   * password, a session opened with the old one (perhaps someone else's) must not go on. The
   * caller then calls forgetCredentials, which tells realtime clients.
   */
  endSessionsOf(tenant: string, userName: string, keep?: string): void {
    this.ctx.stmt('DELETE FROM sessions WHERE tenant = ? AND user_name = ? AND token <> ?').run(tenant, userName, keep ?? '');
  }

  endSession(token: string): void {
    this.ctx.stmt('DELETE FROM sessions WHERE token = ?').run(token);
    this.notifyUsersChanged();
  }
}

/** Constant-time string comparison for XSRF tokens. */
export function sameToken(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string') return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
