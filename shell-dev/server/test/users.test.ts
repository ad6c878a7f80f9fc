/** User management: create, change, delete users; groups and members grant roles; the role catalogue. */
import { type client, ERROR_SHAPE, serverPerFile } from './helpers';

jest.setTimeout(30_000);

const ctx = serverPerFile();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

type UserView = { id: string; userName: string; self: string; email?: string; enabled: boolean; effectiveRoles: Array<{ id: string }>; groups: { references: Array<{ group: { name: string } }> }; [k: string]: unknown };
type Group = { id: number; name: string; self: string; roles: { references: Array<{ role: { id: string } }> } };

const basic = (user: string, password: string) => ({ authorization: 'Basic ' + Buffer.from(`demo/${user}:${password}`).toString('base64') });

async function asUser(user: string, password: string, method: string, url: string) {
  return api(method, url, { who: 'nobody', headers: basic(user, password) });
}

async function createUser(userName: string, extra: Record<string, unknown> = {}) {
  return api<UserView>('POST', '/user/demo/users', { body: { userName, email: `${userName}@example.com`, password: 'Secret-pass1', ...extra } });
}

async function groupId(name: string): Promise<number> {
  const res = await api<{ groups: Group[] }>('GET', '/user/demo/groups?pageSize=100');
  return res.body.groups.find((g) => g.name === name)!.id;
}

