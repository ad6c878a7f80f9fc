/**
 * The endpoint table: every write route of the stand-in (core REST API, application packages, the
 * microservices), who may call it and what body it takes. One hook reads it for every request, so
 * a route's handler never decides roles on its own; a write route the table does not name is
 * refused (fail closed) and the table test (test/roles.test.ts) names it.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { PRODUCT } from '@shared/plugin-api/types';
import { UNDELETABLE_PACKAGE_TYPES } from '@shared/domain/software-package';
import { HttpError, type ServerCore } from '../core/api';
import { forbidden, ROLES } from '../core/auth';
import { isPlainObject } from '../core/context';
import { sendError } from './common';
import { MAX_BINARY_BYTES } from './limits';

/** Largest JSON document (one managed object, alarm, user, ...): far beyond any real one. */
export const JSON_DOCUMENT_LIMIT_BYTES = 2 * 1024 * 1024;
/** Largest bulk JSON body (device id lists of 100,000 devices, measurement collections). */
export const JSON_BULK_LIMIT_BYTES = 10 * 1024 * 1024;
/** Bodies of endpoints that take none or a few fields (login, logout, status changes). */
export const SMALL_BODY_LIMIT_BYTES = 64 * 1024;

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const SOFTWARE_TYPE = 'c8y_Software';
const PACKAGE_LIST = `${PRODUCT}_adamos_netbox_SoftwarePackageList`;
const CSNG = '/service/create-software-ng';

/**
 * Who may call: anybody (login), any signed-in user, or by roles: every role of `allOf` and, when
 * given, at least one of `anyOf`.
 */
export type Access = 'public' | 'authenticated' | { allOf?: readonly string[]; anyOf?: readonly string[] };

/**
 * What the body may be: JSON (the platform's JSON media types; none at all is fine too),
 * multipart uploads, raw bytes (a binary's content), or the login form (form or JSON).
 */
export type BodyKind = 'json' | 'multipart' | 'raw' | 'login';

export interface EndpointRule {
  method: 'POST' | 'PUT' | 'DELETE';
  /** The route pattern as registered (fastify's `:param` syntax, prefix included). */
  url: string;
  access: Access;
  body: BodyKind;
  /** Bodies beyond this are refused with 413 before they are read (multipart: its own file limit). */
  bodyLimit?: number;
  /** Checks that depend on what the request does (after the body is read); throw 403 to refuse. */
  refine?: (core: ServerCore, req: FastifyRequest) => void;
}

const inventoryWrite: Access = { anyOf: [ROLES.inventoryAdmin, ROLES.inventoryCreate] };
const role = (r: string): Access => ({ allOf: [r] });
const doc = (method: EndpointRule['method'], url: string, access: Access, extra: Partial<EndpointRule> = {}): EndpointRule => ({
  method,
  url,
  access,
  body: 'json',
  bodyLimit: JSON_DOCUMENT_LIMIT_BYTES,
  ...extra,
});
const bulk = (method: EndpointRule['method'], url: string, access: Access): EndpointRule => doc(method, url, access, { bodyLimit: JSON_BULK_LIMIT_BYTES });
const small = (method: EndpointRule['method'], url: string, access: Access, extra: Partial<EndpointRule> = {}): EndpointRule =>
  doc(method, url, access, { bodyLimit: SMALL_BODY_LIMIT_BYTES, ...extra });

type PackageEntry = { name?: unknown; version?: unknown; type?: unknown; marked_for_deletion?: unknown };
/** A version "unknown" counts as empty (device-operations.md §4). */
const versionOf = (v: unknown) => (typeof v !== 'string' || v.trim().toLowerCase() === 'unknown' ? '' : v);
const liveEntries = (list: unknown): PackageEntry[] =>
  Array.isArray(list) ? (list.filter((e) => isPlainObject(e) && e.marked_for_deletion !== true) as PackageEntry[]) : [];

/**
 * The entries of the stored package list that a new list drops or flags for deletion (deleting a
 * package on a device only flags it, device-operations.md §4; the role is §5 and §6).
 */
function removedPackages(stored: unknown, next: unknown): PackageEntry[] {
  const kept = liveEntries(next);
  return liveEntries(stored).filter((e) => !kept.some((k) => k.name === e.name && versionOf(k.version) === versionOf(e.version)));
}

const requireSoftwareAdmin = (core: ServerCore, req: FastifyRequest, what: string) => {
  if (!core.user(req).effectiveRoles.includes(ROLES.manageSoftwareAdmin)) throw forbidden(`Access is denied: ${what} needs ${ROLES.manageSoftwareAdmin}`);
};

