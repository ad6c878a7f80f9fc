import type { FastifyRequest } from 'fastify';
import type { InventoryQuery, ManagedObject, ServerCore } from '../../core/api';
import { HttpError } from '../../core/api';
import { SCAN_PAGE_SIZE } from './constants';
import type { JobRunner } from './jobs';
import type { RolloutEngine } from './rollout-engine';
import type { ServiceStore } from './store';
import { badRequest } from './validation';

export interface ServiceContext {
  core: ServerCore;
  store: ServiceStore;
  jobs: JobRunner;
  engine: RolloutEngine;
}

export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b === null || typeof b !== 'object' || Array.isArray(b)) throw badRequest('A JSON object body is required.');
  return b as Record<string, unknown>;
}

export function notFound(what: string, id: string): HttpError {
  return new HttpError(404, 'create-software-ng/notFound', `${what} ${id} not found`);
}

/** Every managed object matching q, page by page (collections the service scans are small or filtered). */
export function scanAll(core: ServerCore, q: InventoryQuery): ManagedObject[] {
  const all: ManagedObject[] = [];
  for (let page = 1; ; page++) {
    const res = core.inventory.query({ ...q, pageSize: SCAN_PAGE_SIZE, currentPage: page });
    all.push(...res.items);
    if (res.items.length < SCAN_PAGE_SIZE) return all;
  }
}

/**
 * The documents of many objects in one query, by id (missing ids are absent). Without their
 * parents: a bulk job reads a chunk's devices for their fragments.
 */
export function objectsById(core: ServerCore, ids: readonly string[]): Map<string, ManagedObject> {
  const byId = new Map<string, ManagedObject>();
  if (ids.length === 0) return byId;
  for (const mo of core.inventory.query({ ids: [...ids], pageSize: ids.length }).items) byId.set(mo.id, mo);
  return byId;
}

/** Device ids from a list of ids or of objects with an id (the console sends either). */
export function idList(v: unknown, field: string): string[] {
  if (!Array.isArray(v) || v.length === 0) throw badRequest(`${field} must be a non-empty list of device ids.`);
  const ids = v.map((d) => (typeof d === 'string' || typeof d === 'number' ? String(d) : String((d as { id?: unknown } | null)?.id ?? '')));
  if (ids.some((id) => id === '' || id === 'undefined')) throw badRequest(`${field} contains an entry without a device id.`);
  return [...new Set(ids)];
}

export function baseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}
