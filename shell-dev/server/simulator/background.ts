import type { Severity, ServerCore } from '../core/api';
import { BACKGROUND_ALARMS, FRAGMENT, UNAVAILABILITY_ALARM } from './constants';
import { rng } from './fate';
import type { ResolvedOptions } from './options';

/**
 * The fleet's life between operations, a bounded batch at a time: heartbeats keep
 * c8y_Availability.lastMessage current, some devices go offline (with the platform's
 * unavailability alarm) and come back (alarm cleared), alarms are raised and cleared.
 * Devices that are not monitored or in maintenance are left alone.
 */
export class Background {
  private page = 1;
  private readonly random: () => number;

  constructor(
    private readonly core: ServerCore,
    private readonly opts: ResolvedOptions,
  ) {
    this.random = rng(opts.seed);
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
        if (a.status === 'AVAILABLE') {
          if (this.random() < this.opts.offlineRatio) {
            this.core.inventory.update(d.id, { [FRAGMENT.availability]: { ...a, status: 'UNAVAILABLE' } });
            this.core.alarms.create({ source: { id: d.id }, type: UNAVAILABILITY_ALARM.type, text: UNAVAILABILITY_ALARM.text, severity: UNAVAILABILITY_ALARM.severity, time: nowIso });
          } else {
            this.core.inventory.update(d.id, { [FRAGMENT.availability]: { ...a, lastMessage: nowIso } });
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
    });
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
