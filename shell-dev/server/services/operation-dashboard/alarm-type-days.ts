/**
 * Alarm occurrences per day, type and severity (ALARM_TYPE_DAYS), kept by triggers on the core's
 * alarms table like the software state (software-state.ts): every write path (REST, the
 * simulator's deduplicated alarms, seeding, a device's deletion cascading to its alarms) keeps it
 * without knowing about it. The top ten alarm types read the whole days of their window from it
 * (a few hundred rows) and only the window's first, partial day from the alarms themselves:
 * summing every alarm of a 30-day window took 30-130 ms at 140,000 alarms, and it was the
 * dashboard's slowest request. A change of the table or its triggers bumps VERSION: rebuilt once.
 */
import type { Database } from 'better-sqlite3';
import { ensureVersion } from './sql';

export const ALARM_TYPE_DAYS = 'opdash_alarm_type_days';
const VERSION = 1;
const TRIGGERS = ['opdash_alarm_type_days_ai', 'opdash_alarm_type_days_au', 'opdash_alarm_type_days_ad'];

/** A severity's rank (WARNING 1 .. CRITICAL 4; unknown severities count as WARNING), of `alias`'s row. */
export const severityRank = (alias = '') => {
  const column = alias ? `${alias}.severity` : 'severity';
  return `(CASE ${column} WHEN 'CRITICAL' THEN 4 WHEN 'MAJOR' THEN 3 WHEN 'MINOR' THEN 2 ELSE 1 END)`;
};

/** The day of an alarm's `time` (stored as a UTC ISO string): 'YYYY-MM-DD'. */
const dayOf = (alias: string) => `substr(${alias}.time, 1, 10)`;

const ready = new WeakSet<Database>();

export function ensureAlarmTypeDays(db: Database): void {
  if (ready.has(db)) return;
  ensureVersion(db, 'alarm_type_days_version', VERSION, () => {
    for (const t of TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
    db.exec(`DROP TABLE IF EXISTS ${ALARM_TYPE_DAYS}`);
    db.exec(
      `CREATE TABLE ${ALARM_TYPE_DAYS} (day TEXT NOT NULL, type TEXT NOT NULL, rank INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, type, rank)) WITHOUT ROWID`,
    );
    const key = (alias: string) => `day = ${dayOf(alias)} AND type = ${alias}.type AND rank = ${severityRank(alias)}`;
    const add = (alias: string) =>
      `INSERT INTO ${ALARM_TYPE_DAYS} (day, type, rank, count) VALUES (${dayOf(alias)}, ${alias}.type, ${severityRank(alias)}, ${alias}.count)
       ON CONFLICT (day, type, rank) DO UPDATE SET count = count + excluded.count;`;
    const remove = (alias: string) =>
      `UPDATE ${ALARM_TYPE_DAYS} SET count = count - ${alias}.count WHERE ${key(alias)};
       DELETE FROM ${ALARM_TYPE_DAYS} WHERE ${key(alias)} AND count <= 0;`;
    // A status change writes the severity unchanged: nothing to move then.
    const changed = ['time', 'type', 'severity', 'count'].map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
    db.exec(`
      CREATE TRIGGER ${TRIGGERS[0]} AFTER INSERT ON alarms BEGIN ${add('new')} END;
      CREATE TRIGGER ${TRIGGERS[1]} AFTER UPDATE OF time, type, severity, count ON alarms WHEN ${changed} BEGIN ${remove('old')} ${add('new')} END;
      CREATE TRIGGER ${TRIGGERS[2]} AFTER DELETE ON alarms BEGIN ${remove('old')} END;
    `);
    db.exec(
      `INSERT INTO ${ALARM_TYPE_DAYS} (day, type, rank, count)
       SELECT substr(time, 1, 10), type, ${severityRank()}, sum(count) FROM alarms GROUP BY 1, 2, 3 HAVING sum(count) > 0`,
    );
  });
  ready.add(db);
}

/**
 * The top `limit` alarm types of the alarms whose `time` is at or after `from` (a UTC ISO string):
 * occurrences summed, the highest severity among them as rank; by count, then type. Named
 * parameters: @from, @fromDay (its day), @nextDay (the day after, 'YYYY-MM-DD').
 */
export const topAlarmTypesSql = (limit: number) => `
  SELECT type AS alarmType, sum(count) AS count, max(rank) AS rank FROM (
    SELECT type, count, rank FROM ${ALARM_TYPE_DAYS} WHERE day > @fromDay
    UNION ALL
    SELECT type, count, ${severityRank()} FROM alarms WHERE time >= @from AND time < @nextDay
  ) GROUP BY type ORDER BY count DESC, type ASC LIMIT ${limit}`;

/** topAlarmTypesSql's parameters for the window starting at `from` (a UTC ISO string). */
export function topAlarmTypesParams(from: string): { from: string; fromDay: string; nextDay: string } {
  const fromDay = from.slice(0, 10);
  const nextDay = new Date(Date.parse(`${fromDay}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from, fromDay, nextDay };
}
