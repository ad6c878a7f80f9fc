/**
 * c8y_ActiveAlarmsStatus, the device lists' Alarms column: the stand-in keeps it on each alarm
 * source as the platform does (counts of ACTIVE and ACKNOWLEDGED alarms per severity), through
 * REST, in bulk, in the demo seed and in files written before it did.
 */
import type { ManagedObject } from '../core/api';
import { ACTIVE_ALARMS_STATUS } from '../core/alarms';
import { seedDemoFleet } from '../demo/seed';
import { openTestCore, removeDir } from '../testing/core';
import { serverPerFile } from './helpers';

jest.setTimeout(60_000);

type Status = { critical: number; major: number; minor: number; warning: number };
const counts = (critical: number, major: number, minor: number, warning: number): Status => ({ critical, major, minor, warning });

describe('over REST', () => {
  const rest = serverPerFile();
  const api: ReturnType<typeof serverPerFile>['api'] = (...args) => rest.api(...args);

  const device = async (type = 'alarm_test'): Promise<string> => (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'alarmed', type, c8y_IsDevice: {} } })).body.id;
  const statusOf = async (id: string): Promise<Status | undefined> => (await api<ManagedObject>('GET', `/inventory/managedObjects/${id}`)).body[ACTIVE_ALARMS_STATUS] as Status | undefined;
  const raise = async (id: string, type: string, severity: string): Promise<string> =>
    (await api<{ id: string }>('POST', '/alarm/alarms', { body: { source: { id }, type, text: type, severity, time: new Date().toISOString() } })).body.id;

  it('counts unresolved alarms per severity as they are raised, re-raised, acknowledged and cleared', async () => {
    const id = await device();
    expect(await statusOf(id)).toBeUndefined();
    const major = await raise(id, 'a_major', 'MAJOR');
    expect(await statusOf(id)).toEqual(counts(0, 1, 0, 0));
    const critical = await raise(id, 'a_critical', 'CRITICAL');
    await raise(id, 'a_warning', 'WARNING');
    expect(await statusOf(id)).toEqual(counts(1, 1, 0, 1));
    // A re-raise counts the alarm (count 2), not the source's alarms; with another severity it moves.
    await raise(id, 'a_major', 'MAJOR');
    expect(await statusOf(id)).toEqual(counts(1, 1, 0, 1));
    await raise(id, 'a_major', 'MINOR');
    expect(await statusOf(id)).toEqual(counts(1, 0, 1, 1));
    expect((await api('PUT', `/alarm/alarms/${major}`, { body: { status: 'ACKNOWLEDGED' } })).status).toBe(200);
    expect(await statusOf(id)).toEqual(counts(1, 0, 1, 1));
    expect((await api('PUT', `/alarm/alarms/${critical}`, { body: { severity: 'MAJOR' } })).status).toBe(200);
    expect(await statusOf(id)).toEqual(counts(0, 1, 1, 1));
    expect((await api('PUT', `/alarm/alarms/${critical}`, { body: { status: 'CLEARED' } })).status).toBe(200);
    expect(await statusOf(id)).toEqual(counts(0, 0, 1, 1));
    // A cleared alarm raised as such changes nothing.
    await api('POST', '/alarm/alarms', { body: { source: { id }, type: 'a_done', text: 'done', severity: 'CRITICAL', status: 'CLEARED', time: new Date().toISOString() } });
    expect(await statusOf(id)).toEqual(counts(0, 0, 1, 1));
  });

  it('follows bulk updates and deletes, and keeps the fragment with zeros once all are cleared', async () => {
    const id = await device();
    const other = await device();
    for (const t of ['b1', 'b2', 'b3']) await raise(id, t, 'CRITICAL');
    await raise(other, 'b1', 'CRITICAL');
    expect(await statusOf(id)).toEqual(counts(3, 0, 0, 0));
    expect((await api('PUT', `/alarm/alarms?source=${id}&status=ACTIVE`, { body: { status: 'CLEARED' } })).status).toBe(200);
    expect(await statusOf(id)).toEqual(counts(0, 0, 0, 0));
    expect(await statusOf(other)).toEqual(counts(1, 0, 0, 0));
    await raise(id, 'b4', 'MINOR');
    expect(await statusOf(id)).toEqual(counts(0, 0, 1, 0));
    expect((await api('DELETE', `/alarm/alarms?source=${id}`)).status).toBe(204);
    expect(await statusOf(id)).toEqual(counts(0, 0, 0, 0));
  });

  it('is what the device list filters and sorts on', async () => {
    const quiet = await device('alarm_list');
    const one = await device('alarm_list');
    const two = await device('alarm_list');
    await raise(one, 'c1', 'CRITICAL');
    await raise(two, 'c1', 'CRITICAL');
    await raise(two, 'c2', 'CRITICAL');
    const q = encodeURIComponent("$filter=(type eq 'alarm_list' and c8y_ActiveAlarmsStatus.critical ge 1) $orderby=c8y_ActiveAlarmsStatus.critical desc");
    const page = await api<{ managedObjects: ManagedObject[] }>('GET', `/inventory/managedObjects?query=${q}&pageSize=100`);
    expect(page.body.managedObjects.map((d) => d.id)).toEqual([two, one]);
    expect(page.body.managedObjects.map((d) => d.id)).not.toContain(quiet);
    const has = await api<{ managedObjects: ManagedObject[] }>('GET', `/inventory/managedObjects?fragmentType=${ACTIVE_ALARMS_STATUS}&type=alarm_list&pageSize=100`);
    expect(has.body.managedObjects.map((d) => d.id).sort()).toEqual([one, two].sort());
  });
});

