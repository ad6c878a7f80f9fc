import type { ManagedObject, Operation, RealtimeAction, ServerCore } from '../../core/api';
import { HttpError } from '../../core/api';
import { assignToDevice, isSoftwareMo, packageFromMo, type AssignablePackage } from './assign';
import {
  FRAGMENT_PACKAGE_LIST,
  OP_REGISTER_SOFTWARE,
  PACKAGE_STATUS_ASSIGNED,
  ROLLOUT_CANCEL_CHUNK,
  ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS,
  ROLLOUT_EVENT_DELAY_MS,
  ROLLOUT_TIMEOUTS_PER_STEP,
  ROLLOUT_TYPE,
  SCAN_PAGE_SIZE,
} from './constants';
import { activeEntry, isDevice, isFailed, isInstalled, packageList } from './model';
import { deviceText, REASONS, type DeviceReason } from './reasons';
import type { RolloutDeviceRow, RolloutDeviceState, ServiceStore } from './store';
import type { RolloutPauseReason } from '@shared/platform/create-software-ng';

export type RolloutStatus = 'CREATED' | 'ONGOING' | 'PAUSED' | 'COMPLETED' | 'CANCELLED' | 'BROKEN' | 'ARCHIVED';

export interface RolloutCounters {
  processed: number;
  total: number;
  success: number;
  upToDate: number;
  updated: number;
  failed: number;
  disabled: number;
  /** Sent, no result yet. */
  waiting: number;
  /** Not sent or not started when the rollout was cancelled. */
  cancelled: number;
}

export interface RolloutParameters {
  batchSize: number;
  batchGapSeconds: number;
  automaticPauseLimits: number[];
  operationTimeoutSeconds: number;
  /** Absent: no threshold. */
  errorThresholdPercent?: number;
}

/** Why a rollout is PAUSED (`pauseReason` on the rollout object; the card shows it): the console's declaration. */
export type PauseReason = RolloutPauseReason;

/** Which status a transition leads to, and from where it is allowed (device-operations.md §4; cancel from ONGOING: issue 20). */
const TRANSITIONS: Record<string, { to: RolloutStatus; from: RolloutStatus[] }> = {
  ONGOING: { to: 'ONGOING', from: ['CREATED', 'PAUSED'] },
  PAUSED: { to: 'PAUSED', from: ['ONGOING'] },
  CANCELLED: { to: 'CANCELLED', from: ['CREATED', 'ONGOING', 'PAUSED'] },
  ARCHIVED: { to: 'ARCHIVED', from: ['COMPLETED', 'CANCELLED'] },
};
const ACTION_ALIASES: Record<string, string> = { START: 'ONGOING', PAUSE: 'PAUSED', CANCEL: 'CANCELLED', ARCHIVE: 'ARCHIVED' };
const FINAL: RolloutStatus[] = ['COMPLETED', 'CANCELLED', 'BROKEN', 'ARCHIVED'];
const ACTIVE: RolloutStatus[] = ['ONGOING', 'PAUSED'];
/** setTimeout's longest delay; a later wake is re-armed when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function countersFrom(c: Record<RolloutDeviceState, number>, total: number): RolloutCounters {
  const counters = { total, success: c.success, upToDate: c.upToDate, updated: c.updated, failed: c.failed, disabled: c.disabled };
  return {
    processed: counters.success + counters.upToDate + counters.updated + counters.failed + counters.disabled,
    ...counters,
    waiting: c.waitingNew + c.waitingUpdated,
    cancelled: c.cancelled,
  };
}

/** The stored parameters, with defaults for rollouts created before a parameter existed (seed data, older files). */
export function paramsOf(mo: ManagedObject): RolloutParameters {
  const p = (mo.rolloutParameters ?? {}) as Partial<RolloutParameters>;
  const positive = (v: unknown): v is number => typeof v === 'number' && v > 0;
  return {
    batchSize: positive(p.batchSize) ? p.batchSize : 1,
    batchGapSeconds: typeof p.batchGapSeconds === 'number' && p.batchGapSeconds >= 0 ? p.batchGapSeconds : 0,
    automaticPauseLimits: Array.isArray(p.automaticPauseLimits)
      ? p.automaticPauseLimits.filter((n): n is number => typeof n === 'number').sort((a, b) => a - b)
      : [],
    operationTimeoutSeconds: positive(p.operationTimeoutSeconds) ? p.operationTimeoutSeconds : ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS,
    ...(positive(p.errorThresholdPercent) ? { errorThresholdPercent: p.errorThresholdPercent } : {}),
  };
}

