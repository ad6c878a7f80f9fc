import type { ManagedObject, ServerCore } from '../../core/api';
import { HttpError } from '../../core/api';
import { assignToDevice, isSoftwareMo, packageFromMo } from './assign';
import { ROLLOUT_TYPE, SCAN_PAGE_SIZE } from './constants';
import { activeEntry, isDevice, isFailed, isInstalled } from './model';
import type { RolloutDeviceState, ServiceStore } from './store';

export type RolloutStatus = 'CREATED' | 'ONGOING' | 'PAUSED' | 'COMPLETED' | 'CANCELLED' | 'BROKEN' | 'ARCHIVED';

export interface RolloutCounters {
  processed: number;
  total: number;
  success: number;
  upToDate: number;
  updated: number;
  failed: number;
  disabled: number;
}

export interface RolloutParameters {
  batchSize: number;
  batchGapSeconds: number;
  automaticPauseLimits: number[];
}

/** Which status a transition leads to, and from where it is allowed (device-operations.md §4). */
const TRANSITIONS: Record<string, { to: RolloutStatus; from: RolloutStatus[] }> = {
  ONGOING: { to: 'ONGOING', from: ['CREATED', 'PAUSED'] },
  PAUSED: { to: 'PAUSED', from: ['ONGOING'] },
  CANCELLED: { to: 'CANCELLED', from: ['CREATED', 'PAUSED'] },
  ARCHIVED: { to: 'ARCHIVED', from: ['COMPLETED', 'CANCELLED'] },
};
const ACTION_ALIASES: Record<string, string> = { START: 'ONGOING', PAUSE: 'PAUSED', CANCEL: 'CANCELLED', ARCHIVE: 'ARCHIVED' };
const FINAL: RolloutStatus[] = ['COMPLETED', 'CANCELLED', 'BROKEN', 'ARCHIVED'];
const ACTIVE: RolloutStatus[] = ['ONGOING', 'PAUSED'];

export function countersFrom(c: Record<RolloutDeviceState, number>, total: number): RolloutCounters {
  const counters = { total, success: c.success, upToDate: c.upToDate, updated: c.updated, failed: c.failed, disabled: c.disabled };
  return { processed: counters.success + counters.upToDate + counters.updated + counters.failed + counters.disabled, ...counters };
}

function params(mo: ManagedObject): RolloutParameters {
  const p = (mo.rolloutParameters ?? {}) as Partial<RolloutParameters>;
  return {
    batchSize: typeof p.batchSize === 'number' && p.batchSize > 0 ? p.batchSize : 1,
    batchGapSeconds: typeof p.batchGapSeconds === 'number' && p.batchGapSeconds >= 0 ? p.batchGapSeconds : 0,
    automaticPauseLimits: Array.isArray(p.automaticPauseLimits)
      ? p.automaticPauseLimits.filter((n): n is number => typeof n === 'number').sort((a, b) => a - b)
      : [],
  };
}

function deviceIdsOf(mo: ManagedObject): string[] {
  const list = Array.isArray(mo.devices) ? (mo.devices as unknown[]) : [];
  const ids = list.map((d) => (typeof d === 'string' || typeof d === 'number' ? String(d) : String((d as { id?: unknown })?.id ?? '')));
  return [...new Set(ids.filter((id) => id !== ''))];
}

function isUnavailable(device: ManagedObject): boolean {
  return (device.c8y_Availability as { status?: unknown } | undefined)?.status === 'UNAVAILABLE';
}

/**
 * Drives rollouts from the database: each tick evaluates the devices of dispatched batches from
 * their package lists, pauses at the next automatic pause limit, dispatches the next batch once
 * the gap has passed, and publishes counters and status through the inventory (so realtime fires).
 * One transaction per rollout and tick: a restart continues from the last committed tick.
 */
