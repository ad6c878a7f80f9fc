/**
 * User management by an admin: create, change, delete users; user groups and their members; the
 * role catalogue. Passwords are hashed like the demo logins' (core/auth.ts), so created users log in.
 */
import { HttpError } from './api';
import { type Auth, forbidden, hashPassword, ROLES, TooManyLogins, type UserDoc } from './auth';
import { type CoreContext, invalid, isPlainObject, notFound, parseId } from './context';

/** The platform's password policy: 8 to 32 characters, Latin-1 letters, digits and symbols. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
const PASSWORD_CHARS = /^[\x21-\x7e\xa1-\xff]+$/;
/** The OAS allows user names of up to 1000 characters. */
export const USER_NAME_MAX = 1000;
/** Characters the platform refuses in user names (they would break logins `tenant/user:password` and URLs). */
const USER_NAME_FORBIDDEN = /[\s/\\+:$]/;
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'displayName'] as const;
/** Longest name, e-mail or phone kept (the platform's columns are bounded too). */
const TEXT_MAX = 1000;
/** Stored in place of a hash for a user without a password: matches no password (verifyPassword). */
export const NO_PASSWORD = 'none';

export interface GroupDoc {
  id: number;
  name: string;
  description?: string;
  roles: string[];
}

interface GroupRow {
  id: number;
  name: string;
  json: string;
}

const toGroup = (r: GroupRow): GroupDoc => ({ id: r.id, name: r.name, ...(JSON.parse(r.json) as { description?: string; roles: string[] }) });

function duplicate(userName: string): HttpError {
  return new HttpError(409, 'user/Duplicate', `User with username '${userName}' already exists`);
}

function checkPassword(v: unknown, field = 'password'): string {
  if (typeof v !== 'string' || v.length < PASSWORD_MIN || v.length > PASSWORD_MAX || !PASSWORD_CHARS.test(v)) {
    throw invalid('user', `'${field}' must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters: Latin-1 letters, digits and symbols, no spaces`);
  }
  return v;
}

/** Checks the fields an admin may set; returns them (a null text field removes it). */
function checkFields(b: Record<string, unknown>): Partial<UserDoc> {
  const out: Partial<UserDoc> = {};
  for (const f of TEXT_FIELDS) {
    const v = b[f];
    if (v === undefined) continue;
    if (v !== null && (typeof v !== 'string' || v.length > TEXT_MAX)) throw invalid('user', `'${f}' must be a string of at most ${TEXT_MAX} characters`);
    out[f] = v ?? undefined;
  }
  if (typeof out.email === 'string' && !/^[^\s@]+@[^\s@]+$/.test(out.email)) throw invalid('user', "'email' must be an e-mail address");
  if (b.enabled !== undefined) {
    if (typeof b.enabled !== 'boolean') throw invalid('user', "'enabled' must be true or false");
    out.enabled = b.enabled;
  }
  if (b.customProperties !== undefined) {
    if (!isPlainObject(b.customProperties)) throw invalid('user', "'customProperties' must be an object");
    out.customProperties = b.customProperties;
  }
  return out;
}

export class UserDirectory {
  constructor(
    private readonly ctx: CoreContext,
    private readonly auth: Auth,
  ) {}

