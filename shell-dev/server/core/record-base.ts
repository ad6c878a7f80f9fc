/** What the record stores (alarms, events, operations) share: paging, filters, source checks, notifications. */
import type { Page, RealtimeAction } from './api';
import { type CoreContext, invalid, isPlainObject, LazyData, notFound, parseId, parseIsoTime, WithChildren } from './context';
import type { SqlFragment } from './query';

export interface Paging {
  pageSize?: number;
  currentPage?: number;
  withTotal?: boolean;
}

export function isoTime(v: unknown, field: string, domain: string): string | undefined {
  if (v === undefined) return undefined;
  const ms = parseIsoTime(v);
  if (ms === undefined) throw invalid(domain, `'${field}' must be a date and time (ISO 8601)`);
  return new Date(ms).toISOString();
}

export function requireString(v: unknown, field: string, domain: string): string {
  if (typeof v !== 'string' || v === '') throw invalid(domain, `'${field}' is required and must be a string`);
  return v;
}

export function paged<T>(ctx: CoreContext, select: string, from: string, where: SqlFragment, orderBy: string, p: Paging, map: (row: never) => T): Page<T> {
  const pageSize = p.pageSize ?? 5;
  const offset = ((p.currentPage ?? 1) - 1) * pageSize;
  const rows = ctx.stmt(`${select} ${from} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(...where.params, pageSize, offset) as never[];
  const items = rows.map(map);
  if (!p.withTotal) return { items };
  const { n } = ctx.stmt(`SELECT count(*) AS n ${from} WHERE ${where.sql}`).get(...where.params) as { n: number };
  return { items, totalElements: n };
}

export function and(parts: SqlFragment[]): SqlFragment {
  return parts.length ? { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) } : { sql: '1', params: [] };
}

/** Ids of a source plus (when asked) its child devices/assets, for withSourceDevices/withSourceAssets. */
export function sourceFilter(column: string, source: string, withDevices = false, withAssets = false): SqlFragment {
  const id = parseId(source) ?? -1;
  const kinds = [withDevices && "'childDevices'", withAssets && "'childAssets'"].filter(Boolean);
  if (!kinds.length) return { sql: `${column} = ?`, params: [id] };
  return { sql: `(${column} = ? OR ${column} IN (SELECT child_id FROM mo_relations WHERE parent_id = ? AND kind IN (${kinds.join(',')})))`, params: [id, id] };
}

export function timeRange(column: string, from?: string, to?: string): SqlFragment[] {
  const parts: SqlFragment[] = [];
  if (from !== undefined) parts.push({ sql: `${column} >= ?`, params: [isoTime(from, 'dateFrom', 'query')] });
  if (to !== undefined) parts.push({ sql: `${column} < ?`, params: [isoTime(to, 'dateTo', 'query')] });
  return parts;
}

export function inList(column: string, values: readonly string[]): SqlFragment {
  return { sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] };
}

export function sourceOf(ctx: CoreContext, source: unknown, domain: string): { id: number; name: string | null } {
  const id = isPlainObject(source) ? parseId(source.id as string) : undefined;
  if (id === undefined) throw invalid(domain, "'source.id' is required");
  const row = ctx.stmt('SELECT name FROM managed_objects WHERE id = ?').get(id) as { name: string | null } | undefined;
  if (!row) throw notFound('inventory', 'managed object', String(id));
  return { id, name: row.name };
}

/** Every object above a source through childDevices/childAssets (cycles end the walk). */
export function ancestorsOf(ctx: CoreContext, id: number): number[] {
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
export function notifyRecord(ctx: CoreContext, kind: 'alarms' | 'events', sourceId: number, action: RealtimeAction, data: unknown): void {
  ctx.notify(`/${kind}/${sourceId}`, action, new WithChildren(kind, sourceId, data, () => ancestorsOf(ctx, sourceId)));
}

// --------------------------------------------------------------------------------------------
// Alarms

export function fragmentsOf(body: Record<string, unknown>, reserved: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!reserved.has(k) && v !== undefined && v !== null) out[k] = v;
  return out;
}

export interface RemovedRow {
  id: number;
  source_id: number;
}

/** Built only for subscribers: a bulk delete of thousands of records costs no messages nobody reads. */
export function notifyRemoved(ctx: CoreContext, kind: 'alarms' | 'operations', r: RemovedRow): void {
  const id = String(r.id);
  if (kind === 'alarms') notifyRecord(ctx, kind, r.source_id, 'DELETE', new LazyData(() => id));
  else ctx.notify(`/${kind}/${r.source_id}`, 'DELETE', new LazyData(() => id));
}

export function fragmentPresent(column: string, fragment: string): SqlFragment {
  if (!/^[\w$-]+$/.test(fragment)) throw invalid('query', `'${fragment}' is not a fragment name`);
  return { sql: `json_type(${column}, '$."${fragment}"') IS NOT NULL`, params: [] };
}
