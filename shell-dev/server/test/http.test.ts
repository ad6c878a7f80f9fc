import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createServer } from '../app';
import { AUTH, client, ERROR_SHAPE, serverPerFile, start, tempDir } from './helpers';

type Mo = { id: string; name?: string; [k: string]: unknown };
type Coll = { statistics: Record<string, number>; next?: string; prev?: string; self: string; [k: string]: unknown };

// Servers start and stop inside tests; the machine may be busy with other work.
jest.setTimeout(30_000);

const ctx = serverPerFile();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

async function device(name: string, extra: Record<string, unknown> = {}): Promise<Mo> {
  const res = await api<Mo>('POST', '/inventory/managedObjects', { body: { name, type: 'test_Device', c8y_IsDevice: {}, ...extra } });
  expect(res.status).toBe(201);
  return res.body;
}

describe('health and auth', () => {
  it('answers /health without credentials', async () => {
    const res = await api('GET', '/health', { who: 'nobody' });
    expect(res).toMatchObject({ status: 200, body: { status: 'UP' } });
  });

  it('401 without or with wrong credentials, with the error body', async () => {
    const none = await api('GET', '/inventory/managedObjects', { who: 'nobody' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ ...ERROR_SHAPE, error: 'security/Unauthorized' });
    const wrong = await api('GET', '/inventory/managedObjects', { who: 'nobody', headers: { authorization: 'Basic ' + Buffer.from('demo/admin:nope').toString('base64') } });
    expect(wrong.status).toBe(401);
  });

  it('accepts user:password without tenant', async () => {
    const res = await api('GET', '/user/currentUser', { who: 'nobody', headers: { authorization: 'Basic ' + Buffer.from('operator:demo').toString('base64') } });
    expect(res.status).toBe(200);
    expect(res.body.userName).toBe('operator');
  });

  it('cookie login sets authorization + XSRF-TOKEN; writes need the X-XSRF-TOKEN header; logout ends it', async () => {
    const login = await fetch(`${ctx.server.url}/tenant/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=PASSWORD&username=admin&password=demo&tenant_id=demo',
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    const auth = cookies.find((c) => c.startsWith('authorization='))!;
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(auth).toMatch(/HttpOnly/i);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    const cookie = [auth, xsrf].map((c) => c.split(';')[0]).join('; ');
    const xsrfToken = xsrf.split(';')[0].split('=')[1];
    const read = await api('GET', '/user/currentUser', { who: 'nobody', headers: { cookie } });
    expect(read.status).toBe(200);
    const noXsrf = await api('POST', '/inventory/managedObjects', { who: 'nobody', headers: { cookie }, body: { name: 'x' } });
    expect(noXsrf.status).toBe(403);
    const withXsrf = await api('POST', '/inventory/managedObjects', { who: 'nobody', headers: { cookie, 'x-xsrf-token': xsrfToken }, body: { name: 'x' } });
    expect(withXsrf.status).toBe(201);
    const out = await api('POST', '/user/logout', { who: 'nobody', headers: { cookie, 'x-xsrf-token': xsrfToken } });
    expect(out.status).toBe(200);
    expect((await api('GET', '/user/currentUser', { who: 'nobody', headers: { cookie } })).status).toBe(401);
  });

  it('refuses a wrong cookie login', async () => {
    const res = await fetch(`${ctx.server.url}/tenant/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=PASSWORD&username=admin&password=wrong',
    });
    expect(res.status).toBe(401);
  });
});

