import type { ManagedObject, ServerCore } from '../../core/api';
import { HttpError } from '../../core/api';
import { assignToDevice, countOutcome, emptyAssignCounters, packageListPatch, type AssignCounters, type AssignTarget } from './assign';
import {
  FRAGMENT_FAILED_INSTALLATIONS,
  FRAGMENT_PACKAGE_LIST,
  FRAGMENT_PENDING_UPDATES,
  INITIALIZE_RESPONSE_INTERVAL_MINUTES,
  JOB_CHUNK_SIZE,
  PACKAGE_STATUS_ASSIGNED,
  SCAN_PAGE_SIZE,
  STATUS_TYPE,
} from './constants';
import { objectsById } from './helpers';
import { isDevice, packageList } from './model';
import type { JobKind, JobRow, ServiceStore } from './store';

export interface SuccessFailed {
  success: number;
  failed: number;
}

export type JobCounters = AssignCounters | SuccessFailed;

export interface AssignParams {
  target: AssignTarget;
  force: boolean;
  description?: string;
}
export interface ClearParams {
  operationType: string;
}

export interface JobSnapshot {
  jobId: number;
  statusObjectId: string;
  status: 'ongoing' | 'completed';
  total: number;
  done: number;
  counters: JobCounters;
}

/**
 * A fault-injection point for crash tests, set only by tests through the environment of a spawned
 * server (CSNG_TEST_JOB_FAULT): `pause-after-chunk:N` stops the runner for good once its N-th chunk
 * of this process is committed (the server keeps answering, the job stays ongoing); the test then
 * kills the process at that known point. `kill-in-chunk:N:K` sends SIGKILL to the process itself
 * inside the N-th chunk's transaction after K devices, so the chunk must roll back as a whole.
 */
export type JobFault = { kind: 'pause-after-chunk'; chunk: number } | { kind: 'kill-in-chunk'; chunk: number; devices: number };

export function parseJobFault(text: string | undefined): JobFault | undefined {
  if (!text) return undefined;
  let m = /^pause-after-chunk:(\d+)$/.exec(text);
  if (m) return { kind: 'pause-after-chunk', chunk: Number(m[1]) };
  m = /^kill-in-chunk:(\d+):(\d+)$/.exec(text);
  if (m) return { kind: 'kill-in-chunk', chunk: Number(m[1]), devices: Number(m[2]) };
  throw new Error(`CSNG_TEST_JOB_FAULT: '${text}' is neither pause-after-chunk:N nor kill-in-chunk:N:K`);
}

const COMPLETED = 'completed';
const CLEARED_REASON = 'Pending assignment cleared';
const ONGOING = 'ongoing';

/** The c8y_status fields of one job kind (device-operations.md §3). */
function statusFields(kind: JobKind, status: string, total: number, c: JobCounters): Record<string, unknown> {
  if (kind === 'assign') {
    const a = c as AssignCounters;
    return {
      dmg_assign_software_status: status,
      dmg_assign_software_counter_total: total,
      dmg_assign_software_counter_success: a.noOfSuccessfullAssignment,
      dmg_assign_software_counter_updated: a.noOfUpdatedAssignment,
      dmg_assign_software_counter_uptodate: a.noOfNoAssignment,
      dmg_assign_software_counter_failed: a.noOfFailedAssignment,
    };
  }
  const s = c as SuccessFailed;
  const base = kind === 'clearPending' ? 'dmg_clear_pending_assignment' : 'dmg_initialize_fragments';
  return { [`${base}_status`]: status, [`${base}_success`]: s.success, [`${base}_failed`]: s.failed };
}

function initialCounters(kind: JobKind): JobCounters {
  return kind === 'assign' ? emptyAssignCounters() : { success: 0, failed: 0 };
}

function doneOf(c: JobCounters): number {
  return Object.values(c).reduce((a: number, b) => a + (b as number), 0);
}

