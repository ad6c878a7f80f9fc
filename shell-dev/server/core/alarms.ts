/** Alarms of a managed object: create (with de-duplication), update, list, bulk update and delete. */
import type { Alarm, AlarmFilter, Alarms, AlarmStatus, Page, Severity } from './api';
import { type CoreContext, invalid, isPlainObject, notFound, parseId } from './context';
import type { InventoryStore } from './inventory';
import type { SqlFragment } from './query';
import { nextId } from './schema';
import { and, fragmentsOf, inList, isoTime, notifyRecord, notifyRemoved, paged, type RemovedRow, requireString, sourceFilter, sourceOf, timeRange } from './record-base';

export const ALARM_STATUSES: readonly AlarmStatus[] = ['ACTIVE', 'ACKNOWLEDGED', 'CLEARED'];
export const SEVERITIES: readonly Severity[] = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING'];

export interface AlarmListFilter extends AlarmFilter {
  withSourceAssets?: boolean;
  createdFrom?: string;
  createdTo?: string;
  lastUpdatedFrom?: string;
  lastUpdatedTo?: string;
}

interface AlarmRow {
  id: number;
  source_id: number;
  source_name: string | null;
  type: string;
  severity: Severity;
  status: AlarmStatus;
  count: number;
  time: string;
  creation_time: string;
  first_occurrence_time: string;
  last_updated: string;
  json: string;
}

const ALARM_SELECT = `SELECT a.*, m.name AS source_name`;
const ALARM_FROM = `FROM alarms a JOIN managed_objects m ON m.id = a.source_id`;
const ALARM_RESERVED = new Set(['id', 'self', 'source', 'type', 'severity', 'status', 'count', 'time', 'creationTime', 'firstOccurrenceTime', 'lastUpdated']);
function toAlarm(r: Omit<AlarmRow, 'json'>, fragments?: Record<string, unknown>): Alarm {
  return {
    id: String(r.id),
    type: r.type,
    severity: r.severity,
    status: r.status,
    count: r.count,
    time: r.time,
    creationTime: r.creation_time,
    firstOccurrenceTime: r.first_occurrence_time,
    lastUpdated: r.last_updated,
    source: { id: String(r.source_id), ...(r.source_name !== null ? { name: r.source_name } : {}) },
    ...((fragments ?? JSON.parse((r as AlarmRow).json)) as { text: string }),
  };
}

/** The fragment on each alarm source counting its unresolved alarms (the device lists' Alarms column). */
export const ACTIVE_ALARMS_STATUS = 'c8y_ActiveAlarmsStatus';

/** c8y_ActiveAlarmsStatus: the number of a source's ACTIVE and ACKNOWLEDGED alarms per severity. */
export interface ActiveAlarmsStatus {
  critical: number;
  major: number;
  minor: number;
  warning: number;
}

/** The fragment from counts per severity, with every severity (zeros too) in one order. */
export function activeAlarmsStatus(counts: Partial<Record<Severity, number>>): ActiveAlarmsStatus {
  return { critical: counts.CRITICAL ?? 0, major: counts.MAJOR ?? 0, minor: counts.MINOR ?? 0, warning: counts.WARNING ?? 0 };
}

/**
 * Keeps c8y_ActiveAlarmsStatus on alarm sources as the platform does. Sources whose unresolved
 * alarms may have changed are noted and recounted once, just before the transaction commits (a
 * bulk clear of many alarms of one device writes that device once), and a source's document is
 * written only when a count changed. A source that never had an unresolved alarm has no
 * fragment; once it had one, the fragment stays, with zeros when all are cleared.
 */
class ActiveAlarmsCounts {
  private readonly dirty = new Set<number>();

  constructor(
    private readonly ctx: CoreContext,
    private readonly inventory: InventoryStore,
  ) {
    ctx.stageDerived({
      beforeCommit: () => this.flush(),
      // Sources noted in a rolled back savepoint only cost a recount; an undone transaction forgets them.
      rollback: (depth) => void (depth === 1 && this.dirty.clear()),
    });
  }

  changed(sourceId: number): void {
    this.dirty.add(sourceId);
  }

