import type { Database } from 'better-sqlite3';
import type { FastifyRequest } from 'fastify';
import type { AuthUser, Clock, Operation, ReadContext, ServerCore } from './api';
import { ApplicationStore } from './applications';
import { Auth, DEFAULT_TENANT, forbidden, unauthorized } from './auth';
import { CoreContext } from './context';
import { BinaryStore } from './binaries';
import { IdentityStore } from './identity';
import { InventoryStore } from './inventory';
import { MeasurementStore } from './measurements';
import { ReaderPool } from './reader-pool';
import { UserDirectory } from './users';
import { AlarmStore } from './alarms';
import { EventStore } from './events';
import { OperationStore } from './operations';

/** The core with its concrete stores (the REST layer needs more than api.ts exposes). */
export interface Core extends ServerCore {
  ctx: CoreContext;
  inventory: InventoryStore;
  alarms: AlarmStore;
  events: EventStore;
  operations: OperationStore;
  measurements: MeasurementStore;
  identity: IdentityStore;
  binaries: BinaryStore;
  applications: ApplicationStore;
  auth: Auth;
  users: UserDirectory;
  /** Worker threads for inventory list reads and read tasks (none for an in-memory database). */
  readers: ReaderPool | undefined;
  /** Starts the readers once the inventory reaches READERS_FROM_OBJECTS (checked until they started). */
  startReaders(): void;
  tenant: string;
  /** Binds a request to its authenticated user (done by the auth hook). */
  setUser(req: FastifyRequest, user: AuthUser): void;
  hasRole(req: FastifyRequest, role: string): boolean;
}

/**
 * Page cache of the connection (KiB, SQLite's negative form). The default 2 MB holds a sliver of
 * a 100,000-device fleet: every device read or update of a bulk job went to the OS for its pages.
 */
export const PAGE_CACHE_KIB = 64 * 1024;

/** Inventory size (highest id) from which lists and read tasks run off the event loop. */
export const READERS_FROM_OBJECTS = 5_000;

export function createCore(db: Database, clock: Clock, dataDir: string): Core {
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const ctx = new CoreContext(db, clock);
  const inventory = new InventoryStore(ctx);
  const operations = new OperationStore(ctx);
  const auth = new Auth(ctx);
  const requestUsers = new WeakMap<FastifyRequest, AuthUser>();
  const user = (req: FastifyRequest): AuthUser => {
    const u = requestUsers.get(req);
    if (!u) throw unauthorized('Authentication required');
    return u;
  };
  const readers = db.memory ? undefined : new ReaderPool(db.name, db.pragma('busy_timeout', { simple: true }) as number);
  // A small inventory (tests, e2e) answers in-thread in well under 1 ms: no workers for it.
  const startReaders = () => {
    if (!readers || readers.started) return;
    const { n } = ctx.stmt('SELECT coalesce(max(id), 0) AS n FROM managed_objects').get() as { n: number };
    if (n >= READERS_FROM_OBJECTS) readers.start();
  };
  const local: ReadContext = { db, inventory };
  return {
    db,
    clock,
    dataDir,
    ctx,
    tenant: DEFAULT_TENANT,
    inventory,
    alarms: new AlarmStore(ctx, inventory),
    events: new EventStore(ctx),
    operations,
    measurements: new MeasurementStore(ctx),
    identity: new IdentityStore(ctx),
    binaries: new BinaryStore(ctx, inventory, dataDir),
    applications: new ApplicationStore(ctx, DEFAULT_TENANT),
    auth,
    users: new UserDirectory(ctx, auth),
    readers,
    startReaders,
    read(task, args) {
      startReaders();
      if (readers?.available) return readers.run(task, args);
      try {
        return Promise.resolve(task.fn(local, args));
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    },
    realtime: { publish: (channel, action, data) => ctx.notify(channel, action, data) },
    user,
    setUser: (req, u) => void requestUsers.set(req, u),
    hasRole: (req, role) => user(req).effectiveRoles.includes(role),
    requireRole(req, role) {
      if (!user(req).effectiveRoles.includes(role)) throw forbidden(`Access is denied: missing role ${role}`);
    },
    transaction: (fn) => ctx.transaction(fn),
    onOperationCreated: (listener: (op: Operation) => void) => operations.onCreated(listener),
    onChange: (listener) => ctx.onChange(listener),
  };
}