describe('POST /user/{tenant}/users', () => {
  it('creates a user (201, Location, no password in the answer) who can log in with Basic and with the login form', async () => {
    const res = await createUser('jdoe', { firstName: 'John', lastName: 'Doe', phone: '+1-541-754-3010' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'jdoe', userName: 'jdoe', email: 'jdoe@example.com', firstName: 'John', lastName: 'Doe', enabled: true, self: `${ctx.server.url}/user/demo/users/jdoe` });
    expect(res.headers.get('location')).toBe(res.body.self);
    expect(res.text).not.toContain('Secret-pass1');
    expect(res.text).not.toContain('scrypt');

    const me = await asUser('jdoe', 'Secret-pass1', 'GET', '/user/currentUser');
    expect(me).toMatchObject({ status: 200, body: { userName: 'jdoe', effectiveRoles: [] } });
    expect((await asUser('jdoe', 'wrong-pass1', 'GET', '/user/currentUser')).status).toBe(401);
    const form = await fetch(`${ctx.server.url}/tenant/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'PASSWORD', username: 'jdoe', password: 'Secret-pass1', tenant_id: 'demo' }),
    });
    expect(form.status).toBe(200);
    // A new user holds no role: reading devices is refused.
    expect((await asUser('jdoe', 'Secret-pass1', 'GET', '/inventory/managedObjects')).status).toBe(403);
  });

  it('refuses a duplicate user name with 409', async () => {
    await createUser('dup-user');
    expect(await createUser('dup-user')).toMatchObject({ status: 409, body: ERROR_SHAPE });
  });

  it.each([
    ['no userName', { userName: undefined }],
    ['an empty userName', { userName: '' }],
    ['a userName with a space', { userName: 'a b' }],
    ['a userName with a slash', { userName: 'a/b' }],
    ['a userName with a colon', { userName: 'a:b' }],
    ['a userName of 1001 characters', { userName: 'u'.repeat(1001) }],
    ['no email', { email: undefined }],
    ['an email without @', { email: 'nobody.example.com' }],
    ['a short password', { password: 'short' }],
    ['a password of 33 characters', { password: 'p'.repeat(33) }],
    ['a password with a space', { password: 'has space in it' }],
    ['a password that is a number', { password: 12345678 }],
    ['no password and no reset mail', { password: undefined }],
    ['a firstName that is an object', { firstName: {} }],
    ['enabled as a string', { enabled: 'yes' }],
    ['customProperties as a list', { customProperties: [] }],
  ])('refuses %s with 422 and an error body', async (_what, patch) => {
    const res = await api('POST', '/user/demo/users', { body: { userName: 'valid-name', email: 'v@example.com', password: 'Secret-pass1', ...patch } });
    expect(res).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect((await api('GET', '/user/demo/users/valid-name')).status).toBe(404);
  });

  it('takes names differing only in case as different users, as the platform does by default (its tenant option "Ignore case when logging in" is off, and can be turned on only where no such pair exists)', async () => {
    expect((await createUser('case-user')).status).toBe(201);
    expect((await createUser('Case-User', { password: 'Other-pass2' })).status).toBe(201);
    expect(await asUser('case-user', 'Secret-pass1', 'GET', '/user/currentUser')).toMatchObject({ status: 200, body: { userName: 'case-user' } });
    expect(await asUser('Case-User', 'Other-pass2', 'GET', '/user/currentUser')).toMatchObject({ status: 200, body: { userName: 'Case-User' } });
    expect((await asUser('CASE-USER', 'Secret-pass1', 'GET', '/user/currentUser')).status).toBe(401);
  });

  it('a user created for a reset mail exists but cannot log in until an admin sets a password', async () => {
    const res = await api('POST', '/user/demo/users', { body: { userName: 'mailed', email: 'mailed@example.com', sendPasswordResetEmail: true } });
    expect(res.status).toBe(201);
    expect((await asUser('mailed', 'none', 'GET', '/user/currentUser')).status).toBe(401);
    expect((await api('PUT', '/user/demo/users/mailed', { body: { password: 'Now-set-123' } })).status).toBe(200);
    expect((await asUser('mailed', 'Now-set-123', 'GET', '/user/currentUser')).status).toBe(200);
  });

  it('needs ROLE_USER_MANAGEMENT_ADMIN and the own tenant', async () => {
    expect(await api('POST', '/user/demo/users', { who: 'operator', body: { userName: 'x1', email: 'x@example.com', password: 'Secret-pass1' } })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('POST', '/user/other/users', { body: { userName: 'x1', email: 'x@example.com', password: 'Secret-pass1' } })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('POST', '/user/demo/users', { body: [] })).toMatchObject({ status: 422, body: ERROR_SHAPE });
  });
});

describe('PUT and DELETE /user/{tenant}/users/{id}', () => {
  it('a new password counts at once (also over recently used Basic credentials); other fields merge', async () => {
    await createUser('changer', { customProperties: { a: 1, b: 2 } });
    expect((await asUser('changer', 'Secret-pass1', 'GET', '/user/currentUser')).status).toBe(200);
    const put = await api<UserView>('PUT', '/user/demo/users/changer', { body: { password: 'Other-pass2', email: 'new@example.com', customProperties: { a: null, c: 3 } } });
    expect(put).toMatchObject({ status: 200, body: { email: 'new@example.com', customProperties: { b: 2, c: 3 } } });
    expect((await asUser('changer', 'Secret-pass1', 'GET', '/user/currentUser')).status).toBe(401);
    expect((await asUser('changer', 'Other-pass2', 'GET', '/user/currentUser')).status).toBe(200);
    expect(await api('PUT', '/user/demo/users/changer', { body: { password: 'x' } })).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await api('PUT', '/user/demo/users/changer', { body: { email: 'no-at' } })).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect((await asUser('changer', 'Other-pass2', 'GET', '/user/currentUser')).status).toBe(200);
  });

  it('DELETE removes the user (204): its logins and sessions end; 404 after; never oneself', async () => {
    await createUser('leaver');
    const login = await fetch(`${ctx.server.url}/tenant/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'PASSWORD', username: 'demo/leaver', password: 'Secret-pass1' }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await api('GET', '/user/currentUser', { who: 'nobody', headers: { cookie } })).status).toBe(200);
    expect((await asUser('leaver', 'Secret-pass1', 'GET', '/user/currentUser')).status).toBe(200);

    expect(await api('DELETE', '/user/demo/users/leaver', { who: 'operator' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect((await api('DELETE', '/user/demo/users/leaver')).status).toBe(204);
    expect((await asUser('leaver', 'Secret-pass1', 'GET', '/user/currentUser')).status).toBe(401);
    expect((await api('GET', '/user/currentUser', { who: 'nobody', headers: { cookie } })).status).toBe(401);
    expect(await api('DELETE', '/user/demo/users/leaver')).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('GET', '/user/demo/users/leaver')).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('DELETE', '/user/demo/users/admin')).toMatchObject({ status: 403, body: ERROR_SHAPE });
  });
});

