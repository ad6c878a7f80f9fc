/** Stand-in gaps the front-end needs: binary self link, user enabling, alarm change log. */
import { AUTH, client, ERROR_SHAPE, start } from './helpers';

jest.setTimeout(30_000);

let server: Awaited<ReturnType<typeof start>>;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await start();
  api = client(server.url);
});
afterAll(async () => {
  await server?.close();
});

it("POST /inventory/binaries answers self as the binary's own URL", async () => {
  const form = new FormData();
  form.append('object', JSON.stringify({ name: 'fw.bin', type: 'application/octet-stream' }));
  form.append('file', new Blob([Buffer.from('firmware')]), 'fw.bin');
  const res = await fetch(`${server.url}/inventory/binaries`, { method: 'POST', headers: { authorization: AUTH.admin }, body: form });
  expect(res.status).toBe(201);
  const b = (await res.json()) as { id: string; self: string };
  expect(b.self).toBe(`${server.url}/inventory/binaries/${b.id}`);
  expect(res.headers.get('location')).toBe(b.self);
  expect(await (await fetch(b.self, { headers: { authorization: AUTH.admin } })).text()).toBe('firmware');
});

describe('PUT /user/{tenant}/users/{userName}', () => {
  it('a user admin deactivates and activates a device owner; the owner exists while it owns objects', async () => {
    const owner = 'device_SN-GAPS-1';
    expect((await api('GET', `/user/demo/users/${owner}`)).status).toBe(404);
    // The demo's devices are owned by their device users (created by the seed with the owner name).
    const created = await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'd', c8y_IsDevice: {} } });
    server.core.db.prepare('UPDATE managed_objects SET owner = ? WHERE id = ?').run(owner, Number(created.body.id));
    expect((await api('GET', `/user/demo/users/${owner}`)).body).toMatchObject({ userName: owner, enabled: true });

    const off = await api('PUT', `/user/demo/users/${owner}`, { body: { enabled: false } });
    expect(off).toMatchObject({ status: 200, body: { userName: owner, enabled: false } });
    expect((await api('GET', `/user/demo/users/${owner}`)).body).toMatchObject({ enabled: false });
    expect((await api('PUT', `/user/demo/users/${owner}`, { body: { enabled: true } })).body).toMatchObject({ enabled: true });
  });

  it('a disabled user is refused at once, also with recently used Basic credentials', async () => {
    expect((await api('GET', '/user/currentUser', { who: 'viewer' })).status).toBe(200);
    expect((await api('PUT', '/user/demo/users/viewer', { body: { enabled: false } })).body).toMatchObject({ enabled: false });
    expect((await api('GET', '/user/currentUser', { who: 'viewer' })).status).toBe(401);
    await api('PUT', '/user/demo/users/viewer', { body: { enabled: true } });
    expect((await api('GET', '/user/currentUser', { who: 'viewer' })).status).toBe(200);
  });

  it('needs ROLE_USER_MANAGEMENT_ADMIN and valid fields', async () => {
    expect(await api('PUT', '/user/demo/users/viewer', { who: 'operator', body: { enabled: false } })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('PUT', '/user/demo/users/viewer', { body: { enabled: 'no' } })).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await api('PUT', '/user/demo/users/nobody-here', { body: { enabled: false } })).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('PUT', '/user/other/users/viewer', { body: { enabled: false } })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect((await api('GET', '/user/demo/users/viewer')).body).toMatchObject({ enabled: true });
  });

  it("never deactivates the caller itself (the Info tab offers Deactivate for a device the admin owns): 403, and the admin can still sign in", async () => {
    const own = await api<{ id: string; owner: string }>('POST', '/inventory/managedObjects', { body: { name: 'admin-owned', c8y_IsDevice: {} } });
    expect(own.body.owner).toBe('admin');
    const off = await api<{ message: string }>('PUT', '/user/demo/users/admin', { body: { enabled: false, firstName: 'Locked' } });
    expect(off).toMatchObject({ status: 403, body: { ...ERROR_SHAPE, error: 'security/Forbidden', message: 'A user cannot deactivate itself' } });
    expect((await api('GET', '/user/currentUser')).body).toMatchObject({ userName: 'admin', enabled: true, firstName: 'Admin' });
    // Other changes of oneself still pass.
    expect((await api('PUT', '/user/demo/users/admin', { body: { enabled: true, firstName: 'Admin' } })).status).toBe(200);
  });
});

