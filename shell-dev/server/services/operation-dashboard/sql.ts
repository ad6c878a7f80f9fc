import type { Database, Statement } from 'better-sqlite3';
import { AVAILABLE, DONE_PACKAGE_STATUSES, FRAGMENT, PACKAGE_STATUS, PENDING_PACKAGE_STATUSES, SOFTWARE_TYPE, UNAVAILABLE } from './constants';

/**
 * SQL over the core's tables (shell-dev/server/core/schema.ts): managed_objects(id, type, name,
 * creation_time, json), mo_fragments(fragment, mo_id), alarms(...). Fragments live in the json
 * column; lists and counts read the derived state rows (software-state.ts) instead, which keep
 * `json_extract(mo.json, '$.c8y_Availability.status')` per object.
 */

export const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const list = (xs: readonly string[]) => xs.map(q).join(', ');

export const AVAILABILITY = `json_extract(mo.json, '$.${FRAGMENT.availability}.status')`;
const PKG = `'$.${FRAGMENT.packageList}'`;

/** Every device: managed objects with the c8y_IsDevice fragment. */
export const DEVICES_FROM = `mo_fragments dev JOIN managed_objects mo ON mo.id = dev.mo_id`;
export const DEVICES_WHERE = `dev.fragment = ${q(FRAGMENT.isDevice)}`;

/** Days since 1970-01-01 UTC of an ISO time column. */
export const daySql = (isoExpr: string) => `CAST(julianday(${isoExpr}) - 2440587.5 AS INTEGER)`;

/** A package entry's last_status_timestamp as ISO text, whether stored as text or epoch millis. */
export const tsSql = (entry: string) =>
  `(CASE WHEN typeof(json_extract(${entry}.value, '$.last_status_timestamp')) IN ('integer', 'real')
     THEN strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(${entry}.value, '$.last_status_timestamp') / 1000.0, 'unixepoch')
     ELSE json_extract(${entry}.value, '$.last_status_timestamp') END)`;

const field = (entry: string, name: string) => `json_extract(${entry}.value, '$.${name}')`;
/** Entries flagged for deletion are hidden in the console, so they do not count here either. */
const live = (entry: string) => `coalesce(${field(entry, 'marked_for_deletion')}, 0) NOT IN (1, 'true')`;
const statusIn = (entry: string, statuses: readonly string[]) => `${field(entry, 'status')} IN (${list(statuses)})`;

/** The derived per-object software state (see SOFTWARE_STATE_COLUMNS and software-state.ts). */
export const SOFTWARE_STATE_TABLE = 'opdash_software_state';
const state = (column: string) => `(SELECT ${column} FROM ${SOFTWARE_STATE_TABLE} WHERE mo_id = mo.id)`;

export type AvailabilityView = 'online' | 'offline' | 'notmonitored' | 'total';

export type SoftwareView = 'wfd' | 'wfa' | 'wsa';

/**
 * A pending entry whose c8y_Software package depends on something the device has not installed.
 * CROSS JOIN keeps the device's entries as the outer loop and the NOCASE comparison lets the
 * (type, name COLLATE NOCASE) index find the package (the exact comparison keeps the meaning):
 * otherwise SQLite walked every software package for every device (60 s at 100,000 devices).
 */
const WAITING_FOR_DEPENDENCY_SCAN = `EXISTS (
  SELECT 1 FROM json_each(mo.json, ${PKG}) e CROSS JOIN managed_objects s CROSS JOIN json_each(s.json, '$.dependencies') d
  WHERE ${statusIn('e', PENDING_PACKAGE_STATUSES)} AND ${live('e')}
    AND s.type = ${q(SOFTWARE_TYPE)} AND s.name = ${field('e', 'name')} COLLATE NOCASE AND s.name = ${field('e', 'name')}
    AND json_extract(s.json, '$.version') = ${field('e', 'version')}
    AND NOT EXISTS (
      SELECT 1 FROM json_each(mo.json, ${PKG}) i
      WHERE ${field('i', 'name')} = json_extract(d.value, '$.name')
        AND (json_extract(d.value, '$.version') IS NULL OR ${field('i', 'version')} = json_extract(d.value, '$.version'))
        AND ${statusIn('i', DONE_PACKAGE_STATUSES)} AND ${live('i')}))`;

