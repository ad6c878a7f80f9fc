import type { Database, Statement } from 'better-sqlite3';
import type { DeviceReason } from './reasons';

/**
 * The service's own tables in the core's SQLite file. Job and rollout progress live here and are
 * written in the same transaction as the device changes they describe, so a crash (kill -9)
 * loses a whole chunk or nothing, and a restart resumes exactly where the last commit stopped.
 */
export type JobKind = 'assign' | 'clearPending' | 'initialize';

export interface JobRow {
  id: number;
  kind: JobKind;
  status: 'ongoing' | 'completed';
  params: string;
  deviceIds: string;
  cursor: number;
  counters: string;
  statusObjectId: string;
}

export type RolloutDeviceState =
  | 'pending'
  | 'waitingNew'
  | 'waitingUpdated'
  | 'success'
  | 'updated'
  | 'upToDate'
  | 'failed'
  | 'disabled'
  | 'cancelled';

export const WAITING_STATES: readonly RolloutDeviceState[] = ['waitingNew', 'waitingUpdated'];

/** A count of 0 for every device state (a rollout's counts before any device has one). */
export function noStateCounts(): Record<RolloutDeviceState, number> {
  return { pending: 0, waitingNew: 0, waitingUpdated: 0, success: 0, updated: 0, upToDate: 0, failed: 0, disabled: 0, cancelled: 0 };
}

export interface RolloutStateRow {
  rolloutId: string;
  nextSeq: number;
  lastBatchAt: number | null;
  nextPauseIdx: number;
  batchesSent: number;
  /** Failed devices when the rollout was last started: the error threshold pauses only on failures after that. */
  failedAtStart: number;
}

/** One device of a rollout: its result, why it failed or was skipped, and the operation sent to it. */
export interface RolloutDeviceRow {
  seq: number;
  deviceId: string;
  state: RolloutDeviceState;
  opId: string | null;
  /** Clock time (ms) after which a device that has not answered fails; null once it answered or has a result. */
  deadline: number | null;
  reason: string | null;
}

/** A device's row as the devices list reads it: with the code of an engine reason and its values (JSON); null in rows stored before codes. */
export interface RolloutDeviceResultRow extends RolloutDeviceRow {
  reasonCode: string | null;
  reasonParams: string | null;
}

export class ServiceStore {
  private readonly statements = new Map<string, Statement>();

