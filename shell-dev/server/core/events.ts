/** Events of a managed object: create, update, delete, list. */
import type { Events, Page, PlatformEvent } from './api';
import { type CoreContext, invalid, isPlainObject, notFound, parseId } from './context';
import type { SqlFragment } from './query';
import { nextId } from './schema';
import { and, fragmentPresent, fragmentsOf, isoTime, notifyRecord, paged, requireString, sourceFilter, sourceOf, timeRange, type Paging } from './record-base';

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
