import { HttpError } from './api';
import { type CoreContext, invalid, notFound, parseId } from './context';

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
