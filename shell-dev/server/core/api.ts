/**
 * The stand-in's internal API: what the core (REST API, storage, realtime, auth) offers to the
 * microservices (services/) and the simulator (simulator/). Every write goes through these
 * functions, so it is transactional and notifies realtime exactly like a REST call.
 *
 * Owned by the core; services and simulator depend on this file only (not on core internals).
 */
import type { Database } from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Operation as PlatformOperation, OperationStatus } from '@shared/platform/operations';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Fragments = Record<string, unknown>;

export interface ManagedObject {
  id: string;
  type?: string;
  name?: string;
  owner?: string;
  creationTime: string;
  lastUpdated: string;
  [fragment: string]: unknown;
}

export interface Page<T> {
  items: T[];
  /** Only when asked for (withTotalElements / withTotalPages). */
  totalElements?: number;
}

export interface InventoryQuery {
  /** Platform query language: '$filter=(...) $orderby=...' or a bare filter. */
  query?: string;
  type?: string;
  fragmentType?: string;
  ids?: string[];
  text?: string;
  owner?: string;
  onlyRoots?: boolean;
  pageSize?: number;
  currentPage?: number;
  withTotal?: boolean;
}

export type ChildKind = 'childAssets' | 'childDevices' | 'childAdditions';

export interface Inventory {
  get(id: string): ManagedObject | undefined;
  create(body: Fragments, owner?: string): ManagedObject;
  /** Partial update: a fragment set to null is removed. Throws NotFound. */
  update(id: string, patch: Fragments): ManagedObject;
  /** update() for a caller that needs no result (bulk jobs): the notification is built only for a subscriber. */
  patch(id: string, patch: Fragments): void;
  remove(id: string): void;
  query(q: InventoryQuery): Page<ManagedObject>;
  count(q: InventoryQuery): number;
  children(parentId: string, kind: ChildKind, q?: InventoryQuery): Page<ManagedObject>;
  addChild(parentId: string, kind: ChildKind, childId: string): void;
  removeChild(parentId: string, kind: ChildKind, childId: string): void;
}

/** The platform's alarm statuses and severities (declared once, from @c8y/client, in shared/platform). */
export type { AlarmStatus, AlarmSeverity as Severity } from '@shared/platform/alarms';
import type { AlarmStatus, AlarmSeverity as Severity } from '@shared/platform/alarms';

export interface Alarm {
  id: string;
  type: string;
  text: string;
  severity: Severity;
  status: AlarmStatus;
  count: number;
  time: string;
  creationTime: string;
  firstOccurrenceTime: string;
  lastUpdated: string;
  source: { id: string; name?: string };
  [fragment: string]: unknown;
}

export interface AlarmFilter {
  source?: string;
  status?: AlarmStatus[];
  severity?: Severity[];
  type?: string[];
  resolved?: boolean;
  withSourceDevices?: boolean;
  dateFrom?: string;
  dateTo?: string;
  pageSize?: number;
  currentPage?: number;
  withTotal?: boolean;
}

export interface Alarms {
  /** Re-raising an active alarm of the same source and type increments its count. */
  create(body: Omit<Partial<Alarm>, 'source'> & { type: string; text: string; severity: Severity; source: { id: string } }): Alarm;
  update(id: string, patch: Partial<Alarm>): Alarm;
  list(f: AlarmFilter): Page<Alarm>;
  count(f: AlarmFilter): number;
}

export interface PlatformEvent {
  id: string;
  type: string;
  text: string;
  time: string;
  creationTime: string;
  source: { id: string; name?: string };
  [fragment: string]: unknown;
}

export interface Events {
  create(body: { type: string; text: string; time?: string; source: { id: string }; [k: string]: unknown }): PlatformEvent;
  list(f: { source?: string; type?: string; dateFrom?: string; dateTo?: string; pageSize?: number; currentPage?: number; withTotal?: boolean }): Page<PlatformEvent>;
}

export type { OperationStatus };

/** The platform's operation (one declaration, shared/platform), with the creation time the store always sets. */
export type Operation = PlatformOperation & { creationTime: string };

export interface Operations {
  create(body: { deviceId: string; description?: string; [fragment: string]: unknown }): Operation;
  update(id: string, patch: { status?: OperationStatus; failureReason?: string; [k: string]: unknown }): Operation;
  get(id: string): Operation | undefined;
  list(f: {
    deviceId?: string;
    status?: OperationStatus;
    fragmentType?: string;
    dateFrom?: string;
    dateTo?: string;
    revert?: boolean;
    pageSize?: number;
    currentPage?: number;
    withTotal?: boolean;
  }): Page<Operation>;
}

