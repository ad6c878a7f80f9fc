import type { ChildKind, Fragments, Inventory, InventoryQuery, ManagedObject, Page } from './api';
import { type CoreContext, invalid, isPlainObject, notFound, parseId } from './context';
import { compileFilter, compileOrder, hasFragment, parseQuery, type SqlFragment, wildcardToLike } from './query';

export const CHILD_KINDS: readonly ChildKind[] = ['childAssets', 'childDevices', 'childAdditions'];
const PARENT_OF: Record<ChildKind, string> = { childAssets: 'assetParents', childDevices: 'deviceParents', childAdditions: 'additionParents' };

/** Properties kept in columns or computed from relations, never inside the json column. */
const RESERVED = new Set(['id', 'self', 'type', 'name', 'owner', 'creationTime', 'lastUpdated', ...CHILD_KINDS, ...Object.values(PARENT_OF)]);

/** Additive options of the REST list beyond api.ts's InventoryQuery. */
export interface InventoryListQuery extends InventoryQuery {
  childAssetId?: string;
  childDeviceId?: string;
  childAdditionId?: string;
  withChildren?: boolean;
  withParents?: boolean;
}

export interface ShapeOptions {
  withChildren?: boolean;
  withParents?: boolean;
}

interface Row {
  id: number;
  type: string | null;
  name: string | null;
  owner: string | null;
  creation_time: string;
  last_updated: string;
  json: string;
}

const SELECT = 'SELECT mo.id, mo.type, mo.name, mo.owner, mo.creation_time, mo.last_updated, mo.json FROM managed_objects mo';

export type Reference = { managedObject: { id: string; name?: string } };

export class InventoryStore implements Inventory {
  constructor(private readonly ctx: CoreContext) {}

  private row(id: number): Row | undefined {
    return this.ctx.stmt(`${SELECT} WHERE mo.id = ?`).get(id) as Row | undefined;
  }

  private mustExist(id: string): number {
    const n = parseId(id);
    if (n === undefined || !this.ctx.stmt('SELECT 1 FROM managed_objects WHERE id = ?').get(n)) throw notFound('inventory', 'managed object', id);
    return n;
  }

  private toDocs(rows: Row[], shape: ShapeOptions = {}): ManagedObject[] {
    const { withChildren = true, withParents = false } = shape;
    const docs = rows.map((r) => {
      const doc: ManagedObject = {
        id: String(r.id),
        ...(r.type !== null ? { type: r.type } : {}),
        ...(r.name !== null ? { name: r.name } : {}),
        ...(r.owner !== null ? { owner: r.owner } : {}),
        creationTime: r.creation_time,
        lastUpdated: r.last_updated,
        ...(JSON.parse(r.json) as Fragments),
      };
      return doc;
    });
    if (docs.length === 0 || (!withChildren && !withParents)) return docs;
    const byId = new Map(docs.map((d) => [Number(d.id), d]));
    const ids = JSON.stringify([...byId.keys()]);
    if (withChildren) {
      for (const d of docs) for (const k of CHILD_KINDS) d[k] = { references: [] as Reference[] };
      const rels = this.ctx
        .stmt(
          `SELECT r.parent_id AS owner, r.kind, r.child_id AS other, m.name FROM mo_relations r JOIN managed_objects m ON m.id = r.child_id
           WHERE r.parent_id IN (SELECT value FROM json_each(?)) ORDER BY r.parent_id, r.kind, r.child_id`,
        )
        .all(ids) as Array<{ owner: number; kind: ChildKind; other: number; name: string | null }>;
      for (const r of rels) (byId.get(r.owner)![r.kind] as { references: Reference[] }).references.push(ref(r.other, r.name));
    }
    if (withParents) {
      for (const d of docs) for (const k of CHILD_KINDS) d[PARENT_OF[k]] = { references: [] as Reference[] };
      const rels = this.ctx
        .stmt(
          `SELECT r.child_id AS owner, r.kind, r.parent_id AS other, m.name FROM mo_relations r JOIN managed_objects m ON m.id = r.parent_id
           WHERE r.child_id IN (SELECT value FROM json_each(?)) ORDER BY r.child_id, r.kind, r.parent_id`,
        )
        .all(ids) as Array<{ owner: number; kind: ChildKind; other: number; name: string | null }>;
      for (const r of rels) (byId.get(r.owner)![PARENT_OF[r.kind]] as { references: Reference[] }).references.push(ref(r.other, r.name));
    }
    return docs;
  }

  get(id: string, shape?: ShapeOptions): ManagedObject | undefined {
    const n = parseId(id);
    const r = n === undefined ? undefined : this.row(n);
    return r ? this.toDocs([r], { withParents: true, ...shape })[0] : undefined;
  }

