import type { Database, Statement } from 'better-sqlite3';

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

export type RolloutDeviceState = 'pending' | 'waitingNew' | 'waitingUpdated' | 'success' | 'updated' | 'upToDate' | 'failed' | 'disabled';

export interface RolloutStateRow {
  rolloutId: string;
  nextSeq: number;
  lastBatchAt: number | null;
  nextPauseIdx: number;
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

  rolloutIds(): string[] {
    return (this.stmt(`SELECT rolloutId FROM csng_rollouts`).all() as { rolloutId: string }[]).map((r) => r.rolloutId);
  }

  initRollout(rolloutId: string, deviceIds: string[]): void {
    this.stmt(`INSERT INTO csng_rollouts (rolloutId) VALUES (?)`).run(rolloutId);
    this.stmt(`INSERT INTO csng_rollout_devices (rolloutId, seq, deviceId, state) SELECT ?, key, value, 'pending' FROM json_each(?)`).run(rolloutId, JSON.stringify(deviceIds));
  }

  saveRolloutState(s: RolloutStateRow): void {
    this.stmt(`UPDATE csng_rollouts SET nextSeq = ?, lastBatchAt = ?, nextPauseIdx = ? WHERE rolloutId = ?`)
      .run(s.nextSeq, s.lastBatchAt, s.nextPauseIdx, s.rolloutId);
  }

  dropRollout(rolloutId: string): void {
    this.stmt(`DELETE FROM csng_rollout_devices WHERE rolloutId = ?`).run(rolloutId);
    this.stmt(`DELETE FROM csng_rollouts WHERE rolloutId = ?`).run(rolloutId);
  }

  /** Next devices still to dispatch, in rollout order. */
  pendingBatch(rolloutId: string, limit: number): { seq: number; deviceId: string }[] {
    return this.stmt(`SELECT seq, deviceId FROM csng_rollout_devices WHERE rolloutId = ? AND state = 'pending' ORDER BY seq LIMIT ?`)
      .all(rolloutId, limit) as { seq: number; deviceId: string }[];
  }

  waiting(rolloutId: string): { seq: number; deviceId: string; state: RolloutDeviceState }[] {
    return this.stmt(`SELECT seq, deviceId, state FROM csng_rollout_devices WHERE rolloutId = ? AND state IN ('waitingNew', 'waitingUpdated')`)
      .all(rolloutId) as { seq: number; deviceId: string; state: RolloutDeviceState }[];
  }

  setDeviceState(rolloutId: string, seq: number, state: RolloutDeviceState): void {
    this.stmt(`UPDATE csng_rollout_devices SET state = ? WHERE rolloutId = ? AND seq = ?`).run(state, rolloutId, seq);
  }

  stateCounts(rolloutId: string): Record<RolloutDeviceState, number> {
    const counts: Record<RolloutDeviceState, number> = {
      pending: 0, waitingNew: 0, waitingUpdated: 0, success: 0, updated: 0, upToDate: 0, failed: 0, disabled: 0,
    };
    const rows = this.stmt(`SELECT state, COUNT(*) AS n FROM csng_rollout_devices WHERE rolloutId = ? GROUP BY state`)
      .all(rolloutId) as { state: RolloutDeviceState; n: number }[];
    for (const r of rows) counts[r.state] = r.n;
    return counts;
  }
}