  create(tenant: string, body: Record<string, unknown>): UserDoc {
    const userName = body.userName;
    if (typeof userName !== 'string' || userName === '' || userName.length > USER_NAME_MAX || USER_NAME_FORBIDDEN.test(userName)) {
      throw invalid('user', `'userName' is required: at most ${USER_NAME_MAX} characters, no whitespace, / \\ + : or $`);
    }
    const fields = checkFields(body);
    if (typeof fields.email !== 'string') throw invalid('user', "'email' is required");
    let hash = NO_PASSWORD;
    if (body.password !== undefined) hash = hashPassword(checkPassword(body.password));
    // Without a password the platform mails a reset link; the stand-in sends no mail, an admin sets one (PUT).
    else if (body.sendPasswordResetEmail !== true) throw invalid('user', "'password' is required unless 'sendPasswordResetEmail' is true");
    return this.ctx.transaction(() => {
      if (this.auth.userDoc(tenant, userName)) throw duplicate(userName);
      const { customProperties, enabled, ...texts } = fields;
      const doc: UserDoc = {
        id: userName,
        userName,
        ...Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined)),
        enabled: enabled ?? true,
        roles: [],
        customProperties: customProperties ?? {},
        lastPasswordChange: this.ctx.nowIso(),
      };
      this.ctx.stmt('INSERT INTO users (tenant, user_name, password_hash, json) VALUES (?, ?, ?, ?)').run(tenant, userName, hash, JSON.stringify(doc));
      return doc;
    });
  }

  /**
   * An admin's change: names, e-mail, phone, enabled, customProperties (merged, null removes),
   * password. `fallback` is a user known without a row of its own (a device user); its first
   * change gives it one.
   */
  update(
    tenant: string,
    userName: string,
    patch: Record<string, unknown>,
    by: { tenant: string; userName: string; session?: string },
    fallback?: () => UserDoc | undefined,
  ): UserDoc {
    const fields = checkFields(patch);
    // As deleting: an admin who deactivated itself could no longer sign in to undo it.
    if (fields.enabled === false && by.tenant === tenant && by.userName === userName) throw forbidden('A user cannot deactivate itself');
    const hash = patch.password === undefined ? undefined : hashPassword(checkPassword(patch.password));
    const doc = this.ctx.transaction(() => {
      const current = this.auth.userDoc(tenant, userName) ?? fallback?.();
      if (!current) throw notFound('user', 'user', userName);
      const next: UserDoc = { ...current, customProperties: { ...current.customProperties } };
      const { customProperties, ...rest } = fields;
      for (const [k, v] of Object.entries(rest)) {
        if (v === undefined) delete (next as unknown as Record<string, unknown>)[k];
        else (next as unknown as Record<string, unknown>)[k] = v;
      }
      for (const [k, v] of Object.entries(customProperties ?? {})) {
        if (v === null) delete next.customProperties[k];
        else next.customProperties[k] = v;
      }
      if (hash !== undefined) next.lastPasswordChange = this.ctx.nowIso();
      this.ctx
        .stmt(
          `INSERT INTO users (tenant, user_name, password_hash, json) VALUES (?, ?, ?, ?)
           ON CONFLICT (tenant, user_name) DO UPDATE SET json = excluded.json, password_hash = coalesce(?, password_hash)`,
        )
        .run(tenant, userName, hash ?? NO_PASSWORD, JSON.stringify(next), hash ?? null);
      if (hash !== undefined) this.auth.endSessionsOf(tenant, userName, by.tenant === tenant && by.userName === userName ? by.session : undefined);
      return next;
    });
    if (hash !== undefined || doc.enabled === false) this.auth.forgetCredentials();
    return doc;
  }

  /**
   * The caller's own new password: `password` of PUT /user/currentUser (the OAS's example sends
   * one), or PUT /user/currentUser/password (the platform UI's "Change password"), which first
   * checks `currentUserPassword` like a login (a wrong one counts towards the user's lock). Basic
   * credentials remembered with the old password stop working at once, and so do the user's
   * other login sessions (`user.session`, the one making the change, stays).
   */
  setOwnPassword(user: { tenant: string; userName: string; session?: string }, password: unknown, check?: { currentUserPassword: unknown; address?: string }): void {
    if (check) {
      const current = check.currentUserPassword;
      if (typeof current !== 'string' || current === '') throw invalid('user', "'currentUserPassword' is required");
      checkPassword(password, 'newPassword');
      const r = this.auth.checkLogin(`${user.tenant}/${user.userName}`, current, undefined, check.address);
      if ('refused' in r) throw r.refused === 'throttled' ? new TooManyLogins(r.retryAfterS) : invalid('user', "'currentUserPassword' is not the current password");
    }
    const hash = hashPassword(checkPassword(password, check ? 'newPassword' : 'password'));
    this.ctx.transaction(() => {
      const doc = this.auth.userDoc(user.tenant, user.userName);
      if (!doc) throw notFound('user', 'user', user.userName);
      doc.lastPasswordChange = this.ctx.nowIso();
      this.ctx.stmt('UPDATE users SET password_hash = ?, json = ? WHERE tenant = ? AND user_name = ?').run(hash, JSON.stringify(doc), user.tenant, user.userName);
      this.auth.endSessionsOf(user.tenant, user.userName, user.session);
    });
    this.auth.forgetCredentials();
  }

  /** Sessions and group memberships go with the user (foreign keys). */
  remove(tenant: string, userName: string, by: { tenant: string; userName: string }): void {
    if (by.tenant === tenant && by.userName === userName) throw forbidden('A user cannot delete itself');
    const info = this.ctx.transaction(() => this.ctx.stmt('DELETE FROM users WHERE tenant = ? AND user_name = ?').run(tenant, userName));
    if (!info.changes) throw notFound('user', 'user', userName);
    this.auth.forgetCredentials();
  }

  groups(tenant: string, pageSize: number, currentPage: number): { items: GroupDoc[]; total: number } {
    const rows = this.ctx.stmt('SELECT id, name, json FROM user_groups WHERE tenant = ? ORDER BY id LIMIT ? OFFSET ?').all(tenant, pageSize, (currentPage - 1) * pageSize) as GroupRow[];
    const { n } = this.ctx.stmt('SELECT count(*) AS n FROM user_groups WHERE tenant = ?').get(tenant) as { n: number };
    return { items: rows.map(toGroup), total: n };
  }

  group(tenant: string, groupId: string): GroupDoc {
    const row = this.ctx.stmt('SELECT id, name, json FROM user_groups WHERE tenant = ? AND id = ?').get(tenant, parseId(groupId) ?? -1) as GroupRow | undefined;
    if (!row) throw notFound('user', 'group', groupId);
    return toGroup(row);
  }

  groupsOf(tenant: string, userName: string): GroupDoc[] {
    const rows = this.ctx
      .stmt('SELECT g.id, g.name, g.json FROM user_group_members m JOIN user_groups g ON g.id = m.group_id WHERE m.tenant = ? AND m.user_name = ? ORDER BY g.id')
      .all(tenant, userName) as GroupRow[];
    return rows.map(toGroup);
  }

  members(tenant: string, groupId: string, pageSize: number, currentPage: number): { items: UserDoc[]; total: number } {
    const g = this.group(tenant, groupId);
    const rows = this.ctx
      .stmt('SELECT u.json FROM user_group_members m JOIN users u ON u.tenant = m.tenant AND u.user_name = m.user_name WHERE m.group_id = ? ORDER BY m.user_name LIMIT ? OFFSET ?')
      .all(g.id, pageSize, (currentPage - 1) * pageSize) as Array<{ json: string }>;
    const { n } = this.ctx.stmt('SELECT count(*) AS n FROM user_group_members WHERE group_id = ?').get(g.id) as { n: number };
    return { items: rows.map((r) => JSON.parse(r.json) as UserDoc), total: n };
  }

  /** Adding a member twice leaves one membership (the platform answers the same reference again). */
  addMember(tenant: string, groupId: string, userName: string): UserDoc {
    const doc = this.ctx.transaction(() => {
      const g = this.group(tenant, groupId);
      const user = this.auth.userDoc(tenant, userName);
      if (!user) throw notFound('user', 'user', userName);
      this.ctx.stmt('INSERT OR IGNORE INTO user_group_members (group_id, tenant, user_name) VALUES (?, ?, ?)').run(g.id, tenant, userName);
      return user;
    });
    this.auth.forgetCredentials();
    return doc;
  }

  /**
   * As deactivating or deleting oneself: an admin who left its group (admins holds the only user
   * management role) could lose the roles it needs to undo it, and nobody else might have them.
   */
  removeMember(tenant: string, groupId: string, userName: string, by: { tenant: string; userName: string }): void {
    if (by.tenant === tenant && by.userName === userName) throw forbidden('A user cannot remove itself from a group');
    this.ctx.transaction(() => {
      const g = this.group(tenant, groupId);
      const info = this.ctx.stmt('DELETE FROM user_group_members WHERE group_id = ? AND user_name = ?').run(g.id, userName);
      if (!info.changes) throw notFound('user', 'group member', userName);
    });
    this.auth.forgetCredentials();
  }

  /** Every role the stand-in knows, sorted (the platform's /user/roles catalogue). */
  roles(): string[] {
    return [...new Set<string>(Object.values(ROLES))].sort();
  }
}