/**
 * Runs assignment, clear-pending and initialize jobs one at a time, JOB_CHUNK_SIZE devices per
 * transaction, yielding to the event loop between chunks so status polls are answered meanwhile.
 */
export class JobRunner {
  private running: Promise<void> | null = null;
  private stopped = false;
  private chunksRun = 0;
  private readonly waiters = new Map<number, (() => void)[]>();

  constructor(
    private readonly core: ServerCore,
    private readonly store: ServiceStore,
    private readonly fault?: JobFault,
  ) {}

  /** Resumes whatever was ongoing when the process died. */
  resume(): void {
    if (this.store.ongoingJobs().length > 0) this.kick();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.running ?? Promise.resolve();
  }

  start(kind: JobKind, params: AssignParams | ClearParams | Record<string, never>, deviceIds: string[]): JobSnapshot {
    const id = this.core.transaction(() => {
      if (this.store.ongoingJobs().length > 0) {
        throw new HttpError(409, 'create-software-ng/jobOngoing', 'An operation is currently ongoing - please try again later.');
      }
      const counters = initialCounters(kind);
      const all: Record<string, unknown> = {
        ...statusFields('assign', COMPLETED, 0, emptyAssignCounters()),
        ...statusFields('clearPending', COMPLETED, 0, { success: 0, failed: 0 }),
        ...statusFields('initialize', COMPLETED, 0, { success: 0, failed: 0 }),
        ...statusFields(kind, ONGOING, deviceIds.length, counters),
      };
      const status = this.core.inventory.create({ type: STATUS_TYPE, name: `Status of ${kind}`, ...all });
      return this.store.insertJob(kind, params, deviceIds, counters, status.id, this.core.clock.now());
    });
    this.kick();
    return this.snapshot(id);
  }

  snapshot(id: number): JobSnapshot {
    const row = this.store.job(id);
    if (!row) throw new HttpError(404, 'create-software-ng/notFound', `Job ${id} not found`);
    const counters = JSON.parse(row.counters) as JobCounters;
    return {
      jobId: row.id,
      statusObjectId: row.statusObjectId,
      status: row.status,
      total: (JSON.parse(row.deviceIds) as string[]).length,
      done: doneOf(counters),
      counters,
    };
  }

