import type { FastifyInstance } from 'fastify';
import { compareVersions } from '@shared/domain/version';
import { namesInTwoVersions, type DependencyNode } from '@shared/domain/software-package';
import { isDeviceType, softwareTypeFor } from '@shared/domain/device-types';
import type { ManagedObject, ServerCore } from '../../../core/api';
import { HttpError } from '../../../core/api';
import { DEVICE_TYPE_NETBOX, ROLE_READ, SOFTWARE_TYPE } from '../constants';
import { type Query, str as lastOf } from '../../../http/common';
import { serviceRoute } from '../../../http/schemas';
import { baseUrl, notFound, scanAll, type ServiceContext } from '../helpers';
import { str } from '../model';
import { ChoicesGoneError, packageForCreate, packagePatchForUpdate, validationError } from '../validation';
import { schemaError } from './schemas';

/**
 * What the console sees of a package: everything but a password (the service keeps passwords off
 * the objects, package-passwords.ts; this also hides one written onto an object through the
 * inventory API). The edit form shows a marker instead.
 */
export function publicPackage(mo: ManagedObject): Record<string, unknown> {
  const { password: _password, ...rest } = mo;
  return rest;
}

function softwareType(deviceType: string | undefined): string | undefined {
  if (!deviceType) return undefined;
  return isDeviceType(deviceType) ? softwareTypeFor(deviceType) : deviceType;
}

export function allPackages(core: ServerCore): ManagedObject[] {
  return scanAll(core, { type: SOFTWARE_TYPE });
}

/** Packages as the dependency rules read them, by id (a later entry of an id replaces an earlier one). */
export function dependencyNodes(packages: readonly ManagedObject[]): Map<string, DependencyNode> {
  return new Map(
    packages.map((p) => [
      String(p.id),
      { name: String(p.name ?? ''), version: String(p.version ?? ''), dependencies: Array.isArray(p.dependencies) ? (p.dependencies as { id: string | number }[]) : [] },
    ]),
  );
}

/** Name, then version by the product's comparison (invalid versions fall back to text order). */
export function byNameThenVersion(a: ManagedObject, b: ManagedObject): number {
  const n = String(a.name ?? '').localeCompare(String(b.name ?? ''));
  if (n !== 0) return n;
  const v = compareVersions(str(a.version), str(b.version));
  return Number.isNaN(v) ? String(a.version ?? '').localeCompare(String(b.version ?? '')) : v;
}

function getPackage(core: ServerCore, id: string): ManagedObject {
  const mo = core.inventory.get(id);
  if (!mo || mo.type !== SOFTWARE_TYPE) throw notFound('Software package', id);
  return mo;
}

/**
 * The shortest chain of dependencies from start to target (both included), or null when target
 * is not reached: the cycle a refused dependency would close, to name it in the refusal.
 */
function pathTo(byId: Map<string, ManagedObject>, start: string, target: string): string[] | null {
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (id === target) {
      const path: string[] = [];
      for (let at: string | null = id; at !== null; at = parent.get(at) ?? null) path.unshift(at);
      return path;
    }
    const deps = byId.get(id)?.dependencies;
    if (!Array.isArray(deps)) continue;
    for (const d of deps) {
      const next = String((d as { id?: unknown }).id);
      if (!parent.has(next)) {
        parent.set(next, id);
        queue.push(next);
      }
    }
  }
  return null;
}