/** A form login with exactly these headers (node:http: fetch would not send another Host). */
function rawLogin(headers: Record<string, string>): Promise<{ status: number; cookies: string[]; body: Record<string, unknown> }> {
  const body = 'grant_type=PASSWORD&username=admin&password=demo&tenant_id=demo';
  return new Promise((resolve, reject) => {
    const req = http.request(`${ctx.server.url}/tenant/oauth`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('login CSRF', () => {
  it("refuses a login posted by another site's page (Origin, or Sec-Fetch-Site without it) with 403, and sets no cookie", async () => {
    for (const headers of [
      { origin: 'https://attacker.example' },
      { origin: 'null' },
      { origin: ctx.server.url.replace(/:(\d+)$/, (_m, p: string) => `:${Number(p) + 1}`) },
      { origin: 'http://localhost.attacker.example', host: 'localhost' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Array<Record<string, string>>) {
      const res = await rawLogin(headers);
      expect({ headers, status: res.status, cookies: res.cookies }).toEqual({ headers, status: 403, cookies: [] });
      expect(res.body).toEqual({ ...ERROR_SHAPE, error: 'security/Forbidden', message: expect.stringMatching(/^Login refused: the request comes from a page of another site/) });
    }
    expect((await rawLogin({ origin: 'https://attacker.example' })).body.message).toBe(
      "Login refused: the request comes from a page of another site (https://attacker.example), not from this server's login page",
    );
  });

  it("logs in from the server's own pages (on any host name it is reached by) and from clients that are no browser", async () => {
    const host = new URL(ctx.server.url).host;
    for (const headers of [
      { origin: ctx.server.url, 'sec-fetch-site': 'same-origin' },
      { origin: 'http://tenant.example.test', host: 'tenant.example.test' },
      { origin: 'https://tenant.example.test', host: 'tenant.example.test' },
      { origin: `http://${host.toUpperCase()}` },
      {},
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ] as Array<Record<string, string>>) {
      const res = await rawLogin(headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 200 });
      expect(res.cookies.some((c) => c.startsWith('authorization='))).toBe(true);
    }
  });
});

describe('login cookies over TLS', () => {
  it('marks the login cookies Secure when the connection is TLS, not for an X-Forwarded-Proto the server does not trust', async () => {
    // A connection the server sees as TLS (what fastify reads: socket.encrypted), without a certificate.
    const tls = net.createServer((socket) => {
      (socket as net.Socket & { encrypted?: boolean }).encrypted = true;
      ctx.server.app.server.emit('connection', socket);
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = tls.address() as net.AddressInfo;
      const body = 'grant_type=PASSWORD&username=admin&password=demo&tenant_id=demo';
      const secureLogin = await fetch(`http://127.0.0.1:${port}/tenant/oauth`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' }, body });
      expect(secureLogin.status).toBe(200);
      const cookies = secureLogin.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      for (const c of cookies) expect(c).toMatch(/; Secure(;|$)/);
      const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
      const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0].split('=')[1]);
      const logout = await fetch(`http://127.0.0.1:${port}/user/logout`, { method: 'POST', headers: { cookie, 'x-xsrf-token': xsrf, connection: 'close' } });
      for (const c of logout.headers.getSetCookie()) expect(c).toMatch(/; Secure(;|$)/);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
    const forwarded = await rawLogin({ 'x-forwarded-proto': 'https' });
    expect(forwarded.status).toBe(200);
    for (const c of forwarded.cookies) expect(c).not.toMatch(/Secure/);
  });
});

describe('roles (403 when missing)', () => {
  it.each([
    ['viewer', 'POST', '/inventory/managedObjects', { name: 'v' }],
    ['viewer', 'POST', '/alarm/alarms', { type: 't', text: 't', severity: 'MAJOR', source: { id: '1' } }],
    ['viewer', 'POST', '/devicecontrol/operations', { deviceId: '1' }],
    ['viewer', 'POST', '/event/events', { type: 't', text: 't', source: { id: '1' } }],
    ['operator', 'PUT', '/application/applications/1', { config: { remotes: {} } }],
    ['operator', 'GET', '/user/demo/users', undefined],
    ['viewer', 'GET', '/user/demo/users', undefined],
  ] as const)('%s %s %s', async (who, method, url, body) => {
    const res = await api(method, url, { who, body });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ...ERROR_SHAPE, error: 'security/Forbidden' });
  });

  it('effective roles tell the gates apart', async () => {
    const roles = async (who: 'admin' | 'operator' | 'viewer') =>
      ((await api<{ effectiveRoles: Array<{ id: string }> }>('GET', '/user/currentUser', { who })).body.effectiveRoles ?? []).map((r) => r.id);
    expect(await roles('admin')).toEqual(expect.arrayContaining(['ROLE_MANAGE_SOFTWARE_ADMIN', 'ROLE_USER_MANAGEMENT_READ', 'ROLE_APPLICATION_MANAGEMENT_ADMIN']));
    const op = await roles('operator');
    expect(op).toEqual(expect.arrayContaining(['ROLE_INVENTORY_ADMIN', 'ROLE_ALARM_ADMIN', 'ROLE_DEVICE_CONTROL_ADMIN']));
    expect(op).not.toContain('ROLE_MANAGE_SOFTWARE_ADMIN');
    expect(op).not.toContain('ROLE_USER_MANAGEMENT_READ');
    const viewer = await roles('viewer');
    expect(viewer.filter((r) => r.endsWith('_ADMIN'))).toEqual(['ROLE_USER_MANAGEMENT_OWN_ADMIN']);
  });
});

describe('inventory', () => {
  it('create (201 + Location, server-owned fields ignored), detail, update with null removal, delete', async () => {
    const res = await api<Mo>('POST', '/inventory/managedObjects', {
      contentType: 'application/vnd.com.nsn.cumulocity.managedobject+json',
      body: { name: 'Inv 1', type: 'test_Inv', id: '999999', creationTime: '2000-01-01T00:00:00Z', c8y_IsDevice: {}, c8y_Notes: 'n', c8y_Hardware: { model: 'A' } },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${ctx.server.url}/inventory/managedObjects/${res.body.id}`);
    expect(res.headers.get('content-type')).toMatch(/application\/vnd\.com\.nsn\.cumulocity\.managedobject\+json/);
    expect(res.body.id).not.toBe('999999');
    expect(res.body.creationTime).not.toBe('2000-01-01T00:00:00.000Z');
    expect(res.body.owner).toBe('admin');
    const id = res.body.id;
    const put = await api<Mo>('PUT', `/inventory/managedObjects/${id}`, { body: { c8y_Notes: null, c8y_Hardware: { model: 'B' }, name: 'Inv 1b' } });
    expect(put.status).toBe(200);
    expect(put.body).not.toHaveProperty('c8y_Notes');
    expect(put.body.c8y_Hardware).toEqual({ model: 'B' });
    const get = await api<Mo>('GET', `/inventory/managedObjects/${id}`);
    expect(get.body.name).toBe('Inv 1b');
    expect(get.body.self).toBe(`${ctx.server.url}/inventory/managedObjects/${id}`);
    const del = await api('DELETE', `/inventory/managedObjects/${id}`);
    expect(del.status).toBe(204);
    const gone = await api('GET', `/inventory/managedObjects/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ ...ERROR_SHAPE, error: 'inventory/Not Found' });
  });

  it('lists with paging, totals, next/prev, filters and the query language', async () => {
    for (let i = 1; i <= 7; i++) await device(`Paged ${i}`, { type: 'test_Paged', level: i });
    const p1 = await api<Coll & { managedObjects: Mo[] }>('GET', '/inventory/managedObjects?type=test_Paged&withTotalPages=true&withTotalElements=true');
    expect(p1.body.managedObjects).toHaveLength(5);
    expect(p1.body.statistics).toEqual({ pageSize: 5, currentPage: 1, totalPages: 2, totalElements: 7 });
    expect(p1.body.next).toContain('currentPage=2');
    expect(p1.body.prev).toBeUndefined();
    const p2 = await api<Coll & { managedObjects: Mo[] }>('GET', '/inventory/managedObjects?type=test_Paged&currentPage=2');
    expect(p2.body.managedObjects).toHaveLength(2);
    expect(p2.body.prev).toContain('currentPage=1');
    const q = encodeURIComponent("$filter=(type eq 'test_Paged' and level ge 3 and name eq 'paged*') $orderby=level desc");
    const ql = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?query=${q}&pageSize=10`);
    expect(ql.body.managedObjects.map((m) => m.name)).toEqual(['Paged 7', 'Paged 6', 'Paged 5', 'Paged 4', 'Paged 3']);
    const dq = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?q=${encodeURIComponent("level eq 2 and type eq 'test_Paged'")}`);
    expect(dq.body.managedObjects.map((m) => m.name)).toEqual(['Paged 2']);
    const ids = p1.body.managedObjects.slice(0, 2).map((m) => m.id);
    const byIds = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?ids=${ids.join(',')}`);
    expect(byIds.body.managedObjects.map((m) => m.id)).toEqual(ids);
    const text = await api<{ managedObjects: Mo[] }>('GET', '/inventory/managedObjects?text=aged 4');
    expect(text.body.managedObjects.map((m) => m.name)).toEqual(['Paged 4']);
  });

  it.each([
    ['/inventory/managedObjects?query=' + encodeURIComponent("name eq 'x"), 422],
    ['/inventory/managedObjects?query=' + encodeURIComponent('((has(a)'), 422],
    ['/inventory/managedObjects?pageSize=2001', 422],
    ['/inventory/managedObjects?pageSize=0', 422],
    ['/inventory/managedObjects?pageSize=abc', 422],
    ['/inventory/managedObjects?currentPage=-1', 422],
    ['/inventory/managedObjects?withTotalPages=yes', 422],
    ['/inventory/managedObjects/abc', 404],
    ['/inventory/managedObjects/99999999999999999999', 404],
    ['/inventory/managedObjects/1/childThings', 404],
    ['/alarm/alarms?status=BROKEN', 422],
    ['/alarm/alarms?dateFrom=yesterday', 422],
    ['/devicecontrol/operations?status=DONE', 422],
    ['/no/such/path', 404],
  ])('GET %s -> %i with an error body', async (url, status) => {
    const res = await api('GET', url);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(ERROR_SHAPE);
  });

  it.each([
    ['POST', '/inventory/managedObjects', '{not json', 'application/json', 400],
    ['POST', '/inventory/managedObjects', '[1,2]', 'application/json', 422],
    ['POST', '/inventory/managedObjects', '"str"', 'application/json', 422],
    ['POST', '/inventory/managedObjects', '{"name": 5}', 'application/json', 422],
    ['PUT', '/inventory/managedObjects/424242', '{"name":"x"}', 'application/json', 404],
    ['POST', '/alarm/alarms', '{"type":"t","text":"t","severity":"HUGE","source":{"id":"1"}}', 'application/json', 422],
    ['POST', '/alarm/alarms', '{"type":"t","text":"t","severity":"MAJOR","source":{"id":"424242"}}', 'application/json', 404],
    ['POST', '/alarm/alarms', '{"type":"t","severity":"MAJOR","source":{}}', 'application/json', 422],
    ['POST', '/event/events', '{"type":"t","text":"t","time":"not a date","source":{"id":"1"}}', 'application/json', 422],
    ['POST', '/devicecontrol/operations', '{"description":"no device"}', 'application/json', 422],
    ['PUT', '/devicecontrol/operations/424242', '{"status":"SUCCESSFUL"}', 'application/json', 404],
    ['PUT', '/user/currentUser', '{"customProperties":"x"}', 'application/json', 422],
    ['PUT', '/application/applications/1', '{"config":{"remotes":{"a@1":"notalist"}}}', 'application/json', 422],
    // The upload takes multipart only: JSON is an unsupported media type there (issue 18).
    ['POST', '/inventory/binaries', '{}', 'application/json', 415],
  ])('%s %s %s -> %i', async (method, url, raw, contentType, status) => {
    const res = await api(method, url, { raw, contentType });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(ERROR_SHAPE);
  });

  it('child assets, devices and additions: add, list with paging and query, parents, remove', async () => {
    const group = (await api<Mo>('POST', '/inventory/managedObjects', { body: { name: 'G', type: 'c8y_DeviceGroup', c8y_IsDeviceGroup: {} } })).body;
    const d1 = await device('Child 1');
    const d2 = await device('Child 2');
    const add = await api('POST', `/inventory/managedObjects/${group.id}/childAssets`, {
      contentType: 'application/vnd.com.nsn.cumulocity.managedobjectreference+json',
      body: { managedObject: { id: d1.id } },
    });
    expect(add.status).toBe(201);
    await api('POST', `/inventory/managedObjects/${group.id}/childAssets`, { body: { managedObject: { id: d2.id } } });
    const created = await api<{ managedObject: Mo }>('POST', `/inventory/managedObjects/${d1.id}/childAdditions`, { body: { name: 'Addition', type: 'test_Addition' } });
    expect(created.status).toBe(201);
    await api('POST', `/inventory/managedObjects/${d1.id}/childDevices`, { body: { managedObject: { id: d2.id } } });
    const list = await api<Coll & { references: Array<{ managedObject: Mo }> }>('GET', `/inventory/managedObjects/${group.id}/childAssets?pageSize=1&withTotalElements=true`);
    expect(list.body.references).toHaveLength(1);
    expect(list.body.statistics.totalElements).toBe(2);
    const q = await api<{ references: Array<{ managedObject: Mo }> }>('GET', `/inventory/managedObjects/${group.id}/childAssets?query=${encodeURIComponent("name eq '*2'")}`);
    expect(q.body.references.map((r) => r.managedObject.name)).toEqual(['Child 2']);
    const detail = await api<Mo & { assetParents: { references: Array<{ managedObject: Mo }> }; childAdditions: { references: unknown[] } }>(
      'GET',
      `/inventory/managedObjects/${d1.id}`,
    );
    expect(detail.body.assetParents.references.map((r) => r.managedObject.id)).toEqual([group.id]);
    expect(detail.body.childAdditions.references).toHaveLength(1);
    const byGroup = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?query=${encodeURIComponent(`bygroupid(${group.id})`)}`);
    expect(byGroup.body.managedObjects.map((m) => m.id).sort()).toEqual([d1.id, d2.id].sort());
    const parentsOf = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?childDeviceId=${d2.id}`);
    expect(parentsOf.body.managedObjects.map((m) => m.id)).toEqual([d1.id]);
    const roots = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?onlyRoots=true&pageSize=2000&type=test_Device`);
    expect(roots.body.managedObjects.map((m) => m.id)).not.toContain(d1.id);
    expect((await api('GET', `/inventory/managedObjects/${group.id}/childAssets/${d1.id}`)).status).toBe(200);
    expect((await api('DELETE', `/inventory/managedObjects/${group.id}/childAssets/${d1.id}`)).status).toBe(204);
    expect((await api('DELETE', `/inventory/managedObjects/${group.id}/childAssets/${d1.id}`)).status).toBe(404);
    expect((await api('GET', `/inventory/managedObjects/${group.id}/childAssets/${d1.id}`)).status).toBe(404);
    expect((await api('POST', `/inventory/managedObjects/${group.id}/childAssets`, { body: { managedObject: { id: '424242' } } })).status).toBe(404);
  });

  it('binaries: multipart upload, download, replace, delete', async () => {
    const form = new FormData();
    form.append('object', JSON.stringify({ name: 'fw.zip', type: 'application/zip', c8y_Custom: { a: 1 } }));
    form.append('file', new Blob([Buffer.from('PK\u0003\u0004hello')], { type: 'application/zip' }), 'fw.zip');
    const up = await fetch(`${ctx.server.url}/inventory/binaries`, { method: 'POST', headers: { authorization: AUTH.admin }, body: form });
    expect(up.status).toBe(201);
    const mo = (await up.json()) as Mo;
    expect(mo).toMatchObject({ name: 'fw.zip', type: 'application/zip', contentType: 'application/zip', length: 9, c8y_IsBinary: '', c8y_Custom: { a: 1 } });
    const down = await fetch(`${ctx.server.url}/inventory/binaries/${mo.id}`, { headers: { authorization: AUTH.viewer } });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await down.arrayBuffer()).toString()).toBe('PK\u0003\u0004hello');
    const listed = await api<{ managedObjects: Mo[] }>('GET', '/inventory/binaries?pageSize=100');
    expect(listed.body.managedObjects.map((m) => m.id)).toContain(mo.id);
    const viewerUp = await fetch(`${ctx.server.url}/inventory/binaries`, { method: 'POST', headers: { authorization: AUTH.viewer }, body: form });
    expect(viewerUp.status).toBe(403);
    expect((await api('DELETE', `/inventory/binaries/${mo.id}`)).status).toBe(204);
    expect((await api('GET', `/inventory/binaries/${mo.id}`)).status).toBe(404);
  });

  it('identity: external ids', async () => {
    const d = await device('Ext');
    const add = await api('POST', `/identity/globalIds/${d.id}/externalIds`, { body: { externalId: 'SN-1', type: 'c8y_Serial' } });
    expect(add.status).toBe(201);
    expect((await api('POST', `/identity/globalIds/${d.id}/externalIds`, { body: { externalId: 'SN-1', type: 'c8y_Serial' } })).status).toBe(409);
    const get = await api<{ managedObject: { id: string } }>('GET', '/identity/externalIds/c8y_Serial/SN-1');
    expect(get.body.managedObject.id).toBe(d.id);
    const list = await api<{ externalIds: unknown[] }>('GET', `/identity/globalIds/${d.id}/externalIds`);
    expect(list.body.externalIds).toHaveLength(1);
    expect((await api('DELETE', '/identity/externalIds/c8y_Serial/SN-1')).status).toBe(204);
    expect((await api('GET', '/identity/externalIds/c8y_Serial/SN-1')).status).toBe(404);
  });
});