export function deviceIdsOf(mo: ManagedObject): string[] {
  const list = Array.isArray(mo.devices) ? (mo.devices as unknown[]) : [];
  const ids = list.map((d) => (typeof d === 'string' || typeof d === 'number' ? String(d) : String((d as { id?: unknown })?.id ?? '')));
  return [...new Set(ids.filter((id) => id !== ''))];
}

function isUnavailable(device: ManagedObject): boolean {
  return (device.c8y_Availability as { status?: unknown } | undefined)?.status === 'UNAVAILABLE';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * A fault-injection point for crash tests, set only by tests through the environment of a spawned
 * server (CSNG_TEST_ROLLOUT_FAULT, as jobs.ts's CSNG_TEST_JOB_FAULT): `kill-in-batch:N:K` sends
 * SIGKILL to the process itself inside the transaction that sends the N-th batch of a rollout,
 * after K of its devices got their operation, so that batch must roll back as a whole.
 */
export interface RolloutFault {
  batch: number;
  devices: number;
}

export function parseRolloutFault(text: string | undefined): RolloutFault | undefined {
  if (!text) return undefined;
  const m = /^kill-in-batch:(\d+):(\d+)$/.exec(text);
  if (!m) throw new Error(`CSNG_TEST_ROLLOUT_FAULT: '${text}' is not kill-in-batch:N:K`);
  return { batch: Number(m[1]), devices: Number(m[2]) };
}

/** What one step changed in the engine's memory (applied only after its transaction committed). */
interface StepResult {
  watch: string[];
  unwatch: string[];
  ended: boolean;
  /** The rollout's software: deleting it breaks the rollout at once, not at its next timer. */
  softwareId?: string;
}

interface DeviceResult {
  state: RolloutDeviceState;
  reason: DeviceReason | null;
}

/**
 * Drives rollouts without polling. It wakes on writes the core reports (onChange: an operation or
 * a package list of a device a rollout waits for) and on one timer per rollout, set to the next
 * batch or the earliest time-out, and then touches only the devices the event concerns. Between
 * events it does nothing, however many devices wait.
 *
 * Every step is one transaction over the engine's tables and the writes it causes, so a crash
 * (kill -9) loses a whole step or nothing; the in-memory watch list and timers are rebuilt from
 * the tables at start. A device is sent its operation once: its row leaves 'pending' in the same
 * transaction that creates the operation.
 */
export class RolloutEngine {
  /** Waiting device -> rollouts waiting for it. */
  private readonly watched = new Map<string, Set<string>>();
  /** Rollout -> devices named by writes since its last step. */
  private readonly dirty = new Map<string, Set<string>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly active = new Set<string>();
  /** Software -> active rollouts installing it. */
  private readonly softwareOf = new Map<string, Set<string>>();
  private pendingFlush: NodeJS.Timeout | null = null;
  /** > 0 while the engine's own transaction runs: its own writes are no news to it. */
  private ownWrites = 0;
  private timersOn = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly core: ServerCore,
    private readonly store: ServiceStore,
    private readonly fault?: RolloutFault,
  ) {}

  /**
   * Adopts seed rollouts, drops results of deleted rollouts, rebuilds the watch list and follows
   * the core's writes. `timers: false` leaves time to the caller (tests advance a fake clock and call tick()).
   */
  start(timers: boolean): void {
    this.timersOn = timers;
    this.adopt();
    for (const id of this.store.rolloutIdsWithDevices()) {
      if (!this.core.inventory.get(id)) this.store.dropRollout(id);
    }
    for (const w of this.store.waitingOfActive()) this.watch(w.deviceId, w.rolloutId);
    for (const id of this.store.rolloutIds()) this.active.add(id);
    this.unsubscribe = this.core.onChange((channel, action) => this.onChange(channel, action));
    // A step per active rollout now: time-outs and batches that fell due while the server was down.
    for (const id of this.active) this.arm(id, 0);
  }

  /** Adopts active rollouts the engine has no state for (created by seed data or before an upgrade). */
  adopt(): void {
    for (let page = 1; ; page++) {
      const res = this.core.inventory.query({ type: ROLLOUT_TYPE, pageSize: SCAN_PAGE_SIZE, currentPage: page });
      for (const mo of res.items) {
        if (ACTIVE.includes(mo.status as RolloutStatus) && !this.store.rolloutState(mo.id)) {
          this.core.transaction(() => this.store.initRollout(mo.id, deviceIdsOf(mo)));
        }
      }
      if (res.items.length < SCAN_PAGE_SIZE) break;
    }
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    if (this.pendingFlush) clearTimeout(this.pendingFlush);
    this.pendingFlush = null;
  }

  /**
   * Everything due now: the devices writes named, then a step per active rollout (time-outs due,
   * the next batch when its gap has passed). Timers call step() per rollout; tests and benches call this.
   */
  tick(): void {
    if (this.stopped) return;
    this.flushDirty();
    for (const id of this.store.rolloutIds()) this.run(id, []);
  }

  /** Devices (or rollouts) that changed: evaluate them on the next turn, all changes of this turn at once. */
  private onChange(channel: string, action: RealtimeAction): void {
    if (this.ownWrites > 0 || this.stopped) return;
    let id: string;
    if (channel.startsWith('/operations/')) id = channel.slice('/operations/'.length);
    else if (channel.startsWith('/managedobjects/')) id = channel.slice('/managedobjects/'.length);
    else return;
    if (action === 'DELETE') {
      if (this.active.has(id)) this.markDirty(id, null);
      for (const r of this.softwareOf.get(id) ?? []) this.markDirty(r, null);
    }
    const rollouts = this.watched.get(id);
    if (!rollouts) return;
    for (const r of rollouts) this.markDirty(r, id);
  }

  private markDirty(rolloutId: string, deviceId: string | null): void {
    let set = this.dirty.get(rolloutId);
    if (!set) this.dirty.set(rolloutId, (set = new Set()));
    if (deviceId !== null) set.add(deviceId);
    // Writes of the next moments join this step: a step counts the rollout's devices (a scan of
    // its rows), so a busy fleet costs a few steps per second, not one per write.
    if (this.pendingFlush) return;
    this.pendingFlush = setTimeout(() => {
      this.pendingFlush = null;
      this.flushDirty();
    }, ROLLOUT_EVENT_DELAY_MS);
    this.pendingFlush.unref();
  }

  private flushDirty(): void {
    const work = [...this.dirty];
    this.dirty.clear();
    for (const [rolloutId, devices] of work) this.run(rolloutId, [...devices]);
  }

  private watch(deviceId: string, rolloutId: string): void {
    let set = this.watched.get(deviceId);
    if (!set) this.watched.set(deviceId, (set = new Set()));
    set.add(rolloutId);
  }

  private unwatch(deviceId: string, rolloutId: string): void {
    const set = this.watched.get(deviceId);
    if (!set) return;
    set.delete(rolloutId);
    if (set.size === 0) this.watched.delete(deviceId);
  }

  /** Sets the rollout's one timer (replacing the previous one). */
  private arm(id: string, delayMs: number): void {
    if (!this.timersOn || this.stopped) return;
    const old = this.timers.get(id);
    if (old) clearTimeout(old);
    const t = setTimeout(
      () => {
        this.timers.delete(id);
        this.run(id, []);
      },
      Math.min(Math.max(0, delayMs), MAX_TIMER_MS),
    );
    t.unref();
    this.timers.set(id, t);
  }

  private disarm(id: string): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
  }

  /** One step of one rollout in its own transaction; then the watch list and timer follow what was committed. */
  private run(id: string, devices: string[]): void {
    if (this.stopped) return;
    let result: StepResult;
    this.ownWrites++;
    try {
      result = this.core.transaction(() => this.step(id, devices));
    } catch (e) {
      console.error(`create-software-ng: rollout ${id} step failed`, e);
      // Try again later rather than never: the cause may be passing (e.g. a busy database).
      this.arm(id, 5000);
      return;
    } finally {
      this.ownWrites--;
    }
    for (const d of result.watch) this.watch(d, id);
    for (const d of result.unwatch) this.unwatch(d, id);
    for (const [sw, rollouts] of this.softwareOf) {
      if (sw !== result.softwareId && rollouts.delete(id) && rollouts.size === 0) this.softwareOf.delete(sw);
    }
    if (result.ended) {
      this.active.delete(id);
      this.disarm(id);
      return;
    }
    if (result.softwareId) {
      let set = this.softwareOf.get(result.softwareId);
      if (!set) this.softwareOf.set(result.softwareId, (set = new Set()));
      set.add(id);
    }
    this.active.add(id);
    const wake = this.nextWake(id);
    if (wake === null) this.disarm(id);
    else this.arm(id, wake - this.core.clock.now());
  }

  /** When the rollout has something to do next: its next batch or its earliest time-out. */
  private nextWake(id: string): number | null {
    const state = this.store.rolloutState(id);
    if (!state) return null;
    const mo = this.core.inventory.get(id);
    if (!mo) return null;
    if (mo.status === 'CANCELLED') return this.core.clock.now();
    const times: number[] = [];
    if (mo.status === 'ONGOING' && this.store.pendingBatch(id, 1).length > 0) {
      times.push(state.lastBatchAt === null ? this.core.clock.now() : state.lastBatchAt + paramsOf(mo).batchGapSeconds * 1000);
    }
    const { first } = this.store.deadlines(id);
    if (first !== null) times.push(first);
    return times.length ? Math.min(...times) : null;
  }

  /** Applies a status change requested by the console; anything the state machine does not allow is 409. */
  changeStatus(id: string, requested: string, user?: string): ManagedObject {
    const key = requested.toUpperCase();
    const wanted = TRANSITIONS[ACTION_ALIASES[key] ?? key];
    if (!wanted) throw new HttpError(400, 'create-software-ng/badRequest', `Unknown rollout status '${requested}'`);
    const unwatched: string[] = [];
    let cancelling = false;
    this.ownWrites++;
    let result: ManagedObject;
    try {
      result = this.core.transaction(() => {
        const mo = this.core.inventory.get(id);
        if (!mo || mo.type !== ROLLOUT_TYPE) throw new HttpError(404, 'create-software-ng/notFound', `Software rollout ${id} not found`);
        const from = mo.status as RolloutStatus;
        if (!wanted.from.includes(from)) {
          throw new HttpError(409, 'create-software-ng/invalidTransition', `Software rollout in status ${from} cannot change to ${wanted.to}`);
        }
        const patch: Record<string, unknown> = { status: wanted.to };
        if (wanted.to === 'ONGOING') {
          const state = this.store.rolloutState(id);
          if (!state) this.store.initRollout(id, deviceIdsOf(mo));
          else this.store.saveRolloutState({ ...state, failedAtStart: this.store.stateCounts(id).failed });
          patch.pauseReason = null;
        }
        if (wanted.to === 'PAUSED') {
          const reason: PauseReason = { reason: 'manual', message: user ? `Paused by ${user}` : 'Paused by a user', ...(user ? { user } : {}) };
          patch.pauseReason = reason;
        }
        if (wanted.to === 'CANCELLED') {
          this.store.cancelPending(id, REASONS.cancelledNotSent());
          const chunk = this.cancelChunk(id, mo);
          unwatched.push(...chunk.gone);
          cancelling = chunk.more;
          patch.finishedTime = new Date(this.core.clock.now()).toISOString();
          patch.pauseReason = null;
          const total = deviceIdsOf(mo).length;
          // Never started: no device rows; all of its devices got nothing.
          patch.counters = this.store.hasDevices(id)
            ? countersFrom(this.store.stateCounts(id), total)
            : { ...countersFrom(this.store.stateCounts(id), total), cancelled: total };
          patch.progress = { ...((mo.progress as object) ?? {}), nextBatchTime: null, estimatedEndTime: null };
          // More sent operations than one chunk: the engine fails the rest in steps (the server keeps answering).
          if (!cancelling) this.store.endRollout(id);
        }
        return this.core.inventory.update(id, patch);
      });
    } finally {
      this.ownWrites--;
    }
    for (const d of unwatched) this.unwatch(d, id);
    if (wanted.to === 'CANCELLED' && !cancelling) {
      this.active.delete(id);
      this.disarm(id);
    } else if (wanted.to === 'CANCELLED') {
      this.active.add(id);
      setImmediate(() => this.run(id, []));
    } else if (wanted.to === 'ONGOING' || wanted.to === 'PAUSED') {
      // The first batch goes out at once, and the card's progress (next batch, ETA) follows the new status.
      this.active.add(id);
      setImmediate(() => this.run(id, []));
    }
    return result;
  }

  /**
   * Devices not sent get nothing; an operation the device has not started (PENDING) fails with a
   * reason, as the platform cancels an operation, and its still-'assigned' package entry goes
   * (as clearing a pending assignment does). Started operations run on; their devices keep
   * 'waiting' with a note. At most ROLLOUT_CANCEL_CHUNK devices per call (one transaction);
   * returns the devices no longer watched and whether more are left.
   */
  private cancelChunk(id: string, mo: ManagedObject): { gone: string[]; more: boolean } {
    const software = mo.software as { name?: string; version?: string } | undefined;
    const gone: string[] = [];
    const rows = this.store.waitingNotCancelled(id, ROLLOUT_CANCEL_CHUNK + 1);
    for (const row of rows.slice(0, ROLLOUT_CANCEL_CHUNK)) {
      gone.push(row.deviceId);
      const op = row.opId ? this.core.operations.get(row.opId) : undefined;
      if (op && op.status !== 'PENDING') {
        this.store.setDeviceState(id, row.seq, row.state, REASONS.startedBeforeCancel());
        continue;
      }
      const cancelled = REASONS.cancelledBeforeStart();
      if (op) this.core.operations.update(op.id, { status: 'FAILED', failureReason: cancelled.text });
      const device = this.core.inventory.get(row.deviceId);
      if (isDevice(device) && software?.name) {
        const list = packageList(device);
        const kept = list.filter((e) => !(e.name === software.name && e.version === software.version && e.status === PACKAGE_STATUS_ASSIGNED));
        if (kept.length !== list.length) this.core.inventory.update(row.deviceId, { [FRAGMENT_PACKAGE_LIST]: kept });
      }
      this.store.setDeviceState(id, row.seq, 'cancelled', cancelled);
    }
    return { gone, more: rows.length > ROLLOUT_CANCEL_CHUNK };
  }

  private step(id: string, devices: readonly string[]): StepResult {
    const res: StepResult = { watch: [], unwatch: [], ended: false };
    const mo = this.core.inventory.get(id);
    if (!mo || mo.type !== ROLLOUT_TYPE) {
      res.unwatch.push(...this.store.waiting(id).map((w) => w.deviceId));
      this.store.dropRollout(id);
      res.ended = true;
      return res;
    }
    let status = mo.status as RolloutStatus;
    if (FINAL.includes(status)) {
      if (status === 'CANCELLED' && this.store.rolloutState(id)) {
        // A cancel of more sent operations than one chunk goes on here, a chunk per step.
        const chunk = this.cancelChunk(id, mo);
        res.unwatch.push(...chunk.gone);
        this.core.inventory.update(id, { counters: countersFrom(this.store.stateCounts(id), deviceIdsOf(mo).length) });
        if (chunk.more) return res;
      }
      res.unwatch.push(...this.store.waiting(id).map((w) => w.deviceId));
      this.store.endRollout(id);
      res.ended = true;
      return res;
    }
    const state = this.store.rolloutState(id);
    if (!ACTIVE.includes(status) || !state) return res;
    const now = this.core.clock.now();
    const total = deviceIdsOf(mo).length;
    const p = paramsOf(mo);
    const patch: Record<string, unknown> = {};

    const softwareRef = mo.software as { id?: unknown; name?: string; version?: string } | undefined;
    const software = this.core.inventory.get(String(softwareRef?.id ?? ''));
    if (!isSoftwareMo(software)) {
      const what = [softwareRef?.name, softwareRef?.version].filter(Boolean).join(' ') || `with id ${String(softwareRef?.id ?? '?')}`;
      patch.status = 'BROKEN';
      patch.finishedTime = iso(now);
      patch.brokenReason = {
        reason: 'softwareDeleted',
        message: `The software ${what} was deleted from the software repository while the rollout ran.`,
      };
      patch.pauseReason = null;
      patch.counters = countersFrom(this.store.stateCounts(id), total);
      patch.progress = { ...this.progress(state, p, total, 'BROKEN', now, this.store.stateCounts(id).pending, null) };
      this.core.inventory.update(id, patch);
      res.unwatch.push(...this.store.waiting(id).map((w) => w.deviceId));
      this.store.endRollout(id);
      res.ended = true;
      return res;
    }
    const pkg = packageFromMo(software);
    res.softwareId = software.id;

    for (const deviceId of devices) {
      for (const row of this.store.waitingOf(id, deviceId)) this.evaluate(id, row, pkg, false, res);
    }
    for (const row of this.store.dueTimeouts(id, now, ROLLOUT_TIMEOUTS_PER_STEP)) this.evaluate(id, row, pkg, true, res);

    let counts = this.store.stateCounts(id);
    if (status === 'ONGOING') {
      const processed = countersFrom(counts, total).processed;
      const limits = p.automaticPauseLimits;
      const threshold = p.errorThresholdPercent;
      if (threshold !== undefined && counts.failed > state.failedAtStart && processed > 0 && counts.failed * 100 > threshold * processed) {
        status = 'PAUSED';
        const share = Math.round((counts.failed * 1000) / processed) / 10;
        const reason: PauseReason = {
          reason: 'errorThreshold',
          failed: counts.failed,
          processed,
          errorThresholdPercent: threshold,
          message: `${counts.failed} of ${processed} processed devices failed (${share} %), more than the error threshold of ${threshold} %.`,
        };
        patch.status = status;
        patch.pauseReason = reason;
      } else if (state.nextPauseIdx < limits.length && counts.failed >= limits[state.nextPauseIdx]) {
        const limit = limits[state.nextPauseIdx];
        while (state.nextPauseIdx < limits.length && counts.failed >= limits[state.nextPauseIdx]) state.nextPauseIdx++;
        status = 'PAUSED';
        const reason: PauseReason = { reason: 'pauseLimit', limit, failed: counts.failed, message: `${counts.failed} devices failed: automatic pause limit ${limit} reached.` };
        patch.status = status;
        patch.pauseReason = reason;
      } else if (counts.pending > 0 && (state.lastBatchAt === null || now - state.lastBatchAt >= p.batchGapSeconds * 1000)) {
        const force = mo.forceInstallation === true;
        const name = String(mo.name ?? '');
        const killAt = this.fault && this.fault.batch === state.batchesSent + 1 ? this.fault.devices : -1;
        let sent = 0;
        for (const d of this.store.pendingBatch(id, p.batchSize)) {
          if (sent++ === killAt) process.kill(process.pid, 'SIGKILL');
          const r = this.dispatch(d.deviceId, pkg, force, name);
          const waiting = r.state === 'waitingNew' || r.state === 'waitingUpdated';
          this.store.setDispatched(id, d.seq, r.state, r.opId, waiting ? now + p.operationTimeoutSeconds * 1000 : null, r.reason);
          if (waiting) res.watch.push(d.deviceId);
          state.nextSeq = d.seq + 1;
        }
        state.lastBatchAt = now;
        state.batchesSent++;
        counts = this.store.stateCounts(id);
      }
      if (counts.pending === 0 && counts.waitingNew === 0 && counts.waitingUpdated === 0) {
        patch.status = status = 'COMPLETED';
        patch.finishedTime = iso(now);
      }
    }
    this.store.saveRolloutState(state);

    const counters = countersFrom(counts, total);
    if (JSON.stringify(counters) !== JSON.stringify(mo.counters)) patch.counters = counters;
    const progress = this.progress(state, p, total, status, now, counts.pending, this.store.deadlines(id).last);
    if (JSON.stringify(progress) !== JSON.stringify(mo.progress)) patch.progress = progress;
    if (Object.keys(patch).length > 0) this.core.inventory.update(id, patch);
    if (status === 'COMPLETED') {
      this.store.endRollout(id);
      res.ended = true;
    }
    return res;
  }

  /**
   * Batch n of m, when the next batch goes out and when the last result is due at the latest
   * (the last batch's time-out; null while paused or when a device waits without one, e.g. for approval).
   */
  private progress(state: { batchesSent: number; lastBatchAt: number | null }, p: RolloutParameters, total: number, status: RolloutStatus, now: number, pending: number, lastDeadline: number | null) {
    const gap = p.batchGapSeconds * 1000;
    const nextBatch = status === 'ONGOING' && pending > 0 ? Math.max(now, state.lastBatchAt === null ? now : state.lastBatchAt + gap) : null;
    const remaining = Math.ceil(pending / p.batchSize);
    let end: number | null = null;
    if (status === 'ONGOING') end = nextBatch !== null ? nextBatch + (remaining - 1) * gap + p.operationTimeoutSeconds * 1000 : lastDeadline;
    return { batch: state.batchesSent, batches: Math.ceil(total / p.batchSize), nextBatchTime: iso(nextBatch), estimatedEndTime: iso(end) };
  }

  /** A waiting device after a write named it, or at its time-out. */
  private evaluate(id: string, row: RolloutDeviceRow, pkg: AssignablePackage, timedOut: boolean, res: StepResult): void {
    const settle = (state: RolloutDeviceState, reason: DeviceReason | null) => {
      this.store.setDeviceState(id, row.seq, state, reason);
      res.unwatch.push(row.deviceId);
    };
    const device = this.core.inventory.get(row.deviceId);
    if (!isDevice(device)) return settle('disabled', REASONS.deviceGone());
    const r = this.result(device, pkg, row.state);
    if (r.state !== row.state) return settle(r.state, r.reason);
    const op: Operation | undefined = row.opId ? this.core.operations.get(row.opId) : undefined;
    // The operation's reason is the device's (or its agent's) text: shown as it wrote it.
    if (op?.status === 'FAILED') return settle('failed', op.failureReason ? deviceText(op.failureReason) : REASONS.operationFailed());
    if (op?.status === 'SUCCESSFUL') {
      // The device answered and waits for something else (approval, a dependency): no time-out.
      if (row.deadline !== null) this.store.clearDeadline(id, row.seq);
      return;
    }
    if (!timedOut) return;
    const noAnswer = REASONS.noAnswer();
    if (op) this.core.operations.update(op.id, { status: 'FAILED', failureReason: noAnswer.text });
    settle('failed', noAnswer);
  }

  private dispatch(deviceId: string, pkg: AssignablePackage, force: boolean, rolloutName: string): DeviceResult & { opId: string | null } {
    const device = this.core.inventory.get(deviceId);
    if (!isDevice(device)) return { state: 'disabled', reason: REASONS.deviceGone(), opId: null };
    if (isUnavailable(device)) return { state: 'disabled', reason: REASONS.unavailable(), opId: null };
    let outcome;
    let opId: string | null = null;
    try {
      outcome = assignToDevice(this.core, deviceId, { kind: 'software', pkg }, force, `Software rollout ${rolloutName}`, device);
      // The operation just created (newest of its kind on the device): followed, and failed at the time-out.
      if (outcome === 'success' || outcome === 'updated') {
        opId = this.core.operations.list({ deviceId, fragmentType: OP_REGISTER_SOFTWARE, revert: true, pageSize: 1 }).items[0]?.id ?? null;
      }
    } catch (e) {
      return { state: 'failed', reason: REASONS.notSent(e instanceof Error ? e.message : String(e)), opId: null };
    }
    if (outcome === 'success') return { state: 'waitingNew', reason: null, opId };
    if (outcome === 'updated') return { state: 'waitingUpdated', reason: null, opId };
    if (outcome === 'failed') return { state: 'failed', reason: REASONS.wrongDeviceType(device.type ?? '?', pkg.deviceType), opId: null };
    const entry = activeEntry(device, pkg.name);
    if (isInstalled(entry)) return { state: 'upToDate', reason: null, opId: null };
    if (isFailed(entry)) return { state: 'failed', reason: failureOf(entry), opId: null };
    return { state: 'waitingNew', reason: null, opId: null };
  }

  /** A dispatched device's result from its package list; an entry that vanished or changed version failed. */
  private result(device: ManagedObject, pkg: AssignablePackage, waiting: RolloutDeviceState): DeviceResult {
    const entry = activeEntry(device, pkg.name);
    if (!entry) return { state: 'failed', reason: REASONS.entryRemoved() };
    if (entry.version !== pkg.version) return { state: 'failed', reason: REASONS.versionReplaced(String(entry.version), String(pkg.version)) };
    if (isInstalled(entry)) return { state: waiting === 'waitingUpdated' ? 'updated' : 'success', reason: null };
    if (isFailed(entry)) return { state: 'failed', reason: failureOf(entry) };
    return { state: waiting, reason: null };
  }
}

/** A failed package entry's reason: the device's failure_message, else its status (both the device's text). */
function failureOf(entry: { failure_message?: string; status?: string } | undefined): DeviceReason | null {
  const text = entry?.failure_message || entry?.status;
  return text ? deviceText(text) : null;
}