describe('in the core', () => {
  it('recounts a source once per transaction, and not at all when the transaction is undone', async () => {
    const t = openTestCore(Date.UTC(2025, 0, 1));
    try {
      const { core } = t;
      const id = core.inventory.create({ name: 'd', c8y_IsDevice: {} }).id;
      const updates = () => t.published.filter((p) => p.channel === `/managedobjects/${id}` && p.action === 'UPDATE').length;
      core.transaction(() => {
        for (let i = 0; i < 50; i++) core.alarms.create({ source: { id }, type: `t${i}`, text: 't', severity: i % 2 ? 'MAJOR' : 'WARNING' });
      });
      expect(core.inventory.get(id)?.[ACTIVE_ALARMS_STATUS]).toEqual(counts(0, 25, 0, 25));
      expect(updates()).toBe(1);
      expect(() =>
        core.transaction(() => {
          core.alarms.create({ source: { id }, type: 'undone', text: 't', severity: 'CRITICAL' });
          throw new Error('undo');
        }),
      ).toThrow('undo');
      expect(core.inventory.get(id)?.[ACTIVE_ALARMS_STATUS]).toEqual(counts(0, 25, 0, 25));
      // A source deleted in the same transaction as its alarm is left alone.
      const gone = core.inventory.create({ name: 'gone', c8y_IsDevice: {} }).id;
      core.transaction(() => {
        core.alarms.create({ source: { id: gone }, type: 'x', text: 't', severity: 'MINOR' });
        core.inventory.remove(gone);
      });
      expect(core.inventory.get(gone)).toBeUndefined();
    } finally {
      await t.close();
      removeDir(t.dir);
    }
  });

  it('is added to files written before the stand-in kept it (schema v10)', async () => {
    const t = openTestCore(Date.UTC(2025, 0, 1));
    const { core } = t;
    const id = core.inventory.create({ name: 'old', type: 'old_file', c8y_IsDevice: {} }).id;
    const untouched = core.inventory.create({ name: 'calm', type: 'old_file', c8y_IsDevice: {} }).id;
    core.alarms.create({ source: { id }, type: 'o1', text: 't', severity: 'CRITICAL' });
    core.alarms.create({ source: { id }, type: 'o2', text: 't', severity: 'MINOR', status: 'ACKNOWLEDGED' });
    core.alarms.create({ source: { id }, type: 'o3', text: 't', severity: 'MAJOR', status: 'CLEARED' });
    const lastUpdated = core.inventory.get(id)?.lastUpdated;
    // The file as v9 wrote it: no fragment anywhere.
    core.db.exec(`UPDATE managed_objects SET json = json_remove(json, '$.${ACTIVE_ALARMS_STATUS}'); UPDATE mo_list SET alarms_critical = NULL;
      DELETE FROM mo_fragments WHERE fragment = '${ACTIVE_ALARMS_STATUS}'; PRAGMA user_version = 9;`);
    await t.close();
    const again = openTestCore(Date.UTC(2025, 0, 2), t.dir);
    try {
      const doc = again.core.inventory.get(id);
      expect(doc?.[ACTIVE_ALARMS_STATUS]).toEqual(counts(1, 0, 1, 0));
      expect(doc?.lastUpdated).toBe(lastUpdated);
      expect(again.core.inventory.get(untouched)?.[ACTIVE_ALARMS_STATUS]).toBeUndefined();
      expect(again.core.inventory.query({ type: 'old_file', fragmentType: ACTIVE_ALARMS_STATUS }).items.map((d) => d.id)).toEqual([id]);
      expect(again.core.inventory.query({ query: "type eq 'old_file' and c8y_ActiveAlarmsStatus.critical eq 1" }).items.map((d) => d.id)).toEqual([id]);
    } finally {
      await again.close();
      removeDir(t.dir);
    }
  });
});