describe('alarms, events, operations', () => {
  it('alarms: create, re-raise counts, filters, count, single and bulk update', async () => {
    const d = await device('Alarmed');
    const body = { type: 'test_Alarm', text: 'Broken', severity: 'MAJOR', source: { id: d.id } };
    const a1 = await api<{ id: string; count: number; status: string; source: { id: string; name: string } }>('POST', '/alarm/alarms', { body });
    expect(a1.status).toBe(201);
    expect(a1.body).toMatchObject({ count: 1, status: 'ACTIVE', source: { id: d.id, name: 'Alarmed' } });
    const a2 = await api<{ id: string; count: number }>('POST', '/alarm/alarms', { body });
    expect(a2.body).toMatchObject({ id: a1.body.id, count: 2 });
    await api('POST', '/alarm/alarms', { body: { ...body, type: 'test_Other', severity: 'CRITICAL' } });
    const list = await api<Coll & { alarms: Array<{ type: string }> }>('GET', `/alarm/alarms?source=${d.id}&severity=CRITICAL,MAJOR&status=ACTIVE&withTotalElements=true`);
    expect(list.body.statistics.totalElements).toBe(2);
    const count = await api<number>('GET', `/alarm/alarms/count?source=${d.id}&severity=CRITICAL`);
    expect(count.body).toBe(1);
    const ack = await api<{ status: string }>('PUT', `/alarm/alarms/${a1.body.id}`, { body: { status: 'ACKNOWLEDGED' } });
    expect(ack.body.status).toBe('ACKNOWLEDGED');
    // Only text, status, severity and custom fragments may change (the OAS): the rest is refused, nothing written.
    for (const field of [{ type: 'x_Other' }, { source: { id: '1' } }, { time: '2020-01-01T00:00:00.000Z' }, { count: 7 }, { creationTime: '2020-01-01T00:00:00.000Z' }]) {
      const refused = await api<{ error: string; message: string }>('PUT', `/alarm/alarms/${a1.body.id}`, { body: { ...field, text: 'Changed', status: 'CLEARED' } });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toContain(`'${Object.keys(field)[0]}'`);
    }
    const unchanged = await api<{ status: string; text: string; type: string; count: number }>('GET', `/alarm/alarms/${a1.body.id}`);
    expect(unchanged.body).toMatchObject({ status: 'ACKNOWLEDGED', text: 'Broken', type: 'test_Alarm', count: 2 });
    const echoed = await api<{ text: string; x_Note: string }>('PUT', `/alarm/alarms/${a1.body.id}`, { body: { id: a1.body.id, text: 'Still broken', x_Note: 'seen' } });
    expect(echoed.body).toMatchObject({ text: 'Still broken', x_Note: 'seen' });
    const bulk = await api('PUT', `/alarm/alarms?source=${d.id}&resolved=false`, { body: { status: 'CLEARED' } });
    expect(bulk.status).toBe(200);
    expect((await api<number>('GET', `/alarm/alarms/count?source=${d.id}&resolved=false`)).body).toBe(0);
    expect((await api<number>('GET', `/alarm/alarms/count?source=${d.id}&status=CLEARED`)).body).toBe(2);
    const again = await api<{ id: string; count: number }>('POST', '/alarm/alarms', { body });
    expect(again.body.id).not.toBe(a1.body.id);
    expect((await api('PUT', '/alarm/alarms', { body: { status: 'CLEARED' } })).status).toBe(422);
  });

  it('alarms withSourceDevices include child devices', async () => {
    const parent = await device('Parent');
    const child = await device('Child');
    await api('POST', `/inventory/managedObjects/${parent.id}/childDevices`, { body: { managedObject: { id: child.id } } });
    await api('POST', '/alarm/alarms', { body: { type: 'c', text: 'c', severity: 'MINOR', source: { id: child.id } } });
    expect((await api<number>('GET', `/alarm/alarms/count?source=${parent.id}`)).body).toBe(0);
    expect((await api<number>('GET', `/alarm/alarms/count?source=${parent.id}&withSourceDevices=true`)).body).toBe(1);
  });

  it('events: create, list by source/type/date, update, delete', async () => {
    const d = await device('Evented');
    const e = await api<{ id: string; time: string }>('POST', '/event/events', { body: { type: 'test_Event', text: 'Hi', time: '2026-01-02T03:04:05Z', source: { id: d.id }, x: 1 } });
    expect(e.status).toBe(201);
    await api('POST', '/event/events', { body: { type: 'test_Event', text: 'Later', time: '2026-02-01T00:00:00Z', source: { id: d.id } } });
    const all = await api<{ events: Array<{ text: string }> }>('GET', `/event/events?source=${d.id}`);
    expect(all.body.events.map((x) => x.text)).toEqual(['Later', 'Hi']);
    const ranged = await api<{ events: Array<{ text: string }> }>('GET', `/event/events?source=${d.id}&dateFrom=2026-01-01T00:00:00Z&dateTo=2026-01-31T00:00:00Z`);
    expect(ranged.body.events.map((x) => x.text)).toEqual(['Hi']);
    expect((await api<{ text: string }>('PUT', `/event/events/${e.body.id}`, { body: { text: 'Changed' } })).body.text).toBe('Changed');
    // Only text and custom fragments may change (the OAS): type, source, time and the stamps are refused, nothing written.
    for (const field of [{ type: 'x_Other' }, { source: { id: '1' } }, { time: '2020-01-01T00:00:00.000Z' }, { creationTime: '2020-01-01T00:00:00.000Z' }, { lastUpdated: '2020-01-01T00:00:00.000Z' }]) {
      const refused = await api<{ error: string; message: string }>('PUT', `/event/events/${e.body.id}`, { body: { ...field, text: 'Not taken' } });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('event/Invalid Data');
      expect(refused.body.message).toContain(`'${Object.keys(field)[0]}'`);
    }
    const unchanged = await api<{ text: string; type: string; time: string; source: { id: string } }>('GET', `/event/events/${e.body.id}`);
    expect(unchanged.body).toMatchObject({ text: 'Changed', type: 'test_Event', time: e.body.time, source: { id: d.id } });
    // A client that sends back the event it read names it by id and self.
    const echoed = await api<{ text: string; x_Note: string }>('PUT', `/event/events/${e.body.id}`, { body: { id: e.body.id, self: 'ignored', text: 'Again', x_Note: 'seen' } });
    expect(echoed.body).toMatchObject({ text: 'Again', x_Note: 'seen' });
    expect((await api('DELETE', `/event/events/${e.body.id}`)).status).toBe(204);
  });

  it('operations: create requires deviceId, list filters, update status and failureReason', async () => {
    const d = await device('Operated');
    const op = await api<{ id: string; status: string; deviceId: string; deviceName: string }>('POST', '/devicecontrol/operations', {
      contentType: 'application/vnd.com.nsn.cumulocity.operation+json',
      body: { deviceId: d.id, description: 'Restart', c8y_Restart: {} },
    });
    expect(op.status).toBe(201);
    expect(op.body).toMatchObject({ status: 'PENDING', deviceId: d.id, deviceName: 'Operated' });
    // The platform creates an operation PENDING: a status (or creation time, failure reason) of the client is refused, nothing created.
    for (const field of [{ status: 'SUCCESSFUL' }, { status: 'PENDING' }, { creationTime: '2020-01-01T00:00:00.000Z' }, { failureReason: 'none' }]) {
      const refused = await api<{ error: string; message: string }>('POST', '/devicecontrol/operations', { body: { deviceId: d.id, c8y_Refused: {}, ...field } });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('devicecontrol/Invalid Data');
      expect(refused.body.message).toContain(`'${Object.keys(field)[0]}'`);
    }
    expect((await api<{ operations: unknown[] }>('GET', `/devicecontrol/operations?deviceId=${d.id}&fragmentType=c8y_Refused`)).body.operations).toHaveLength(0);
    await api('POST', '/devicecontrol/operations', { body: { deviceId: d.id, description: 'Other', c8y_Other: {} } });
    const byFragment = await api<{ operations: Array<{ description: string }> }>('GET', `/devicecontrol/operations?deviceId=${d.id}&fragmentType=c8y_Restart`);
    expect(byFragment.body.operations.map((o) => o.description)).toEqual(['Restart']);
    // As the platform: revert (newest first) only in a range query; without one, oldest first still.
    const newest = await api<{ operations: Array<{ description: string }> }>('GET', `/devicecontrol/operations?deviceId=${d.id}&revert=true&dateFrom=1970-01-01T00:00:00.000Z&pageSize=1`);
    expect(newest.body.operations.map((o) => o.description)).toEqual(['Other']);
    const unranged = await api<{ operations: Array<{ description: string }> }>('GET', `/devicecontrol/operations?deviceId=${d.id}&revert=true&pageSize=1`);
    expect(unranged.body.operations.map((o) => o.description)).toEqual(['Restart']);
    const failed = await api<{ status: string; failureReason: string }>('PUT', `/devicecontrol/operations/${op.body.id}`, { body: { status: 'FAILED', failureReason: 'No power' } });
    expect(failed.body).toMatchObject({ status: 'FAILED', failureReason: 'No power' });
    const byStatus = await api<{ operations: unknown[] }>('GET', `/devicecontrol/operations?deviceId=${d.id}&status=FAILED`);
    expect(byStatus.body.operations).toHaveLength(1);
    expect((await api('PUT', `/devicecontrol/operations/${op.body.id}`, { body: { status: 'DONE' } })).status).toBe(422);
  });
});

