import type { ManagedObject, ServerCore } from '../../core/api';
import { categoryOf, categorySql } from './categories';
import { DAY_MS, HISTORY_DAYS, MINUTE_MS, SERVICE_PREFIX } from './constants';
import { operationDashboardModule, type OperationDashboardModule } from './index';
import { DEVICE_STATES_FROM, DEVICE_STATES_WHERE, STATE_AVAILABILITY_WHERE } from './sql';
import { harness, type Harness } from './testing/harness';

const NOW = Date.UTC(2025, 5, 15, 12, 0); // 15 June 2025, noon UTC
const iso = (ms: number) => new Date(ms).toISOString();
const ago = (days: number) => NOW - days * DAY_MS;
const PKG = 'adamos_adamos_netbox_SoftwarePackageList';
const FAILED = 'adamos_adamos_netbox_FailedInstallationCount';

type Ids = Record<'d1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6' | 'd7' | 'd8', string>;

const entry = (name: string, version: string, status: string, ts: number, extra: Record<string, unknown> = {}) => ({
  name,
  version,
  status,
  last_status_timestamp: iso(ts),
  type: 'APPLICATION',
  ...extra,
});

/** A small fleet whose every figure is known (see the expectations below). */
function seedFleet(core: ServerCore, ids: Partial<Ids>): void {
  const device = (key: keyof Ids, created: number, fragments: Record<string, unknown>) => {
    ids[key] = core.inventory.create({ name: key, type: 'adamos_NETbox', c8y_IsDevice: {}, creationTime: iso(created), ...fragments }).id;
  };
  const avail = (status: string, lastMessage = NOW - MINUTE_MS) => ({ c8y_Availability: { status, lastMessage: iso(lastMessage) } });
  core.inventory.create({ name: 'B', type: 'c8y_Software', version: '2.0', dependencies: [{ id: '1', name: 'A', version: '1.0' }] });
  core.inventory.create({ name: 'A group', c8y_IsDeviceGroup: {} });
  device('d1', ago(100), { ...avail('AVAILABLE'), [PKG]: [entry('A', '1.0', 'installed', ago(10))] });
  device('d2', ago(100), { ...avail('AVAILABLE'), [PKG]: [entry('B', '2.0', 'to be installed', ago(5))] });
  device('d3', ago(100), { ...avail('UNAVAILABLE', ago(3)), [PKG]: [entry('C', '1.0', 'waiting for approval', ago(2))] });
  device('d4', ago(100), { ...avail('NOT_MONITORED') });
  device('d5', ago(100), { ...avail('MAINTENANCE'), [PKG]: [entry('A', '1.0', 'installed', ago(9), { marked_for_deletion: true })] });
  device('d6', ago(100), { [FAILED]: 1, [PKG]: [entry('A', '1.0', 'failed', ago(20)), entry('D', '1.0', 'installed', NOW - 60 * MINUTE_MS)] });
  device('d7', ago(100), { ...avail('AVAILABLE'), [FAILED]: 1, [PKG]: [entry('B', '2.0', 'failed', Date.UTC(2025, 2, 20)), entry('A', '1.0', 'installed', Date.UTC(2025, 3, 2))] });
  device('d8', ago(20), { ...avail('AVAILABLE'), [FAILED]: 2, [PKG]: [entry('E', '1.0', 'failed', ago(12)), entry('A', '1.0', 'installed', ago(15))] });

  const alarm = (key: keyof Ids, type: string, severity: 'CRITICAL' | 'MAJOR', time: number, status: 'ACTIVE' | 'ACKNOWLEDGED' | 'CLEARED' = 'ACTIVE') =>
    core.alarms.create({ source: { id: ids[key]! }, type, text: type, severity, status, time: iso(time) });
  alarm('d1', 'adamos_software_InstallationFailed', 'CRITICAL', ago(1));
  alarm('d1', 'adamos_software_InstallationFailed', 'CRITICAL', ago(1)); // re-raised: count 2
  alarm('d2', 'c8y_UnavailabilityAlarm', 'CRITICAL', ago(10), 'ACKNOWLEDGED');
  alarm('d3', 'adamos_connectivity_URLCheckFailed', 'CRITICAL', ago(40));
  alarm('d3', 'adamos_service_MDCStopped', 'CRITICAL', ago(59));
  alarm('d4', 'adamos_hardware_Z', 'CRITICAL', ago(3));
  alarm('d5', 'adamos_software_Other', 'CRITICAL', ago(70), 'CLEARED');
  alarm('d1', 'adamos_hardware_Z', 'MAJOR', ago(1));
  alarm('d6', 'ADAMOS_software_x', 'CRITICAL', NOW - 60 * MINUTE_MS);
}