describe('GET /audit/auditRecords?source=<alarmId>', () => {
  it('lists each alarm update with the changed fields, oldest first as the platform does (revert: newest first)', async () => {
    const dev = await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'audited', c8y_IsDevice: {} } });
    const alarm = await api<{ id: string }>('POST', '/alarm/alarms', { body: { source: { id: dev.body.id }, type: 'a_T', text: 'first', severity: 'MAJOR', time: new Date().toISOString() } });
    const other = await api<{ id: string }>('POST', '/alarm/alarms', { body: { source: { id: dev.body.id }, type: 'b_T', text: 'other', severity: 'MINOR', time: new Date().toISOString() } });
    await api('PUT', `/alarm/alarms/${alarm.body.id}`, { body: { status: 'ACKNOWLEDGED' } });
    await api('PUT', `/alarm/alarms/${alarm.body.id}`, { who: 'operator', body: { text: 'second', severity: 'CRITICAL' } });
    // Unchanged values leave no record.
    await api('PUT', `/alarm/alarms/${alarm.body.id}`, { body: { text: 'second' } });
    await api('PUT', `/alarm/alarms/${other.body.id}`, { body: { status: 'CLEARED' } });

    type Rec = { type: string; user: string; source: { id: string }; changes: Array<{ attribute: string; previousValue: unknown; newValue: unknown }> };
    const res = await api<{ auditRecords: Rec[]; statistics: Record<string, number> }>('GET', `/audit/auditRecords?source=${alarm.body.id}&type=Alarm&pageSize=10&withTotalElements=true`);
    expect(res.status).toBe(200);
    expect(res.body.statistics.totalElements).toBe(2);
    const [oldest, newest] = res.body.auditRecords;
    expect(newest).toMatchObject({ type: 'Alarm', user: 'operator', source: { id: alarm.body.id } });
    expect(newest.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attribute: 'text', previousValue: 'first', newValue: 'second' }),
        expect.objectContaining({ attribute: 'severity', previousValue: 'MAJOR', newValue: 'CRITICAL' }),
      ]),
    );
    expect(newest.changes).toHaveLength(2);
    expect(oldest).toMatchObject({ user: 'admin', changes: [expect.objectContaining({ attribute: 'status', previousValue: 'ACTIVE', newValue: 'ACKNOWLEDGED' })] });
    const reverted = await api<{ auditRecords: Rec[] }>('GET', `/audit/auditRecords?source=${alarm.body.id}&dateFrom=1970-01-01T00:00:00.000Z&revert=true`);
    expect(reverted.body.auditRecords.map((r) => r.user)).toEqual(['operator', 'admin']);
    // Without a date range the platform ignores revert.
    const unranged = await api<{ auditRecords: Rec[] }>('GET', `/audit/auditRecords?source=${alarm.body.id}&revert=true`);
    expect(unranged.body.auditRecords.map((r) => r.user)).toEqual(['admin', 'operator']);
  });

  it('records bulk status changes per alarm; the log survives a restart', async () => {
    const dev = await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'bulk', c8y_IsDevice: {} } });
    const ids: string[] = [];
    for (const type of ['x_1', 'x_2']) {
      ids.push((await api<{ id: string }>('POST', '/alarm/alarms', { body: { source: { id: dev.body.id }, type, text: 't', severity: 'MINOR', time: new Date().toISOString() } })).body.id);
    }
    expect((await api('PUT', `/alarm/alarms?source=${dev.body.id}`, { body: { status: 'CLEARED' } })).status).toBe(200);
    for (const id of ids) {
      const r = await api<{ auditRecords: Array<{ changes: Array<{ attribute: string; newValue: unknown }> }> }>('GET', `/audit/auditRecords?source=${id}`);
      expect(r.body.auditRecords).toHaveLength(1);
      expect(r.body.auditRecords[0].changes).toEqual([expect.objectContaining({ attribute: 'status', newValue: 'CLEARED' })]);
    }
    const dataDir = server.dataDir;
    await server.close();
    server = await start({ dataDir });
    api = client(server.url);
    expect((await api<{ auditRecords: unknown[] }>('GET', `/audit/auditRecords?source=${ids[0]}`)).body.auditRecords).toHaveLength(1);
  });

  it('answers bad parameters and unknown records with the error body', async () => {
    expect(await api('GET', '/audit/auditRecords?dateFrom=yesterday')).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await api('GET', '/audit/auditRecords?pageSize=0')).toMatchObject({ status: 422, body: ERROR_SHAPE });
    // The largest page is a whole number too (the message named 4503599627370.495).
    const page = await api<{ message: string }>('GET', '/audit/auditRecords?currentPage=0');
    expect(page).toMatchObject({ status: 422, body: { ...ERROR_SHAPE, message: "'currentPage' must be a whole number from 1 to 4503599627370" } });
    expect(await api('GET', '/audit/auditRecords/999999')).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('GET', '/audit/auditRecords', { who: 'nobody' })).toMatchObject({ status: 401, body: ERROR_SHAPE });
  });
});

describe('the newest c8y_status object (the device lists poll it for the ongoing-job banner)', () => {
  // The query the lists send (shared/platform/create-software-ng.ts, fetchNewestJobStatus).
  const NEWEST = `/inventory/managedObjects?query=${encodeURIComponent("$filter=(type eq 'c8y_status') $orderby=creationTime desc")}&pageSize=1&withChildren=false`;
  const newest = async () => (await api<{ managedObjects: Array<Record<string, unknown>> }>('GET', NEWEST, { who: 'viewer' })).body.managedObjects[0];

  it('is a status object another user created over REST, at once', async () => {
    // The completed one the demo seed writes (an hour old there).
    const completed = { dmg_assign_software_status: 'completed', dmg_clear_pending_assignment_status: 'completed' };
    server.core.inventory.create({ type: 'c8y_status', creationTime: new Date(Date.now() - 60_000).toISOString(), ...completed });
    expect(await newest()).toMatchObject(completed);
    // REST ignores a creationTime in the body: a new status object is always the newest.
    const ongoing = await api<{ id: string }>('POST', '/inventory/managedObjects', {
      who: 'operator',
      body: { type: 'c8y_status', creationTime: '2001-01-01T00:00:00.000Z', dmg_assign_software_status: 'ongoing', dmg_clear_pending_assignment_status: 'completed' },
    });
    expect(ongoing.status).toBe(201);
    expect(await newest()).toMatchObject({ id: ongoing.body.id, dmg_assign_software_status: 'ongoing' });
  });
});