const isUndeletable = (e: PackageEntry) => UNDELETABLE_PACKAGE_TYPES.includes(String(e.type ?? '').toUpperCase());

/**
 * PUT of a managed object: removing software entries from a device's list needs the software admin
 * role, and entries of the types the agent needs (AGENT, AGENTUPDATER, WINDOWS) are never deleted
 * (device-operations.md §5). A software package of the repository keeps its type unless the user
 * may delete it: otherwise changing the type away and deleting the object that is then no
 * package would delete the package in two steps.
 */
function packageWrites(core: ServerCore, req: FastifyRequest): void {
  const b = req.body;
  if (!isPlainObject(b)) return;
  const stored = core.inventory.get((req.params as { id: string }).id);
  if (!stored) return;
  if (stored.type === SOFTWARE_TYPE && 'type' in b && b.type !== SOFTWARE_TYPE) requireSoftwareAdmin(core, req, 'changing the type of a software package');
  if (!(PACKAGE_LIST in b)) return;
  const removed = removedPackages(stored[PACKAGE_LIST], b[PACKAGE_LIST]);
  if (removed.length === 0) return;
  requireSoftwareAdmin(core, req, 'deleting software from a device');
  const kept = removed.filter(isUndeletable);
  if (kept.length > 0) {
    throw forbidden(
      `Access is denied: packages of type ${UNDELETABLE_PACKAGE_TYPES.join(', ')} are never deleted (${kept.map((e) => `${String(e.name)} ${versionOf(e.version)}`.trim()).join(', ')})`,
    );
  }
}

/** DELETE of a managed object: a software package of the repository needs the software admin role. */
function softwareObjectDeletion(core: ServerCore, req: FastifyRequest): void {
  const stored = core.inventory.get((req.params as { id: string }).id);
  if (stored?.type === SOFTWARE_TYPE) requireSoftwareAdmin(core, req, 'deleting a software package');
}

/**
 * The spec names one role of its own: ROLE_MANAGE_SOFTWARE_ADMIN deletes software (a package of
 * the repository, an entry of a device's list). Everything else follows the platform's roles:
 * inventory writes ROLE_INVENTORY_ADMIN (ROLE_INVENTORY_CREATE: create, and change what one owns,
 * checked by the handler), records their _ADMIN role, users ROLE_USER_MANAGEMENT_ADMIN, packages
 * and plugin settings ROLE_APPLICATION_MANAGEMENT_ADMIN; the microservice's writes are inventory
 * writes (its reads, PUT /validateSoftware included, ROLE_INVENTORY_READ).
 */