export interface Measurement {
  id: string;
  type: string;
  time: string;
  source: { id: string };
  /** Fragments; a series is a member holding {value, unit}: `{c8y_Temperature: {T: {value: 21, unit: 'C'}}}`. */
  [fragment: string]: unknown;
}

export interface MeasurementFilter {
  source?: string;
  type?: string;
  dateFrom?: string;
  dateTo?: string;
  /** Fragment present (DELETE's fragmentType, GET's valueFragmentType). */
  fragmentType?: string;
  valueFragmentType?: string;
  valueFragmentSeries?: string;
  revert?: boolean;
  pageSize?: number;
  currentPage?: number;
  withTotal?: boolean;
}

export type SeriesAggregation = 'DAILY' | 'HOURLY' | 'MINUTELY';

/** GET /measurement/measurements/series: per time, one {min, max} (or null) per entry of `series`. */
export interface MeasurementSeries {
  values: Record<string, Array<{ min: number; max: number } | null>>;
  series: Array<{ unit: string; name: string; type: string }>;
  truncated: boolean;
}

export interface Measurements {
  /** Throws 422 for a malformed measurement, 404 for an unknown source. */
  create(body: { source: { id: string }; type: string; time: string; [fragment: string]: unknown }): Measurement;
  list(f: MeasurementFilter): Page<Measurement>;
  /** Removes every measurement matching the filter; returns how many. */
  removeMany(f: MeasurementFilter): number;
}

export type RealtimeAction = 'CREATE' | 'UPDATE' | 'DELETE';

export interface Realtime {
  /** channel e.g. '/managedobjects/42', '/operations/42'; message {realtimeAction, data}. */
  publish(channel: string, realtimeAction: RealtimeAction, data: unknown): void;
}

export interface AuthUser {
  tenant: string;
  userName: string;
  effectiveRoles: string[];
}

/** Errors that the core's error handler turns into the platform's {error, message, info} body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Clock {
  now(): number;
}

export interface ServerCore {
  db: Database;
  clock: Clock;
  dataDir: string;
  inventory: Inventory;
  alarms: Alarms;
  events: Events;
  operations: Operations;
  measurements: Measurements;
  /** Uploaded files (the simulator uploads requested log files). */
  binaries: { create(meta: { name: string; type?: string; [k: string]: unknown }, contentType: string, data: Buffer, owner: string): ManagedObject };
  realtime: Realtime;
  /** The authenticated user of a request (routes under /service are authenticated by the core). */
  user(req: FastifyRequest): AuthUser;
  /** Throws HttpError 403 'security/Forbidden' unless the request's user has the role. */
  requireRole(req: FastifyRequest, role: string): void;
  /** Runs fn in one SQLite transaction; realtime notifications are sent after commit. */
  transaction<T>(fn: () => T): T;
  /**
   * Runs a read-only query function off the event loop: in a reader of the reader pool
   * (reader-pool.ts) once the inventory is large enough for the readers to run, else here. It
   * sees every commit made before the call, in one read transaction; its result reaches the caller
   * as a structured clone (plain data only).
   */
  read<A, R>(task: ReadTask<A, R>, args: A): Promise<R>;
  /** Listeners for writes (the simulator reacts to created operations). */
  onOperationCreated(listener: (op: Operation) => void): void;
  /**
   * Every committed write's realtime channel and action ('/operations/<deviceId>', '/managedobjects/<id>'),
   * without its data; returns the unsubscribe. The rollout engine wakes on these instead of polling.
   */
  onChange(listener: (channel: string, action: RealtimeAction) => void): () => void;
}

/** What a read task gets: a connection that only reads, and the inventory over it. */
export interface ReadContext {
  db: Database;
  inventory: Pick<Inventory, 'query'>;
}

/**
 * A read-only query function a reader can load: `fn` is exported as `name` from the module file
 * `module` (the reader requires it; pass the defining file's `__filename`).
 */
export interface ReadTask<A, R> {
  module: string;
  name: string;
  fn: (r: ReadContext, args: A) => R;
}

/** A microservice or the simulator plugs in here (see app.ts). */
export interface ServerModule {
  name: string;
  /** Register routes (microservices under their /service/<name> prefix) and start jobs. */
  register(app: FastifyInstance, core: ServerCore): Promise<void> | void;
  /** Stop timers; called on close. */
  close?(): Promise<void> | void;
}