  create(body: Fragments, owner?: string): ManagedObject {
    if (!isPlainObject(body)) throw invalid('inventory', 'A managed object must be a JSON object');
    return this.ctx.transaction(() => {
      const now = this.ctx.nowIso();
      const creationTime = timeOr(body.creationTime, now);
      const lastUpdated = timeOr(body.lastUpdated, creationTime);
      const { fragments, type, name } = split(body);
      const ownerValue = typeof body.owner === 'string' ? body.owner : owner ?? null;
      const info = this.ctx
        .stmt('INSERT INTO managed_objects (type, name, owner, creation_time, last_updated, json) VALUES (?, ?, ?, ?, ?, ?)')
        .run(type, name, ownerValue, creationTime, lastUpdated, JSON.stringify(fragments));
      const id = Number(info.lastInsertRowid);
      this.indexFragments(id, body, true);
      // A new object has no relations yet, so the document is built rather than read back.
      const doc = this.toDocs([{ id, type, name, owner: ownerValue, creation_time: creationTime, last_updated: lastUpdated, json: '{}' }], { withChildren: false })[0];
      Object.assign(doc, fragments);
      for (const k of CHILD_KINDS) {
        doc[k] = { references: [] };
        doc[PARENT_OF[k]] = { references: [] };
      }
      this.ctx.notify(`/managedobjects/${id}`, 'CREATE', doc);
      return doc;
    });
  }

  /** One statement per object: the fragment names go in as a JSON array. */
  private indexFragments(id: number, doc: Fragments, isNew = false): void {
    if (!isNew) this.ctx.stmt('DELETE FROM mo_fragments WHERE mo_id = ?').run(id);
    const names = Object.keys(doc).filter((k) => doc[k] !== null && doc[k] !== undefined && !RESERVED.has(k));
    if (names.length) this.ctx.stmt('INSERT OR IGNORE INTO mo_fragments (fragment, mo_id) SELECT value, ? FROM json_each(?)').run(id, JSON.stringify(names));
  }

  update(id: string, patch: Fragments): ManagedObject {
    if (!isPlainObject(patch)) throw invalid('inventory', 'A managed object must be a JSON object');
    return this.ctx.transaction(() => {
      const n = this.mustExist(id);
      const current = this.row(n)!;
      const merged: Fragments = {
        ...(current.type !== null ? { type: current.type } : {}),
        ...(current.name !== null ? { name: current.name } : {}),
        ...(current.owner !== null ? { owner: current.owner } : {}),
        ...(JSON.parse(current.json) as Fragments),
      };
      for (const [k, v] of Object.entries(patch)) {
        if (k === 'id' || k === 'creationTime' || k === 'lastUpdated' || k === 'self') continue;
        if (v === null) delete merged[k];
        else merged[k] = v;
      }
      const { fragments, type, name } = split(merged);
      const lastUpdated = timeOr(patch.lastUpdated, this.ctx.nowIso());
      this.ctx
        .stmt('UPDATE managed_objects SET type = ?, name = ?, owner = ?, last_updated = ?, json = ? WHERE id = ?')
        .run(type, name, typeof merged.owner === 'string' ? merged.owner : null, lastUpdated, JSON.stringify(fragments), n);
      this.indexFragments(n, merged);
      const doc = this.get(id)!;
      this.ctx.notify(`/managedobjects/${n}`, 'UPDATE', doc);
      return doc;
    });
  }

  remove(id: string): void {
    this.ctx.transaction(() => {
      const n = this.mustExist(id);
      const parents = this.ctx.stmt('SELECT DISTINCT parent_id FROM mo_relations WHERE child_id = ?').all(n) as Array<{ parent_id: number }>;
      this.ctx.stmt('DELETE FROM managed_objects WHERE id = ?').run(n);
      this.ctx.notify(`/managedobjects/${n}`, 'DELETE', String(n));
      for (const p of parents) this.notifyUpdated(p.parent_id);
    });
  }

  private notifyUpdated(id: number): void {
    const doc = this.get(String(id));
    if (doc) this.ctx.notify(`/managedobjects/${id}`, 'UPDATE', doc);
  }