const anId = (message: string) => ({ type: ['string', 'number'], 'x-message': message });
const CREATE_BODY = {
  type: 'object',
  required: ['inventoryRequest'],
  properties: { inventoryRequest: { type: 'object', 'x-message': 'inventoryRequest is required.' } },
};
const UPDATE_BODY = {
  type: 'object',
  required: ['inventoryRequest'],
  properties: { inventoryRequest: { type: 'object', required: ['id'], properties: { id: anId('inventoryRequest.id is required.') }, 'x-message': 'inventoryRequest is required.' } },
};
const DELETE_QUERY = [{ name: 'inventoryId', required: true, schema: { type: 'string', 'x-message': 'inventoryId is required.' } }];
const DEPENDENCIES_BODY = {
  type: 'object',
  required: ['managedObject', 'dependencies'],
  properties: {
    managedObject: { type: 'object', required: ['id'], properties: { id: anId('managedObject.id is required.') }, 'x-message': 'managedObject.id is required.' },
    dependencies: {
      type: 'array',
      'x-message': 'dependencies must be a list.',
      items: { type: 'object', required: ['id'], properties: { id: anId('dependencies must be a list of packages, each with an id.') }, 'x-message': 'dependencies must be a list of packages, each with an id.' },
    },
  },
};
const VALIDATE_BODY = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, 'x-message': 'name is required.' } } };

