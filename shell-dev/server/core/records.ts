/** Alarms, events and operations: time-stamped records attached to a managed object. */
import type {
  Alarm,
  AlarmFilter,
  Alarms,
  AlarmStatus,
  Events,
  Operation,
  Operations,
  OperationStatus,
  Page,
  PlatformEvent,
  RealtimeAction,
  Severity,
} from './api';
import { type CoreContext, invalid, isPlainObject, LazyData, notFound, parseId, WithChildren } from './context';
import type { SqlFragment } from './query';
import { nextId } from './schema';

export const ALARM_STATUSES: readonly AlarmStatus[] = ['ACTIVE', 'ACKNOWLEDGED', 'CLEARED'];
export const SEVERITIES: readonly Severity[] = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING'];
export const OPERATION_STATUSES: readonly OperationStatus[] = ['PENDING', 'EXECUTING', 'SUCCESSFUL', 'FAILED'];

interface Paging {
  pageSize?: number;
  currentPage?: number;
  withTotal?: boolean;
}

function isoTime(v: unknown, field: string, domain: string): string | undefined {
  if (v === undefined) return undefined;
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) throw invalid(domain, `'${field}' must be a date and time (ISO 8601)`);
  return new Date(ms).toISOString();
}

function requireString(v: unknown, field: string, domain: string): string {
  if (typeof v !== 'string' || v === '') throw invalid(domain, `'${field}' is required and must be a string`);
  return v;
}

