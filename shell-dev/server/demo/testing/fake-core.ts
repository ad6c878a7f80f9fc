/**
 * An in-memory ServerCore for the demo-data tests, following the real core's rules: ids in
 * creation order, creationTime/lastUpdated/time taken from the body when given, alarms created
 * with count 1 and re-raising an open alarm bumps its count, operations created in the status
 * the internal caller gives (PENDING otherwise), relations rendered as platform references.
 */
import {
  type Alarm,
  type AlarmFilter,
  type ChildKind,
  type Fragments,
  HttpError,
  type InventoryQuery,
  type ManagedObject,
  type Operation,
  type Page,
  type PlatformEvent,
  type ServerCore,
} from '../../core/api';

type Stored = Record<string, unknown> & { id: string; creationTime: string; lastUpdated: string };

const PARENT_KIND: Record<ChildKind, string> = { childAssets: 'assetParents', childDevices: 'deviceParents', childAdditions: 'additionParents' };

export interface FakeCore extends ServerCore {
  readonly stats: { transactions: number; published: number; operationUpdates: number };
  /** Every stored managed object, as stored (no relations rendered). */
  allObjects(): Stored[];
  allAlarms(): Alarm[];
  allEvents(): PlatformEvent[];
  allOperations(): Operation[];
  /** [parentId, kind, childId] in insertion order. */
  relations(): [string, ChildKind, string][];
  /** The binary store the real core has beside api.ts (platform-stored files). */
  binaries: {
    create(meta: { name: string; type?: string }, contentType: string, data: Buffer, owner: string): ManagedObject;
    read(id: string): Buffer | undefined;
  };
  /** The identity store the real core has beside api.ts (external ids, unique per type). */
  identity: {
    create(moId: string, body: { type: string; externalId: string }): { type: string; externalId: string; managedObject: { id: string } };
    list(moId: string): { type: string; externalId: string; managedObject: { id: string } }[];
  };
}

function page<T>(items: T[], q: { pageSize?: number; currentPage?: number; withTotal?: boolean }): Page<T> {
  const size = Math.min(q.pageSize ?? 5, 2000);
  const current = q.currentPage ?? 1;
  const slice = items.slice((current - 1) * size, current * size);
  return q.withTotal ? { items: slice, totalElements: items.length } : { items: slice };
}

const notFound = (what: string, id: string) => new HttpError(404, `${what}/Not Found`, `Finding ${what} with id ${id} failed`);