export function registerSoftwareRoutes(app: FastifyInstance, { core, store }: ServiceContext): void {
  app.get('/softwarePackage', async (req) => {
    core.requireRole(req, ROLE_READ);
    const q = req.query as { name?: string; version?: string; deviceType?: string };
    const type = softwareType(q.deviceType);
    const list = allPackages(core)
      .filter((p) => (q.name ? p.name === q.name : true) && (q.version ? p.version === q.version : true) && (type ? p.deviceType === type : true))
      .sort(byNameThenVersion)
      .map(publicPackage);
    return { softwarePackageList: list };
  });

  app.post('/softwarePackage', serviceRoute({ body: CREATE_BODY, error: schemaError }), async (req) => {
    const { doc, password } = packageForCreate((req.body as { inventoryRequest: Record<string, unknown> }).inventoryRequest);
    const mo = core.transaction(() => {
      const clash = allPackages(core).find((p) => p.name === doc.name && p.version === doc.version && p.deviceType === doc.deviceType);
      if (clash) throw new HttpError(409, 'create-software-ng/duplicate', `Software ${doc.name} ${doc.version} already exists for ${doc.deviceType}.`);
      const created = core.inventory.create({ type: SOFTWARE_TYPE, ...doc });
      store.setPackagePassword(created.id, password);
      return created;
    });
    return { ...publicPackage(mo), inventoryManagedObjectUrl: `${baseUrl(req)}/inventory/managedObjects/${mo.id}` };
  });

  app.put('/softwarePackage', serviceRoute({ body: UPDATE_BODY, error: schemaError }), async (req) => {
    const { inventoryRequest } = req.body as { inventoryRequest: Record<string, unknown> & { id: string | number } };
    return core.transaction(() => {
      const current = getPackage(core, String(inventoryRequest.id));
      const { patch, password } = packagePatchForUpdate(inventoryRequest, current);
      if (password !== undefined) store.setPackagePassword(current.id, password);
      return publicPackage(core.inventory.update(current.id, patch));
    });
  });

  app.delete('/softwarePackage', serviceRoute({ query: DELETE_QUERY, error: schemaError }), async (req, reply) => {
    // The last of a repeated parameter, as the schema read it.
    const id = lastOf(req.query as Query, 'inventoryId')!;
    core.transaction(() => {
      getPackage(core, id);
      // Other packages must not keep depending on a package that is gone.
      for (const p of allPackages(core)) {
        const deps = Array.isArray(p.dependencies) ? (p.dependencies as { id?: unknown }[]) : [];
        const kept = deps.filter((d) => String(d.id) !== id);
        if (kept.length !== deps.length) core.inventory.update(p.id, { dependencies: kept });
      }
      core.inventory.remove(id);
    });
    return reply.code(204).send();
  });

  app.put('/dependencies', serviceRoute({ body: DEPENDENCIES_BODY, error: schemaError }), async (req) => {
    const body = req.body as { managedObject: { id: string | number }; dependencies: unknown[] };
    const id = String(body.managedObject.id);
    const depIds = [...new Set(body.dependencies.map((d) => String((d as { id?: unknown } | null)?.id ?? '')))];
    return core.transaction(() => {
      const pkg = getPackage(core, id);
      const byId = new Map(allPackages(core).map((p) => [p.id, p]));
      if (depIds.includes(id)) throw validationError([`Software ${pkg.name} ${pkg.version} cannot depend on itself.`]);
      // A chosen package deleted by another user since the modal read the list is said apart, with its name.
      const sent = new Map(body.dependencies.map((d) => [String((d as { id?: unknown } | null)?.id ?? ''), (d ?? {}) as { name?: unknown; version?: unknown }]));
      const gone = depIds.filter((d) => !byId.has(d) && !core.inventory.get(d));
      if (gone.length > 0) throw new ChoicesGoneError(gone.map((d) => ({ id: d, name: str(sent.get(d)?.name), version: str(sent.get(d)?.version) })));
      const deps = depIds.map((d) => {
        const dep = byId.get(d);
        if (!dep) throw validationError([`Dependency ${d} is not a software package.`]);
        return dep;
      });
      // A device holds one version of a name and installs its own type's software: a dependency on
      // another version of the package, on two versions of one name or of another type is never met.
      const label = (pid: string) => {
        const p = byId.get(pid);
        return p ? `${String(p.name)} ${String(p.version)}` : pid;
      };
      const unmet = deps.flatMap((d) => {
        if (d.name === pkg.name) return [`Software ${label(id)} cannot depend on another version of itself (${label(d.id)}).`];
        if (d.deviceType !== pkg.deviceType) return [`Dependency ${label(d.id)} is for ${String(d.deviceType)}, not for ${String(pkg.deviceType)}.`];
        if (deps.some((o) => o !== d && o.name === d.name)) return [`Software ${label(id)} can depend on ${String(d.name)} in one version only.`];
        return [];
      });
      if (unmet.length > 0) throw validationError([...new Set(unmet)]);
      // Nor further down: what the dependencies need must not ask for another version of a name either.
      const twice = namesInTwoVersions(dependencyNodes([...byId.values(), { ...pkg, dependencies: deps.map((d) => ({ id: d.id })) }]), [id]);
      if (twice.length > 0) throw validationError([`Software ${label(id)} with these dependencies would need ${twice.join(' and ')}; a device holds one version of a name.`]);
      // Each refused dependency is named with the cycle it would close: P -> D -> ... -> P.
      const cycles = deps.flatMap((d) => {
        const path = pathTo(byId, d.id, id);
        return path ? [[id, ...path].map(label).join(' -> ')] : [];
      });
      if (cycles.length > 0) throw validationError(cycles.map((c) => `Circular dependency: ${c}.`));
      const dependencies = deps.map((d) => ({ id: d.id, name: d.name, version: d.version }));
      return publicPackage(core.inventory.update(id, { dependencies }));
    });
  });

  // A read through PUT: its role (ROLE_INVENTORY_READ) is in the role table with the writes.
  app.put('/validateSoftware', serviceRoute({ body: VALIDATE_BODY, error: schemaError }), async (req) => {
    const body = req.body as Record<string, unknown> & { name: string };
    const name = body.name;
    const version = str(body.version);
    const type = softwareType(str(body.deviceType)) ?? DEVICE_TYPE_NETBOX;
    const candidates = allPackages(core).filter((p) => p.name === name && p.deviceType === type);
    const same = version ? candidates.find((p) => p.version === version) : undefined;
    let latest: ManagedObject | undefined;
    for (const p of candidates) {
      // Versions the comparison cannot order are never "latest".
      if (Number.isNaN(compareVersions(str(p.version), str(p.version)))) continue;
      if (!latest || compareVersions(str(p.version), str(latest.version)) > 0) latest = p;
    }
    return {
      softwareObject: same ? publicPackage(same) : null,
      latestSoftwareObject: latest ? publicPackage(latest) : null,
    };
  });
}