export class RolloutEngine {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly core: ServerCore,
    private readonly store: ServiceStore,
  ) {}

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

  startTimer(intervalMs: number): void {
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  tick(): void {
    if (this.stopped) return;
    for (const id of this.store.rolloutIds()) {
      try {
        this.core.transaction(() => this.tickOne(id));
      } catch (e) {
        console.error(`create-software-ng: rollout ${id} tick failed`, e);
      }
    }
  }

  /** Applies a status change requested by the console; anything the state machine does not allow is 409. */
  changeStatus(id: string, requested: string): ManagedObject {
    const key = requested.toUpperCase();
    const wanted = TRANSITIONS[ACTION_ALIASES[key] ?? key];
    if (!wanted) throw new HttpError(400, 'create-software-ng/badRequest', `Unknown rollout status '${requested}'`);
    const result = this.core.transaction(() => {
      const mo = this.core.inventory.get(id);
      if (!mo || mo.type !== ROLLOUT_TYPE) throw new HttpError(404, 'create-software-ng/notFound', `Software rollout ${id} not found`);
      const from = mo.status as RolloutStatus;
      if (!wanted.from.includes(from)) {
        throw new HttpError(409, 'create-software-ng/invalidTransition', `Software rollout in status ${from} cannot change to ${wanted.to}`);
      }
      const patch: Record<string, unknown> = { status: wanted.to };
      if (wanted.to === 'ONGOING' && !this.store.rolloutState(id)) this.store.initRollout(id, deviceIdsOf(mo));
      if (wanted.to === 'CANCELLED') {
        patch.finishedTime = new Date(this.core.clock.now()).toISOString();
        this.store.dropRollout(id);
      }
      return this.core.inventory.update(id, patch);
    });
    if (wanted.to === 'ONGOING') setImmediate(() => this.tick());
    return result;
  }

  private tickOne(id: string): void {
    const mo = this.core.inventory.get(id);
    if (!mo || mo.type !== ROLLOUT_TYPE) {
      this.store.dropRollout(id);
      return;
    }
    let status = mo.status as RolloutStatus;
    if (FINAL.includes(status)) {
      this.store.dropRollout(id);
      return;
    }
    if (!ACTIVE.includes(status)) return;
    const state = this.store.rolloutState(id);
    if (!state) return;
    const now = this.core.clock.now();
    const total = deviceIdsOf(mo).length;
    const patch: Record<string, unknown> = {};

    const software = this.core.inventory.get(String((mo.software as { id?: unknown } | undefined)?.id ?? ''));
    if (!isSoftwareMo(software)) {
      patch.status = 'BROKEN';
      patch.finishedTime = new Date(now).toISOString();
      patch.counters = countersFrom(this.store.stateCounts(id), total);
      this.core.inventory.update(id, patch);
      this.store.dropRollout(id);
      return;
    }
    const pkg = packageFromMo(software);

    for (const w of this.store.waiting(id)) {
      const device = this.core.inventory.get(w.deviceId);
      const next = isDevice(device) ? this.result(device, pkg.name, pkg.version, w.state) : 'disabled';
      if (next !== w.state) this.store.setDeviceState(id, w.seq, next);
    }

    let counts = this.store.stateCounts(id);
    const p = params(mo);
    if (status === 'ONGOING') {
      const limits = p.automaticPauseLimits;
      if (state.nextPauseIdx < limits.length && counts.failed >= limits[state.nextPauseIdx]) {
        while (state.nextPauseIdx < limits.length && counts.failed >= limits[state.nextPauseIdx]) state.nextPauseIdx++;
        status = 'PAUSED';
        patch.status = status;
      } else if (counts.pending > 0 && (state.lastBatchAt === null || now - state.lastBatchAt >= p.batchGapSeconds * 1000)) {
        for (const d of this.store.pendingBatch(id, p.batchSize)) {
          this.store.setDeviceState(id, d.seq, this.dispatch(d.deviceId, pkg, mo.forceInstallation === true, String(mo.name ?? '')));
          state.nextSeq = d.seq + 1;
        }
        state.lastBatchAt = now;
        counts = this.store.stateCounts(id);
      }
      if (counts.pending === 0 && counts.waitingNew === 0 && counts.waitingUpdated === 0) {
        patch.status = 'COMPLETED';
        patch.finishedTime = new Date(now).toISOString();
      }
    }
    this.store.saveRolloutState(state);

    const counters = countersFrom(counts, total);
    if (JSON.stringify(counters) !== JSON.stringify(mo.counters)) patch.counters = counters;
    if (Object.keys(patch).length > 0) this.core.inventory.update(id, patch);
    if (patch.status === 'COMPLETED') this.store.dropRollout(id);
  }

  private dispatch(deviceId: string, pkg: ReturnType<typeof packageFromMo>, force: boolean, rolloutName: string): RolloutDeviceState {
    const device = this.core.inventory.get(deviceId);
    if (!isDevice(device) || isUnavailable(device)) return 'disabled';
    let outcome;
    try {
      outcome = assignToDevice(this.core, deviceId, { kind: 'software', pkg }, force, `Software rollout ${rolloutName}`, device);
    } catch {
      return 'failed';
    }
    if (outcome === 'success') return 'waitingNew';
    if (outcome === 'updated') return 'waitingUpdated';
    if (outcome === 'failed') return 'failed';
    const entry = activeEntry(device, pkg.name);
    if (isInstalled(entry)) return 'upToDate';
    if (isFailed(entry)) return 'failed';
    return 'waitingNew';
  }

  /** A dispatched device's result from its package list; an entry that vanished or changed version failed. */
  private result(device: ManagedObject, name: string, version: string, waiting: RolloutDeviceState): RolloutDeviceState {
    const entry = activeEntry(device, name);
    if (!entry || entry.version !== version) return 'failed';
    if (isInstalled(entry)) return waiting === 'waitingUpdated' ? 'updated' : 'success';
    if (isFailed(entry)) return 'failed';
    return waiting;
  }
}