  private flush(): void {
    if (this.dirty.size === 0) return;
    const ids = JSON.stringify([...this.dirty]);
    this.dirty.clear();
    const counts = new Map<number, Partial<Record<Severity, number>>>();
    const rows = this.ctx
      .stmt(`SELECT source_id, severity, count(*) AS n FROM alarms WHERE source_id IN (SELECT value FROM json_each(?)) AND status != 'CLEARED' GROUP BY source_id, severity`)
      .all(ids) as Array<{ source_id: number; severity: Severity; n: number }>;
    for (const r of rows) counts.set(r.source_id, { ...counts.get(r.source_id), [r.severity]: r.n });
    // Sources deleted in this transaction are not found here, and are left alone.
    const stored = this.ctx
      .stmt(`SELECT id, json_extract(json, '$.${ACTIVE_ALARMS_STATUS}') AS status FROM managed_objects WHERE id IN (SELECT value FROM json_each(?))`)
      .all(ids) as Array<{ id: number; status: string | number | null }>;
    for (const s of stored) {
      const c = counts.get(s.id);
      if (c === undefined && s.status === null) continue;
      const status = activeAlarmsStatus(c ?? {});
      if (JSON.stringify(status) !== s.status) this.inventory.patch(String(s.id), { [ACTIVE_ALARMS_STATUS]: status });
    }
  }
}

export class AlarmStore implements Alarms {
  private readonly activeCounts: ActiveAlarmsCounts;

  constructor(
    private readonly ctx: CoreContext,
    inventory: InventoryStore,
  ) {
    this.activeCounts = new ActiveAlarmsCounts(ctx, inventory);
  }

  get(id: string): Alarm | undefined {
    const r = this.ctx.stmt(`${ALARM_SELECT} ${ALARM_FROM} WHERE a.id = ?`).get(parseId(id) ?? -1) as AlarmRow | undefined;
    return r && toAlarm(r);
  }