describe('a new password ends the login sessions opened with the old one', () => {
  async function login(user: string, password: string) {
    const res = await fetch(`${ctx.server.url}/tenant/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'PASSWORD', username: `demo/${user}`, password }),
    });
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    return { cookie: cookies.join('; '), xsrf: decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]) };
  }
  const status = async (s: { cookie: string }) => (await api('GET', '/user/currentUser', { who: 'nobody', headers: { cookie: s.cookie } })).status;

  it("an admin's new password for a user ends every session of that user (not of others); the user's own change keeps the session that made it", async () => {
    await createUser('stolen');
    expect((await api('POST', `/user/demo/groups/${await groupId('readers')}/users`, { body: { user: { id: 'stolen' } } })).status).toBe(201);
    const [mine, thief] = [await login('stolen', 'Secret-pass1'), await login('stolen', 'Secret-pass1')];
    const viewer = await login('viewer', 'demo');
    expect([await status(mine), await status(thief), await status(viewer)]).toEqual([200, 200, 200]);

    const own = await api('PUT', '/user/currentUser/password', {
      who: 'nobody',
      headers: { cookie: mine.cookie, 'x-xsrf-token': mine.xsrf },
      body: { currentUserPassword: 'Secret-pass1', newPassword: 'Changed-pass2' },
    });
    expect(own.status).toBe(200);
    expect([await status(mine), await status(thief), await status(viewer)]).toEqual([200, 401, 200]);

    const again = await login('stolen', 'Changed-pass2');
    const profile = await api('PUT', '/user/currentUser', { who: 'nobody', headers: { cookie: again.cookie, 'x-xsrf-token': again.xsrf }, body: { password: 'Profile-pass3' } });
    expect(profile.status).toBe(200);
    expect([await status(again), await status(mine)]).toEqual([200, 401]);

    expect((await api('PUT', '/user/demo/users/stolen', { body: { firstName: 'Kept' } })).status).toBe(200);
    expect(await status(again)).toBe(200);
    expect((await api('PUT', '/user/demo/users/stolen', { body: { password: 'Admin-set4' } })).status).toBe(200);
    expect([await status(again), await status(viewer)]).toEqual([401, 200]);
    await api('DELETE', '/user/demo/users/stolen');
  });
});

describe("the current user's own password and profile", () => {
  const as = (password: string, method: string, url: string, b?: unknown) =>
    api<UserView & { message?: string }>(method, url, { who: 'nobody', headers: basic('own-pw', password), body: b });
  // Its membership goes with it: the member lists below stay as seeded.
  afterAll(async () => {
    await api('DELETE', '/user/demo/users/own-pw');
  });

  it("PUT /user/currentUser/password (the platform UI's Change password; it answered 404) checks the current password, then the new one counts at once", async () => {
    await createUser('own-pw');
    expect((await api('POST', `/user/demo/groups/${await groupId('readers')}/users`, { body: { user: { id: 'own-pw' } } })).status).toBe(201);
    expect((await as('Secret-pass1', 'GET', '/user/currentUser')).status).toBe(200);
    const wrong = await as('Secret-pass1', 'PUT', '/user/currentUser/password', { currentUserPassword: 'not-mine-1', newPassword: 'Changed-pass2' });
    expect(wrong).toMatchObject({ status: 422, body: { ...ERROR_SHAPE, message: "'currentUserPassword' is not the current password" } });
    for (const b of [{ newPassword: 'Changed-pass2' }, { currentUserPassword: 'Secret-pass1', newPassword: 'short' }, { currentUserPassword: 'Secret-pass1', newPassword: 42 }, { currentUserPassword: 'Secret-pass1' }]) {
      expect(await as('Secret-pass1', 'PUT', '/user/currentUser/password', b)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    }
    // Nothing of that changed the password.
    expect((await as('Secret-pass1', 'GET', '/user/currentUser')).status).toBe(200);
    const ok = await as('Secret-pass1', 'PUT', '/user/currentUser/password', { currentUserPassword: 'Secret-pass1', newPassword: 'Changed-pass2' });
    expect(ok.status).toBe(200);
    expect((await as('Secret-pass1', 'GET', '/user/currentUser')).status).toBe(401);
    expect((await as('Changed-pass2', 'GET', '/user/currentUser')).status).toBe(200);
    expect(await api('PUT', '/user/currentUser/password', { who: 'nobody', body: { currentUserPassword: 'demo', newPassword: 'Changed-pass2' } })).toMatchObject({ status: 401, body: ERROR_SHAPE });
  });

  it('PUT /user/currentUser takes a password (it answered 200 and kept the old one) and a phone, all or nothing', async () => {
    const set = await as('Changed-pass2', 'PUT', '/user/currentUser', { password: 'Profile-pass3', phone: '+49 521 1234', firstName: 'Own' });
    expect(set).toMatchObject({ status: 200, body: { phone: '+49 521 1234', firstName: 'Own' } });
    expect(set.body).not.toHaveProperty('password');
    expect((await as('Changed-pass2', 'GET', '/user/currentUser')).status).toBe(401);
    expect((await as('Profile-pass3', 'GET', '/user/currentUser')).status).toBe(200);
    // A password against the policy: 422, and the names sent with it are not kept either.
    expect(await as('Profile-pass3', 'PUT', '/user/currentUser', { password: 'short12', firstName: 'Lost' })).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect((await as('Profile-pass3', 'GET', '/user/currentUser')).body).toMatchObject({ firstName: 'Own' });
  });
});

describe('groups and roles', () => {
  it('lists the default groups; each demo user is a member of its own, which grants its roles', async () => {
    const res = await api<{ groups: Group[]; statistics: Record<string, number> }>('GET', '/user/demo/groups?withTotalElements=true');
    expect(res.status).toBe(200);
    expect(res.body.groups.map((g) => g.name)).toEqual(['admins', 'business', 'readers']);
    expect(res.body.statistics.totalElements).toBe(3);
    const readers = await api<{ references: Array<{ user: { userName: string } }> }>('GET', `/user/demo/groups/${await groupId('readers')}/users`);
    expect(readers.body.references.map((r) => r.user.userName)).toEqual(['viewer']);
    const admin = await api<UserView>('GET', '/user/currentUser');
    expect(admin.body.groups.references.map((r) => r.group.name)).toEqual(['admins']);
    expect(admin.body.effectiveRoles.map((r) => r.id)).toContain('ROLE_MEASUREMENT_ADMIN');
  });

  it('adding a user to a group grants the group roles at once; removing takes them away', async () => {
    await createUser('member');
    const readers = await groupId('readers');
    expect((await asUser('member', 'Secret-pass1', 'GET', '/inventory/managedObjects')).status).toBe(403);

    const add = await api<{ self: string; user: UserView }>('POST', `/user/demo/groups/${readers}/users`, { body: { user: { self: `${ctx.server.url}/user/demo/users/member` } }, contentType: 'application/vnd.com.nsn.cumulocity.userreference+json' });
    expect(add).toMatchObject({ status: 201, body: { self: `${ctx.server.url}/user/demo/groups/${readers}/users/member`, user: { userName: 'member' } } });
    expect((await asUser('member', 'Secret-pass1', 'GET', '/inventory/managedObjects')).status).toBe(200);
    // Twice is once.
    expect((await api('POST', `/user/demo/groups/${readers}/users`, { body: { user: { id: 'member' } } })).status).toBe(201);
    const members = await api<{ references: Array<{ user: { userName: string } }> }>('GET', `/user/demo/groups/${readers}/users`);
    expect(members.body.references.map((r) => r.user.userName)).toEqual(['member', 'viewer']);

    expect((await api('DELETE', `/user/demo/groups/${readers}/users/member`)).status).toBe(204);
    expect((await asUser('member', 'Secret-pass1', 'GET', '/inventory/managedObjects')).status).toBe(403);
    expect(await api('DELETE', `/user/demo/groups/${readers}/users/member`)).toMatchObject({ status: 404, body: ERROR_SHAPE });
  });

  it('refuses unknown groups and users, malformed references and missing roles with error bodies', async () => {
    const readers = await groupId('readers');
    expect(await api('GET', '/user/demo/groups/999999/users')).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('GET', '/user/demo/groups/abc/users')).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('POST', '/user/demo/groups/999999/users', { body: { user: { id: 'viewer' } } })).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('POST', `/user/demo/groups/${readers}/users`, { body: { user: { id: 'nobody-here' } } })).toMatchObject({ status: 404, body: ERROR_SHAPE });
    for (const b of [{}, { user: 'viewer' }, { user: { self: 'https://x/none' } }, { user: { self: '/users/%E0%A4%A' } }]) {
      expect(await api('POST', `/user/demo/groups/${readers}/users`, { body: b })).toMatchObject({ status: 422, body: ERROR_SHAPE });
    }
    expect(await api('POST', `/user/demo/groups/${readers}/users`, { who: 'operator', body: { user: { id: 'operator' } } })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('GET', '/user/demo/groups', { who: 'operator' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('GET', '/user/other/groups')).toMatchObject({ status: 403, body: ERROR_SHAPE });
  });

  it('never removes the caller from a group (an admin leaving admins lost user management, with nobody left to undo it): 403, nothing removed', async () => {
    const admins = await groupId('admins');
    const res = await api('DELETE', `/user/demo/groups/${admins}/users/admin`);
    expect(res).toMatchObject({ status: 403, body: { ...ERROR_SHAPE, error: 'security/Forbidden', message: 'A user cannot remove itself from a group' } });
    const me = await api<UserView>('GET', '/user/currentUser');
    expect(me.body.groups.references.map((r) => r.group.name)).toEqual(['admins']);
    expect(me.body.effectiveRoles.map((r) => r.id)).toContain('ROLE_USER_MANAGEMENT_ADMIN');
    // Another member is still removed by the admin.
    await createUser('second-admin');
    expect((await api('POST', `/user/demo/groups/${admins}/users`, { body: { user: { id: 'second-admin' } } })).status).toBe(201);
    expect((await api('DELETE', `/user/demo/groups/${admins}/users/second-admin`)).status).toBe(204);
  });

  it('GET /user/roles lists every role, paged', async () => {
    const res = await api<{ roles: Array<{ id: string; name: string; self: string }>; statistics: Record<string, number> }>('GET', '/user/roles?pageSize=100&withTotalElements=true');
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(expect.arrayContaining([{ id: 'ROLE_ALARM_ADMIN', name: 'ROLE_ALARM_ADMIN', self: `${ctx.server.url}/user/roles/ROLE_ALARM_ADMIN` }]));
    expect(res.body.roles.map((r) => r.id)).toContain('ROLE_MEASUREMENT_ADMIN');
    expect(res.body.statistics.totalElements).toBe(res.body.roles.length);
    const page = await api<{ roles: unknown[] }>('GET', '/user/roles?pageSize=2&currentPage=2');
    expect(page.body.roles).toHaveLength(2);
    expect(await api('GET', '/user/roles', { who: 'operator' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect((await api('GET', '/user/roles/ROLE_ALARM_ADMIN')).status).toBe(200);
    expect(await api('GET', '/user/roles/ROLE_MADE_UP')).toMatchObject({ status: 404, body: ERROR_SHAPE });
  });
});