export const ROLE_TABLE: readonly EndpointRule[] = [
  // Session
  { method: 'POST', url: '/tenant/oauth', access: 'public', body: 'login', bodyLimit: SMALL_BODY_LIMIT_BYTES },
  small('POST', '/user/logout', 'authenticated'),
  doc('PUT', '/user/currentUser', role(ROLES.userOwnAdmin)),
  small('PUT', '/user/currentUser/password', role(ROLES.userOwnAdmin)),
  // Users and groups
  doc('POST', '/user/:tenant/users', role(ROLES.userAdmin)),
  doc('PUT', '/user/:tenant/users/:userName', role(ROLES.userAdmin)),
  small('DELETE', '/user/:tenant/users/:userName', role(ROLES.userAdmin)),
  small('POST', '/user/:tenant/groups/:groupId/users', role(ROLES.userAdmin)),
  small('DELETE', '/user/:tenant/groups/:groupId/users/:userName', role(ROLES.userAdmin)),
  // Applications (plugin packages, the shell's plugin settings)
  doc('POST', '/application/applications', role(ROLES.applicationAdmin)),
  doc('PUT', '/application/applications/:id', role(ROLES.applicationAdmin)),
  small('DELETE', '/application/applications/:id', role(ROLES.applicationAdmin)),
  { method: 'POST', url: '/application/applications/:id/binaries', access: role(ROLES.applicationAdmin), body: 'multipart' },
  // Inventory
  doc('POST', '/inventory/managedObjects', inventoryWrite),
  doc('PUT', '/inventory/managedObjects/:id', inventoryWrite, { refine: packageWrites }),
  small('DELETE', '/inventory/managedObjects/:id', inventoryWrite, { refine: softwareObjectDeletion }),
  bulk('POST', '/inventory/managedObjects/:id/:kind', inventoryWrite),
  small('DELETE', '/inventory/managedObjects/:id/:kind/:childId', inventoryWrite),
  { method: 'POST', url: '/inventory/binaries', access: inventoryWrite, body: 'multipart' },
  { method: 'PUT', url: '/inventory/binaries/:id', access: inventoryWrite, body: 'raw', bodyLimit: MAX_BINARY_BYTES },
  small('DELETE', '/inventory/binaries/:id', inventoryWrite),
  // Identity
  small('POST', '/identity/globalIds/:id/externalIds', role(ROLES.identityAdmin)),
  small('DELETE', '/identity/externalIds/:type/:externalId', role(ROLES.identityAdmin)),
  // Alarms, events, operations, measurements
  doc('POST', '/alarm/alarms', role(ROLES.alarmAdmin)),
  doc('PUT', '/alarm/alarms/:id', role(ROLES.alarmAdmin)),
  small('PUT', '/alarm/alarms', role(ROLES.alarmAdmin)),
  small('DELETE', '/alarm/alarms', role(ROLES.alarmAdmin)),
  doc('POST', '/event/events', role(ROLES.eventAdmin)),
  doc('PUT', '/event/events/:id', role(ROLES.eventAdmin)),
  small('DELETE', '/event/events/:id', role(ROLES.eventAdmin)),
  doc('POST', '/devicecontrol/operations', role(ROLES.deviceControlAdmin)),
  doc('PUT', '/devicecontrol/operations/:id', role(ROLES.deviceControlAdmin)),
  small('DELETE', '/devicecontrol/operations', role(ROLES.deviceControlAdmin)),
  bulk('POST', '/measurement/measurements', role(ROLES.measurementAdmin)),
  small('DELETE', '/measurement/measurements', role(ROLES.measurementAdmin)),
  small('DELETE', '/measurement/measurements/:id', role(ROLES.measurementAdmin)),
  // create-software-ng: repository and dependencies
  doc('POST', `${CSNG}/softwarePackage`, role(ROLES.inventoryAdmin)),
  doc('PUT', `${CSNG}/softwarePackage`, role(ROLES.inventoryAdmin)),
  small('DELETE', `${CSNG}/softwarePackage`, { allOf: [ROLES.inventoryAdmin, ROLES.manageSoftwareAdmin] }),
  doc('PUT', `${CSNG}/dependencies`, role(ROLES.inventoryAdmin)),
  small('PUT', `${CSNG}/validateSoftware`, role(ROLES.inventoryRead)),
  // create-software-ng: device profiles
  doc('POST', `${CSNG}/deviceProfile`, role(ROLES.inventoryAdmin)),
  doc('PUT', `${CSNG}/deviceProfile/:id`, role(ROLES.inventoryAdmin)),
  small('DELETE', `${CSNG}/deviceProfile/:id`, role(ROLES.inventoryAdmin)),
  small('POST', `${CSNG}/deviceProfile/:id/duplicate`, role(ROLES.inventoryAdmin)),
  // create-software-ng: assignments, time zones, clearing, initializing, replacement, rollouts
  bulk('POST', `${CSNG}/createTimezoneOperations`, role(ROLES.inventoryAdmin)),
  bulk('POST', `${CSNG}/createSoftwareAssignment`, role(ROLES.inventoryAdmin)),
  bulk('PUT', `${CSNG}/clearPendingAssignment/selectedDevices`, role(ROLES.inventoryAdmin)),
  bulk('PUT', `${CSNG}/initialize`, role(ROLES.inventoryAdmin)),
  small('PUT', `${CSNG}/assignTargetDeviceToSourceDevice`, role(ROLES.inventoryAdmin)),
  bulk('POST', `${CSNG}/createSoftwareRollout`, role(ROLES.inventoryAdmin)),
  small('PUT', `${CSNG}/updateSoftwareRolloutStatus/:id/:status`, role(ROLES.inventoryAdmin)),
];

const key = (method: string, url: string) => `${method} ${url}`;
const BY_ROUTE = new Map(ROLE_TABLE.map((r) => [key(r.method, r.url), r]));

export function ruleFor(method: string, url: string): EndpointRule | undefined {
  return BY_ROUTE.get(key(method, url));
}

/** Whether a user with these roles may call an endpoint of this access (ownership and refine aside). */
export function allows(access: Access, roles: readonly string[] | undefined): boolean {
  if (access === 'public') return true;
  if (roles === undefined) return false;
  if (access === 'authenticated') return true;
  return (access.allOf ?? []).every((r) => roles.includes(r)) && (!access.anyOf || access.anyOf.some((r) => roles.includes(r)));
}

