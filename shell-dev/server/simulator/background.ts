import type { Severity, ServerCore } from '../core/api';
import { BACKGROUND_ALARMS, CPU_MEASUREMENT, FRAGMENT, MEASUREMENT_PRUNE_EVERY_BATCHES, UNAVAILABILITY_ALARM } from './constants';
import { rng } from './fate';
import type { ResolvedOptions } from './options';

/** The device's required interval in minutes; undefined when it is not monitored (none, or not positive). */
function requiredMinutes(d: Record<string, unknown>): number | undefined {
  const minutes = (d.c8y_RequiredAvailability as { responseInterval?: unknown } | undefined)?.responseInterval;
  return typeof minutes === 'number' && minutes > 0 ? minutes : undefined;
}

/**
 * The fleet's life between operations, a bounded batch at a time: heartbeats keep
 * c8y_Availability.lastMessage current, some devices go offline (with the platform's
 * unavailability alarm) and come back (alarm cleared), alarms are raised and cleared.
 * Devices that are not monitored or in maintenance are left alone; a not monitored device that got
 * a required interval is judged online or offline at the next batch, as the platform's check does.
 */
export class Background {
  private page = 1;
  private batches = 0;
  private readonly random: () => number;
  /** Its own sequence, so measurements leave the offline and alarm draws of a seed as they were. */
  private readonly measureRandom: () => number;

  constructor(
    private readonly core: ServerCore,
    private readonly opts: ResolvedOptions,
  ) {
    this.random = rng(opts.seed);
    this.measureRandom = rng(opts.seed + 1);
  }

  batch(): void {
    const nowIso = new Date(this.core.clock.now()).toISOString();
    let devices = this.core.inventory.query({ fragmentType: FRAGMENT.isDevice, pageSize: this.opts.heartbeatsPerBatch, currentPage: this.page }).items;
    if (devices.length === 0 && this.page > 1) {
      this.page = 1;
      devices = this.core.inventory.query({ fragmentType: FRAGMENT.isDevice, pageSize: this.opts.heartbeatsPerBatch, currentPage: 1 }).items;
    }
    this.page++;
    this.core.transaction(() => {
      for (const d of devices) {
        const a = (d[FRAGMENT.availability] ?? {}) as Record<string, unknown>;
        const interval = requiredMinutes(d);
        if (a.status === 'NOT_MONITORED' && interval !== undefined) {
          // The platform's availability check: a device that got a required interval (Initialize)
          // is judged at the next check by its last message, online or offline, no longer not monitored.
          const last = Date.parse(String(a.lastMessage ?? ''));
          const fresh = Number.isFinite(last) && this.core.clock.now() - last <= interval * 60_000;
          this.core.inventory.update(d.id, { [FRAGMENT.availability]: { ...a, status: fresh ? 'AVAILABLE' : 'UNAVAILABLE' } });
          continue;
        }
        if (a.status === 'AVAILABLE') {
          if (this.random() < this.opts.offlineRatio) {
            this.core.inventory.update(d.id, { [FRAGMENT.availability]: { ...a, status: 'UNAVAILABLE' } });
            this.core.alarms.create({ source: { id: d.id }, type: UNAVAILABILITY_ALARM.type, text: UNAVAILABILITY_ALARM.text, severity: UNAVAILABILITY_ALARM.severity, time: nowIso });
          } else {
            this.core.inventory.update(d.id, { [FRAGMENT.availability]: { ...a, lastMessage: nowIso } });
            this.measure(d.id, nowIso);
          }
        } else if (a.status === 'UNAVAILABLE' && this.random() < this.opts.comeBackRatio) {
          this.core.inventory.update(d.id, { [FRAGMENT.availability]: { ...a, status: 'AVAILABLE', lastMessage: nowIso } });
          for (const alarm of this.core.alarms.list({ source: d.id, type: [UNAVAILABILITY_ALARM.type], resolved: false, pageSize: 10 }).items) {
            this.core.alarms.update(alarm.id, { status: 'CLEARED' });
          }
        }
        if (this.random() < this.opts.alarmRaiseRatio) {
          const spec = BACKGROUND_ALARMS[Math.floor(this.random() * BACKGROUND_ALARMS.length)]!;
          this.core.alarms.create({ source: { id: d.id }, type: spec.type, text: spec.text, severity: spec.severity as Severity, time: nowIso });
        }
      }
      this.clearSome();
      if (++this.batches % MEASUREMENT_PRUNE_EVERY_BATCHES === 0) this.prune();
    });
  }

  /** A workload that wanders around a per-device level, so charts of a device look like one machine. */
  private measure(deviceId: string, time: string): void {
    if (this.measureRandom() >= this.opts.measurementRatio) return;
    const level = 10 + (Number(deviceId) % 50);
    const value = Math.round(Math.min(100, Math.max(0, level + (this.measureRandom() - 0.5) * 20)) * 10) / 10;
    const { type, fragment, series, unit } = CPU_MEASUREMENT;
    this.core.measurements.create({ source: { id: deviceId }, type, time, [fragment]: { [series]: { value, unit } } });
  }

  private prune(): void {
    const before = new Date(this.core.clock.now() - this.opts.measurementRetentionHours * 3600_000).toISOString();
    this.core.measurements.removeMany({ dateTo: before });
  }

  /** Clears a few open alarms picked at random; an offline device keeps its unavailability alarm. */
  private clearSome(): void {
    const open = this.core.alarms.count({ status: ['ACTIVE', 'ACKNOWLEDGED'] });
    for (let i = 0; i < this.opts.alarmClearsPerBatch && open > 0; i++) {
      if (this.random() >= this.opts.alarmClearRatio) continue;
      const alarm = this.core.alarms.list({ status: ['ACTIVE', 'ACKNOWLEDGED'], pageSize: 1, currentPage: 1 + Math.floor(this.random() * open) }).items[0];
      if (!alarm || alarm.type === UNAVAILABILITY_ALARM.type) continue;
      this.core.alarms.update(alarm.id, { status: 'CLEARED' });
    }
  }
}