describe('users, tenant, applications', () => {
  it('stores per-user preferences in customProperties (viewer too), null removes a key', async () => {
    const put = await api<{ customProperties: Record<string, unknown> }>('PUT', '/user/currentUser', {
      who: 'viewer',
      body: { customProperties: { NETBOXES_COLUMNS_CONFIGadamos_NETbox: [{ colId: 'name' }], pageSize: 25, old: 1 } },
    });
    expect(put.status).toBe(200);
    await api('PUT', '/user/currentUser', { who: 'viewer', body: { customProperties: { old: null } } });
    const me = await api<{ customProperties: Record<string, unknown> }>('GET', '/user/currentUser', { who: 'viewer' });
    expect(me.body.customProperties).toEqual({ NETBOXES_COLUMNS_CONFIGadamos_NETbox: [{ colId: 'name' }], pageSize: 25 });
    const admin = await api<{ customProperties: Record<string, unknown> }>('GET', '/user/currentUser');
    expect(admin.body.customProperties).not.toHaveProperty('pageSize');
  });

  it('lists users for user-management readers', async () => {
    const res = await api<{ users: Array<{ userName: string }> }>('GET', '/user/demo/users?pageSize=10');
    expect(res.body.users.map((u) => u.userName)).toEqual(['admin', 'operator', 'viewer']);
  });

  it('current tenant', async () => {
    const res = await api('GET', '/tenant/currentTenant', { who: 'viewer' });
    expect(res.body.name).toBe('demo');
  });

  it('the shell application keeps the plugin enabling in its config; only application admins change it', async () => {
    const list = await api<{ applications: Array<{ id: string; key: string; config: unknown }> }>('GET', '/application/applications?pageSize=100', { who: 'viewer' });
    const shell = list.body.applications.find((a) => a.key === 'shell-application-key')!;
    expect(shell).toMatchObject({ name: 'Dev shell', contextPath: 'shell', type: 'HOSTED', config: { remotes: {}, excludedRemotes: {} } });
    const config = { remotes: { 'device-operations@1.0.0': ['plugin'] }, excludedRemotes: { 'mobile-router@1.0.0': ['plugin'] } };
    expect((await api('PUT', `/application/applications/${shell.id}`, { who: 'operator', body: { config } })).status).toBe(403);
    const put = await api<{ config: unknown }>('PUT', `/application/applications/${shell.id}`, { body: { config } });
    expect(put.status).toBe(200);
    expect((await api<{ config: unknown }>('GET', `/application/applications/${shell.id}`, { who: 'viewer' })).body.config).toEqual(config);
  });
});