  /** Resolves when the job is completed or after ms, whichever is first. */
  wait(id: number, ms: number): Promise<void> {
    if (this.store.job(id)?.status !== ONGOING) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      const list = this.waiters.get(id) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.waiters.set(id, list);
    });
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const job = this.store.ongoingJobs()[0];
      if (!job) return;
      this.runChunk(job);
      this.chunksRun++;
      if (this.fault?.kind === 'pause-after-chunk' && this.chunksRun >= this.fault.chunk) {
        this.stopped = true;
        return;
      }
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  private runChunk(job: JobRow): void {
    const deviceIds = JSON.parse(job.deviceIds) as string[];
    const counters = JSON.parse(job.counters) as JobCounters;
    const params = JSON.parse(job.params) as AssignParams & ClearParams;
    let finished = false;
    try {
      this.core.transaction(() => {
        const end = Math.min(deviceIds.length, job.cursor + JOB_CHUNK_SIZE);
        const killAt = this.fault?.kind === 'kill-in-chunk' && this.fault.chunk === this.chunksRun + 1 ? job.cursor + this.fault.devices : -1;
        // The chunk's devices in one query, not one read each. Processing a device writes only
        // that device (ids are deduplicated when the job starts), so each read is still current;
        // an id met twice anyway is read again.
        const devices = objectsById(this.core, deviceIds.slice(job.cursor, end));
        for (let i = job.cursor; i < end; i++) {
          if (i === killAt) process.kill(process.pid, 'SIGKILL');
          const device = devices.get(deviceIds[i]);
          devices.delete(deviceIds[i]);
          this.processDevice(job.kind, params, deviceIds[i], counters, device);
        }
        finished = end >= deviceIds.length;
        this.store.saveJobProgress(job.id, end, counters, finished ? this.core.clock.now() : null);
        this.core.inventory.update(job.statusObjectId, statusFields(job.kind, finished ? COMPLETED : ONGOING, deviceIds.length, counters));
      });
    } catch (e) {
      // The status object itself is gone or the database refused: end the job rather than spin on it.
      this.core.transaction(() => this.store.saveJobProgress(job.id, deviceIds.length, counters, this.core.clock.now()));
      finished = true;
      console.error(`create-software-ng: job ${job.id} aborted`, e);
    }
    if (finished) {
      for (const w of this.waiters.get(job.id) ?? []) w();
      this.waiters.delete(job.id);
    }
  }

  /** `known`: the device as read for the chunk (undefined: read it here). */
  private processDevice(kind: JobKind, params: AssignParams & ClearParams, deviceId: string, counters: JobCounters, known: ManagedObject | undefined): void {
    if (kind === 'assign') {
      let outcome: ReturnType<typeof assignToDevice>;
      try {
        outcome = assignToDevice(this.core, deviceId, params.target, params.force, params.description, known);
      } catch (e) {
        // Counted as failed for the user; the cause goes to the log (it is a defect, not a device's answer).
        console.error(`create-software-ng: assigning to device ${deviceId} failed`, e);
        outcome = 'failed';
      }
      countOutcome(counters as AssignCounters, outcome);
      return;
    }
    const c = counters as SuccessFailed;
    try {
      const device = known ?? this.core.inventory.get(deviceId);
      if (!isDevice(device)) {
        c.failed++;
      } else if (kind === 'clearPending') {
        this.clearPending(device, params.operationType);
        c.success++;
      } else if (initializeDevice(this.core, device)) {
        c.success++;
      }
    } catch (e) {
      console.error(`create-software-ng: ${kind} on device ${deviceId} failed`, e);
      c.failed++;
    }
  }

  /** Fails the device's pending operations of the type and drops entries the device never picked up. */
  private clearPending(device: ManagedObject, operationType: string): void {
    let page;
    do {
      page = this.core.operations.list({ deviceId: device.id, status: 'PENDING', fragmentType: operationType, pageSize: SCAN_PAGE_SIZE });
      for (const op of page.items) this.core.operations.update(op.id, { status: 'FAILED', failureReason: CLEARED_REASON });
    } while (page.items.length === SCAN_PAGE_SIZE);
    const list = packageList(device);
    const kept = list.filter((e) => e.status !== PACKAGE_STATUS_ASSIGNED);
    // The counters follow the list, or the lists' pending-updates column keeps counting what went.
    if (kept.length !== list.length) this.core.inventory.patch(device.id, packageListPatch(kept));
  }
}

/** A device is not monitored without a positive required interval (the platform's rule). */
export function isNotMonitored(device: ManagedObject): boolean {
  const ra = device.c8y_RequiredAvailability as { responseInterval?: unknown } | undefined;
  return !ra || typeof ra.responseInterval !== 'number' || ra.responseInterval <= 0;
}

/**
 * Gives a not monitored device the fragments the console relies on. Returns false for a device
 * that was monitored already (counted neither as initialized nor as failed).
 */
export function initializeDevice(core: ServerCore, device: ManagedObject): boolean {
  if (!isNotMonitored(device)) return false;
  const patch: Record<string, unknown> = { c8y_RequiredAvailability: { responseInterval: INITIALIZE_RESPONSE_INTERVAL_MINUTES } };
  if (!Array.isArray(device[FRAGMENT_PACKAGE_LIST])) patch[FRAGMENT_PACKAGE_LIST] = [];
  if (typeof device[FRAGMENT_FAILED_INSTALLATIONS] !== 'number') patch[FRAGMENT_FAILED_INSTALLATIONS] = 0;
  if (typeof device[FRAGMENT_PENDING_UPDATES] !== 'number') patch[FRAGMENT_PENDING_UPDATES] = 0;
  core.inventory.patch(device.id, patch);
  return true;
}
