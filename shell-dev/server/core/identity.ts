import { HttpError, type ManagedObject } from './api';
import { type CoreContext, invalid, notFound, parseId } from './context';
import type { InventoryStore } from './inventory';

export interface ExternalId {
  externalId: string;
  type: string;
  managedObject: { id: string };
}

export class IdentityStore {
  constructor(private readonly ctx: CoreContext) {}

  list(moId: string): ExternalId[] {
    const id = parseId(moId);
    if (id === undefined || !this.ctx.stmt('SELECT 1 FROM managed_objects WHERE id = ?').get(id)) throw notFound('inventory', 'managed object', moId);
    const rows = this.ctx.stmt('SELECT type, external_id FROM external_ids WHERE mo_id = ? ORDER BY type, external_id').all(id) as Array<{ type: string; external_id: string }>;
    return rows.map((r) => ({ externalId: r.external_id, type: r.type, managedObject: { id: String(id) } }));
  }

  get(type: string, externalId: string): ExternalId | undefined {
    const r = this.ctx.stmt('SELECT mo_id FROM external_ids WHERE type = ? AND external_id = ?').get(type, externalId) as { mo_id: number } | undefined;
    return r && { externalId, type, managedObject: { id: String(r.mo_id) } };
  }

  create(moId: string, body: unknown): ExternalId {
    const b = body as { externalId?: unknown; type?: unknown } | null;
    if (typeof b?.externalId !== 'string' || b.externalId === '' || typeof b.type !== 'string' || b.type === '') {
      throw invalid('identity', "'externalId' and 'type' are required strings");
    }
    const { externalId, type } = b as { externalId: string; type: string };
    return this.ctx.transaction(() => {
      const id = parseId(moId);
      if (id === undefined || !this.ctx.stmt('SELECT 1 FROM managed_objects WHERE id = ?').get(id)) throw notFound('inventory', 'managed object', moId);
      if (this.get(type, externalId)) throw conflict(type, externalId);
      this.ctx.stmt('INSERT INTO external_ids (type, external_id, mo_id) VALUES (?, ?, ?)').run(type, externalId, id);
      return { externalId, type, managedObject: { id: String(id) } };
    });
  }

  remove(type: string, externalId: string): void {
    const info = this.ctx.stmt('DELETE FROM external_ids WHERE type = ? AND external_id = ?').run(type, externalId);
    if (!info.changes) throw notFound('identity', 'external id', `${type}/${externalId}`);
  }
}

function conflict(type: string, externalId: string): HttpError {
  return new HttpError(409, 'identity/Conflict', `External id ${type}/${externalId} is already in use`);
}

/** Binary content sits beside its managed object (c8y_IsBinary) in the same transaction. */
export class BinaryStore {
  constructor(
    private readonly ctx: CoreContext,
    private readonly inventory: InventoryStore,
  ) {}

  create(meta: { name: string; type?: string; [k: string]: unknown }, contentType: string, data: Buffer, owner: string): ManagedObject {
    return this.ctx.transaction(() => {
      const mo = this.inventory.create({ ...meta, type: meta.type ?? contentType, c8y_IsBinary: '', contentType, length: data.length }, owner);
      this.ctx.stmt('INSERT INTO binaries (id, content_type, data) VALUES (?, ?, ?)').run(Number(mo.id), contentType, data);
      return mo;
    });
  }

  replace(id: string, contentType: string, data: Buffer): ManagedObject {
    return this.ctx.transaction(() => {
      const n = parseId(id);
      const info = this.ctx.stmt('UPDATE binaries SET content_type = ?, data = ? WHERE id = ?').run(contentType, data, n ?? -1);
      if (!info.changes) throw notFound('inventory', 'binary', id);
      return this.inventory.update(id, { contentType, length: data.length });
    });
  }

  read(id: string): { contentType: string; data: Buffer; name?: string } | undefined {
    const r = this.ctx.stmt('SELECT b.content_type, b.data, m.name FROM binaries b JOIN managed_objects m ON m.id = b.id WHERE b.id = ?').get(parseId(id) ?? -1) as
      | { content_type: string; data: Buffer; name: string | null }
      | undefined;
    return r && { contentType: r.content_type, data: r.data, ...(r.name !== null ? { name: r.name } : {}) };
  }

  remove(id: string): void {
    this.ctx.transaction(() => {
      if (!this.ctx.stmt('SELECT 1 FROM binaries WHERE id = ?').get(parseId(id) ?? -1)) throw notFound('inventory', 'binary', id);
      this.inventory.remove(id);
    });
  }
}
