/**
 * Audit records (GET /audit/auditRecords): the change log of alarms. Every alarm update through
 * the REST API writes one record with the changed attributes, in the update's transaction.
 * Updates made inside the stand-in (simulator, microservices) go through the core directly and
 * are not audited, as on the platform only user-facing API calls are.
 */
import type { Database } from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Alarm } from '../core/api';
import { ROLES } from '../core/auth';
import { notFound, parseId } from '../core/context';
import type { Core } from '../core/core';
import { baseUrl, bool, collection, date, paging, q, sendJson, str } from './common';

export const AUDIT_PATH = '/audit/auditRecords';
export const AUDIT_MEDIA = {
  record: 'application/vnd.com.nsn.cumulocity.auditrecord+json',
  collection: 'application/vnd.com.nsn.cumulocity.auditrecordcollection+json',
} as const;
/** Alarm attributes whose changes the log lists (the rest are bookkeeping of the platform). */
const IGNORED_ATTRIBUTES = new Set(['id', 'self', 'lastUpdated', 'creationTime', 'source', 'count', 'firstOccurrenceTime', 'history']);

export interface AuditChange {
  attribute: string;
  type: string;
  previousValue: unknown;
  newValue: unknown;
}

/** The table lives beside the core's (created on start; the core's schema version is untouched). */
export function ensureAuditTable(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS audit_records (
      id INTEGER PRIMARY KEY,
      source_id TEXT NOT NULL,
      type TEXT NOT NULL,
      user TEXT,
      time TEXT NOT NULL,
      json TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS audit_records_source ON audit_records(source_id, time);
  `);
}

/** The attributes that differ between two versions of an alarm. */
export function alarmChanges(before: Alarm, after: Alarm): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const attribute of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED_ATTRIBUTES.has(attribute)) continue;
    const a = before[attribute];
    const b = after[attribute];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const v = b ?? a;
    changes.push({ attribute, type: Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v, previousValue: a ?? null, newValue: b ?? null });
  }
  return changes;
}

export class AuditLog {
  constructor(private readonly core: Core) {
    ensureAuditTable(core.db);
  }

  /** Call inside the update's transaction; nothing is written when nothing changed. */
  recordAlarmUpdate(before: Alarm, after: Alarm, user: string): void {
    const changes = alarmChanges(before, after);
    if (changes.length === 0) return;
    const now = this.core.ctx.nowIso();
    const doc = {
      type: 'Alarm',
      activity: 'Alarm updated',
      text: `Alarm updated: ${changes.map((c) => c.attribute).join(', ')}`,
      severity: after.severity,
      application: 'stand-in',
      user,
      time: now,
      creationTime: now,
      source: { id: after.id },
      changes,
    };
    this.core.ctx.stmt('INSERT INTO audit_records (source_id, type, user, time, json) VALUES (?, ?, ?, ?, ?)').run(after.id, doc.type, user, now, JSON.stringify(doc));
  }
}

type AuditRow = { id: number; json: string };

export function registerAudit(app: FastifyInstance, core: Core): void {
  const view = (req: FastifyRequest, r: AuditRow) => {
    const doc = JSON.parse(r.json) as { source: { id: string } };
    return { ...doc, id: String(r.id), self: `${baseUrl(req)}${AUDIT_PATH}/${r.id}`, source: { ...doc.source, self: `${baseUrl(req)}/alarm/alarms/${doc.source.id}` } };
  };

  app.get(AUDIT_PATH, async (req, reply) => {
    // The platform guards audit reading with its own role; the stand-in's users read alarms' logs.
    core.requireRole(req, ROLES.alarmRead);
    const query = q(req);
    const p = paging(query);
    const where: string[] = [];
    const params: unknown[] = [];
    const filters: Array<[string, string | undefined]> = [
      ['source_id = ?', str(query, 'source') || undefined],
      ['type = ?', str(query, 'type') || undefined],
      ['user = ?', str(query, 'user') || undefined],
      ['time >= ?', date(query, 'dateFrom')],
      ['time <= ?', date(query, 'dateTo')],
    ];
    for (const [sql, v] of filters) {
      if (v === undefined) continue;
      where.push(sql);
      params.push(sql.startsWith('time') ? new Date(v).toISOString() : v);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // As the platform: oldest first; revert=true gives newest first only in a range query.
    const ranged = !!str(query, 'dateFrom') || !!str(query, 'dateTo');
    const order = ranged && bool(query, 'revert') ? 'DESC' : 'ASC';
    const rows = core.ctx
      .stmt(`SELECT id, json FROM audit_records ${w} ORDER BY time ${order}, id ${order} LIMIT ? OFFSET ?`)
      .all(...params, p.pageSize, (p.currentPage - 1) * p.pageSize) as AuditRow[];
    const total = p.withTotal ? (core.ctx.stmt(`SELECT count(*) AS n FROM audit_records ${w}`).get(...params) as { n: number }).n : undefined;
    return sendJson(reply, AUDIT_MEDIA.collection, collection(req, 'auditRecords', rows.map((r) => view(req, r)), p, total));
  });

  app.get(`${AUDIT_PATH}/:id`, async (req, reply) => {
    core.requireRole(req, ROLES.alarmRead);
    const { id } = req.params as { id: string };
    const row = core.ctx.stmt('SELECT id, json FROM audit_records WHERE id = ?').get(parseId(id) ?? -1) as AuditRow | undefined;
    if (!row) throw notFound('audit', 'audit record', id);
    return sendJson(reply, AUDIT_MEDIA.record, view(req, row));
  });
}