  create(body: Parameters<Alarms['create']>[0]): Alarm {
    if (!isPlainObject(body)) throw invalid('alarm', 'An alarm must be a JSON object');
    const type = requireString(body.type, 'type', 'alarm');
    const text = requireString(body.text, 'text', 'alarm');
    if (!SEVERITIES.includes(body.severity)) throw invalid('alarm', `'severity' must be one of ${SEVERITIES.join(', ')}`);
    const status: AlarmStatus = (body.status as AlarmStatus | undefined) ?? 'ACTIVE';
    if (!ALARM_STATUSES.includes(status)) throw invalid('alarm', `'status' must be one of ${ALARM_STATUSES.join(', ')}`);
    return this.ctx.write(() => {
      const source = sourceOf(this.ctx, body.source, 'alarm');
      const now = this.ctx.nowIso();
      const time = isoTime(body.time, 'time', 'alarm') ?? now;
      const creationTime = isoTime(body.creationTime, 'creationTime', 'alarm') ?? now;
      const fragments = { ...fragmentsOf(body, ALARM_RESERVED), text };
      const open =
        status === 'CLEARED'
          ? undefined
          : (this.ctx.stmt("SELECT id, severity, json FROM alarms WHERE source_id = ? AND type = ? AND status != 'CLEARED' ORDER BY id DESC LIMIT 1").get(source.id, type) as
              | { id: number; severity: Severity; json: string }
              | undefined);
      let id: number;
      let action: 'CREATE' | 'UPDATE';
      if (open) {
        // Re-raising an open alarm of the same source and type counts it instead of duplicating it.
        this.ctx
          .stmt('UPDATE alarms SET count = count + 1, time = ?, severity = ?, last_updated = ?, json = ? WHERE id = ?')
          .run(time, body.severity, now, JSON.stringify({ ...(JSON.parse(open.json) as object), ...fragments }), open.id);
        id = open.id;
        action = 'UPDATE';
      } else {
        id = nextId(this.ctx, 'alarms');
        this.ctx
          .stmt(
            `INSERT INTO alarms (id, source_id, type, severity, status, count, time, creation_time, first_occurrence_time, last_updated, json)
             VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
          )
          .run(id, source.id, type, body.severity, status, time, creationTime, time, now, JSON.stringify(fragments));
        action = 'CREATE';
      }
      if (status !== 'CLEARED' && open?.severity !== body.severity) this.activeCounts.changed(source.id);
      // A new alarm is built from what was written; a re-raised one merges stored state, so it is read.
      const alarm =
        action === 'CREATE'
          ? toAlarm({ id, source_id: source.id, source_name: source.name, type, severity: body.severity, status, count: 1, time, creation_time: creationTime, first_occurrence_time: time, last_updated: now }, fragments)
          : this.get(String(id))!;
      notifyRecord(this.ctx, 'alarms', source.id, action, alarm);
      return alarm;
    });
  }

  update(id: string, patch: Partial<Alarm>): Alarm {
    if (!isPlainObject(patch)) throw invalid('alarm', 'An alarm must be a JSON object');
    return this.ctx.write(() => {
      const current = this.ctx.stmt('SELECT * FROM alarms WHERE id = ?').get(parseId(id) ?? -1) as AlarmRow | undefined;
      if (!current) throw notFound('alarm', 'alarm', id);
      if (patch.status !== undefined && !ALARM_STATUSES.includes(patch.status)) throw invalid('alarm', `'status' must be one of ${ALARM_STATUSES.join(', ')}`);
      if (patch.severity !== undefined && !SEVERITIES.includes(patch.severity)) throw invalid('alarm', `'severity' must be one of ${SEVERITIES.join(', ')}`);
      if (patch.text !== undefined && typeof patch.text !== 'string') throw invalid('alarm', "'text' must be a string");
      const json = JSON.parse(current.json) as Record<string, unknown>;
      for (const [k, v] of Object.entries(patch)) {
        if (ALARM_RESERVED.has(k)) continue;
        if (v === null) delete json[k];
        else json[k] = v;
      }
      this.ctx
        .stmt('UPDATE alarms SET status = ?, severity = ?, last_updated = ?, json = ? WHERE id = ?')
        .run(patch.status ?? current.status, patch.severity ?? current.severity, this.ctx.nowIso(), JSON.stringify(json), current.id);
      if ((patch.status ?? current.status) !== current.status || (patch.severity ?? current.severity) !== current.severity) this.activeCounts.changed(current.source_id);
      const alarm = this.get(id)!;
      notifyRecord(this.ctx, 'alarms', current.source_id, 'UPDATE', alarm);
      return alarm;
    });
  }

  private where(f: AlarmListFilter): SqlFragment {
    const parts: SqlFragment[] = [];
    if (f.source !== undefined) parts.push(sourceFilter('a.source_id', f.source, f.withSourceDevices, f.withSourceAssets));
    if (f.status?.length) parts.push(inList('a.status', f.status));
    if (f.severity?.length) parts.push(inList('a.severity', f.severity));
    if (f.type?.length) parts.push(inList('a.type', f.type));
    if (f.resolved !== undefined) parts.push({ sql: f.resolved ? "a.status = 'CLEARED'" : "a.status != 'CLEARED'", params: [] });
    parts.push(...timeRange('a.time', f.dateFrom, f.dateTo));
    parts.push(...timeRange('a.creation_time', f.createdFrom, f.createdTo));
    parts.push(...timeRange('a.last_updated', f.lastUpdatedFrom, f.lastUpdatedTo));
    return and(parts);
  }

  list(f: AlarmListFilter): Page<Alarm> {
    return paged(this.ctx, ALARM_SELECT, ALARM_FROM, this.where(f), 'a.time DESC, a.id DESC', f, (r: AlarmRow) => toAlarm(r));
  }

  count(f: AlarmListFilter): number {
    const w = this.where(f);
    return (this.ctx.stmt(`SELECT count(*) AS n ${ALARM_FROM} WHERE ${w.sql}`).get(...w.params) as { n: number }).n;
  }

  /**
   * Bulk removal by filter (DELETE /alarm/alarms): one statement, then a DELETE notification per
   * alarm carrying only its id, as the platform sends for deleted records.
   */
  removeMany(f: AlarmListFilter): number {
    return this.ctx.write(() => {
      const w = this.where(f);
      const gone = this.ctx.stmt(`DELETE FROM alarms WHERE id IN (SELECT a.id ${ALARM_FROM} WHERE ${w.sql}) RETURNING id, source_id, status`).all(...w.params) as Array<RemovedRow & { status: AlarmStatus }>;
      for (const r of gone) {
        if (r.status !== 'CLEARED') this.activeCounts.changed(r.source_id);
        notifyRemoved(this.ctx, 'alarms', r);
      }
      return gone.length;
    });
  }

  /** Bulk update by filter (PUT /alarm/alarms): one transaction, one notification per alarm. */
  updateMany(f: AlarmListFilter, patch: Partial<Alarm>): number {
    return this.ctx.transaction(() => {
      const w = this.where(f);
      const ids = this.ctx.stmt(`SELECT a.id ${ALARM_FROM} WHERE ${w.sql}`).all(...w.params) as Array<{ id: number }>;
      for (const { id } of ids) this.update(String(id), patch);
      return ids.length;
    });
  }
}

// --------------------------------------------------------------------------------------------
// Events