describe('operation-dashboard over HTTP', () => {
  let h: Harness;
  let mod: OperationDashboardModule;
  const ids: Partial<Ids> = {};
  const get = async (path: string) => {
    const res = await fetch(`${h.baseUrl}${SERVICE_PREFIX}/${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & Array<Record<string, unknown>> };
  };
  const names = (body: Record<string, unknown>) => (body.managedObjects as ManagedObject[]).map((m) => m.name);

  beforeEach(async () => {
    mod = operationDashboardModule({ cacheMs: 0 });
    h = await harness(NOW, [mod], (core) => seedFleet(core, ids));
  });
  afterEach(() => h.close());

  it('counts devices by c8y_Availability.status (only c8y_IsDevice objects)', async () => {
    expect(await get('devicestatistics')).toEqual({
      status: 200,
      body: { onlineDeviceCount: 4, offlineDeviceCount: 1, notMonitoredDeviceCount: 3, totalDevices: 8 },
    });
  });

  it('lists devices per availability view with paging statistics', async () => {
    expect(names((await get('listdevices/online')).body)).toEqual(['d1', 'd2', 'd7', 'd8']);
    expect(names((await get('listdevices/offline')).body)).toEqual(['d3']);
    expect(names((await get('listdevices/notmonitored')).body)).toEqual(['d4', 'd5', 'd6']);
    const page = await get('listdevices/total?pageSize=3&currentPage=2');
    expect(names(page.body)).toEqual(['d4', 'd5', 'd6']);
    expect(page.body.statistics).toEqual({ currentPage: 2, pageSize: 3, totalPages: 3, totalElements: 8 });
    expect((page.body.managedObjects as ManagedObject[])[0]).toMatchObject({ id: ids.d4, c8y_Availability: { status: 'NOT_MONITORED' } });
    expect((await get('listdevices/total?pageSize=3&currentPage=4')).body).toMatchObject({ managedObjects: [], statistics: { totalElements: 8 } });
  });

  it('reads the not-monitored devices and an alarm page from indexes, without sorting every match (issue 21)', async () => {
    const plan = (sql: string) => (h.core.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    const notMonitored = `${DEVICE_STATES_FROM} WHERE ${DEVICE_STATES_WHERE} AND ${STATE_AVAILABILITY_WHERE.notmonitored}`;
    expect(plan(`SELECT count(*) FROM ${notMonitored}`)).toMatch(/COVERING INDEX opdash_software_state_device_monitored/);
    expect(plan(`SELECT st.mo_id FROM ${notMonitored} ORDER BY st.mo_id LIMIT 25`)).toMatch(/COVERING INDEX opdash_software_state_device_monitored \(device=\? AND <expr>=\?\)$/);
    for (const view of ['online', 'offline', 'total'] as const) {
      expect(plan(`SELECT st.mo_id FROM ${DEVICE_STATES_FROM} WHERE ${DEVICE_STATES_WHERE} AND ${STATE_AVAILABILITY_WHERE[view]} ORDER BY st.mo_id LIMIT 25`)).not.toMatch(/TEMP B-TREE/);
    }
    const alarmPage = `SELECT * FROM alarms INDEXED BY alarms_status_time WHERE status IN ('ACTIVE', 'ACKNOWLEDGED') AND severity = 'MAJOR' ORDER BY time DESC, id DESC LIMIT 25`;
    expect(plan(alarmPage)).toMatch(/alarms_status_time \(status=\? AND severity=\?\)/);
    // The newest page mixes both unresolved statuses in time order (d2's alarm is ACKNOWLEDGED).
    const critical = (await get('listpagealarms/critical?pageSize=6')).body.alarms as Array<{ time: string; status: string }>;
    expect(critical.map((a) => a.time)).toEqual([...critical.map((a) => a.time)].sort().reverse());
    expect(new Set(critical.map((a) => a.status))).toEqual(new Set(['ACTIVE', 'ACKNOWLEDGED']));
  });

  it('counts unresolved alarms per category for a severity', async () => {
    expect((await get('alarmcount/critical')).body).toEqual({ total: 6, software: 1, connectivity: 2, services: 1, others: 2 });
    expect((await get('alarmcount/major')).body).toEqual({ total: 1, software: 0, connectivity: 0, services: 0, others: 1 });
    expect((await get('alarmcount/minor')).body).toEqual({ total: 0, software: 0, connectivity: 0, services: 0, others: 0 });
  });

  it('pages alarms of a severity and category, newest first, with id as {value}', async () => {
    const all = await get('listpagealarms/critical?pageSize=2');
    expect(all.body.statistics).toEqual({ currentPage: 1, pageSize: 2, totalPages: 3, totalElements: 6 });
    const first = (all.body.alarms as Array<Record<string, unknown>>)[0]!;
    expect(first).toMatchObject({ type: 'ADAMOS_software_x', severity: 'CRITICAL', status: 'ACTIVE', source: { id: ids.d6, name: 'd6' }, text: 'ADAMOS_software_x' });
    expect(first.id).toEqual({ value: expect.stringMatching(/^\d+$/) });
    const health = await get('listpagealarms/critical/health');
    expect((health.body.alarms as Array<{ type: string }>).map((a) => a.type)).toEqual(['c8y_UnavailabilityAlarm', 'adamos_connectivity_URLCheckFailed']);
    expect((await get('listpagealarms/critical/connectivity')).body.statistics).toMatchObject({ totalElements: 2 });
    expect((await get('listpagealarms/critical/software')).body.alarms).toEqual([expect.objectContaining({ type: 'adamos_software_InstallationFailed', count: 2 })]);
  });

  it('ranks alarm types of the last N days by occurrences', async () => {
    expect((await get('toptenalarmtypes/7')).body).toEqual([
      { alarmType: 'adamos_hardware_Z', count: 2, severity: 'CRITICAL' },
      { alarmType: 'adamos_software_InstallationFailed', count: 2, severity: 'CRITICAL' },
      { alarmType: 'ADAMOS_software_x', count: 1, severity: 'CRITICAL' },
    ]);
    expect(((await get('toptenalarmtypes/60')).body as unknown[]).length).toBe(6);
  });

  it('backfills 60 days of alarm history, yesterday first', async () => {
    const { attrs } = (await get('alarmhistory')).body as unknown as { attrs: Record<string, number[]> };
    for (const series of Object.values(attrs)) expect(series).toHaveLength(HISTORY_DAYS);
    const nonZero = (xs: number[]) => Object.fromEntries(xs.flatMap((n, i) => (n ? [[i, n]] : [])));
    expect(nonZero(attrs.criticalAlarmHistory!)).toEqual({ 0: 1, 2: 1, 9: 1, 39: 1, 58: 1 });
    expect(nonZero(attrs.majorAlarmHistory!)).toEqual({ 0: 1 });
    expect(nonZero(attrs.minorAlarmHistory!)).toEqual({});
    expect(nonZero(attrs.warningAlarmHistory!)).toEqual({});
  });

  it('derives online history whose counts match its device lists', async () => {
    const history = ((await get('historydevicelist')).body as unknown as { attrs: { history: Array<{ deviceCount: number; averageTime: number; date: string }> } }).attrs.history;
    expect(history).toHaveLength(HISTORY_DAYS);
    expect(history[0]!.date).toBe('2025-06-14');
    let total = 0;
    for (let i = 0; i < HISTORY_DAYS; i++) {
      const page = await get(`historydevicelistpage/${i + 1}?pageSize=100`);
      const listed = names(page.body);
      expect(page.body.statistics).toMatchObject({ totalElements: history[i]!.deviceCount });
      // Not-monitored devices never, d3 not after its last message (3 days ago), d8 not before its creation (20 days ago).
      for (const n of listed) expect(['d1', 'd2', 'd3', 'd7', 'd8']).toContain(n);
      if (i + 1 <= 2) expect(listed).not.toContain('d3');
      if (i + 1 > 20) expect(listed).not.toContain('d8');
      if (history[i]!.deviceCount > 0) expect(history[i]!.averageTime).toBeGreaterThanOrEqual(45);
      total += history[i]!.deviceCount;
    }
    // 88 % of about 4.6 eligible devices a day over 60 days: neither none nor all.
    expect(total).toBeGreaterThan(150);
    expect(total).toBeLessThan(270);
  });

  it('measures a finished day from samples of the core clock', async () => {
    h.clock.set(NOW + 20 * MINUTE_MS);
    mod.runJobs();
    h.core.inventory.update(ids.d1!, { c8y_Availability: { status: 'UNAVAILABLE', lastMessage: iso(NOW) } });
    h.clock.set(NOW + 31 * MINUTE_MS);
    mod.runJobs();
    h.clock.set(NOW + 31 * MINUTE_MS + 10_000); // same sample slot: no second sample
    mod.runJobs();
    h.clock.set(Date.UTC(2025, 5, 16, 0, 5));
    mod.runJobs();
    const history = ((await get('historydevicelist')).body as unknown as { attrs: { history: Array<{ deviceCount: number; averageTime: number }> } }).attrs.history;
    // d1 was sampled twice, d2, d7, d8 three times, 15 minutes each.
    expect(history[0]).toEqual({ date: '2025-06-15', deviceCount: 4, averageTime: Math.round(((2 + 3 + 3 + 3) * 15) / 4) });
    expect(names((await get('historydevicelistpage/1')).body)).toEqual(['d1', 'd2', 'd7', 'd8']);
    expect(history).toHaveLength(HISTORY_DAYS);
  });

  it('defines waiting for dependency, waiting for approval and without assignment by the package lists', async () => {
    expect(names((await get('softwaremonitoringdevicelistpage/wfd')).body)).toEqual(['d2']);
    expect(names((await get('softwaremonitoringdevicelistpage/wfa')).body)).toEqual(['d3']);
    expect(names((await get('softwaremonitoringdevicelistpage/wsa')).body)).toEqual(['d4', 'd5']);
    // Installing the dependency ends the wait.
    h.core.inventory.update(ids.d2!, { [PKG]: [entry('A', '1.0', 'installed', NOW), entry('B', '2.0', 'to be installed', ago(5))] });
    expect(names((await get('softwaremonitoringdevicelistpage/wfd')).body)).toEqual([]);
  });

  it('follows the repository: a package gaining, losing or leaving a dependency changes who waits', async () => {
    const wfd = async () => names((await get('softwaremonitoringdevicelistpage/wfd')).body);
    // d6 waits for nothing yet: its pending F has no package in the repository.
    h.core.inventory.update(ids.d6!, { [PKG]: [entry('F', '3.0', 'assigned', NOW)] });
    expect(await wfd()).toEqual(['d2']);
    const f = h.core.inventory.create({ name: 'F', type: 'c8y_Software', version: '3.0', dependencies: [{ id: '1', name: 'G' }] }).id;
    expect(await wfd()).toEqual(['d2', 'd6']);
    h.core.inventory.update(f, { dependencies: [] });
    expect(await wfd()).toEqual(['d2']);
    h.core.inventory.update(f, { dependencies: [{ id: '1', name: 'A', version: '1.0' }] });
    expect(await wfd()).toEqual(['d2', 'd6']);
    h.core.inventory.update(f, { name: 'F2' });
    expect(await wfd()).toEqual(['d2']);
    h.core.inventory.remove(h.core.inventory.query({ type: 'c8y_Software', query: "name eq 'B'" }).items[0]!.id);
    expect(await wfd()).toEqual([]);
  });

  it('compares software figures with the snapshot trendDays ago', async () => {
    expect((await get('softwaremonitoringstats/17')).body).toEqual({
      devicesWaitingForDependencies: 1,
      TrendWFD: 1,
      devicesWaitingForApproval: 1,
      TrendWFA: 1,
      devicesWithoutSoftwareAssignment: 2,
      TrendWSA: -1,
    });
    expect((await get('softwaremonitoringstats/1')).body).toMatchObject({ TrendWFD: 0, TrendWFA: 0, TrendWSA: 0 });
    h.core.inventory.update(ids.d1!, { [PKG]: [entry('C', '1.0', 'waiting for approval', NOW)] });
    expect((await get('softwaremonitoringstats/1')).body).toMatchObject({ devicesWaitingForApproval: 2, TrendWFA: 1, TrendWFD: 0 });
  });

  it('counts and lists recovered devices by month, year and total', async () => {
    expect((await get('recovereddevicestats')).body).toEqual({ thisMonth: 1, thisYear: 2, total: 2 });
    expect(names((await get('recovereddevicelistpage/month')).body)).toEqual(['d6']);
    expect(names((await get('recovereddevicelistpage/year')).body)).toEqual(['d6', 'd7']);
    expect((await get('recovereddevicelistpage/total?pageSize=1&currentPage=2')).body).toMatchObject({
      statistics: { currentPage: 2, pageSize: 1, totalPages: 2, totalElements: 2 },
    });
  });

  it.each([
    ['listdevices/everything', 404],
    ['alarmcount/fatal', 404],
    ['listpagealarms/fatal', 404],
    ['listpagealarms/critical/hardware', 404],
    ['listpagealarms/critical/software/extra', 404],
    ['softwaremonitoringdevicelistpage/xyz', 404],
    ['recovereddevicelistpage/week', 404],
    ['nothing-here', 404],
    ['toptenalarmtypes/0', 400],
    ['toptenalarmtypes/61', 400],
    ['toptenalarmtypes/ten', 400],
    ['softwaremonitoringstats/1.5', 400],
    ['historydevicelistpage/0', 400],
    ['historydevicelistpage/61', 400],
    ['listdevices/online?pageSize=0', 400],
    ['listdevices/online?pageSize=2001', 400],
    ['listdevices/online?currentPage=-1', 400],
    ['listdevices/online?currentPage=x', 400],
  ])('answers %s with %i and an error body', async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: expect.stringMatching(/^operation-dashboard\//), message: expect.any(String), info: expect.any(String) });
  });
});

describe('alarm categories', () => {
  it.each([
    ['adamos_software_InstallationFailed', 'software'],
    ['c8y_UnavailabilityAlarm', 'connectivity'],
    ['c8y_UnavailabilityAlarmX', 'others'],
    ['adamos_connectivity_WeakMobileSignal', 'connectivity'],
    ['adamos_service_MDCStopped', 'services'],
    ['adamos_hardware_DiskSpaceLow', 'others'],
    ['ADAMOS_software_x', 'others'],
  ])('%s is %s in JS and in SQL', async (type, category) => {
    expect(categoryOf(type)).toBe(category);
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(':memory:');
    expect(db.prepare(`SELECT ${categorySql('@t')} AS c`).get({ t: type })).toEqual({ c: category });
    db.close();
  });
});