const WAITING_FOR_APPROVAL_SCAN = `EXISTS (SELECT 1 FROM json_each(mo.json, ${PKG}) e WHERE ${statusIn('e', [PACKAGE_STATUS.waitingForApproval])} AND ${live('e')})`;
const WITHOUT_ASSIGNMENT_SCAN = `NOT EXISTS (SELECT 1 FROM json_each(mo.json, ${PKG}) e WHERE ${live('e')})`;
const HAS_PENDING_SCAN = `EXISTS (SELECT 1 FROM json_each(mo.json, ${PKG}) e WHERE ${statusIn('e', PENDING_PACKAGE_STATUSES)} AND ${live('e')})`;

export const SOFTWARE_WHERE: Record<SoftwareView, string> = {
  wfd: `${state('wfd')} = 1`,
  wfa: `${state('wfa')} = 1`,
  wsa: `${state('wsa')} = 1`,
};

/**
 * Since when (ISO) a device has been in a software state, for the derived history: the oldest
 * status time of the entries that put it there (devices without assignment: their creation).
 */
export const SOFTWARE_SINCE: Record<SoftwareView, string> = {
  wfd: `(SELECT min(${tsSql('e')}) FROM json_each(mo.json, ${PKG}) e WHERE ${statusIn('e', PENDING_PACKAGE_STATUSES)} AND ${live('e')})`,
  wfa: `(SELECT min(${tsSql('e')}) FROM json_each(mo.json, ${PKG}) e WHERE ${statusIn('e', [PACKAGE_STATUS.waitingForApproval])} AND ${live('e')})`,
  wsa: `mo.creation_time`,
};

/**
 * When a device recovered: it has had failed installations (FailedInstallationCount > 0) and an
 * entry installed after its newest failed entry; the time is that first later installation.
 */
const RECOVERED_AT_SCAN = `(
  SELECT min(${tsSql('i')}) FROM json_each(mo.json, ${PKG}) i
  WHERE ${statusIn('i', DONE_PACKAGE_STATUSES)} AND ${live('i')}
    AND ${tsSql('i')} > coalesce((SELECT max(${tsSql('f')}) FROM json_each(mo.json, ${PKG}) f WHERE ${field('f', 'status')} LIKE '%failed%'), ''))`;

/**
 * Per managed object, its availability status and what its package list says (waiting for a
 * dependency, approval waiting, no live entry, a pending entry, when it recovered), kept by triggers on every write of
 * managed_objects.json (software-state.ts): reading each device's JSON list at query time took
 * seconds at 100,000 devices for every dashboard refresh (the dependency check alone ~1 s). The
 * `*_SCAN` expressions compute the columns from mo.json. `wfd` also reads the repository's software
 * packages, so a write of a package recomputes it for the devices whose pending entries name it
 * (SOFTWARE_DEPENDENTS_WHERE).
 */
export const SOFTWARE_STATE_COLUMNS = {
  availability: AVAILABILITY,
  // Whether the object is a device: the dashboard's counts and lists read this table alone.
  device: `json_type(mo.json, '$.${FRAGMENT.isDevice}') IS NOT NULL`,
  wfd: WAITING_FOR_DEPENDENCY_SCAN,
  wfa: WAITING_FOR_APPROVAL_SCAN,
  wsa: WITHOUT_ASSIGNMENT_SCAN,
  pending: HAS_PENDING_SCAN,
  recovered_at: RECOVERED_AT_SCAN,
  had_failures: `coalesce(json_extract(mo.json, '$.${FRAGMENT.failedInstallationCount}'), 0) > 0`,
};
/**
 * The parts of a managed object's document the columns above read (JSON paths). An update that
 * changes none of them leaves its row as it is: the trigger skips it (heartbeats move only
 * c8y_Availability.lastMessage, notes and intervals touch none).
 */
