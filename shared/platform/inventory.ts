/** Inventory (managed objects, child assets, binaries): /inventory/... */
import { MEDIA, getPage, objectIn, request, type Paged, type PagingParams } from './fetch-client';

/** A reference to a related managed object inside a managed object. */
export interface ManagedObjectReference {
  managedObject: { id: string; name?: string; self?: string };
}

/** A managed object as the inventory returns it; fragments are open-ended. */
export interface ManagedObject {
  id: string;
  name?: string;
  type?: string;
  owner?: string;
  self?: string;
  creationTime?: string;
  lastUpdated?: string;
  childAssets?: { references: ManagedObjectReference[] };
  childDevices?: { references: ManagedObjectReference[] };
  childAdditions?: { references: ManagedObjectReference[] };
  assetParents?: { references: ManagedObjectReference[] };
  deviceParents?: { references: ManagedObjectReference[] };
  additionParents?: { references: ManagedObjectReference[] };
  [fragment: string]: unknown;
}

/** Query parameters of GET /inventory/managedObjects. */
export interface InventoryListParams extends PagingParams {
  /** Platform query language, built with query-language.ts. */
  query?: string;
  type?: string;
  fragmentType?: string;
  ids?: readonly string[];
  text?: string;
  owner?: string;
  onlyRoots?: boolean;
  childAssetId?: string;
  childDeviceId?: string;
  childAdditionId?: string;
  withChildren?: boolean;
  withChildrenCount?: boolean;
  withParents?: boolean;
  withGroups?: boolean;
  skipChildrenNames?: boolean;
}

/** Options of a single managed object's GET. */
export interface InventoryDetailParams {
  withChildren?: boolean;
  withChildrenCount?: boolean;
  withParents?: boolean;
  skipChildrenNames?: boolean;
}

const MO = '/inventory/managedObjects';

const listQuery = (p: InventoryListParams) => ({ ...p, ids: p.ids?.length ? p.ids.join(',') : undefined });

/** Lists managed objects (one page). */
export function listManagedObjects(params: InventoryListParams = {}): Promise<Paged<ManagedObject>> {
  return getPage<ManagedObject>(MO, 'managedObjects', listQuery(params), MEDIA.managedObjectCollection);
}

/** Counts the managed objects matching the filter (asks for one item and the total). */
export async function countManagedObjects(params: Omit<InventoryListParams, keyof PagingParams> = {}): Promise<number> {
  const page = await listManagedObjects({ ...params, pageSize: 1, withTotalElements: true, withTotalPages: true });
  return page.statistics.totalElements ?? page.statistics.totalPages ?? page.items.length;
}

/** Loads every page of a query (e.g. all selected devices in pages of 1000). */
export async function listAllManagedObjects(params: InventoryListParams, pageSize: number): Promise<ManagedObject[]> {
  const all: ManagedObject[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const page = await listManagedObjects({ ...params, pageSize, currentPage });
    all.push(...page.items);
    if (page.items.length < pageSize) return all;
  }
}

/** One managed object. */
export async function getManagedObject(id: string, params: InventoryDetailParams = {}): Promise<ManagedObject> {
  const path = `${MO}/${encodeURIComponent(id)}`;
  return objectIn<ManagedObject>(await request<unknown>('GET', path, { query: { ...params }, headers: { Accept: MEDIA.managedObject } }), 'id', path);
}

/** Partial update: only the given fragments change; a fragment set to null is removed. */
export function updateManagedObject(id: string, patch: Omit<Partial<ManagedObject>, 'id'>): Promise<ManagedObject> {
  // id in the body as @c8y/client sends it; lastUpdated is read-only on the platform.
  const body: Record<string, unknown> = { ...patch, id: String(id) };
  delete body.lastUpdated;
  return request<ManagedObject>('PUT', `${MO}/${encodeURIComponent(id)}`, {
    body,
    headers: { 'Content-Type': MEDIA.managedObject, Accept: MEDIA.managedObject },
  });
}

/** Creates a managed object. */
export function createManagedObject(body: Omit<Partial<ManagedObject>, 'id'>): Promise<ManagedObject> {
  return request<ManagedObject>('POST', MO, {
    body,
    headers: { 'Content-Type': MEDIA.managedObject, Accept: MEDIA.managedObject },
  });
}

/** Deletes a managed object. */
export async function deleteManagedObject(id: string, params: { cascade?: boolean } = {}): Promise<void> {
  await request<null>('DELETE', `${MO}/${encodeURIComponent(id)}`, { query: { ...params } });
}

/** Child assets of a managed object (e.g. a group's devices), resolved to the managed objects. */
export async function listChildAssets(
  parentId: string,
  params: PagingParams & { query?: string; withChildren?: boolean } = {},
): Promise<Paged<ManagedObject>> {
  const page = await getPage<ManagedObjectReference>(
    `${MO}/${encodeURIComponent(parentId)}/childAssets`,
    'references',
    { ...params },
    MEDIA.managedObjectReferenceCollection,
  );
  return { ...page, items: page.items.map((r) => r.managedObject as ManagedObject) };
}

/** Child additions of a managed object (e.g. a device's provisioning record): references with id and name only. */
export async function listChildAdditions(parentId: string, params: PagingParams = {}): Promise<Paged<ManagedObjectReference['managedObject']>> {
  const page = await getPage<ManagedObjectReference>(`${MO}/${encodeURIComponent(parentId)}/childAdditions`, 'references', { ...params }, MEDIA.managedObjectReferenceCollection);
  return { ...page, items: page.items.map((r) => r.managedObject) };
}

/** Adds an existing managed object as child asset (e.g. a device to a group). */
export async function addChildAsset(parentId: string, childId: string): Promise<void> {
  await request<unknown>('POST', `${MO}/${encodeURIComponent(parentId)}/childAssets`, {
    body: { managedObject: { id: String(childId) } },
    headers: { 'Content-Type': MEDIA.managedObjectReference },
  });
}

/** Removes a child asset reference (the child itself stays). */
export async function removeChildAsset(parentId: string, childId: string): Promise<void> {
  await request<null>('DELETE', `${MO}/${encodeURIComponent(parentId)}/childAssets/${encodeURIComponent(childId)}`);
}

/** Metadata stored with an uploaded binary. */
export interface BinaryMeta {
  name?: string;
  type?: string;
  [fragment: string]: unknown;
}

/**
 * Uploads a file as a binary (multipart: `object` JSON then `file`); the answer's `self` is the
 * download URL the software repository stores as the package url.
 */
export function uploadBinary(file: Blob, meta: BinaryMeta = {}, fileName?: string): Promise<ManagedObject> {
  const name = fileName ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'bin');
  const form = new FormData();
  form.append('object', JSON.stringify({ name, type: file.type || 'application/octet-stream', ...meta }));
  form.append('file', file, name);
  return request<ManagedObject>('POST', '/inventory/binaries', { body: form, headers: { Accept: MEDIA.managedObject } });
}

/** Deletes an uploaded binary. */
export async function deleteBinary(id: string): Promise<void> {
  await request<null>('DELETE', `/inventory/binaries/${encodeURIComponent(id)}`);
}