describe('sorting by alarms (schema v11)', () => {
  it('orders by critical, then major, minor and warning counts, also in files written before v11', async () => {
    const t = openTestCore(Date.UTC(2025, 0, 1));
    const { core } = t;
    const make = (name: string, severities: Array<'CRITICAL' | 'MAJOR' | 'MINOR' | 'WARNING'>) => {
      const id = core.inventory.create({ name, type: 'sort_file', c8y_IsDevice: {} }).id;
      severities.forEach((severity, i) => core.alarms.create({ source: { id }, type: `${name}_${i}`, text: 't', severity }));
      return id;
    };
    make('one critical', ['CRITICAL']);
    make('one critical, two major', ['CRITICAL', 'MAJOR', 'MAJOR']);
    make('one critical, one major, one warning', ['CRITICAL', 'MAJOR', 'WARNING']);
    make('two minor', ['MINOR', 'MINOR']);
    const order = "$filter=(type eq 'sort_file') $orderby=c8y_ActiveAlarmsStatus.critical desc,c8y_ActiveAlarmsStatus.major desc,c8y_ActiveAlarmsStatus.minor desc,c8y_ActiveAlarmsStatus.warning desc";
    const names = (c: typeof core) => c.inventory.query({ query: order }).items.map((d) => d.name);
    const expected = ['one critical, two major', 'one critical, one major, one warning', 'one critical', 'two minor'];
    expect(names(core)).toEqual(expected);
    // The file as v10 wrote it: the list table without the three columns.
    for (const col of ['alarms_major', 'alarms_minor', 'alarms_warning']) core.db.exec(`DROP INDEX mo_list_type_${col}; ALTER TABLE mo_list DROP COLUMN ${col};`);
    core.db.exec('PRAGMA user_version = 10');
    await t.close();
    const again = openTestCore(Date.UTC(2025, 0, 2), t.dir);
    try {
      expect(names(again.core)).toEqual(expected);
      const plan = again.core.db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM mo_list WHERE type = 'sort_file' ORDER BY alarms_major`).all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/mo_list_type_alarms_major/);
    } finally {
      await again.close();
      removeDir(t.dir);
    }
  });
});

describe('the demo fleet', () => {
  it("carries every device's counts of its seeded alarms, written with the device", async () => {
    const now = Date.UTC(2025, 5, 1, 12);
    const t = openTestCore(now + 3_600_000);
    try {
      const { core } = t;
      await seedDemoFleet(core, { devices: 120, seed: 3, now });
      const expected = new Map<string, Status>();
      const rows = core.db.prepare("SELECT source_id, severity, count(*) AS n FROM alarms WHERE status != 'CLEARED' GROUP BY source_id, severity").all() as Array<{ source_id: number; severity: string; n: number }>;
      for (const r of rows) {
        const s = expected.get(String(r.source_id)) ?? counts(0, 0, 0, 0);
        s[r.severity.toLowerCase() as keyof Status] = r.n;
        expected.set(String(r.source_id), s);
      }
      expect(expected.size).toBeGreaterThan(10);
      const devices = core.inventory.query({ fragmentType: 'c8y_IsDevice', pageSize: 2000 }).items;
      for (const d of devices) expect([d.id, d[ACTIVE_ALARMS_STATUS]]).toEqual([d.id, expected.get(d.id)]);
      expect(devices.filter((d) => d[ACTIVE_ALARMS_STATUS]).length).toBe(expected.size);
      // Written with the device, not patched at commit: lastUpdated stays the fleet's, before the clock's now.
      for (const d of devices) expect(Date.parse(String(d.lastUpdated))).toBeLessThanOrEqual(now);
    } finally {
      await t.close();
      removeDir(t.dir);
    }
  });
});