  /** WHERE clause (over `mo`) and ORDER BY of a list query. */
  where(q: InventoryListQuery): { where: SqlFragment; orderBy: string } {
    const parts: SqlFragment[] = [];
    let orderBy: string | undefined;
    for (const src of [q.query]) {
      if (!src) continue;
      const parsed = parseQuery(src);
      if (parsed.filter) parts.push(compileFilter(parsed.filter));
      if (parsed.orderBy.length) orderBy = compileOrder(parsed.orderBy);
    }
    if (q.type !== undefined) parts.push({ sql: 'mo.type = ?', params: [q.type] });
    if (q.fragmentType !== undefined) parts.push(hasFragment(q.fragmentType));
    if (q.owner !== undefined) parts.push({ sql: 'mo.owner = ?', params: [q.owner] });
    if (q.ids !== undefined) {
      const ids = q.ids.map((i) => parseId(i) ?? -1);
      parts.push({ sql: 'mo.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(ids)] });
    }
    if (q.text !== undefined && q.text !== '') {
      const like = `%${wildcardToLike(q.text)}%`;
      parts.push({ sql: "(mo.name LIKE ? ESCAPE '\\' OR mo.type LIKE ? ESCAPE '\\' OR mo.owner LIKE ? ESCAPE '\\')", params: [like, like, like] });
    }
    if (q.onlyRoots) {
      parts.push({ sql: "NOT EXISTS (SELECT 1 FROM mo_relations r WHERE r.child_id = mo.id AND r.kind IN ('childAssets','childDevices'))", params: [] });
    }
    const related: Array<[string | undefined, ChildKind]> = [
      [q.childAssetId, 'childAssets'],
      [q.childDeviceId, 'childDevices'],
      [q.childAdditionId, 'childAdditions'],
    ];
    for (const [child, kind] of related) {
      if (child === undefined) continue;
      parts.push({ sql: 'mo.id IN (SELECT parent_id FROM mo_relations WHERE child_id = ? AND kind = ?)', params: [parseId(child) ?? -1, kind] });
    }
    return {
      where: parts.length ? { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) } : { sql: '1', params: [] },
      orderBy: orderBy ?? 'mo.id ASC',
    };
  }

  private page(from: string, where: SqlFragment, orderBy: string, q: InventoryListQuery): Page<ManagedObject> {
    const pageSize = q.pageSize ?? 5;
    const offset = ((q.currentPage ?? 1) - 1) * pageSize;
    const rows = this.ctx
      .stmt(`${SELECT} ${from} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
      .all(...where.params, pageSize, offset) as Row[];
    const items = this.toDocs(rows, { withChildren: q.withChildren ?? true, withParents: q.withParents ?? false });
    if (!q.withTotal) return { items };
    const { n } = this.ctx.stmt(`SELECT count(*) AS n FROM managed_objects mo ${from} WHERE ${where.sql}`).get(...where.params) as { n: number };
    return { items, totalElements: n };
  }

  query(q: InventoryListQuery): Page<ManagedObject> {
    const { where, orderBy } = this.where(q);
    return this.page('', where, orderBy, q);
  }

  count(q: InventoryListQuery): number {
    const { where } = this.where(q);
    return (this.ctx.stmt(`SELECT count(*) AS n FROM managed_objects mo WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
  }

  children(parentId: string, kind: ChildKind, q: InventoryListQuery = {}): Page<ManagedObject> {
    const p = this.mustExist(parentId);
    const { where, orderBy } = this.where(q);
    const rel: SqlFragment = { sql: `mo.id IN (SELECT child_id FROM mo_relations WHERE parent_id = ? AND kind = '${kind}')`, params: [p] };
    return this.page('', { sql: `${rel.sql} AND ${where.sql}`, params: [...rel.params, ...where.params] }, orderBy, q);
  }

  addChild(parentId: string, kind: ChildKind, childId: string): void {
    this.ctx.transaction(() => {
      const p = this.mustExist(parentId);
      const c = this.mustExist(childId);
      if (p === c) throw invalid('inventory', 'A managed object cannot be its own child');
      const info = this.ctx.stmt('INSERT OR IGNORE INTO mo_relations (parent_id, kind, child_id) VALUES (?, ?, ?)').run(p, kind, c);
      if (info.changes) this.notifyUpdated(p);
    });
  }

  removeChild(parentId: string, kind: ChildKind, childId: string): void {
    this.ctx.transaction(() => {
      const p = this.mustExist(parentId);
      const c = parseId(childId);
      const info = this.ctx.stmt('DELETE FROM mo_relations WHERE parent_id = ? AND kind = ? AND child_id = ?').run(p, kind, c ?? -1);
      if (!info.changes) throw notFound('inventory', 'managed object reference', `${parentId}/${kind}/${childId}`);
      this.notifyUpdated(p);
    });
  }
}

function ref(id: number, name: string | null): Reference {
  return { managedObject: { id: String(id), ...(name !== null ? { name } : {}) } };
}

function split(doc: Fragments): { fragments: Fragments; type: string | null; name: string | null } {
  const fragments: Fragments = {};
  for (const [k, v] of Object.entries(doc)) if (!RESERVED.has(k) && v !== undefined && v !== null) fragments[k] = v;
  return {
    fragments,
    type: typeof doc.type === 'string' ? doc.type : null,
    name: typeof doc.name === 'string' ? doc.name : null,
  };
}

function timeOr(v: unknown, fallback: string): string {
  if (typeof v !== 'string') return fallback;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
}