describe('persistence', () => {
  it('keeps data across a restart on the same data folder', async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir });
    const api1 = client(first.url);
    const mo = await api1<Mo>('POST', '/inventory/managedObjects', { body: { name: 'Survivor', c8y_IsDevice: {} } });
    await api1('PUT', '/user/currentUser', { body: { customProperties: { kept: true } } });
    await first.close();
    const second = await start({ dataDir });
    try {
      const api2 = client(second.url);
      expect((await api2<Mo>('GET', `/inventory/managedObjects/${mo.body.id}`)).body.name).toBe('Survivor');
      expect((await api2<{ customProperties: Record<string, unknown> }>('GET', '/user/currentUser')).body.customProperties).toEqual({ kept: true });
    } finally {
      await second.close();
    }
    const third = await start({ dataDir, reset: true });
    try {
      expect((await client(third.url)('GET', `/inventory/managedObjects/${mo.body.id}`)).status).toBe(404);
    } finally {
      await third.close();
    }
  });

  it('a failing write inside a transaction leaves nothing behind and sends no notification', async () => {
    const published: string[] = [];
    const prev = ctx.server.core.ctx.publisher;
    ctx.server.core.ctx.publisher = (channel) => published.push(channel);
    const before = ctx.server.core.inventory.count({});
    expect(() =>
      ctx.server.core.transaction(() => {
        ctx.server.core.inventory.create({ name: 'Half' });
        throw new Error('crash in the middle');
      }),
    ).toThrow('crash in the middle');
    ctx.server.core.ctx.publisher = prev;
    expect(ctx.server.core.inventory.count({})).toBe(before);
    expect(published).toEqual([]);
  });
});