export function createFakeCore(now: number): FakeCore {
  let seq = 1000;
  const nextId = () => String(++seq);
  const iso = () => new Date(now).toISOString();
  const objects = new Map<string, Stored>();
  const rel: [string, ChildKind, string][] = [];
  const relKeys = new Set<string>();
  /** `${id}|${kind}` -> child ids, and -> parent ids. */
  const childrenOf = new Map<string, string[]>();
  const parentsOf = new Map<string, string[]>();
  const push = (m: Map<string, string[]>, k: string, v: string) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const drop = (m: Map<string, string[]>, k: string, v: string) => {
    const list = m.get(k) ?? [];
    list.splice(list.indexOf(v), 1);
  };
  const alarms = new Map<string, Alarm>();
  /** Open (not CLEARED) alarm per `${sourceId}|${type}`: the platform's de-duplication key. */
  const openAlarms = new Map<string, Alarm>();
  const events = new Map<string, PlatformEvent>();
  const operations = new Map<string, Operation>();
  const listeners: ((op: Operation) => void)[] = [];
  const files = new Map<string, Buffer>();
  /** `${type}|${externalId}` -> managed object id. */
  const externalIds = new Map<string, string>();
  const stats = { transactions: 0, published: 0, operationUpdates: 0 };
  let depth = 0;

  const must = (id: string): Stored => {
    const mo = objects.get(id);
    if (!mo) throw notFound('inventory', id);
    return mo;
  };
  const render = (mo: Stored): ManagedObject => {
    const out: Record<string, unknown> = { ...mo };
    for (const kind of ['childAssets', 'childDevices', 'childAdditions'] as const) {
      const ref = (id: string) => ({ managedObject: { id, name: objects.get(id)?.name } });
      out[kind] = { references: (childrenOf.get(`${mo.id}|${kind}`) ?? []).map(ref) };
      out[PARENT_KIND[kind]] = { references: (parentsOf.get(`${mo.id}|${kind}`) ?? []).map(ref) };
    }
    return out as ManagedObject;
  };
  const matches = (mo: Stored, q: InventoryQuery): boolean => {
    if (q.query !== undefined) throw new HttpError(422, 'inventory/Invalid Data', 'the fake core does not evaluate query strings');
    if (q.type !== undefined && mo.type !== q.type) return false;
    if (q.fragmentType !== undefined && !(q.fragmentType in mo)) return false;
    if (q.ids !== undefined && !q.ids.includes(mo.id)) return false;
    if (q.owner !== undefined && mo.owner !== q.owner) return false;
    return true;
  };
  const publish = () => {
    stats.published++;
  };

  const core: FakeCore = {
    get db(): never {
      throw new Error('the fake core has no database');
    },
    clock: { now: () => now },
    dataDir: '',
    stats,
    inventory: {
      get: (id) => {
        const mo = objects.get(id);
        return mo ? render(mo) : undefined;
      },
      create(body: Fragments, owner?: string) {
        const id = nextId();
        const creationTime = typeof body.creationTime === 'string' ? body.creationTime : iso();
        const lastUpdated = typeof body.lastUpdated === 'string' ? body.lastUpdated : creationTime;
        const mo: Stored = { ...body, id, creationTime, lastUpdated };
        if (owner !== undefined) mo.owner = owner;
        objects.set(id, mo);
        publish();
        return render(mo);
      },
      update(id, patch) {
        const mo = must(id);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) delete mo[k];
          else mo[k] = v;
        }
        mo.lastUpdated = iso();
        publish();
        return render(mo);
      },
      remove(id) {
        must(id);
        objects.delete(id);
        publish();
      },
      query: (q) => page([...objects.values()].filter((mo) => matches(mo, q)).map(render), q),
      count: (q) => [...objects.values()].filter((mo) => matches(mo, q)).length,
      children(parentId, kind, q = {}) {
        must(parentId);
        const ids = childrenOf.get(`${parentId}|${kind}`) ?? [];
        return page(ids.map((c) => must(c)).filter((mo) => matches(mo, q)).map(render), q);
      },
      addChild(parentId, kind, childId) {
        must(parentId);
        must(childId);
        const key = `${parentId}|${kind}|${childId}`;
        if (relKeys.has(key)) return;
        relKeys.add(key);
        rel.push([parentId, kind, childId]);
        push(childrenOf, `${parentId}|${kind}`, childId);
        push(parentsOf, `${childId}|${kind}`, parentId);
        publish();
      },
      removeChild(parentId, kind, childId) {
        const i = rel.findIndex(([p, k, c]) => p === parentId && k === kind && c === childId);
        if (i < 0) throw notFound('inventory', childId);
        rel.splice(i, 1);
        relKeys.delete(`${parentId}|${kind}|${childId}`);
        drop(childrenOf, `${parentId}|${kind}`, childId);
        drop(parentsOf, `${childId}|${kind}`, parentId);
      },
    },
    alarms: {
      create(input) {
        // api.ts's Omit<Partial<Alarm>, ...> drops the named fields (Alarm has an index
        // signature), so read them through the Alarm shape they have.
        const body = input as Partial<Alarm> & Pick<Alarm, 'type' | 'text' | 'severity'> & { source: { id: string } };
        const source = must(body.source.id);
        const status = body.status ?? 'ACTIVE';
        const time = body.time ?? iso();
        const key = `${source.id}|${body.type}`;
        const open = status === 'CLEARED' ? undefined : openAlarms.get(key);
        if (open) {
          open.count += 1;
          open.time = time;
          open.severity = body.severity;
          open.lastUpdated = iso();
          publish();
          return open;
        }
        const id = nextId();
        const alarm: Alarm = {
          ...body,
          id,
          status,
          count: 1,
          time,
          creationTime: body.creationTime ?? iso(),
          firstOccurrenceTime: time,
          lastUpdated: iso(),
          source: { id: source.id, name: source.name as string | undefined },
        };
        alarms.set(id, alarm);
        if (status !== 'CLEARED') openAlarms.set(key, alarm);
        publish();
        return alarm;
      },
      update(id, patch) {
        const a = alarms.get(id);
        if (!a) throw notFound('alarm', id);
        Object.assign(a, patch, { lastUpdated: iso() });
        if (a.status === 'CLEARED' && openAlarms.get(`${a.source.id}|${a.type}`) === a) openAlarms.delete(`${a.source.id}|${a.type}`);
        publish();
        return a;
      },
      list: (f: AlarmFilter) => page(filterAlarms([...alarms.values()], f), f),
      count: (f: AlarmFilter) => filterAlarms([...alarms.values()], f).length,
    },
    events: {
      create(body) {
        const source = must(body.source.id);
        const id = nextId();
        const time = body.time ?? iso();
        const ev: PlatformEvent = { ...body, id, time, creationTime: typeof body.creationTime === 'string' ? body.creationTime : time, source: { id: source.id, name: source.name as string | undefined } };
        events.set(id, ev);
        publish();
        return ev;
      },
      list: (f) =>
        page(
          [...events.values()].filter((e) => (f.source === undefined || e.source.id === f.source) && (f.type === undefined || e.type === f.type)),
          f,
        ),
    },
    operations: {
      create(body) {
        const device = must(body.deviceId);
        const id = nextId();
        const status = (body.status as Operation['status'] | undefined) ?? 'PENDING';
        const op: Operation = { ...body, id, deviceId: device.id, deviceName: device.name as string | undefined, status, creationTime: typeof body.creationTime === 'string' ? body.creationTime : iso() };
        operations.set(id, op);
        publish();
        for (const l of listeners) l(op);
        return op;
      },
      update(id, patch) {
        const op = operations.get(id);
        if (!op) throw notFound('operation', id);
        Object.assign(op, patch);
        stats.operationUpdates++;
        publish();
        return op;
      },
      get: (id) => operations.get(id),
      list: (f) =>
        page(
          [...operations.values()].filter(
            (o) => (f.deviceId === undefined || o.deviceId === f.deviceId) && (f.status === undefined || o.status === f.status) && (f.fragmentType === undefined || f.fragmentType in o),
          ),
          f,
        ),
    },
    realtime: { publish },
    user() {
      throw new Error('the fake core serves no requests');
    },
    requireRole() {
      throw new Error('the fake core serves no requests');
    },
    transaction<T>(fn: () => T): T {
      if (depth === 0) stats.transactions++;
      depth++;
      try {
        return fn();
      } finally {
        depth--;
      }
    },
    onOperationCreated(listener) {
      listeners.push(listener);
    },
    allObjects: () => [...objects.values()],
    allAlarms: () => [...alarms.values()],
    allEvents: () => [...events.values()],
    allOperations: () => [...operations.values()],
    relations: () => rel.slice(),
    binaries: {
      create(meta, contentType, data, owner) {
        const mo = core.inventory.create({ ...meta, type: meta.type ?? contentType, c8y_IsBinary: '', contentType, length: data.length }, owner);
        files.set(mo.id, data);
        return mo;
      },
      read: (id) => files.get(id),
    },
    identity: {
      create(moId, body) {
        if (!objects.has(moId)) throw notFound('inventory', moId);
        const key = `${body.type}|${body.externalId}`;
        // As the platform: an external id names one object of its type.
        if (externalIds.has(key)) throw new HttpError(409, 'identity/Conflict', `External id ${body.type}/${body.externalId} is already in use`);
        externalIds.set(key, moId);
        return { type: body.type, externalId: body.externalId, managedObject: { id: moId } };
      },
      list: (moId) =>
        [...externalIds]
          .filter(([, id]) => id === moId)
          .map(([key]) => {
            const [type, externalId] = key.split('|');
            return { type, externalId, managedObject: { id: moId } };
          }),
    },
  };
  return core;
}

function filterAlarms(list: Alarm[], f: AlarmFilter): Alarm[] {
  return list.filter(
    (a) =>
      (f.source === undefined || a.source.id === f.source) &&
      (f.status === undefined || f.status.includes(a.status)) &&
      (f.severity === undefined || f.severity.includes(a.severity)) &&
      (f.type === undefined || f.type.includes(a.type)) &&
      (f.resolved === undefined || (a.status === 'CLEARED') === f.resolved),
  );
}
