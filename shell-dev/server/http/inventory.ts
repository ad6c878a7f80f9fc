import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChildKind, Fragments, ManagedObject } from '../core/api';
import { ROLES, forbidden } from '../core/auth';
import { invalid, isPlainObject, notFound } from '../core/context';
import type { Core } from '../core/core';
import { CHILD_KINDS, type InventoryListQuery, type Reference } from '../core/inventory';
import { moUrlAt, PARENT_KINDS, withLinksAt } from '../core/managed-object-links';
import { baseUrl, body, bool, CHARSET, collection, list, MEDIA, paging, q, type Query, readRole, sendJson, str } from './common';

/** Fields the platform computes; a client cannot set them. */
const READ_ONLY = ['id', 'self', 'owner', 'creationTime', 'lastUpdated', ...CHILD_KINDS, ...PARENT_KINDS];

export function moUrl(req: FastifyRequest, id: string): string {
  return moUrlAt(baseUrl(req), id);
}

/** Adds the platform's self links to a document and its references. */
export function withLinks(req: FastifyRequest, doc: ManagedObject): ManagedObject {
  return withLinksAt(baseUrl(req), doc);
}

export function clientFragments(b: Record<string, unknown>): Fragments {
  for (const f of ['name', 'type'] as const) {
    if (b[f] !== undefined && b[f] !== null && typeof b[f] !== 'string') throw invalid('inventory', `'${f}' must be a string`);
  }
  const out: Fragments = {};
  for (const [k, v] of Object.entries(b)) if (!READ_ONLY.includes(k)) out[k] = v;
  return out;
}

function listQuery(query: Query): InventoryListQuery {
  const p = paging(query);
  const query1 = str(query, 'query')?.trim();
  const deviceQuery = str(query, 'q')?.trim();
  // `q` is a device query: the platform adds has(c8y_IsDevice) to it, also to an empty `q=` (the
  // platform shell's device grid sends one and expects devices only).
  const combined = query.q !== undefined ? mergeQueries([query1, deviceQuery].filter((s): s is string => !!s), true) : query1 || undefined;
  return {
    query: combined,
    type: str(query, 'type') || undefined,
    fragmentType: str(query, 'fragmentType') || undefined,
    ids: list(query, 'ids'),
    text: str(query, 'text') || undefined,
    owner: str(query, 'owner') || undefined,
    onlyRoots: bool(query, 'onlyRoots'),
    childAssetId: str(query, 'childAssetId') || undefined,
    childDeviceId: str(query, 'childDeviceId') || undefined,
    childAdditionId: str(query, 'childAdditionId') || undefined,
    withParents: bool(query, 'withParents') ?? false,
    withGroups: bool(query, 'withGroups') ?? false,
    withChildren: bool(query, 'withChildren') ?? true,
    pageSize: p.pageSize,
    currentPage: p.currentPage,
    withTotal: p.withTotal,
  };
}

/** Joins several `$filter=... $orderby=...` texts into one (filters and-ed, first orderby wins). */
function mergeQueries(texts: string[], device: boolean): string {
  const filters: string[] = device ? ['has(c8y_IsDevice)'] : [];
  let orderBy: string | undefined;
  for (const text of texts) {
    const t = /\$(filter|orderby)\s*=/i.test(text) ? text : `$filter=(${text})`;
    const f = /\$filter\s*=\s*([\s\S]*?)(?=\$orderby\s*=|$)/i.exec(t);
    const o = /\$orderby\s*=\s*([\s\S]*?)(?=\$filter\s*=|$)/i.exec(t);
    if (f && f[1].trim()) filters.push(`(${f[1].trim()})`);
    if (o && o[1].trim() && orderBy === undefined) orderBy = o[1].trim();
  }
  return `${filters.length ? `$filter=(${filters.join(' and ')})` : ''}${orderBy ? ` $orderby=${orderBy}` : ''}`;
}

function kindParam(req: FastifyRequest): ChildKind {
  const kind = (req.params as { kind: string }).kind as ChildKind;
  if (!CHILD_KINDS.includes(kind)) throw notFound('inventory', 'reference collection', kind);
  return kind;
}

/** Admins change anything; holders of the create role only what they own (as the platform). */
export function requireInventoryWrite(core: Core, req: FastifyRequest, id?: string): void {
  if (core.hasRole(req, ROLES.inventoryAdmin)) return;
  if (core.hasRole(req, ROLES.inventoryCreate)) {
    if (id === undefined) return;
    const mo = core.inventory.get(id, { withChildren: false, withParents: false });
    if (mo && mo.owner === core.user(req).userName) return;
  }
  throw forbidden(`Access is denied: missing role ${ROLES.inventoryAdmin}`);
}

