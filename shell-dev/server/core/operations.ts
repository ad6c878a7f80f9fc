/** Operations sent to a device: create, update, list, delete. */
import type { Operation, Operations, OperationStatus, Page } from './api';
import { type CoreContext, invalid, isPlainObject, notFound, parseId } from './context';
import type { SqlFragment } from './query';
import { nextId } from './schema';
import { and, fragmentPresent, fragmentsOf, isoTime, notifyRemoved, paged, type RemovedRow, sourceOf, timeRange, type Paging } from './record-base';

export const OPERATION_STATUSES: readonly OperationStatus[] = ['PENDING', 'EXECUTING', 'SUCCESSFUL', 'FAILED'];

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
