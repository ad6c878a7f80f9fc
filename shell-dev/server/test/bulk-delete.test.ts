/** DELETE /alarm/alarms and DELETE /devicecontrol/operations: filters, roles, realtime deletions. */
import { Subscriber } from './bayeux';
import { type client, ERROR_SHAPE, serverPerFile } from './helpers';

jest.setTimeout(30_000);

const ctx = serverPerFile();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

async function device(name: string): Promise<string> {
  const res = await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name, c8y_IsDevice: {} } });
  return res.body.id;
}

async function alarm(source: string, type: string, severity: string, time: string, status = 'ACTIVE'): Promise<string> {
  const res = await api<{ id: string }>('POST', '/alarm/alarms', { body: { source: { id: source }, type, text: type, severity, time, status } });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function alarmIds(query: string): Promise<string[]> {
  const res = await api<{ alarms: Array<{ id: string }> }>('GET', `/alarm/alarms?pageSize=2000&${query}`);
  return res.body.alarms.map((a) => a.id).sort();
}

describe('DELETE /alarm/alarms', () => {
  it('removes exactly the alarms the filter selects (source, severity, status, type, dates) and answers 204', async () => {
    const d1 = await device('bulk-a1');
    const d2 = await device('bulk-a2');
    const keepOther = await alarm(d2, 'bulk_T1', 'MAJOR', '2026-01-01T10:00:00.000Z');
    const major = await alarm(d1, 'bulk_T1', 'MAJOR', '2026-01-01T10:00:00.000Z');
    const minor = await alarm(d1, 'bulk_T2', 'MINOR', '2026-01-01T10:00:00.000Z');
    const old = await alarm(d1, 'bulk_T3', 'MAJOR', '2025-01-01T10:00:00.000Z');
    const cleared = await alarm(d1, 'bulk_T4', 'WARNING', '2026-01-02T10:00:00.000Z', 'CLEARED');

    expect((await api('DELETE', `/alarm/alarms?source=${d1}&severity=MAJOR&dateFrom=2026-01-01T00:00:00Z&dateTo=2026-01-02T00:00:00Z`)).status).toBe(204);
    expect(await alarmIds(`source=${d1}`)).toEqual([minor, old, cleared].sort());

    expect((await api('DELETE', `/alarm/alarms?source=${d1}&resolved=true`)).status).toBe(204);
    expect(await alarmIds(`source=${d1}`)).toEqual([minor, old].sort());

    expect((await api('DELETE', `/alarm/alarms?source=${d1}&type=bulk_T2,bulk_T3&status=ACTIVE`)).status).toBe(204);
    expect(await alarmIds(`source=${d1}`)).toEqual([]);
    expect(await alarmIds(`source=${d2}`)).toEqual([keepOther]);
    expect((await api('GET', `/alarm/alarms/${major}`)).status).toBe(404);
  });

  it('withSourceAssets / withSourceDevices reach the children of the source', async () => {
    const group = (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'bulk-group', c8y_IsDeviceGroup: {} } })).body.id;
    const child = await device('bulk-child');
    await api('POST', `/inventory/managedObjects/${group}/childAssets`, { body: { managedObject: { id: child } } });
    const onChild = await alarm(child, 'bulk_child', 'MAJOR', '2026-01-01T10:00:00.000Z');
    expect((await api('DELETE', `/alarm/alarms?source=${group}`)).status).toBe(204);
    expect(await alarmIds(`source=${child}`)).toEqual([onChild]);
    expect((await api('DELETE', `/alarm/alarms?source=${group}&withSourceAssets=true`)).status).toBe(204);
    expect(await alarmIds(`source=${child}`)).toEqual([]);
  });

  it('needs ROLE_ALARM_ADMIN and valid filters; a refused delete removes nothing', async () => {
    const d = await device('bulk-roles');
    const a = await alarm(d, 'bulk_roles', 'MAJOR', '2026-01-01T10:00:00.000Z');
    expect(await api('DELETE', `/alarm/alarms?source=${d}`, { who: 'viewer' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('DELETE', `/alarm/alarms?source=${d}`, { who: 'nobody' })).toMatchObject({ status: 401, body: ERROR_SHAPE });
    expect(await api('DELETE', `/alarm/alarms?source=${d}&severity=HUGE`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await api('DELETE', `/alarm/alarms?source=${d}&dateFrom=yesterday`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await api('DELETE', `/alarm/alarms?source=${d}&resolved=maybe`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await alarmIds(`source=${d}`)).toEqual([a]);
    // The operator holds ROLE_ALARM_ADMIN.
    expect((await api('DELETE', `/alarm/alarms?source=${d}`, { who: 'operator' })).status).toBe(204);
    expect(await alarmIds(`source=${d}`)).toEqual([]);
  });

  it('publishes a DELETE with the id of each removed alarm on /alarms/<source>', async () => {
    const d = await device('bulk-rt');
    const a1 = await alarm(d, 'bulk_rt1', 'MAJOR', '2026-01-01T10:00:00.000Z');
    const a2 = await alarm(d, 'bulk_rt2', 'MINOR', '2026-01-01T10:00:00.000Z');
    const { sub } = await Subscriber.open(ctx.server.url, [`/alarms/${d}`]);
    expect((await api('DELETE', `/alarm/alarms?source=${d}`)).status).toBe(204);
    const got = await sub.until((all) => all.length >= 2);
    expect(got.map((m) => [m.channel, m.data?.realtimeAction, m.data?.data]).sort()).toEqual(
      [
        [`/alarms/${d}`, 'DELETE', a1],
        [`/alarms/${d}`, 'DELETE', a2],
      ].sort(),
    );
    await sub.close();
  });
});

describe('DELETE /devicecontrol/operations', () => {
  async function operation(deviceId: string, status?: string): Promise<string> {
    const res = await api<{ id: string }>('POST', '/devicecontrol/operations', { body: { deviceId, c8y_Restart: {} } });
    expect(res.status).toBe(201);
    // Created PENDING as on the platform; another status is the device's update.
    if (status) expect((await api('PUT', `/devicecontrol/operations/${res.body.id}`, { body: { status } })).status).toBe(200);
    return res.body.id;
  }
  async function opIds(query: string): Promise<string[]> {
    const res = await api<{ operations: Array<{ id: string }> }>('GET', `/devicecontrol/operations?pageSize=2000&${query}`);
    return res.body.operations.map((o) => o.id).sort();
  }

  it('removes by deviceId and status, by agentId (the agent and its child devices), answers 204', async () => {
    const agent = await device('bulk-agent');
    const childDevice = await device('bulk-agent-child');
    await api('POST', `/inventory/managedObjects/${agent}/childDevices`, { body: { managedObject: { id: childDevice } } });
    const other = await device('bulk-other');
    const pending = await operation(agent);
    const failed = await operation(agent, 'FAILED');
    const onChild = await operation(childDevice);
    const onOther = await operation(other);

    expect((await api('DELETE', `/devicecontrol/operations?deviceId=${agent}&status=FAILED`)).status).toBe(204);
    expect(await opIds(`deviceId=${agent}`)).toEqual([pending]);
    expect(await opIds(`deviceId=${childDevice}`)).toEqual([onChild]);
    expect((await api('GET', `/devicecontrol/operations/${failed}`)).status).toBe(404);

    expect((await api('DELETE', `/devicecontrol/operations?agentId=${agent}`)).status).toBe(204);
    expect(await opIds(`deviceId=${agent}`)).toEqual([]);
    expect(await opIds(`deviceId=${childDevice}`)).toEqual([]);
    expect(await opIds(`deviceId=${other}`)).toEqual([onOther]);
  });

  it('filters by creation time and refuses bad filters and missing roles with an error body', async () => {
    const d = await device('bulk-op-time');
    const op = await operation(d);
    expect((await api('DELETE', `/devicecontrol/operations?deviceId=${d}&dateTo=2000-01-01T00:00:00Z`)).status).toBe(204);
    expect(await opIds(`deviceId=${d}`)).toEqual([op]);
    expect(await api('DELETE', `/devicecontrol/operations?deviceId=${d}`, { who: 'viewer' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('DELETE', `/devicecontrol/operations?deviceId=${d}&status=DONE`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await api('DELETE', `/devicecontrol/operations?deviceId=${d}&dateFrom=x`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await opIds(`deviceId=${d}`)).toEqual([op]);
  });

  it('publishes a DELETE with the id of each removed operation on /operations/<device>', async () => {
    const d = await device('bulk-op-rt');
    const op = await operation(d);
    const { sub } = await Subscriber.open(ctx.server.url, [`/operations/${d}`]);
    expect((await api('DELETE', `/devicecontrol/operations?deviceId=${d}`)).status).toBe(204);
    const got = await sub.until((all) => all.length >= 1);
    expect(got).toEqual([expect.objectContaining({ channel: `/operations/${d}`, data: { realtimeAction: 'DELETE', data: op } })]);
    await sub.close();
  });
});

/**
 * A bulk delete or change with an empty or unknown parameter (`source=`, `sources=1`) is 422 and
 * changes nothing: read as "no filter", `DELETE /alarm/alarms?source=` removed every alarm of the
 * tenant (session 19's audit).
 */
describe('bulk filters: an empty or unknown parameter is refused, never read as no filter', () => {
  it.each([
    ['DELETE', '/alarm/alarms?source='],
    ['DELETE', '/alarm/alarms?source=%20'],
    ['DELETE', '/alarm/alarms?type='],
    ['DELETE', '/alarm/alarms?sources=1'],
    ['DELETE', '/alarm/alarms?status=ACTIVE&severity='],
    ['PUT', '/alarm/alarms?source=&status=ACTIVE'],
    ['PUT', '/alarm/alarms?status=ACTIVE&deviceId=1'],
    ['DELETE', '/devicecontrol/operations?deviceId='],
    ['DELETE', '/devicecontrol/operations?device=1'],
    ['DELETE', '/measurement/measurements?source='],
    ['DELETE', '/measurement/measurements?valueFragmentType=c8y_T'],
  ])('%s %s: 422, every alarm, operation and measurement kept', async (method, url) => {
    const d = await device(`bulk-guard-${method}-${url}`);
    const a = await alarm(d, 'bulk_guard', 'MAJOR', '2026-01-01T10:00:00.000Z');
    const op = (await api<{ id: string }>('POST', '/devicecontrol/operations', { body: { deviceId: d, c8y_Restart: {} } })).body.id;
    const m = await api<{ id: string }>('POST', '/measurement/measurements', {
      body: { source: { id: d }, type: 'c8y_T', time: '2026-01-01T10:00:00.000Z', c8y_T: { T: { value: 1, unit: 'C' } } },
      contentType: 'application/vnd.com.nsn.cumulocity.measurement+json',
    });
    expect(m.status).toBe(201);
    const res = await api(method, url, { body: method === 'PUT' ? { status: 'CLEARED' } : undefined });
    expect(res).toMatchObject({ status: 422, body: { ...ERROR_SHAPE, error: 'query/Invalid Data' } });
    expect(await alarmIds(`source=${d}`)).toEqual([a]);
    expect((await api('GET', `/alarm/alarms/${a}`)).body).toMatchObject({ status: 'ACTIVE' });
    expect((await api('GET', `/devicecontrol/operations/${op}`)).status).toBe(200);
    expect((await api('GET', `/measurement/measurements/${m.body.id}`)).status).toBe(200);
  });

  it('names the parameter and the filters the route knows', async () => {
    const res = await api<{ message: string }>('DELETE', '/alarm/alarms?sources=1');
    expect(res.body.message).toBe(
      "'sources' is not a filter of DELETE /alarm/alarms (filters: source, status, severity, type, resolved, withSourceDevices, withSourceAssets, dateFrom, dateTo, createdFrom, createdTo, lastUpdatedFrom, lastUpdatedTo)",
    );
    expect((await api<{ message: string }>('DELETE', '/alarm/alarms?source=')).body.message).toBe("'source' must not be empty in DELETE /alarm/alarms");
  });
});
