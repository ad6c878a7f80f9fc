import type { ServerCore } from '../../core/api';
import {
  AVAILABLE,
  DAY_MS,
  DERIVED_MIN_ONLINE_MINUTES,
  DERIVED_ONLINE_PER_MILLE,
  FRAGMENT,
  HISTORY_DAYS,
  MINUTE_MS,
  MINUTES_PER_DAY,
  SAMPLE_INTERVAL_MINUTES,
  UNAVAILABLE,
} from './constants';
import { ensureSoftwareState } from './software-state';
import { AVAILABILITY, daySql, DEVICE_LIST_ROWS_FROM, DEVICE_STATES_FROM, DEVICE_STATES_WHERE, DEVICES_FROM, DEVICES_WHERE, q, SOFTWARE_SINCE, SOFTWARE_WHERE, Statements, tsSql, type SoftwareView } from './sql';

/**
 * Daily snapshots (README "History"). Day numbers are days since 1970-01-01 UTC on the core clock.
 *
 * - opdash_online: per day and device the number of samples in which the device was AVAILABLE;
 *   a sample is taken every SAMPLE_INTERVAL_MINUTES of the core clock.
 * - opdash_days: one row per completed day: online count and average online minutes, alarms
 *   raised per severity, software-monitoring counts (the base of the trends). `source` says
 *   whether the day was measured from samples or derived (no samples: before the first start or
 *   while the server was down).
 * - opdash_frozen: what the derivation needs from the moment it ran, so a derived day's device
 *   list keeps matching its count when devices later change: offline devices are excluded from
 *   the day after their last message, not-monitored ones from the first derived day.
 */