  /** Prepared once: a rollout tick runs these per device. */
  private stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  constructor(private readonly db: Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS csng_jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        params TEXT NOT NULL,
        deviceIds TEXT NOT NULL,
        cursor INTEGER NOT NULL DEFAULT 0,
        counters TEXT NOT NULL,
        statusObjectId TEXT NOT NULL,
        createdAt INTEGER NOT NULL,
        finishedAt INTEGER
      );
      CREATE TABLE IF NOT EXISTS csng_rollouts (
        rolloutId TEXT PRIMARY KEY,
        nextSeq INTEGER NOT NULL DEFAULT 0,
        lastBatchAt INTEGER,
        nextPauseIdx INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS csng_rollout_devices (
        rolloutId TEXT NOT NULL,
        seq INTEGER NOT NULL,
        deviceId TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (rolloutId, seq)
      );
      -- seq in the index: the next batch is read in order without sorting every pending device.
      DROP INDEX IF EXISTS csng_rollout_devices_state;
      CREATE INDEX IF NOT EXISTS csng_rollout_devices_state_seq ON csng_rollout_devices (rolloutId, state, seq);
    `);
    // Columns added for the event-driven engine (issue 20); older files get them here.
    addColumns(db, 'csng_rollouts', { batchesSent: 'INTEGER NOT NULL DEFAULT 0', failedAtStart: 'INTEGER NOT NULL DEFAULT 0' });
    addColumns(db, 'csng_rollout_devices', { opId: 'TEXT', deadline: 'INTEGER', reason: 'TEXT' });
    // The engine's reasons as codes with their values, for the console's languages; older rows have none.
    addColumns(db, 'csng_rollout_devices', { reasonCode: 'TEXT', reasonParams: 'TEXT' });
    db.exec(`
      -- An operation or inventory change names a device: its rollout rows are found without a scan.
      CREATE INDEX IF NOT EXISTS csng_rollout_devices_device ON csng_rollout_devices (deviceId);
      -- Time-outs due are read in deadline order; rows without a deadline are not in the index.
      CREATE INDEX IF NOT EXISTS csng_rollout_devices_deadline ON csng_rollout_devices (rolloutId, deadline) WHERE deadline IS NOT NULL;
      -- Software package passwords: the service's own, never on the package's managed object
      -- (package-passwords.ts).
      CREATE TABLE IF NOT EXISTS csng_package_passwords (
        packageId TEXT PRIMARY KEY,
        password TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  }

  setPackagePassword(packageId: string, password: string): void {
    this.stmt(`INSERT INTO csng_package_passwords (packageId, password) VALUES (?, ?) ON CONFLICT (packageId) DO UPDATE SET password = excluded.password`).run(packageId, password);
  }

  packagePassword(packageId: string): string | undefined {
    return (this.stmt(`SELECT password FROM csng_package_passwords WHERE packageId = ?`).get(packageId) as { password: string } | undefined)?.password;
  }

  packagePasswordIds(): string[] {
    return (this.stmt(`SELECT packageId FROM csng_package_passwords`).all() as { packageId: string }[]).map((r) => r.packageId);
  }

  dropPackagePassword(packageId: string): void {
    this.stmt(`DELETE FROM csng_package_passwords WHERE packageId = ?`).run(packageId);
  }

  ongoingJobs(): JobRow[] {
    return this.stmt(`SELECT * FROM csng_jobs WHERE status = 'ongoing' ORDER BY id`).all() as JobRow[];
  }

  insertJob(kind: JobKind, params: unknown, deviceIds: string[], counters: unknown, statusObjectId: string, now: number): number {
    const r = this.stmt(`INSERT INTO csng_jobs (kind, status, params, deviceIds, counters, statusObjectId, createdAt) VALUES (?, 'ongoing', ?, ?, ?, ?, ?)`)
      .run(kind, JSON.stringify(params), JSON.stringify(deviceIds), JSON.stringify(counters), statusObjectId, now);
    return Number(r.lastInsertRowid);
  }

  job(id: number): JobRow | undefined {
    return this.stmt(`SELECT * FROM csng_jobs WHERE id = ?`).get(id) as JobRow | undefined;
  }

  saveJobProgress(id: number, cursor: number, counters: unknown, finishedAt: number | null): void {
    this.stmt(`UPDATE csng_jobs SET cursor = ?, counters = ?, status = ?, finishedAt = ? WHERE id = ?`)
      .run(cursor, JSON.stringify(counters), finishedAt === null ? 'ongoing' : 'completed', finishedAt, id);
  }

  rolloutState(rolloutId: string): RolloutStateRow | undefined {
    return this.stmt(`SELECT * FROM csng_rollouts WHERE rolloutId = ?`).get(rolloutId) as RolloutStateRow | undefined;
  }

  /** Rollouts the engine drives (ONGOING or PAUSED). */
  rolloutIds(): string[] {
    return (this.stmt(`SELECT rolloutId FROM csng_rollouts`).all() as { rolloutId: string }[]).map((r) => r.rolloutId);
  }

  initRollout(rolloutId: string, deviceIds: string[]): void {
    this.stmt(`DELETE FROM csng_rollout_devices WHERE rolloutId = ?`).run(rolloutId);
    this.stmt(`INSERT INTO csng_rollouts (rolloutId) VALUES (?)`).run(rolloutId);
    this.stmt(`INSERT INTO csng_rollout_devices (rolloutId, seq, deviceId, state) SELECT ?, key, value, 'pending' FROM json_each(?)`).run(rolloutId, JSON.stringify(deviceIds));
  }

  /**
   * Results of a rollout that ended before this server ran it (the demo seed's finished
   * rollouts): its devices' rows as the engine leaves them, in rollout order.
   */
  insertEndedResults(rolloutId: string, rows: readonly { deviceId: string; state: RolloutDeviceState; reason: string | null }[]): void {
    this.stmt(`DELETE FROM csng_rollout_devices WHERE rolloutId = ?`).run(rolloutId);
    this.stmt(`INSERT INTO csng_rollout_devices (rolloutId, seq, deviceId, state, reason) SELECT ?, key, value->>'deviceId', value->>'state', value->>'reason' FROM json_each(?)`)
      .run(rolloutId, JSON.stringify(rows));
  }

  saveRolloutState(s: RolloutStateRow): void {
    this.stmt(`UPDATE csng_rollouts SET nextSeq = ?, lastBatchAt = ?, nextPauseIdx = ?, batchesSent = ?, failedAtStart = ? WHERE rolloutId = ?`)
      .run(s.nextSeq, s.lastBatchAt, s.nextPauseIdx, s.batchesSent, s.failedAtStart, s.rolloutId);
  }

  /** The rollout has ended: the engine forgets it; its devices' results stay for the console's drill-down. */
  endRollout(rolloutId: string): void {
    this.stmt(`UPDATE csng_rollout_devices SET deadline = NULL WHERE rolloutId = ? AND deadline IS NOT NULL`).run(rolloutId);
    this.stmt(`DELETE FROM csng_rollouts WHERE rolloutId = ?`).run(rolloutId);
  }

  /** The rollout object is gone: everything of it goes. */
  dropRollout(rolloutId: string): void {
    this.stmt(`DELETE FROM csng_rollout_devices WHERE rolloutId = ?`).run(rolloutId);
    this.stmt(`DELETE FROM csng_rollouts WHERE rolloutId = ?`).run(rolloutId);
  }

  /** Rollouts with device rows (active or ended), to find those whose object was deleted. */
  rolloutIdsWithDevices(): string[] {
    return (this.stmt(`SELECT DISTINCT rolloutId FROM csng_rollout_devices`).all() as { rolloutId: string }[]).map((r) => r.rolloutId);
  }

  /** Next devices still to dispatch, in rollout order. */
  pendingBatch(rolloutId: string, limit: number): { seq: number; deviceId: string }[] {
    return this.stmt(`SELECT seq, deviceId FROM csng_rollout_devices WHERE rolloutId = ? AND state = 'pending' ORDER BY seq LIMIT ?`)
      .all(rolloutId, limit) as { seq: number; deviceId: string }[];
  }

  /** Every waiting device of the active rollouts (the engine's watch list after a start). */
  waitingOfActive(): { rolloutId: string; deviceId: string }[] {
    return this.stmt(
      `SELECT d.rolloutId, d.deviceId FROM csng_rollout_devices d JOIN csng_rollouts r ON r.rolloutId = d.rolloutId WHERE d.state IN ('waitingNew', 'waitingUpdated')`,
    ).all() as { rolloutId: string; deviceId: string }[];
  }

  /** The waiting rows of one device in one rollout (a device listed twice is one row: ids are deduplicated). */
  waitingOf(rolloutId: string, deviceId: string): RolloutDeviceRow[] {
    return this.stmt(`SELECT seq, deviceId, state, opId, deadline, reason FROM csng_rollout_devices WHERE deviceId = ? AND rolloutId = ? AND state IN ('waitingNew', 'waitingUpdated')`)
      .all(deviceId, rolloutId) as RolloutDeviceRow[];
  }

  /** Waiting devices whose time-out has passed, oldest first. */
  dueTimeouts(rolloutId: string, now: number, limit: number): RolloutDeviceRow[] {
    return this.stmt(`SELECT seq, deviceId, state, opId, deadline, reason FROM csng_rollout_devices WHERE rolloutId = ? AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline LIMIT ?`)
      .all(rolloutId, now, limit) as RolloutDeviceRow[];
  }

  /** Earliest and latest time-out still ahead (null: nobody is waiting with a time-out). */
  deadlines(rolloutId: string): { first: number | null; last: number | null } {
    return this.stmt(`SELECT MIN(deadline) AS first, MAX(deadline) AS last FROM csng_rollout_devices WHERE rolloutId = ? AND deadline IS NOT NULL`).get(rolloutId) as {
      first: number | null;
      last: number | null;
    };
  }

  setDeviceState(rolloutId: string, seq: number, state: RolloutDeviceState, reason: DeviceReason | null = null): void {
    this.stmt(`UPDATE csng_rollout_devices SET state = ?, reason = ?, reasonCode = ?, reasonParams = ?, deadline = NULL WHERE rolloutId = ? AND seq = ?`).run(
      state,
      ...reasonColumns(reason),
      rolloutId,
      seq,
    );
  }

  /** A device answered without a result yet (e.g. waiting for approval): it no longer times out. */
  clearDeadline(rolloutId: string, seq: number): void {
    this.stmt(`UPDATE csng_rollout_devices SET deadline = NULL WHERE rolloutId = ? AND seq = ?`).run(rolloutId, seq);
  }

  setDispatched(rolloutId: string, seq: number, state: RolloutDeviceState, opId: string | null, deadline: number | null, reason: DeviceReason | null): void {
    this.stmt(`UPDATE csng_rollout_devices SET state = ?, opId = ?, deadline = ?, reason = ?, reasonCode = ?, reasonParams = ? WHERE rolloutId = ? AND seq = ?`).run(
      state,
      opId,
      deadline,
      ...reasonColumns(reason),
      rolloutId,
      seq,
    );
  }

  /** Cancel: devices not sent yet get nothing. */
  cancelPending(rolloutId: string, reason: DeviceReason): number {
    return this.stmt(`UPDATE csng_rollout_devices SET state = 'cancelled', reason = ?, reasonCode = ?, reasonParams = ? WHERE rolloutId = ? AND state = 'pending'`).run(
      ...reasonColumns(reason),
      rolloutId,
    ).changes;
  }

  /**
   * Waiting devices a cancel has not handled yet, in rollout order: a waiting row carries no reason
   * until the cancel notes that its device had started (those stay waiting, no longer followed).
   */
  waitingNotCancelled(rolloutId: string, limit: number): RolloutDeviceRow[] {
    return this.stmt(
      `SELECT seq, deviceId, state, opId, deadline, reason FROM csng_rollout_devices WHERE rolloutId = ? AND state IN ('waitingNew', 'waitingUpdated') AND reason IS NULL ORDER BY seq LIMIT ?`,
    ).all(rolloutId, limit) as RolloutDeviceRow[];
  }

  waiting(rolloutId: string): RolloutDeviceRow[] {
    return this.stmt(`SELECT seq, deviceId, state, opId, deadline, reason FROM csng_rollout_devices WHERE rolloutId = ? AND state IN ('waitingNew', 'waitingUpdated')`)
      .all(rolloutId) as RolloutDeviceRow[];
  }

  /** One page of a rollout's devices in rollout order, optionally only some results. */
  devicesPage(rolloutId: string, states: readonly RolloutDeviceState[] | null, limit: number, offset: number): { rows: RolloutDeviceResultRow[]; total: number } {
    const filter = states ? ` AND state IN (SELECT value FROM json_each(?))` : '';
    const params: unknown[] = states ? [rolloutId, JSON.stringify(states)] : [rolloutId];
    const rows = this.stmt(`SELECT seq, deviceId, state, opId, deadline, reason, reasonCode, reasonParams FROM csng_rollout_devices WHERE rolloutId = ?${filter} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as RolloutDeviceResultRow[];
    const total = (this.stmt(`SELECT COUNT(*) AS n FROM csng_rollout_devices WHERE rolloutId = ?${filter}`).get(...params) as { n: number }).n;
    return { rows, total };
  }

  hasDevices(rolloutId: string): boolean {
    return this.stmt(`SELECT 1 FROM csng_rollout_devices WHERE rolloutId = ? LIMIT 1`).get(rolloutId) !== undefined;
  }

  stateCounts(rolloutId: string): Record<RolloutDeviceState, number> {
    const counts = noStateCounts();
    const rows = this.stmt(`SELECT state, COUNT(*) AS n FROM csng_rollout_devices WHERE rolloutId = ? GROUP BY state`)
      .all(rolloutId) as { state: RolloutDeviceState; n: number }[];
    for (const r of rows) counts[r.state] = r.n;
    return counts;
  }
}

/** A reason's columns: reason, reasonCode, reasonParams. */
const reasonColumns = (r: DeviceReason | null): [string | null, string | null, string | null] => [r?.text ?? null, r?.code ?? null, r?.params ? JSON.stringify(r.params) : null];

function addColumns(db: Database, table: string, columns: Record<string, string>): void {
  const have = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
  for (const [name, type] of Object.entries(columns)) if (!have.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
}
