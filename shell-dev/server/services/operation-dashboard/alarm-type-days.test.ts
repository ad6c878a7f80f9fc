/**
 * The top alarm types from the per-day table agree with summing the alarms themselves, after every
 * kind of write the core makes: new alarms, deduplicated ones (count + 1, time moves on), a
 * severity change, a bulk removal, a device deleted with its alarms; on a table built from
 * existing alarms as on one kept by the triggers.
 */
import Database from 'better-sqlite3';
import { AlarmStore } from '../../core/alarms';
import { CoreContext } from '../../core/context';
import { InventoryStore } from '../../core/inventory';
import { migrate } from '../../core/schema';
import { ALARM_TYPE_DAYS, ensureAlarmTypeDays, severityRank, topAlarmTypesParams, topAlarmTypesSql } from './alarm-type-days';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-29T10:30:00.000Z');

/** The top ten as computed before the table: every alarm of the window summed. */
const direct = (db: Database.Database, from: string) =>
  db
    .prepare(`SELECT type AS alarmType, sum(count) AS count, max(${severityRank()}) AS rank FROM alarms WHERE time >= ? GROUP BY type ORDER BY count DESC, type ASC LIMIT 10`)
    .all(from);
const fromTable = (db: Database.Database, from: string) => db.prepare(topAlarmTypesSql(10)).all(topAlarmTypesParams(from));

/** Windows of 1, 7, 30 and 60 days, and one that starts exactly at midnight. */
const WINDOWS = [1, 7, 30, 60].map((d) => new Date(NOW - d * DAY).toISOString()).concat('2026-11-20T00:00:00.000Z');

function setup() {
  const db = new Database(':memory:');
  migrate(db);
  let clock = NOW;
  const ctx = new CoreContext(db, { now: () => clock });
  const inventory = new InventoryStore(ctx);
  const alarms = new AlarmStore(ctx, inventory);
  const devices = [0, 1, 2].map((i) => inventory.create({ name: `device ${i}`, c8y_IsDevice: {} }).id);
  // A fixed pseudo-random sequence: the same alarms every run.
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const raise = (n: number) => {
    for (let i = 0; i < n; i++) {
      const source = devices[Math.floor(random() * devices.length)]!;
      alarms.create({
        source: { id: source },
        type: `type_${Math.floor(random() * 12)}`,
        text: 'x',
        severity: (['CRITICAL', 'MAJOR', 'MINOR', 'WARNING'] as const)[Math.floor(random() * 4)]!,
        time: new Date(NOW - Math.floor(random() * 70 * DAY)).toISOString(),
      });
    }
  };
  return { db, inventory, alarms, devices, raise, setClock: (t: number) => (clock = t) };
}

const agree = (db: Database.Database) => {
  for (const from of WINDOWS) expect(fromTable(db, from)).toEqual(direct(db, from));
};

it('agrees with the alarms summed after new, deduplicated, changed and removed alarms', () => {
  const { db, inventory, alarms, devices, raise } = setup();
  ensureAlarmTypeDays(db);
  raise(400);
  // Deduplicated: an active alarm of the same source and type counts up.
  expect((alarms.list({ pageSize: 2000 }).items as Array<{ count: number }>).some((a) => a.count > 1)).toBe(true);
  agree(db);
  const some = alarms.list({ pageSize: 50 }).items as Array<{ id: string }>;
  for (const a of some.slice(0, 20)) alarms.update(a.id, { severity: 'CRITICAL' });
  for (const a of some.slice(20, 40)) alarms.update(a.id, { status: 'CLEARED' });
  agree(db);
  alarms.removeMany({ type: ['type_3'] });
  inventory.remove(devices[0]!);
  agree(db);
  expect(fromTable(db, WINDOWS[3]!).length).toBeGreaterThan(0);
  // Nothing counted for what is gone: no row at or below zero, none of the removed type.
  expect(db.prepare(`SELECT count(*) AS n FROM ${ALARM_TYPE_DAYS} WHERE count <= 0 OR type = 'type_3'`).get()).toEqual({ n: 0 });
});

it('is built from the alarms already stored, then kept by the triggers', () => {
  const { db, raise } = setup();
  raise(300);
  ensureAlarmTypeDays(db);
  agree(db);
  raise(100);
  agree(db);
});

it('counts only the part of the first day inside the window', () => {
  const { db, alarms, devices } = setup();
  ensureAlarmTypeDays(db);
  const at = (time: string, type: string) => alarms.create({ source: { id: devices[0]! }, type, text: 'x', severity: 'MAJOR', time });
  at('2026-11-20T08:00:00.000Z', 'before');
  at('2026-11-20T12:00:00.000Z', 'inside');
  at('2026-11-21T00:00:00.000Z', 'next day');
  expect(fromTable(db, '2026-11-20T10:00:00.000Z')).toEqual([
    { alarmType: 'inside', count: 1, rank: 3 },
    { alarmType: 'next day', count: 1, rank: 3 },
  ]);
});
