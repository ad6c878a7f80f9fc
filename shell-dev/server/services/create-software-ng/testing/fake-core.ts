import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  HttpError,
  type ChildKind,
  type Fragments,
  type InventoryQuery,
  type ManagedObject,
  type Operation,
  type OperationStatus,
  type Page,
  type RealtimeAction,
  type ServerCore,
  type ServerModule,
} from '../../../core/api';
import { registerRoleGuard } from '../../../http/roles';

/**
 * A small ServerCore for this service's tests, on a real SQLite file so transactions roll back
 * and a "restart" (a new FakeCore on the same file) sees exactly what was committed. Only the
 * inventory, operations and realtime parts the service uses are implemented; alarms and events
 * throw, so a test that reaches them fails loudly.
 */
export class FakeCore implements ServerCore {
  readonly db: Db;
  readonly published: { channel: string; action: RealtimeAction; data: unknown }[] = [];
  private nowMs: number;
  readonly clock = { now: () => this.nowMs };
  readonly dataDir: string;
  private readonly opListeners: ((op: Operation) => void)[] = [];

  constructor(file: string, startMs = Date.UTC(2024, 0, 1)) {
    this.dataDir = file;
    this.nowMs = startMs;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS fake_mo (id INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT, json TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS fake_mo_type ON fake_mo(type);
      CREATE TABLE IF NOT EXISTS fake_rel (parent TEXT, kind TEXT, child TEXT, PRIMARY KEY (parent, kind, child));
      CREATE TABLE IF NOT EXISTS fake_op (id INTEGER PRIMARY KEY AUTOINCREMENT, deviceId TEXT, status TEXT, json TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS fake_op_device ON fake_op(deviceId, status);
      CREATE TABLE IF NOT EXISTS fake_ext (type TEXT, externalId TEXT, moId TEXT, PRIMARY KEY (type, externalId));
    `);
  }

  advance(ms: number): void {
    this.nowMs += ms;
  }

  private iso(): string {
    return new Date(this.nowMs).toISOString();
  }

  private readonly changeListeners = new Set<(channel: string, action: RealtimeAction) => void>();

  /** Writes are published at once here (the real core waits for the commit); tests write outside transactions. */
  private publish(channel: string, action: RealtimeAction, data: unknown): void {
    this.published.push({ channel, action, data });
    for (const l of this.changeListeners) l(channel, action);
  }

  onChange(listener: (channel: string, action: RealtimeAction) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  readonly realtime = { publish: (c: string, a: RealtimeAction, d: unknown) => this.publish(c, a, d) };

  readonly inventory = {
    get: (id: string): ManagedObject | undefined => {
      const r = this.db.prepare('SELECT json FROM fake_mo WHERE id = ?').get(id) as { json: string } | undefined;
      if (!r) return undefined;
      const parents = this.db.prepare(`SELECT parent FROM fake_rel WHERE child = ? AND kind = 'childAssets'`).all(id) as { parent: string }[];
      return { ...(JSON.parse(r.json) as ManagedObject), assetParents: { references: parents.map((p) => ({ managedObject: { id: p.parent } })) } };
    },
    create: (body: Fragments): ManagedObject => {
      const now = this.iso();
      const r = this.db.prepare('INSERT INTO fake_mo (type, json) VALUES (?, ?)').run(typeof body.type === 'string' ? body.type : null, '{}');
      const mo = { ...body, id: String(r.lastInsertRowid), creationTime: now, lastUpdated: now } as ManagedObject;
      this.db.prepare('UPDATE fake_mo SET json = ? WHERE id = ?').run(JSON.stringify(mo), mo.id);
      this.publish('/managedobjects/*', 'CREATE', mo);
      return mo;
    },
    update: (id: string, patch: Fragments): ManagedObject => {
      const r = this.db.prepare('SELECT json FROM fake_mo WHERE id = ?').get(id) as { json: string } | undefined;
      if (!r) throw new HttpError(404, 'inventory/Not Found', `Finding device data from database failed : No managedObject for id '${id}'!`);
      const mo = JSON.parse(r.json) as Record<string, unknown>;
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) delete mo[k];
        else mo[k] = v;
      }
      mo.lastUpdated = this.iso();
      this.db.prepare('UPDATE fake_mo SET json = ?, type = ? WHERE id = ?').run(JSON.stringify(mo), typeof mo.type === 'string' ? mo.type : null, id);
      this.publish(`/managedobjects/${id}`, 'UPDATE', mo);
      return mo as ManagedObject;
    },
    remove: (id: string): void => {
      this.db.prepare('DELETE FROM fake_mo WHERE id = ?').run(id);
      this.db.prepare('DELETE FROM fake_rel WHERE parent = ? OR child = ?').run(id, id);
      this.publish(`/managedobjects/${id}`, 'DELETE', id);
    },
    query: (q: InventoryQuery): Page<ManagedObject> => {
      if (q.query || q.text || q.owner || q.onlyRoots) throw new Error('FakeCore.inventory.query supports type, fragmentType, ids and paging only');
      let items = q.type
        ? (this.db.prepare('SELECT id FROM fake_mo WHERE type = ? ORDER BY id').all(q.type) as { id: number }[])
        : (this.db.prepare('SELECT id FROM fake_mo ORDER BY id').all() as { id: number }[]);
      let mos = items.map((r) => this.inventory.get(String(r.id)) as ManagedObject);
      if (q.fragmentType) mos = mos.filter((m) => m[q.fragmentType as string] !== undefined);
      if (q.ids) mos = mos.filter((m) => q.ids?.includes(m.id));
      const size = q.pageSize ?? 5;
      const page = q.currentPage ?? 1;
      items = [];
      return { items: mos.slice((page - 1) * size, page * size), ...(q.withTotal ? { totalElements: mos.length } : {}) };
    },
    count: (q: InventoryQuery): number => this.inventory.query({ ...q, pageSize: Number.MAX_SAFE_INTEGER, withTotal: true }).totalElements ?? 0,
    children: (parentId: string, kind: ChildKind): Page<ManagedObject> => {
      const rows = this.db.prepare('SELECT child FROM fake_rel WHERE parent = ? AND kind = ?').all(parentId, kind) as { child: string }[];
      return { items: rows.map((r) => this.inventory.get(r.child)).filter((m): m is ManagedObject => !!m) };
    },
    addChild: (parentId: string, kind: ChildKind, childId: string): void => {
      this.db.prepare('INSERT OR IGNORE INTO fake_rel (parent, kind, child) VALUES (?, ?, ?)').run(parentId, kind, childId);
    },
    removeChild: (parentId: string, kind: ChildKind, childId: string): void => {
      this.db.prepare('DELETE FROM fake_rel WHERE parent = ? AND kind = ? AND child = ?').run(parentId, kind, childId);
    },
  };

  readonly operations = {
    create: (body: { deviceId: string; [k: string]: unknown }): Operation => {
      const r = this.db.prepare('INSERT INTO fake_op (deviceId, status, json) VALUES (?, ?, ?)').run(body.deviceId, 'PENDING', '{}');
      const op = { ...body, id: String(r.lastInsertRowid), status: 'PENDING', creationTime: this.iso() } as Operation;
      this.db.prepare('UPDATE fake_op SET json = ? WHERE id = ?').run(JSON.stringify(op), op.id);
      this.publish(`/operations/${body.deviceId}`, 'CREATE', op);
      for (const l of this.opListeners) l(op);
      return op;
    },
    update: (id: string, patch: { status?: OperationStatus; [k: string]: unknown }): Operation => {
      const op = { ...(this.operations.get(id) as Operation), ...patch } as Operation;
      this.db.prepare('UPDATE fake_op SET json = ?, status = ? WHERE id = ?').run(JSON.stringify(op), op.status, id);
      this.publish(`/operations/${op.deviceId}`, 'UPDATE', op);
      return op;
    },
    get: (id: string): Operation | undefined => {
      const r = this.db.prepare('SELECT json FROM fake_op WHERE id = ?').get(id) as { json: string } | undefined;
      return r ? (JSON.parse(r.json) as Operation) : undefined;
    },
    list: (f: { deviceId?: string; status?: OperationStatus; fragmentType?: string; revert?: boolean; pageSize?: number; currentPage?: number }): Page<Operation> => {
      const rows = (
        f.deviceId
          ? this.db.prepare('SELECT json FROM fake_op WHERE deviceId = ? ORDER BY id').all(f.deviceId)
          : this.db.prepare('SELECT json FROM fake_op ORDER BY id').all()
      ) as { json: string }[];
      const ops = rows
        .map((r) => JSON.parse(r.json) as Operation)
        .filter((o) => (!f.deviceId || o.deviceId === f.deviceId) && (!f.status || o.status === f.status) && (!f.fragmentType || o[f.fragmentType] !== undefined));
      // Newest first, as the platform's revert=true.
      if (f.revert) ops.reverse();
      const size = f.pageSize ?? 5;
      const page = f.currentPage ?? 1;
      return { items: ops.slice((page - 1) * size, page * size), totalElements: ops.length };
    },
  };

  get alarms(): never {
    throw new Error('FakeCore has no alarms');
  }

  get events(): never {
    throw new Error('FakeCore has no events');
  }

  user(req: FastifyRequest) {
    const roles = req.headers['x-roles'];
    return {
      tenant: 't1',
      userName: 'tester',
      effectiveRoles: typeof roles === 'string' ? roles.split(',').filter(Boolean) : ['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN', 'ROLE_MANAGE_SOFTWARE_ADMIN'],
    };
  }

  requireRole(req: FastifyRequest, role: string): void {
    if (!this.user(req).effectiveRoles.includes(role)) throw new HttpError(403, 'security/Forbidden', `Access is denied (missing ${role})`);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  onOperationCreated(listener: (op: Operation) => void): void {
    this.opListeners.push(listener);
  }

  setExternalId(type: string, externalId: string, moId: string): void {
    this.db.prepare('INSERT OR REPLACE INTO fake_ext (type, externalId, moId) VALUES (?, ?, ?)').run(type, externalId, moId);
  }

  externalId(type: string, externalId: string): string | undefined {
    return (this.db.prepare('SELECT moId FROM fake_ext WHERE type = ? AND externalId = ?').get(type, externalId) as { moId: string } | undefined)?.moId;
  }

  close(): void {
    this.db.close();
  }
}

/**
 * A Fastify app with the module registered behind the stand-in's role table (which decides every
 * write route's roles), and the platform identity lookup the replacement uses.
 */
export async function buildApp(core: FakeCore, module: ServerModule): Promise<FastifyInstance> {
  const app = Fastify();
  registerRoleGuard(app, core);
  app.get('/identity/externalIds/:type/:externalId', async (req, reply) => {
    const { type, externalId } = req.params as { type: string; externalId: string };
    const id = core.externalId(type, externalId);
    if (!id) return reply.code(404).send({ error: 'identity/Not Found', message: 'not found', info: '' });
    return { type, externalId, managedObject: { id } };
  });
  await module.register(app, core);
  return app;
}