describe('static apps', () => {
  it('serves /apps/<contextPath>/ with index fallback and redirects to the shell; remoteEntry.js is not cached', async () => {
    const dataDir = tempDir();
    const staticDir = path.join(dataDir, 'apps');
    fs.mkdirSync(path.join(staticDir, 'shell'), { recursive: true });
    fs.mkdirSync(path.join(staticDir, 'device-operations'), { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'shell', 'index.html'), '<html>shell</html>');
    fs.writeFileSync(path.join(staticDir, 'device-operations', 'remoteEntry.js'), 'var x;');
    const s = await createServer({ port: 0, dataDir, devices: 0, simulate: 'off', staticDir, manifestPath: path.join(dataDir, 'none.json') });
    try {
      const root = await fetch(`${s.url}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/apps/shell/');
      expect((await fetch(`${s.url}/apps/shell`, { redirect: 'manual' })).headers.get('location')).toBe('/apps/shell/');
      expect(await (await fetch(`${s.url}/apps/shell/`)).text()).toBe('<html>shell</html>');
      expect(await (await fetch(`${s.url}/apps/shell/some/deep/link`)).text()).toBe('<html>shell</html>');
      const entry = await fetch(`${s.url}/apps/device-operations/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(`${s.url}/apps/device-operations/missing.js`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });

  it('serves nothing outside the apps folder, however the path is spelt', async () => {
    const dataDir = tempDir();
    const staticDir = path.join(dataDir, 'apps');
    fs.mkdirSync(path.join(staticDir, 'shell'), { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'shell', 'index.html'), 'shell');
    fs.writeFileSync(path.join(dataDir, 'index.html'), 'above the apps');
    const s = await createServer({ port: 0, dataDir, devices: 0, simulate: 'off', staticDir, manifestPath: path.join(dataDir, 'none.json') });
    // fetch would normalise '..' away: the request line goes out as written.
    const get = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(s.url).port), '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        let answer = '';
        socket.on('data', (d) => (answer += d.toString('latin1')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    try {
      expect(await get('/apps/shell/deep')).toMatch(/^HTTP\/1\.1 200[^]*\r\nshell\r\n/);
      for (const target of ['/apps/../deep', '/apps/./../deep', '/apps/shell/..%2f..%2findex.html', '/apps/shell/%2e%2e/%2e%2e/index.html', '/apps/%2e%2e/deep', '/apps/shell/..%5c..%5cindex.html', '/apps/shell/%252e%252e/%252e%252e/index.html', '/apps/shell/index.html%00.png', '/apps/shell@latest/..%2f..%2findex.html']) {
        const answer = await get(target);
        expect([target, answer.split('\r\n')[0]]).toEqual([target, expect.stringMatching(/^HTTP\/1\.1 (404|400)/)]);
        expect(answer).not.toContain('above the apps');
      }
      expect((await get('/apps/..')).split('\r\n')[0]).toMatch(/^HTTP\/1\.1 404/);
      // An upload being unpacked (or a replaced version being removed) is a hidden folder: never served.
      fs.mkdirSync(path.join(staticDir, '.staging-shell-0a1b2c'), { recursive: true });
      fs.writeFileSync(path.join(staticDir, '.staging-shell-0a1b2c', 'index.html'), 'half unpacked');
      for (const target of ['/apps/.staging-shell-0a1b2c/index.html', '/apps/.staging-shell-0a1b2c/', '/apps/.staging-shell-0a1b2c/deep', '/apps/%2estaging-shell-0a1b2c/index.html']) {
        const answer = await get(target);
        expect([target, answer.split('\r\n')[0]]).toEqual([target, expect.stringMatching(/^HTTP\/1\.1 (404|400)/)]);
        expect(answer).not.toContain('half unpacked');
      }
    } finally {
      await s.close();
    }
  });
});

describe('concurrency', () => {
  const PARALLEL = 40;

  it('parallel re-raises of one alarm end as one alarm with the full count', async () => {
    const d = await device('Busy');
    const body = { type: 'test_Parallel', text: 'x', severity: 'MINOR', source: { id: d.id } };
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => api<{ id: string }>('POST', '/alarm/alarms', { body })));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await api<{ count: number }>('GET', `/alarm/alarms/${results[0].body.id}`)).body.count).toBe(PARALLEL);
  });

  it('parallel partial updates of one object lose no fragment', async () => {
    const d = await device('Merged');
    const results = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => api('PUT', `/inventory/managedObjects/${d.id}`, { body: { [`frag_${i}`]: { i } } })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const doc = (await api<Mo>('GET', `/inventory/managedObjects/${d.id}`)).body;
    for (let i = 0; i < PARALLEL; i++) expect(doc[`frag_${i}`]).toEqual({ i });
  });
});

it('answers a URL beyond the HTTP parser limit (a very long query=) with 431 and the platform error body, and keeps serving', async () => {
  const res = await fetch(`${ctx.server.url}/inventory/managedObjects?query=${encodeURIComponent(`name eq '${'a'.repeat(100_000)}'`)}`, { headers: { authorization: AUTH.admin } });
  expect(res.status).toBe(431);
  expect(res.headers.get('content-type')).toContain('application/vnd.com.nsn.cumulocity.error+json');
  expect(await res.json()).toEqual({ ...ERROR_SHAPE, error: 'general/Request Header Fields Too Large' });
  expect((await fetch(`${ctx.server.url}/health`)).status).toBe(200);
});