export function registerInventory(app: FastifyInstance, core: Core): void {
  const read = readRole(core, ROLES.inventoryRead);

  // Lists run on worker threads (core/reader-pool.ts) once the inventory is large enough for a
  // list to hold the event loop; a small one (tests, e2e) answers in-thread in well under 1 ms.
  app.addHook('onClose', async () => core.readers?.close());
  app.get('/inventory/managedObjects', read, async (req, reply) => {
    const lq = listQuery(q(req));
    core.startReaders();
    const p = paging(q(req));
    if (core.readers?.available) {
      // The reader renders the page's documents to JSON too: the event loop only wraps them.
      const page = await core.readers.inventoryPage(lq, baseUrl(req), core.inventory.generation);
      const { managedObjects: _, ...envelope } = collection(req, 'managedObjects', new Array<unknown>(page.count), p, page.totalElements);
      return reply.code(200).type(MEDIA.managedObjectCollection + CHARSET).send(`{"managedObjects":${page.itemsJson},${JSON.stringify(envelope).slice(1)}`);
    }
    const page = core.inventory.query(lq);
    return sendJson(reply, MEDIA.managedObjectCollection, collection(req, 'managedObjects', page.items.map((d) => withLinks(req, d)), p, page.totalElements));
  });

  app.post('/inventory/managedObjects', async (req, reply) => {
    requireInventoryWrite(core, req);
    const mo = core.inventory.create(clientFragments(body(req, 'inventory')), core.user(req).userName);
    reply.header('Location', moUrl(req, mo.id));
    return sendJson(reply, MEDIA.managedObject, withLinks(req, mo), 201);
  });

  app.get('/inventory/managedObjects/:id', read, async (req, reply) => {
    const { id } = req.params as { id: string };
    const mo = core.inventory.get(id, { withParents: bool(q(req), 'withParents') ?? true, withChildren: bool(q(req), 'withChildren') ?? true });
    if (!mo) throw notFound('inventory', 'managed object', id);
    return sendJson(reply, MEDIA.managedObject, withLinks(req, mo));
  });

  app.put('/inventory/managedObjects/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const patch = clientFragments(body(req, 'inventory'));
    if (!core.inventory.get(id, { withChildren: false })) throw notFound('inventory', 'managed object', id);
    requireInventoryWrite(core, req, id);
    return sendJson(reply, MEDIA.managedObject, withLinks(req, core.inventory.update(id, patch)));
  });

  app.delete('/inventory/managedObjects/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!core.inventory.get(id, { withChildren: false })) throw notFound('inventory', 'managed object', id);
    requireInventoryWrite(core, req, id);
    core.inventory.remove(id);
    return reply.code(204).send();
  });

  app.get('/inventory/managedObjects/:id/:kind', read, async (req, reply) => {
    const kind = kindParam(req);
    const { id } = req.params as { id: string };
    const lq = listQuery(q(req));
    const page = core.inventory.children(id, kind, lq);
    const p = paging(q(req));
    const refs = page.items.map((mo) => ({ managedObject: withLinks(req, mo), self: `${moUrl(req, id)}/${kind}/${mo.id}` }));
    return sendJson(reply, MEDIA.referenceCollection, collection(req, 'references', refs, p, page.totalElements));
  });

  app.post('/inventory/managedObjects/:id/:kind', async (req, reply) => {
    const kind = kindParam(req);
    const { id } = req.params as { id: string };
    const b = body(req, 'inventory');
    if (!core.inventory.get(id, { withChildren: false })) throw notFound('inventory', 'managed object', id);
    requireInventoryWrite(core, req, id);
    const childIds = core.transaction(() => {
      const refs: unknown[] = Array.isArray(b.references) ? b.references : [b];
      return refs.map((r) => {
        const ref = isPlainObject(r) && isPlainObject(r.managedObject) ? r.managedObject : undefined;
        if (ref && (typeof ref.id === 'string' || typeof ref.id === 'number')) {
          core.inventory.addChild(id, kind, String(ref.id));
          return String(ref.id);
        }
        if (!isPlainObject(r) || 'managedObject' in r) throw invalid('inventory', "A reference needs 'managedObject.id'");
        // A managed object instead of a reference creates the child and links it in one step.
        const child = core.inventory.create(clientFragments(r), core.user(req).userName);
        core.inventory.addChild(id, kind, child.id);
        return child.id;
      });
    });
    const refs = childIds.map((cid) => ({ managedObject: withLinks(req, core.inventory.get(cid, { withParents: false })!), self: `${moUrl(req, id)}/${kind}/${cid}` }));
    if (Array.isArray(b.references)) return sendJson(reply, MEDIA.referenceCollection, { references: refs, self: `${moUrl(req, id)}/${kind}` }, 201);
    reply.header('Location', refs[0].self);
    return sendJson(reply, MEDIA.reference, refs[0], 201);
  });

  app.get('/inventory/managedObjects/:id/:kind/:childId', read, async (req, reply) => {
    const kind = kindParam(req);
    const { id, childId } = req.params as { id: string; childId: string };
    const parent = core.inventory.get(id, { withParents: false });
    const refs = (parent?.[kind] as { references: Reference[] } | undefined)?.references ?? [];
    if (!parent || !refs.some((r) => r.managedObject.id === childId)) throw notFound('inventory', 'managed object reference', `${id}/${kind}/${childId}`);
    const child = core.inventory.get(childId, { withParents: false })!;
    return sendJson(reply, MEDIA.reference, { managedObject: withLinks(req, child), self: `${moUrl(req, id)}/${kind}/${childId}` });
  });

  app.delete('/inventory/managedObjects/:id/:kind/:childId', async (req, reply) => {
    const kind = kindParam(req);
    const { id, childId } = req.params as { id: string; childId: string };
    if (!core.inventory.get(id, { withChildren: false })) throw notFound('inventory', 'managed object', id);
    requireInventoryWrite(core, req, id);
    core.inventory.removeChild(id, kind, childId);
    return reply.code(204).send();
  });
}