export const HISTORY_SCHEMA = `
  CREATE TABLE IF NOT EXISTS opdash_online (
    day INTEGER NOT NULL, device_id INTEGER NOT NULL, samples INTEGER NOT NULL,
    PRIMARY KEY (day, device_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS opdash_days (
    day INTEGER PRIMARY KEY,
    source TEXT NOT NULL CHECK (source IN ('measured', 'derived')),
    device_count INTEGER NOT NULL, average_minutes REAL NOT NULL,
    alarms_critical INTEGER NOT NULL, alarms_major INTEGER NOT NULL, alarms_minor INTEGER NOT NULL, alarms_warning INTEGER NOT NULL,
    wfd INTEGER NOT NULL, wfa INTEGER NOT NULL, wsa INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS opdash_frozen (device_id INTEGER PRIMARY KEY, excluded_from_day INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS opdash_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

export interface DayRow {
  day: number;
  source: 'measured' | 'derived';
  device_count: number;
  average_minutes: number;
  alarms_critical: number;
  alarms_major: number;
  alarms_minor: number;
  alarms_warning: number;
  wfd: number;
  wfa: number;
  wsa: number;
}

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
export const dayStartIso = (day: number) => new Date(day * DAY_MS).toISOString();

/** Deterministic mixing of a device id and a day (64-bit integer arithmetic in SQLite). */
const mix = (a: number, b: number) => `((mo.id * ${a} + :day * ${b}) % 2147483647)`;
const ONLINE_DRAW = `${mix(1103515245, 2654435761)} % 1000`;
const MINUTES_DRAW = mix(69069, 362437);
/** Seven in ten derived online devices were online all day, the rest a drawn part of it. */
const DERIVED_MINUTES = `(CASE WHEN ${MINUTES_DRAW} % 10 < 7 THEN ${MINUTES_PER_DAY}
  ELSE ${DERIVED_MIN_ONLINE_MINUTES} + (${MINUTES_DRAW} / 10) % ${MINUTES_PER_DAY - DERIVED_MIN_ONLINE_MINUTES + 1} END)`;

/** Devices online on a derived day (parameter :day). */
export const DERIVED_ONLINE_WHERE = `${DEVICES_WHERE} AND ${daySql('mo.creation_time')} <= :day
  AND NOT EXISTS (SELECT 1 FROM opdash_frozen f WHERE f.device_id = mo.id AND f.excluded_from_day <= :day)
  AND ${ONLINE_DRAW} < ${DERIVED_ONLINE_PER_MILLE}`;

const SAMPLE_MS = SAMPLE_INTERVAL_MINUTES * MINUTE_MS;

/** The completed days before `now`'s day, newest (yesterday) first, HISTORY_DAYS of them (reads only). */
export function historyDays(st: Statements, now: number): DayRow[] {
  const today = dayOf(now);
  const rows = st.get('SELECT * FROM opdash_days WHERE day >= ? AND day < ? ORDER BY day DESC').all(today - HISTORY_DAYS, today) as DayRow[];
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: HISTORY_DAYS }, (_, i) => byDay.get(today - 1 - i) ?? emptyDay(today - 1 - i));
}

/** A completed day's row (reads only). */
export function historyDay(st: Statements, day: number): DayRow | undefined {
  return st.get('SELECT * FROM opdash_days WHERE day = ?').get(day) as DayRow | undefined;
}

export class History {
  private readonly st: Statements;

  constructor(private readonly core: ServerCore) {
    ensureSoftwareState(core.db);
    this.st = new Statements(core.db);
    core.db.exec(HISTORY_SCHEMA);
  }

  /** Takes a due sample and closes every completed day of the window that has no row yet. */
  runDue(now = this.core.clock.now()): void {
    const today = dayOf(now);
    this.core.db.transaction(() => {
      const slot = Math.floor(now / SAMPLE_MS);
      const last = this.meta('last_sample_slot');
      // Close first: a sample belongs to today, never to a day that is being closed.
      this.closeDays(today);
      if (last === undefined || slot > last) {
        this.sample(today);
        this.setMeta('last_sample_slot', slot);
      }
      this.st.get('DELETE FROM opdash_online WHERE day < ?').run(today - HISTORY_DAYS);
      this.st.get('DELETE FROM opdash_days WHERE day < ?').run(today - HISTORY_DAYS);
    })();
  }

  private meta(key: string): number | undefined {
    const r = this.st.get('SELECT value FROM opdash_meta WHERE key = ?').get(key) as { value: number } | undefined;
    return r?.value;
  }

  private setMeta(key: string, value: number): void {
    this.st.get('INSERT INTO opdash_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  private sample(day: number): void {
    this.st
      .get(
        // The devices' availability from their derived state rows and its (device, availability)
        // index: the documents are not read (the core keeps no index on the JSON path).
        `INSERT INTO opdash_online (day, device_id, samples)
         SELECT ?, st.mo_id, 1 FROM ${DEVICE_STATES_FROM} WHERE ${DEVICE_STATES_WHERE} AND st.availability = ${q(AVAILABLE)}
         ON CONFLICT(day, device_id) DO UPDATE SET samples = samples + 1`,
      )
      .run(day);
  }

  private closeDays(today: number): void {
    const have = new Set((this.st.get('SELECT day FROM opdash_days WHERE day >= ?').all(today - HISTORY_DAYS) as Array<{ day: number }>).map((r) => r.day));
    const missing: number[] = [];
    for (let d = today - HISTORY_DAYS; d < today; d++) if (!have.has(d)) missing.push(d);
    if (missing.length === 0) return;
    const measured = new Set(
      (this.st.get('SELECT DISTINCT day FROM opdash_online WHERE day IN (SELECT value FROM json_each(?))').all(JSON.stringify(missing)) as Array<{ day: number }>).map((r) => r.day),
    );
    const derived = missing.filter((d) => !measured.has(d));
    if (derived.length > 0) this.freeze(derived[0]!);
    const alarms = this.alarmsPerDay(missing);
    const software = this.softwarePerDay(missing, today);
    const online = this.derivedOnline(derived);
    const insert = this.st.get(
      `INSERT INTO opdash_days (day, source, device_count, average_minutes, alarms_critical, alarms_major, alarms_minor, alarms_warning, wfd, wfa, wsa)
       VALUES (@day, @source, @device_count, @average_minutes, @alarms_critical, @alarms_major, @alarms_minor, @alarms_warning, @wfd, @wfa, @wsa)`,
    );
    for (const day of missing) {
      const m = measured.has(day);
      const o = m
        ? (this.st.get(`SELECT count(*) AS n, coalesce(avg(min(samples * ${SAMPLE_INTERVAL_MINUTES}, ${MINUTES_PER_DAY})), 0) AS avg FROM opdash_online WHERE day = ?`).get(day) as {
            n: number;
            avg: number;
          })
        : (online.get(day) ?? { n: 0, avg: 0 });
      const a = alarms.get(day);
      const s = software(day);
      insert.run({
        day,
        source: m ? 'measured' : 'derived',
        device_count: o.n,
        average_minutes: o.avg,
        alarms_critical: a?.CRITICAL ?? 0,
        alarms_major: a?.MAJOR ?? 0,
        alarms_minor: a?.MINOR ?? 0,
        alarms_warning: a?.WARNING ?? 0,
        ...s,
      });
    }
  }

  /** Freezes who the derivation leaves out (see opdash_frozen); devices already frozen keep their day. */
  private freeze(firstDerivedDay: number): void {
    const lastMessageDay = daySql(`json_extract(mo.json, '$.${FRAGMENT.availability}.lastMessage')`);
    this.st
      .get(
        `INSERT OR IGNORE INTO opdash_frozen (device_id, excluded_from_day)
         SELECT mo.id, CASE WHEN ${AVAILABILITY} = ${q(UNAVAILABLE)} THEN coalesce(${lastMessageDay} + 1, ?) ELSE ? END
         FROM ${DEVICES_FROM} WHERE ${DEVICES_WHERE} AND coalesce(${AVAILABILITY}, '') <> ${q(AVAILABLE)}`,
      )
      .run(firstDerivedDay, firstDerivedDay);
  }

  private derivedOnline(days: number[]): Map<number, { n: number; avg: number }> {
    const out = new Map<number, { n: number; avg: number }>();
    if (days.length === 0) return out;
    // Over the devices' list rows (id, creation time): the documents are not needed.
    const stmt = this.st.get(`SELECT count(*) AS n, coalesce(avg(${DERIVED_MINUTES}), 0) AS avg FROM ${DEVICE_LIST_ROWS_FROM} WHERE ${DERIVED_ONLINE_WHERE}`);
    for (const day of days) out.set(day, stmt.get({ day }) as { n: number; avg: number });
    return out;
  }

  /** Alarms first raised on each day, per severity. */
  private alarmsPerDay(days: number[]): Map<number, Record<string, number>> {
    const from = dayStartIso(Math.min(...days));
    const to = dayStartIso(Math.max(...days) + 1);
    const rows = this.st
      .get(
        `SELECT ${daySql('first_occurrence_time')} AS day, severity, count(*) AS n FROM alarms
         WHERE time >= @from AND first_occurrence_time >= @from AND first_occurrence_time < @to GROUP BY 1, 2`,
      )
      .all({ from, to }) as Array<{ day: number; severity: string; n: number }>;
    const out = new Map<number, Record<string, number>>();
    for (const r of rows) out.set(r.day, { ...out.get(r.day), [r.severity]: r.n });
    return out;
  }

  /**
   * Software-monitoring counts per day. A day closed right after it ended gets today's counts;
   * an older day is derived: devices in the state now, counted from the day the state began
   * (see SOFTWARE_SINCE); devices now with assignments count as "without" between their creation
   * and their first entry.
   */
  private softwarePerDay(days: number[], today: number): (day: number) => { wfd: number; wfa: number; wsa: number } {
    const current = (v: SoftwareView) => (this.st.get(`SELECT count(*) AS n FROM ${DEVICES_FROM} WHERE ${DEVICES_WHERE} AND ${SOFTWARE_WHERE[v]}`).get() as { n: number }).n;
    const since = (v: SoftwareView) =>
      this.st.get(`SELECT ${daySql(SOFTWARE_SINCE[v])} AS since, count(*) AS n FROM ${DEVICES_FROM} WHERE ${DEVICES_WHERE} AND ${SOFTWARE_WHERE[v]} GROUP BY 1`).all() as Array<{
        since: number | null;
        n: number;
      }>;
    const needsDerivation = days.some((d) => d < today - 1);
    const now = { wfd: current('wfd'), wfa: current('wfa'), wsa: current('wsa') };
    if (!needsDerivation) return () => now;
    const sinceRows = { wfd: since('wfd'), wfa: since('wfa'), wsa: since('wsa') };
    const assignedLater = this.st
      .get(
        `SELECT ${daySql('mo.creation_time')} AS created, ${daySql(FIRST_ENTRY)} AS first, count(*) AS n FROM ${DEVICES_FROM}
         WHERE ${DEVICES_WHERE} AND NOT ${SOFTWARE_WHERE.wsa} GROUP BY 1, 2`,
      )
      .all() as Array<{ created: number; first: number | null; n: number }>;
    const countSince = (rows: Array<{ since: number | null; n: number }>, day: number) => rows.reduce((acc, r) => acc + (r.since === null || r.since <= day ? r.n : 0), 0);
    return (day) => {
      if (day === today - 1) return now;
      return {
        wfd: countSince(sinceRows.wfd, day),
        wfa: countSince(sinceRows.wfa, day),
        wsa: countSince(sinceRows.wsa, day) + assignedLater.reduce((acc, r) => acc + (r.created <= day && r.first !== null && day < r.first ? r.n : 0), 0),
      };
    };
  }
}

const FIRST_ENTRY = `(SELECT min(${tsSql('e')}) FROM json_each(mo.json, '$.${FRAGMENT.packageList}') e)`;

function emptyDay(day: number): DayRow {
  return { day, source: 'derived', device_count: 0, average_minutes: 0, alarms_critical: 0, alarms_major: 0, alarms_minor: 0, alarms_warning: 0, wfd: 0, wfa: 0, wsa: 0 };
}