function paged<T>(ctx: CoreContext, select: string, from: string, where: SqlFragment, orderBy: string, p: Paging, map: (row: never) => T): Page<T> {
  const pageSize = p.pageSize ?? 5;
  const offset = ((p.currentPage ?? 1) - 1) * pageSize;
  const rows = ctx.stmt(`${select} ${from} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(...where.params, pageSize, offset) as never[];
  const items = rows.map(map);
  if (!p.withTotal) return { items };
  const { n } = ctx.stmt(`SELECT count(*) AS n ${from} WHERE ${where.sql}`).get(...where.params) as { n: number };
  return { items, totalElements: n };
}

function and(parts: SqlFragment[]): SqlFragment {
  return parts.length ? { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) } : { sql: '1', params: [] };
}

/** Ids of a source plus (when asked) its child devices/assets, for withSourceDevices/withSourceAssets. */
function sourceFilter(column: string, source: string, withDevices = false, withAssets = false): SqlFragment {
  const id = parseId(source) ?? -1;
  const kinds = [withDevices && "'childDevices'", withAssets && "'childAssets'"].filter(Boolean);
  if (!kinds.length) return { sql: `${column} = ?`, params: [id] };
  return { sql: `(${column} = ? OR ${column} IN (SELECT child_id FROM mo_relations WHERE parent_id = ? AND kind IN (${kinds.join(',')})))`, params: [id, id] };
}

function timeRange(column: string, from?: string, to?: string): SqlFragment[] {
  const parts: SqlFragment[] = [];
  if (from !== undefined) parts.push({ sql: `${column} >= ?`, params: [isoTime(from, 'dateFrom', 'query')] });
  if (to !== undefined) parts.push({ sql: `${column} < ?`, params: [isoTime(to, 'dateTo', 'query')] });
  return parts;
}

function inList(column: string, values: readonly string[]): SqlFragment {
  return { sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] };
}

function sourceOf(ctx: CoreContext, source: unknown, domain: string): { id: number; name: string | null } {
  const id = isPlainObject(source) ? parseId(source.id as string) : undefined;
  if (id === undefined) throw invalid(domain, "'source.id' is required");
  const row = ctx.stmt('SELECT name FROM managed_objects WHERE id = ?').get(id) as { name: string | null } | undefined;
  if (!row) throw notFound('inventory', 'managed object', String(id));
  return { id, name: row.name };
}

/** Every object above a source through childDevices/childAssets (cycles end the walk). */
function ancestorsOf(ctx: CoreContext, id: number): number[] {
  const rows = ctx
    .stmt(
      `WITH RECURSIVE up(id) AS (
         SELECT parent_id FROM mo_relations WHERE child_id = ? AND kind IN ('childDevices','childAssets')
         UNION SELECT r.parent_id FROM mo_relations r JOIN up ON r.child_id = up.id WHERE r.kind IN ('childDevices','childAssets'))
       SELECT id FROM up`,
    )
    .all(id) as Array<{ id: number }>;
  return rows.map((r) => r.id).filter((a) => a !== id);
}

/** `/alarms/<source>` or `/events/<source>`, and the WithChildren channels of the source and its ancestors. */
function notifyRecord(ctx: CoreContext, kind: 'alarms' | 'events', sourceId: number, action: RealtimeAction, data: unknown): void {
  ctx.notify(`/${kind}/${sourceId}`, action, new WithChildren(kind, sourceId, data, () => ancestorsOf(ctx, sourceId)));
}

// --------------------------------------------------------------------------------------------
// Alarms

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

function fragmentsOf(body: Record<string, unknown>, reserved: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!reserved.has(k) && v !== undefined && v !== null) out[k] = v;
  return out;
}

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

export class AlarmStore implements Alarms {
  constructor(private readonly ctx: CoreContext) {}

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
          : (this.ctx.stmt("SELECT id, json FROM alarms WHERE source_id = ? AND type = ? AND status != 'CLEARED' ORDER BY id DESC LIMIT 1").get(source.id, type) as
              | { id: number; json: string }
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
      const gone = this.ctx.stmt(`DELETE FROM alarms WHERE id IN (SELECT a.id ${ALARM_FROM} WHERE ${w.sql}) RETURNING id, source_id`).all(...w.params) as RemovedRow[];
      for (const r of gone) notifyRemoved(this.ctx, 'alarms', r);
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

interface EventRow {
  id: number;
  source_id: number;
  source_name: string | null;
  type: string;
  time: string;
  creation_time: string;
  last_updated: string;
  json: string;
}

export interface EventFilter extends Paging {
  source?: string;
  type?: string;
  fragmentType?: string;
  dateFrom?: string;
  dateTo?: string;
  createdFrom?: string;
  createdTo?: string;
  withSourceDevices?: boolean;
  withSourceAssets?: boolean;
  revert?: boolean;
}

const EVENT_SELECT = 'SELECT e.*, m.name AS source_name';
const EVENT_FROM = 'FROM events e JOIN managed_objects m ON m.id = e.source_id';
const EVENT_RESERVED = new Set(['id', 'self', 'source', 'type', 'time', 'creationTime', 'lastUpdated']);

function toEvent(r: Omit<EventRow, 'json'>, fragments?: Record<string, unknown>): PlatformEvent {
  return {
    id: String(r.id),
    type: r.type,
    time: r.time,
    creationTime: r.creation_time,
    lastUpdated: r.last_updated,
    source: { id: String(r.source_id), ...(r.source_name !== null ? { name: r.source_name } : {}) },
    ...((fragments ?? JSON.parse((r as EventRow).json)) as { text: string }),
  };
}

export class EventStore implements Events {
  constructor(private readonly ctx: CoreContext) {}

  get(id: string): PlatformEvent | undefined {
    const r = this.ctx.stmt(`${EVENT_SELECT} ${EVENT_FROM} WHERE e.id = ?`).get(parseId(id) ?? -1) as EventRow | undefined;
    return r && toEvent(r);
  }

  create(body: Parameters<Events['create']>[0]): PlatformEvent {
    if (!isPlainObject(body)) throw invalid('event', 'An event must be a JSON object');
    const type = requireString(body.type, 'type', 'event');
    const text = requireString(body.text, 'text', 'event');
    return this.ctx.write(() => {
      const source = sourceOf(this.ctx, body.source, 'event');
      const now = this.ctx.nowIso();
      const time = isoTime(body.time, 'time', 'event') ?? now;
      const creationTime = isoTime(body.creationTime, 'creationTime', 'event') ?? now;
      const fragments = { ...fragmentsOf(body, EVENT_RESERVED), text };
      const id = nextId(this.ctx, 'events');
      this.ctx
        .stmt('INSERT INTO events (id, source_id, type, time, creation_time, last_updated, json) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(id, source.id, type, time, creationTime, now, JSON.stringify(fragments));
      const event = toEvent({ id, source_id: source.id, source_name: source.name, type, time, creation_time: creationTime, last_updated: now }, fragments);
      notifyRecord(this.ctx, 'events', source.id, 'CREATE', event);
      return event;
    });
  }

  update(id: string, patch: Record<string, unknown>): PlatformEvent {
    if (!isPlainObject(patch)) throw invalid('event', 'An event must be a JSON object');
    if (patch.text !== undefined && typeof patch.text !== 'string') throw invalid('event', "'text' must be a string");
    return this.ctx.write(() => {
      const current = this.ctx.stmt('SELECT * FROM events WHERE id = ?').get(parseId(id) ?? -1) as EventRow | undefined;
      if (!current) throw notFound('event', 'event', id);
      const json = JSON.parse(current.json) as Record<string, unknown>;
      for (const [k, v] of Object.entries(patch)) {
        if (EVENT_RESERVED.has(k)) continue;
        if (v === null) delete json[k];
        else json[k] = v;
      }
      this.ctx.stmt('UPDATE events SET last_updated = ?, json = ? WHERE id = ?').run(this.ctx.nowIso(), JSON.stringify(json), current.id);
      const event = this.get(id)!;
      notifyRecord(this.ctx, 'events', current.source_id, 'UPDATE', event);
      return event;
    });
  }

  remove(id: string): void {
    this.ctx.write(() => {
      const current = this.ctx.stmt('SELECT id, source_id FROM events WHERE id = ?').get(parseId(id) ?? -1) as { id: number; source_id: number } | undefined;
      if (!current) throw notFound('event', 'event', id);
      this.ctx.stmt('DELETE FROM events WHERE id = ?').run(current.id);
      notifyRecord(this.ctx, 'events', current.source_id, 'DELETE', String(current.id));
    });
  }

  list(f: EventFilter): Page<PlatformEvent> {
    const parts: SqlFragment[] = [];
    if (f.source !== undefined) parts.push(sourceFilter('e.source_id', f.source, f.withSourceDevices, f.withSourceAssets));
    if (f.type !== undefined) parts.push({ sql: 'e.type = ?', params: [f.type] });
    if (f.fragmentType !== undefined) parts.push(fragmentPresent('e.json', f.fragmentType));
    parts.push(...timeRange('e.time', f.dateFrom, f.dateTo));
    parts.push(...timeRange('e.creation_time', f.createdFrom, f.createdTo));
    const dir = f.revert ? 'ASC' : 'DESC';
    return paged(this.ctx, EVENT_SELECT, EVENT_FROM, and(parts), `e.time ${dir}, e.id ${dir}`, f, (r: EventRow) => toEvent(r));
  }
}

interface RemovedRow {
  id: number;
  source_id: number;
}

/** Built only for subscribers: a bulk delete of thousands of records costs no messages nobody reads. */
function notifyRemoved(ctx: CoreContext, kind: 'alarms' | 'operations', r: RemovedRow): void {
  const id = String(r.id);
  if (kind === 'alarms') notifyRecord(ctx, kind, r.source_id, 'DELETE', new LazyData(() => id));
  else ctx.notify(`/${kind}/${r.source_id}`, 'DELETE', new LazyData(() => id));
}

function fragmentPresent(column: string, fragment: string): SqlFragment {
  if (!/^[\w$-]+$/.test(fragment)) throw invalid('query', `'${fragment}' is not a fragment name`);
  return { sql: `json_type(${column}, '$."${fragment}"') IS NOT NULL`, params: [] };
}

// --------------------------------------------------------------------------------------------
// Operations

interface OperationRow {
  id: number;
  device_id: number;
  device_name: string | null;
  status: OperationStatus;
  creation_time: string;
  json: string;
}

export interface OperationFilter extends Paging {
  deviceId?: string;
  agentId?: string;
  status?: OperationStatus;
  fragmentType?: string;
  dateFrom?: string;
  dateTo?: string;
  revert?: boolean;
}

const OPERATION_SELECT = 'SELECT o.*, m.name AS device_name';
const OPERATION_FROM = 'FROM operations o JOIN managed_objects m ON m.id = o.device_id';
const OPERATION_RESERVED = new Set(['id', 'self', 'deviceId', 'deviceName', 'status', 'creationTime']);

function toOperation(r: Omit<OperationRow, 'json'>, fragments?: Record<string, unknown>): Operation {
  return {
    id: String(r.id),
    deviceId: String(r.device_id),
    ...(r.device_name !== null ? { deviceName: r.device_name } : {}),
    status: r.status,
    creationTime: r.creation_time,
    ...((fragments ?? JSON.parse((r as OperationRow).json)) as object),
  };
}

export class OperationStore implements Operations {
  private readonly listeners: Array<(op: Operation) => void> = [];
  constructor(private readonly ctx: CoreContext) {}

  onCreated(listener: (op: Operation) => void): void {
    this.listeners.push(listener);
  }

  get(id: string): Operation | undefined {
    const r = this.ctx.stmt(`${OPERATION_SELECT} ${OPERATION_FROM} WHERE o.id = ?`).get(parseId(id) ?? -1) as OperationRow | undefined;
    return r && toOperation(r);
  }

  create(body: Parameters<Operations['create']>[0]): Operation {
    if (!isPlainObject(body)) throw invalid('devicecontrol', 'An operation must be a JSON object');
    if (typeof body.deviceId !== 'string' && typeof body.deviceId !== 'number') throw invalid('devicecontrol', "'deviceId' is required");
    if (body.description !== undefined && typeof body.description !== 'string') throw invalid('devicecontrol', "'description' must be a string");
    return this.ctx.write(() => {
      const device = sourceOf(this.ctx, { id: String(body.deviceId) }, 'devicecontrol');
      const creationTime = isoTime(body.creationTime, 'creationTime', 'devicecontrol') ?? this.ctx.nowIso();
      const status = (body as { status?: OperationStatus }).status ?? 'PENDING';
      if (!OPERATION_STATUSES.includes(status)) throw invalid('devicecontrol', `'status' must be one of ${OPERATION_STATUSES.join(', ')}`);
      const fragments = fragmentsOf(body, OPERATION_RESERVED);
      const id = nextId(this.ctx, 'operations');
      this.ctx.stmt('INSERT INTO operations (id, device_id, status, creation_time, json) VALUES (?, ?, ?, ?, ?)').run(id, device.id, status, creationTime, JSON.stringify(fragments));
      const op = toOperation({ id, device_id: device.id, device_name: device.name, status, creation_time: creationTime }, fragments);
      this.ctx.notify(`/operations/${device.id}`, 'CREATE', op);
      for (const l of this.listeners) this.ctx.afterCommit(() => l(op));
      return op;
    });
  }

  update(id: string, patch: Parameters<Operations['update']>[1]): Operation {
    if (!isPlainObject(patch)) throw invalid('devicecontrol', 'An operation must be a JSON object');
    if (patch.status !== undefined && !OPERATION_STATUSES.includes(patch.status)) {
      throw invalid('devicecontrol', `'status' must be one of ${OPERATION_STATUSES.join(', ')}`);
    }
    if (patch.failureReason !== undefined && patch.failureReason !== null && typeof patch.failureReason !== 'string') {
      throw invalid('devicecontrol', "'failureReason' must be a string");
    }
    return this.ctx.write(() => {
      const current = this.ctx.stmt('SELECT * FROM operations WHERE id = ?').get(parseId(id) ?? -1) as OperationRow | undefined;
      if (!current) throw notFound('devicecontrol', 'operation', id);
      const json = JSON.parse(current.json) as Record<string, unknown>;
      for (const [k, v] of Object.entries(patch)) {
        if (OPERATION_RESERVED.has(k)) continue;
        if (v === null) delete json[k];
        else json[k] = v;
      }
      this.ctx.stmt('UPDATE operations SET status = ?, json = ? WHERE id = ?').run(patch.status ?? current.status, JSON.stringify(json), current.id);
      const op = this.get(id)!;
      this.ctx.notify(`/operations/${current.device_id}`, 'UPDATE', op);
      return op;
    });
  }

  list(f: OperationFilter): Page<Operation> {
    // The platform lists oldest first; revert=true gives newest first.
    const dir = f.revert ? 'DESC' : 'ASC';
    return paged(this.ctx, OPERATION_SELECT, OPERATION_FROM, this.where(f), `o.creation_time ${dir}, o.id ${dir}`, f, (r: OperationRow) => toOperation(r));
  }

  /** Bulk removal by filter (DELETE /devicecontrol/operations), a DELETE notification per operation. */
  removeMany(f: OperationFilter): number {
    return this.ctx.write(() => {
      const w = this.where(f);
      const gone = this.ctx
        .stmt(`DELETE FROM operations WHERE id IN (SELECT o.id ${OPERATION_FROM} WHERE ${w.sql}) RETURNING id, device_id AS source_id`)
        .all(...w.params) as RemovedRow[];
      for (const r of gone) notifyRemoved(this.ctx, 'operations', r);
      return gone.length;
    });
  }

  private where(f: OperationFilter): SqlFragment {
    const parts: SqlFragment[] = [];
    if (f.deviceId !== undefined) parts.push({ sql: 'o.device_id = ?', params: [parseId(f.deviceId) ?? -1] });
    if (f.agentId !== undefined) {
      const id = parseId(f.agentId) ?? -1;
      parts.push({ sql: "(o.device_id = ? OR o.device_id IN (SELECT child_id FROM mo_relations WHERE parent_id = ? AND kind = 'childDevices'))", params: [id, id] });
    }
    if (f.status !== undefined) parts.push({ sql: 'o.status = ?', params: [f.status] });
    if (f.fragmentType !== undefined) parts.push(fragmentPresent('o.json', f.fragmentType));
    parts.push(...timeRange('o.creation_time', f.dateFrom, f.dateTo));
    return and(parts);
  }
}