export const SOFTWARE_STATE_INPUTS = [
  `$.${FRAGMENT.availability}.status`,
  `$.${FRAGMENT.isDevice}`,
  `$.${FRAGMENT.packageList}`,
  `$.${FRAGMENT.failedInstallationCount}`,
] as const;

/**
 * Every device's state row as `st` (with DEVICE_STATES_WHERE), without reading managed_objects:
 * the state table's (device, <figure>) indexes count a figure's devices and give a page of them
 * in id order without visiting other rows (~170 ms through the managed objects' rows, ~25 ms
 * joined to the device fragment rows, a few ms over the indexes).
 */
export const DEVICE_STATES_FROM = `${SOFTWARE_STATE_TABLE} st`;
export const DEVICE_STATES_WHERE = 'st.device = 1';

/**
 * Whether a state row's availability is one the dashboard counts as monitored (online or offline):
 * indexed as an expression with the device flag (MONITORED_INDEX), so the not-monitored devices'
 * count and id-ordered page come from the index alone (~10 ms -> ~0.5 ms at 100,000 devices;
 * a `NOT IN` over the availability index sorted its ~12,000 rows for every page).
 */
export const MONITORED = `coalesce(availability, '') IN (${list([AVAILABLE, UNAVAILABLE])})`;
export const MONITORED_INDEX = `CREATE INDEX IF NOT EXISTS ${SOFTWARE_STATE_TABLE}_device_monitored ON ${SOFTWARE_STATE_TABLE}(device, ${MONITORED})`;
/** Every device in id order, for the total view's pages (otherwise sorted: ~7-14 ms a page at 100,000). */
export const DEVICE_INDEX = `CREATE INDEX IF NOT EXISTS ${SOFTWARE_STATE_TABLE}_device ON ${SOFTWARE_STATE_TABLE}(device)`;

/** The dashboard's device lists over the state rows (SOFTWARE_WHERE's conditions, and the availability views'). */
export const STATE_AVAILABILITY_WHERE: Record<AvailabilityView, string> = {
  online: `st.availability = ${q(AVAILABLE)}`,
  offline: `st.availability = ${q(UNAVAILABLE)}`,
  notmonitored: `${MONITORED.replace('availability', 'st.availability')} = 0`,
  total: '1',
};
export const STATE_SOFTWARE_WHERE: Record<SoftwareView, string> = { wfd: 'st.wfd = 1', wfa: 'st.wfa = 1', wsa: 'st.wsa = 1' };

/**
 * Every device with its list row (core schema LIST_TABLE: id, type, name, creation_time and the
 * list columns) as `mo`: for conditions that need no document (derived history days).
 */
export const DEVICE_LIST_ROWS_FROM = `mo_fragments dev JOIN mo_list mo ON mo.id = dev.mo_id`;

/**
 * The state rows a write of the software package `pkg` (old or new in a trigger) can change: the
 * devices with a pending entry naming the package (wfd compares names exactly).
 */
export const SOFTWARE_DEPENDENTS_WHERE = (pkg: string) => `pending = 1 AND EXISTS (
  SELECT 1 FROM managed_objects mo, json_each(mo.json, ${PKG}) e
  WHERE mo.id = ${SOFTWARE_STATE_TABLE}.mo_id AND ${field('e', 'name')} = ${pkg}.name)`;

/** Prepared statements, cached per SQL text (the SQL above is built once per process). */
export class Statements {
  private readonly cache = new Map<string, Statement>();
  constructor(readonly db: Database) {}
  get(sql: string): Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }
}

/** Where the service's derived tables note the version they were built with. */
const META_TABLE = 'opdash_meta';

/**
 * Runs `build` (in one transaction, given the version found, if any) when the derived table noted
 * as `key` is not at `version` yet, then notes the version; once per database and process.
 */
export function ensureVersion(db: Database, key: string, version: number, build: (found: string | undefined) => void): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  const found = (db.prepare(`SELECT value FROM ${META_TABLE} WHERE key = ?`).get(key) as { value: string } | undefined)?.value;
  if (found === String(version)) return;
  db.transaction(() => {
    build(found);
    db.prepare(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES (?, ?)`).run(key, String(version));
  })();
}