function describe(access: Access): string {
  if (typeof access === 'string') return access;
  return [...(access.allOf ?? []), ...(access.anyOf ? [access.anyOf.join(' or ')] : [])].join(' and ');
}

/** The platform's JSON media types: application/json and application/vnd.com.nsn.cumulocity.*+json, in UTF-8. */
const JSON_TYPE = /^application\/(json|vnd\.com\.nsn\.cumulocity\.[\w.-]+\+json)$/;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';

function mediaType(header: string | undefined): { type: string; charset?: string } {
  const [type, ...params] = String(header ?? '').split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";]*)"?\s*$/i.exec(p)?.[1]).find((c) => c !== undefined);
  return { type: type.trim().toLowerCase(), charset: charset?.toLowerCase() };
}

/** Whether the request carries a body (a length above zero, or chunked). */
function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

const unsupported = (message: string) => new HttpError(415, 'general/Unsupported Media Type', message);

/** 415 unless the body (if any) has a media type the endpoint reads. */
export function checkBodyType(rule: EndpointRule, req: FastifyRequest): void {
  if (rule.body === 'raw' || !hasBody(req)) return;
  const { type, charset } = mediaType(req.headers['content-type']);
  if (rule.body === 'multipart') {
    if (type !== MULTIPART_TYPE) throw unsupported(`${req.method} ${rule.url} takes ${MULTIPART_TYPE}, not '${type || 'no content type'}'`);
    return;
  }
  const json = JSON_TYPE.test(type);
  if (!json && !(rule.body === 'login' && type === FORM_TYPE)) {
    throw unsupported(`${req.method} ${rule.url} takes JSON (application/json or the platform's application/vnd.com.nsn.cumulocity.*+json), not '${type || 'no content type'}'`);
  }
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw unsupported(`Only UTF-8 is read, not charset '${charset}'`);
}

export interface SeenRoute {
  method: string;
  url: string;
}

const seenRoutes = new WeakMap<FastifyInstance, SeenRoute[]>();

/** Every write route registered after the guard (the table test compares them with the table). */
export function writeRoutesOf(app: FastifyInstance): SeenRoute[] {
  return [...(seenRoutes.get(app) ?? [])];
}

/**
 * Installs the table: per-route body limits (set when a route is registered, so fastify refuses
 * an over-long body by its Content-Length before reading it), and one hook refusing what the
 * caller may not do (403), an unreadable media type (415) and any write route missing from the
 * table (403, fail closed). Register after authentication (its hook reads the request's user)
 * and before every route.
 */
export function registerRoleGuard(app: FastifyInstance, core: ServerCore): void {
  const seen: SeenRoute[] = [];
  seenRoutes.set(app, seen);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of ([] as string[]).concat(route.method)) {
      if (!WRITE_METHODS.has(method)) continue;
      seen.push({ method, url: route.url });
      const rule = ruleFor(method, route.url);
      if (rule?.bodyLimit !== undefined) route.bodyLimit = rule.bodyLimit;
    }
  });
  // Answered here rather than thrown: every route, a microservice's included, refuses alike.
  app.addHook('onRequest', async (req, reply) => {
    if (!WRITE_METHODS.has(req.method) || req.is404) return;
    const refusal = refuse(core, req);
    if (refusal) return sendError(reply, refusal);
  });
  app.addHook('preHandler', async (req, reply) => {
    if (!WRITE_METHODS.has(req.method) || req.is404) return;
    try {
      ruleFor(req.method, req.routeOptions.url ?? '')?.refine?.(core, req);
    } catch (e) {
      if (e instanceof HttpError) return sendError(reply, e);
      throw e;
    }
  });
}

/** Why the table refuses a write request before its body is read, if it does. */
function refuse(core: ServerCore, req: FastifyRequest): HttpError | undefined {
  const url = req.routeOptions.url ?? '';
  const rule = ruleFor(req.method, url);
  if (!rule) return forbidden(`Access is denied: ${req.method} ${url} has no entry in the role table (shell-dev/server/http/roles.ts)`);
  if (rule.access !== 'public' && rule.access !== 'authenticated' && !allows(rule.access, core.user(req).effectiveRoles)) {
    return forbidden(`Access is denied: ${req.method} ${rule.url} needs ${describe(rule.access)}`);
  }
  try {
    checkBodyType(rule, req);
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  return undefined;
}
